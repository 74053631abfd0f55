/**
 * Affine 3×4 matrix arithmetic on flat float arrays (column-major, JOML's {@code Matrix4x3f} order): composing TRS
 * records, multiplying, inverting and decomposing. Knows nothing of handles, hierarchies or I/O.
 */
package dev.arbor.math;
