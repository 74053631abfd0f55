/**
 * Skeletons and animation over a {@link dev.arbor.hierarchy.Hierarchy}: clips sampled from flat key arrays (one
 * compiled sampler per clip, many instances at once), poses, morph-target weights, blending, and skinning palettes
 * ({@code meshFromWorld × worldFromJoint × jointFromBind}). Knows nothing of file formats.
 */
package dev.arbor.animation;
