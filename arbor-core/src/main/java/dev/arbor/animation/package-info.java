/**
 * Skeletons and animation over a {@link dev.arbor.hierarchy.Hierarchy}: keyframe sampling kernels on flat arrays
 * ({@link dev.arbor.animation.Keyframes}), clips and poses, morph-target weights, blending, and skinning palettes
 * ({@code meshFromWorld × worldFromJoint × jointFromBind}). Knows nothing of file formats.
 */
package dev.arbor.animation;
