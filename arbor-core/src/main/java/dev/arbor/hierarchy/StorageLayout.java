package dev.arbor.hierarchy;

/**
 * How a {@link Hierarchy} lays out its local transforms and world matrices in memory. Both layouts take the same
 * space (12 floats of each per node) and give bit-identical results; they differ in what is fast.
 *
 * @see Hierarchy#setStorageLayout(StorageLayout)
 */
public enum StorageLayout {
    /**
     * The hierarchy chooses, and changes its choice as the work changes (the default). It starts in
     * {@link #PLANES} when the vector kernel is in use ({@link Kernels#vectorKernelInUse()}), else in {@link #RECORDS},
     * where a hierarchy without the vector path would end up after its first updates anyway. Once it has computed four times as many nodes one at a time (lazy reads of stale nodes, and
     * sparse updates) as it holds, with no dense update between, it converts to {@link #RECORDS}. Dense updates
     * convert it back once what they would have saved in planes adds up to what a conversion costs, with no sparse
     * update between: the third all-dirty update of a hierarchy in records, and only after many when each covers a
     * small part of the hierarchy. An update counts as dense when it would cost less in planes than in records, as
     * estimated from which nodes are stale: the vector path computes a block of 64 consecutive storage positions
     * whole when at least 8 of them are stale, at about an eighth of the cost of computing a node alone in planes,
     * and a quarter of computing it alone in records; without the vector path ({@code jdk.incubator.vector} absent
     * or turned off) no update is dense, since records compute single nodes at least as fast as planes do. A
     * conversion costs about 15 ns per node (a few all-dirty updates) and allocates the two new arrays, which is why
     * it waits for that much work either way.
     *
     * <p>Which layout is used is all this decides: reordering the storage by activity is a separate switch,
     * {@link Hierarchy#setActivityPacking}. See also {@code docs/tuning.md}.
     */
    AUTOMATIC,
    /**
     * Each of the 12 elements in a plane of its own (structure of arrays): the vector kernel computes 8 or 16 nodes
     * with each instruction. Best for updates that recompute many nodes: animation, moved roots.
     */
    PLANES,
    /**
     * A node's 12 values next to each other: one node takes one or two cache lines instead of 12 for each of its
     * local and world matrices. Best for reading and writing single nodes and for sparse updates; every update is
     * computed one node at a time.
     */
    RECORDS
}
