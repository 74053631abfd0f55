/**
 * Bounds and culling benchmarks: one scene with a content box per node, a 1% moved subset and a fixed camera
 * ({@link dev.arbor.bench.bounds.BoundsScene}), and the implementations timed on it ({@link
 * dev.arbor.bench.bounds.BoundsSystem}): Arbor's {@code HierarchyBounds}, a linear recompute over flat arrays, and
 * jMonkeyEngine's bounding volumes and frustum culling; the JMH class {@link dev.arbor.bench.bounds.BoundsBench}.
 */
package dev.arbor.bench.bounds;
