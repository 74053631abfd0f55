/**
 * Skeletons and animation over a {@link dev.arbor.hierarchy.Hierarchy}: clips sampled from flat key arrays (one
 * compiled sampler per clip, many instances at once), poses, morph-target weights, blending, and skinning palettes
 * ({@code meshFromWorld × worldFromJoint × jointFromBind}); playback, layers, root motion and IK, and an
 * {@link dev.arbor.animation.Animator} that runs them for one character in one call per frame; animation graphs
 * (blend spaces, state machines) played per character ({@link dev.arbor.animation.GraphPlayer}) or per crowd
 * ({@link dev.arbor.animation.GraphCrowd}). Knows nothing of file formats.
 */
package dev.arbor.animation;
