/**
 * The benchmarked transform hierarchies behind one interface, {@link dev.arbor.bench.peers.TransformSystem}: Arbor,
 * jMonkeyEngine, libGDX, a JOML object tree, and hand-written ports of the seeds' algorithms over flat arrays.
 */
package dev.arbor.bench.peers;
