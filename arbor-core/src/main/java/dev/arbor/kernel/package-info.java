/**
 * Kernels over the packed node arrays: local-to-world propagation in parent-before-child order and the bit sets
 * that mark stale and changed nodes. Flat arrays in, flat arrays out; no handles, no JOML, no allocation.
 */
package dev.arbor.kernel;
