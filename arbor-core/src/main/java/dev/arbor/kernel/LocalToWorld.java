package dev.arbor.kernel;

import dev.arbor.math.Affine;

/**
 * The local-to-world kernels: compute {@code worldFromLocal[i] = worldFromLocal[parent[i]] × parentFromLocal[i]} over
 * packed node arrays.
 *
 * <p>Inputs, all indexed by dense node index {@code i}:
 * <ul>
 *   <li>{@code locals}: {@link #LOCAL_STRIDE} floats per node; a {@link #MODE_TRS} node keeps a TRS record
 *       ({@link Affine#TRS_STRIDE} floats, the rest unused), a {@link #MODE_MATRIX} node an affine 3×4 matrix;</li>
 *   <li>{@code modes}: one byte per node, {@link #MODE_TRS}, {@link #MODE_MATRIX} or {@link #MODE_HOLE};</li>
 *   <li>{@code parents}: the parent's dense index, or {@code -1} for a root.</li>
 * </ul>
 * Output: {@code worlds}, {@link #WORLD_STRIDE} floats per node (affine 3×4, column-major, see {@link Affine}).
 *
 * <p>The invariant every loop here relies on: {@code parents[i] < i}, so visiting nodes in increasing index order
 * computes each parent before its children. The result of a node depends only on its local and its parent's world,
 * through the same float operations in the same order, so the lazy single-node path and the batched path give
 * bit-identical matrices.
 */
public final class LocalToWorld {
    /** Floats per node in {@code locals}. */
    public static final int LOCAL_STRIDE = 12;
    /** Floats per node in {@code worlds}. */
    public static final int WORLD_STRIDE = Affine.STRIDE;
    /** Mode of a free position in the dense arrays (a hole left by a destroyed or moved node). */
    public static final byte MODE_HOLE = 0;
    /** Mode of a node whose local transform is a TRS record. */
    public static final byte MODE_TRS = 1;
    /** Mode of a node whose local transform is an explicit affine matrix. */
    public static final byte MODE_MATRIX = 2;

    private LocalToWorld() {
    }

    /**
     * Computes one node's world matrix from its local transform and its parent's world matrix, which must be up to
     * date.
     *
     * @param locals local transforms
     * @param modes local modes
     * @param parents parent indices
     * @param node dense index of the node
     * @param worlds world matrices (read for the parent, written for {@code node})
     */
    public static void computeNode(float[] locals, byte[] modes, int[] parents, int node, float[] worlds) {
        computeNodeInto(locals, modes, parents, worlds, node, worlds, node * WORLD_STRIDE);
    }

    /**
     * Computes one node's world matrix into {@code dest} instead of {@code worlds}, with exactly the operations of
     * {@link #computeNode} (so the result is bit-identical); used to verify cached matrices without touching them.
     *
     * @param locals local transforms
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world matrices (read for the parent only)
     * @param node dense index of the node
     * @param dest destination, 12 floats
     * @param d offset in {@code dest}
     */
    public static void computeNodeInto(float[] locals, byte[] modes, int[] parents, float[] worlds, int node,
                                       float[] dest, int d) {
        int parent = parents[node];
        assert parent < node : "parent after child: node=" + node + " parent=" + parent;
        int l = node * LOCAL_STRIDE;
        if (modes[node] == MODE_TRS) {
            if (parent < 0) {
                Affine.composeTrs(locals, l, dest, d);
            } else {
                Affine.multiplyTrs(worlds, parent * WORLD_STRIDE, locals, l, dest, d);
            }
        } else {
            assert modes[node] == MODE_MATRIX : "hole at node=" + node;
            if (parent < 0) {
                System.arraycopy(locals, l, dest, d, WORLD_STRIDE);
            } else {
                Affine.multiply(worlds, parent * WORLD_STRIDE, locals, l, dest, d);
            }
        }
    }

    /**
     * Recomputes every node whose bit is set in {@code staleBits} within words {@code [fromWord, toWord)}, in
     * increasing node order, then ORs those bits into {@code changedBits} and clears them in {@code staleBits}.
     * Every parent of a stale node must be either up to date or stale itself.
     *
     * @param locals local transforms
     * @param modes local modes
     * @param parents parent indices
     * @param staleBits one bit per node, set where the world matrix is out of date; cleared on return
     * @param fromWord first word of {@code staleBits} to visit
     * @param toWord end (exclusive) of the words to visit
     * @param worlds world matrices, written for every stale node
     * @param changedBits one bit per node; receives the bits of the recomputed nodes
     * @return the number of nodes recomputed
     * @throws IllegalArgumentException if the word range does not fit the bit arrays
     */
    public static int propagateStale(float[] locals, byte[] modes, int[] parents, long[] staleBits, int fromWord,
                                     int toWord, float[] worlds, long[] changedBits) {
        if (fromWord < 0 || toWord > staleBits.length || toWord > changedBits.length || fromWord > toWord) {
            throw new IllegalArgumentException("word range out of bounds: fromWord=" + fromWord + ", toWord="
                    + toWord + ", staleWords=" + staleBits.length + ", changedWords=" + changedBits.length);
        }
        int count = 0;
        for (int word = fromWord; word < toWord; word++) {
            long bits = staleBits[word];
            if (bits == 0L) {
                continue;
            }
            long remaining = bits;
            int base = word << 6;
            while (remaining != 0L) {
                int node = base + Long.numberOfTrailingZeros(remaining);
                computeNode(locals, modes, parents, node, worlds);
                remaining &= remaining - 1;
            }
            count += Long.bitCount(bits);
            changedBits[word] |= bits;
            staleBits[word] = 0L;
        }
        return count;
    }

    /**
     * Recomputes every node in {@code [from, to)} regardless of flags (a full sweep; holes are skipped).
     *
     * @param locals local transforms
     * @param modes local modes
     * @param parents parent indices
     * @param from first node
     * @param to end (exclusive)
     * @param worlds world matrices
     * @throws IllegalArgumentException if the range does not fit the arrays
     */
    public static void propagateRange(float[] locals, byte[] modes, int[] parents, int from, int to,
                                      float[] worlds) {
        if (from < 0 || from > to || to > modes.length || to > parents.length
                || (long) to * LOCAL_STRIDE > locals.length || (long) to * WORLD_STRIDE > worlds.length) {
            throw new IllegalArgumentException("node range out of bounds: from=" + from + ", to=" + to
                    + ", nodes=" + modes.length);
        }
        for (int node = from; node < to; node++) {
            if (modes[node] != MODE_HOLE) {
                computeNode(locals, modes, parents, node, worlds);
            }
        }
    }
}
