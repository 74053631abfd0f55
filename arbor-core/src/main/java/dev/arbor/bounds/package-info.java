/**
 * Bounding-volume kernels on flat float arrays: axis-aligned boxes (transform by an affine matrix, union, overlap,
 * ray entry distance) and view-frustum planes. No handles, no allocation.
 */
package dev.arbor.bounds;
