package dev.arbor.kernel;

/**
 * The local-to-world kernels: compute {@code worldFromLocal[i] = worldFromLocal[parent[i]] × parentFromLocal[i]} over
 * packed node arrays stored as planes (structure of arrays).
 *
 * <p>Storage comes in two layouts of the same size. In <em>planes</em> (structure of arrays), with {@code c} the
 * capacity (nodes per plane), element {@code k} of node {@code i} is at
 * {@code [k * c + i]}: the layout of the batched and vector paths. Arrays of planes hold
 * {@link #planesLength}{@code (c, planes)} floats. In <em>records</em>, element {@code k} of node {@code i} is at
 * {@code [i * }{@link #RECORD}{@code  + k]}: one node's values share one or two cache lines, which is what reading,
 * writing or computing single nodes wants (the methods named {@code …Records}). {@link #toRecords} and
 * {@link #toPlanes} convert between them.
 * <ul>
 *   <li>{@code locals}: {@link #LOCAL_PLANES} planes. A {@link #MODE_TRS} node keeps translation in planes 0–2,
 *       its unit quaternion (x, y, z, w) in planes 3–6 and scale in planes 7–9 ({@code parentFromLocal = T × R × S});
 *       a {@link #MODE_MATRIX} node keeps an affine 3×4 matrix, element {@code k} of the column-major order
 *       {@code m00 m01 m02 m10 … m32} in plane {@code k};</li>
 *   <li>{@code modes}: one byte per node, {@link #MODE_TRS}, {@link #MODE_MATRIX} or {@link #MODE_HOLE};</li>
 *   <li>{@code parents}: the parent's index, or {@code -1} for a root;</li>
 *   <li>{@code worlds}: {@link #WORLD_PLANES} planes, element {@code k} of the column-major affine 3×4 in plane
 *       {@code k}.</li>
 * </ul>
 *
 * <p>The invariant every loop here relies on: {@code parents[i] < i}, so visiting nodes in increasing index order
 * computes each parent before its children. A node's result depends only on its local and its parent's world,
 * through the same float operations in the same order on every path (single node, batched scalar, and the vector
 * path of {@link LocalToWorldVector}), so all paths give bit-identical matrices.
 */
public final class LocalToWorld {
    /** Floats per node in the record layout, for {@code locals} and {@code worlds} alike. */
    public static final int RECORD = 12;
    /** Planes in {@code locals}. */
    public static final int LOCAL_PLANES = 12;
    /** Planes in {@code worlds}. */
    public static final int WORLD_PLANES = 12;
    /** Mode of a free position in the dense arrays (a hole left by a destroyed or moved node). */
    public static final byte MODE_HOLE = 0;
    /** Mode of a node whose local transform is translation / rotation / scale. */
    public static final byte MODE_TRS = 1;
    /** Mode of a node whose local transform is an explicit affine matrix. */
    public static final byte MODE_MATRIX = 2;

    /**
     * {@code vectorKinds} bit: the vector path, with its batches whose parents lie within one vector's width of the
     * first lane's parent, the usual shape in a breadth-first layout (see {@link LocalToWorldVector}). Set whenever
     * another bit is.
     */
    public static final int VECTOR_WINDOWS = 1;
    /** {@code vectorKinds} bit: vector batches whose parents lie within two vectors' width. */
    public static final int VECTOR_WIDE_WINDOWS = 2;
    /** {@code vectorKinds} bit: vector batches of roots, and batches whose parents are gathered. */
    public static final int VECTOR_GENERAL = 4;
    /** {@code vectorKinds} with every batch shape on the vector path; 0 keeps everything on the scalar path. */
    public static final int VECTOR_ALL = VECTOR_WINDOWS | VECTOR_WIDE_WINDOWS | VECTOR_GENERAL;
    /**
     * {@code batchStats} entry: the batches of the words on the vector path that are not in a slow shape (one or two
     * windows, or roots), whether computed, skipped for having no stale node, or sent to the scalar loop as rare.
     */
    public static final int STAT_FAST = 0;
    /**
     * {@code batchStats} entry: batches in a slow shape: fallen back to scalar code (a parent inside the batch, or
     * roots mixed with children) or with parents scattered so widely that they had to be gathered; a breadth-first
     * layout with siblings together avoids both. The batches of a word kept off the vector path only by an explicit
     * matrix count as slow too: in a breadth-first layout a model's matrix nodes (its top nodes, as a rule) share
     * words with one another rather than with the animated nodes below them.
     */
    public static final int STAT_SLOW = 1;
    /** {@code batchStats} entry: batches with a stale node in the shape of {@link #VECTOR_WIDE_WINDOWS}. */
    public static final int STAT_WIDE = 2;
    /** {@code batchStats} entry: batches with a stale node in the shape of {@link #VECTOR_GENERAL}. */
    public static final int STAT_GENERAL = 3;
    /** The length of a {@code batchStats} array. */
    public static final int STATS = 4;

    private LocalToWorld() {
    }

    /**
     * The length of an array of planes: {@code planes} planes of {@code capacity} floats.
     *
     * @param capacity nodes per plane
     * @param planes number of planes
     * @return the length, as a long so that callers can compare it with their limits before allocating
     */
    public static long planesLength(int capacity, int planes) {
        return (long) capacity * planes;
    }

    /**
     * A new, zeroed array of planes ({@link #planesLength} floats); the record layout uses arrays of the same length.
     *
     * @param capacity nodes per plane
     * @param planes number of planes
     * @return the array
     * @throws IllegalArgumentException if a size is negative or the length exceeds the largest array the JVM allocates
     */
    public static float[] newPlanes(int capacity, int planes) {
        long length = planesLength(capacity, planes);
        if (capacity < 0 || planes < 0 || length > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException("plane array too large: capacity=" + capacity + ", planes=" + planes
                    + ", length=" + length + ", maximum=" + MAX_ARRAY_LENGTH);
        }
        return new float[(int) length];
    }

    /**
     * The largest capacity {@link #newPlanes} accepts for {@code planes} planes: the one whose array is still no longer
     * than the longest array it asks the JVM for.
     *
     * @param planes number of planes (positive)
     * @return nodes per plane
     */
    public static int maxCapacity(int planes) {
        return MAX_ARRAY_LENGTH / planes;
    }

    /** The longest array {@link #newPlanes} asks the JVM for. */
    private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 16;

    /**
     * Computes one node's world matrix from its local transform and its parent's world matrix, which must be up to
     * date.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes (read for the parent, written for {@code node})
     * @param capacity nodes per plane
     * @param node the node
     */
    public static void computeNode(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                   int node) {
        compute(locals, modes, parents, worlds, capacity, node, worlds, node, capacity, null, 0);
    }

    /**
     * {@link #computeNode}, also writing the result to {@code copy} (12 floats, column-major) from the same
     * registers: a read that has to recompute the node then need not load it back from the planes.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes (read for the parent, written for {@code node})
     * @param capacity nodes per plane
     * @param node the node
     * @param copy second destination
     * @param at offset in {@code copy}
     */
    public static void computeNode(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                   int node, float[] copy, int at) {
        compute(locals, modes, parents, worlds, capacity, node, worlds, node, capacity, copy, at);
    }

    /**
     * Computes one node's world matrix into {@code dest} (12 floats, column-major) instead of the world planes, with
     * exactly the operations of {@link #computeNode}; used to verify cached matrices without touching them.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes (read for the parent only)
     * @param capacity nodes per plane
     * @param node the node
     * @param dest destination
     * @param d offset in {@code dest}
     */
    public static void computeNodeInto(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                       int node, float[] dest, int d) {
        compute(locals, modes, parents, worlds, capacity, node, dest, d, 1, null, 0);
    }

    /**
     * {@link #computeNode(float[], byte[], int[], float[], int, int, float[], int)} in the record layout: the same
     * float operations, so the same bits.
     *
     * @param locals local records
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world records (read for the parent, written for {@code node})
     * @param node the node
     * @param copy second destination (12 floats, column-major), or null
     * @param at offset in {@code copy}
     */
    public static void computeNodeRecords(float[] locals, byte[] modes, int[] parents, float[] worlds, int node,
                                          float[] copy, int at) {
        computeRecord(locals, modes, parents, worlds, node, worlds, node * RECORD, copy, at);
    }

    /**
     * {@link #computeNodeInto} in the record layout: the node's world matrix into {@code dest} only.
     *
     * @param locals local records
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world records (read for the parent only)
     * @param node the node
     * @param dest destination (12 floats, column-major)
     * @param d offset in {@code dest}
     */
    public static void computeNodeIntoRecords(float[] locals, byte[] modes, int[] parents, float[] worlds, int node,
                                              float[] dest, int d) {
        computeRecord(locals, modes, parents, worlds, node, dest, d, null, 0);
    }

    /**
     * {@link #propagateStale} in the record layout, one node at a time: recomputes every node whose bit is set in
     * {@code staleBits} within words {@code [fromWord, toWord)}, in increasing order, then ORs those bits into
     * {@code changedBits} and clears them in {@code staleBits}.
     *
     * @param locals local records
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world records, written for every stale node
     * @param staleBits one bit per node, set where the world matrix is out of date; cleared on return
     * @param fromWord first word of {@code staleBits} to visit
     * @param toWord end (exclusive) of the words to visit
     * @param changedBits one bit per node; receives the bits of the recomputed nodes
     * @return the number of nodes recomputed
     * @throws IllegalArgumentException if the word range does not fit the bit arrays
     */
    public static int propagateStaleRecords(float[] locals, byte[] modes, int[] parents, float[] worlds,
                                            long[] staleBits, int fromWord, int toWord, long[] changedBits) {
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
            computeWordRecords(locals, modes, parents, worlds, bits, word << 6);
            count += Long.bitCount(bits);
            changedBits[word] |= bits;
            staleBits[word] = 0L;
        }
        return count;
    }

    /**
     * Computes, in the record layout, the nodes of one word of stale bits ({@code bits}, the word's first node
     * {@code base}), in increasing order. A method of its own, called once per word: the JIT compiles it after a few
     * hundred calls, within the first frames of a large update, where a loop over all the words in one call would run
     * in the interpreter until on-stack replacement compiles it, after some 60,000 iterations (about ten frames of
     * 6,000 nodes).
     */
    private static void computeWordRecords(float[] locals, byte[] modes, int[] parents, float[] worlds, long bits,
                                           int base) {
        for (long remaining = bits; remaining != 0L; remaining &= remaining - 1) {
            int node = base + Long.numberOfTrailingZeros(remaining);
            computeRecord(locals, modes, parents, worlds, node, worlds, node * RECORD, null, 0);
        }
    }

    /**
     * {@link #computeStale} in the record layout, one node at a time and without changing any bit: the per-thread
     * share of a parallel update.
     *
     * @param locals local records
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world records
     * @param staleBits stale bits (read only)
     * @param from first node
     * @param to end (exclusive)
     * @return the number of nodes recomputed
     */
    public static int computeStaleRecords(float[] locals, byte[] modes, int[] parents, float[] worlds,
                                          long[] staleBits, int from, int to) {
        int count = 0;
        for (int base = from & ~63; base < to; base += 64) {
            long mask = Bits.within(staleBits[base >>> 6], base, from, to);
            if (mask != 0L) {
                computeWordRecords(locals, modes, parents, worlds, mask, base);
                count += Long.bitCount(mask);
            }
        }
        return count;
    }

    /**
     * Converts the first {@code used} nodes of {@code planes} (12 planes of {@code capacity} floats) into records in
     * {@code records} (at least {@code used × }{@link #RECORD} floats); nothing else of {@code records} is written.
     *
     * @param planes source, in the plane layout
     * @param capacity nodes per plane of {@code planes}
     * @param used nodes to convert
     * @param records destination, in the record layout
     * @throws IllegalArgumentException if the arrays are too short
     */
    public static void toRecords(float[] planes, int capacity, int used, float[] records) {
        checkLayouts(planes, capacity, used, records);
        for (int block = 0; block < used; block += LAYOUT_BLOCK) { // a block's records stay in cache over the planes
            int end = Math.min(used, block + LAYOUT_BLOCK);
            for (int k = 0; k < RECORD; k++) {
                int plane = k * capacity;
                for (int i = block, r = block * RECORD + k; i < end; i++, r += RECORD) {
                    records[r] = planes[plane + i];
                }
            }
        }
    }

    /**
     * Converts the first {@code used} records of {@code records} into 12 planes of {@code capacity} floats in
     * {@code planes}; nothing else of {@code planes} is written.
     *
     * @param records source, in the record layout
     * @param used nodes to convert
     * @param planes destination, in the plane layout
     * @param capacity nodes per plane of {@code planes}
     * @throws IllegalArgumentException if the arrays are too short
     */
    public static void toPlanes(float[] records, int used, float[] planes, int capacity) {
        checkLayouts(planes, capacity, used, records);
        for (int block = 0; block < used; block += LAYOUT_BLOCK) {
            int end = Math.min(used, block + LAYOUT_BLOCK);
            for (int k = 0; k < RECORD; k++) {
                int plane = k * capacity;
                for (int i = block, r = block * RECORD + k; i < end; i++, r += RECORD) {
                    planes[plane + i] = records[r];
                }
            }
        }
    }

    /** Nodes converted per step of {@link #toRecords} and {@link #toPlanes}: 3 KB of records. */
    private static final int LAYOUT_BLOCK = 64;

    private static void checkLayouts(float[] planes, int capacity, int used, float[] records) {
        if (used < 0 || used > capacity || planesLength(capacity, RECORD) > planes.length
                || (long) used * RECORD > records.length) {
            throw new IllegalArgumentException("layout sizes out of bounds: used=" + used + ", capacity=" + capacity
                    + ", planes=" + planes.length + ", records=" + records.length);
        }
    }

    /**
     * Reads the planes (capacity {@code c}); writes element k of the result to {@code out[base + k * stride]}, and to
     * {@code copy[at + k]} if given. The record layout has its own copy, {@link #computeRecord}.
     */
    private static void compute(float[] locals, byte[] modes, int[] parents, float[] worlds, int c, int node,
                                float[] out, int base, int stride, float[] copy, int at) {
        int parent = parents[node];
        assert parent < node : "parent after child: node=" + node + " parent=" + parent;
        int n = node;
        float b00;
        float b01;
        float b02;
        float b10;
        float b11;
        float b12;
        float b20;
        float b21;
        float b22;
        float b30;
        float b31;
        float b32;
        if (modes[node] == MODE_TRS) {
            float qx = locals[3 * c + n];
            float qy = locals[4 * c + n];
            float qz = locals[5 * c + n];
            float qw = locals[6 * c + n];
            float sx = locals[7 * c + n];
            float sy = locals[8 * c + n];
            float sz = locals[9 * c + n];
            float xx = qx * qx;
            float yy = qy * qy;
            float zz = qz * qz;
            float xy = qx * qy;
            float xz = qx * qz;
            float yz = qy * qz;
            float wx = qw * qx;
            float wy = qw * qy;
            float wz = qw * qz;
            b00 = (1f - (yy + zz) * 2f) * sx;
            b01 = (xy + wz) * 2f * sx;
            b02 = (xz - wy) * 2f * sx;
            b10 = (xy - wz) * 2f * sy;
            b11 = (1f - (xx + zz) * 2f) * sy;
            b12 = (yz + wx) * 2f * sy;
            b20 = (xz + wy) * 2f * sz;
            b21 = (yz - wx) * 2f * sz;
            b22 = (1f - (xx + yy) * 2f) * sz;
            b30 = locals[n];
            b31 = locals[c + n];
            b32 = locals[2 * c + n];
        } else {
            assert modes[node] == MODE_MATRIX : "hole at node=" + node;
            b00 = locals[n];
            b01 = locals[c + n];
            b02 = locals[2 * c + n];
            b10 = locals[3 * c + n];
            b11 = locals[4 * c + n];
            b12 = locals[5 * c + n];
            b20 = locals[6 * c + n];
            b21 = locals[7 * c + n];
            b22 = locals[8 * c + n];
            b30 = locals[9 * c + n];
            b31 = locals[10 * c + n];
            b32 = locals[11 * c + n];
        }
        float r00 = b00;
        float r01 = b01;
        float r02 = b02;
        float r10 = b10;
        float r11 = b11;
        float r12 = b12;
        float r20 = b20;
        float r21 = b21;
        float r22 = b22;
        float r30 = b30;
        float r31 = b31;
        float r32 = b32;
        if (parent >= 0) {
            int q = parent;
            float a00 = worlds[q];
            float a01 = worlds[c + q];
            float a02 = worlds[2 * c + q];
            float a10 = worlds[3 * c + q];
            float a11 = worlds[4 * c + q];
            float a12 = worlds[5 * c + q];
            float a20 = worlds[6 * c + q];
            float a21 = worlds[7 * c + q];
            float a22 = worlds[8 * c + q];
            float a30 = worlds[9 * c + q];
            float a31 = worlds[10 * c + q];
            float a32 = worlds[11 * c + q];
            r00 = a00 * b00 + a10 * b01 + a20 * b02;
            r01 = a01 * b00 + a11 * b01 + a21 * b02;
            r02 = a02 * b00 + a12 * b01 + a22 * b02;
            r10 = a00 * b10 + a10 * b11 + a20 * b12;
            r11 = a01 * b10 + a11 * b11 + a21 * b12;
            r12 = a02 * b10 + a12 * b11 + a22 * b12;
            r20 = a00 * b20 + a10 * b21 + a20 * b22;
            r21 = a01 * b20 + a11 * b21 + a21 * b22;
            r22 = a02 * b20 + a12 * b21 + a22 * b22;
            r30 = a00 * b30 + a10 * b31 + a20 * b32 + a30;
            r31 = a01 * b30 + a11 * b31 + a21 * b32 + a31;
            r32 = a02 * b30 + a12 * b31 + a22 * b32 + a32;
        }
        out[base] = r00;
        out[base + stride] = r01;
        out[base + 2 * stride] = r02;
        out[base + 3 * stride] = r10;
        out[base + 4 * stride] = r11;
        out[base + 5 * stride] = r12;
        out[base + 6 * stride] = r20;
        out[base + 7 * stride] = r21;
        out[base + 8 * stride] = r22;
        out[base + 9 * stride] = r30;
        out[base + 10 * stride] = r31;
        out[base + 11 * stride] = r32;
        if (copy != null) {
            copy[at] = r00;
            copy[at + 1] = r01;
            copy[at + 2] = r02;
            copy[at + 3] = r10;
            copy[at + 4] = r11;
            copy[at + 5] = r12;
            copy[at + 6] = r20;
            copy[at + 7] = r21;
            copy[at + 8] = r22;
            copy[at + 9] = r30;
            copy[at + 10] = r31;
            copy[at + 11] = r32;
        }
    }

    /**
     * {@link #compute} in the record layout, with every offset a constant (so that the JIT checks each array's bounds
     * once per node): the same float operations in the same order, so the same bits. Writes the result to
     * {@code out[o + k]}, and to {@code copy[at + k]} if given.
     */
    private static void computeRecord(float[] locals, byte[] modes, int[] parents, float[] worlds, int node,
                                      float[] out, int o, float[] copy, int at) {
        int parent = parents[node];
        int l = node * RECORD;
        assert parent < node : "parent after child: node=" + node + " parent=" + parent;
        float b00;
        float b01;
        float b02;
        float b10;
        float b11;
        float b12;
        float b20;
        float b21;
        float b22;
        float b30;
        float b31;
        float b32;
        if (modes[node] == MODE_TRS) {
            float qx = locals[l + 3];
            float qy = locals[l + 4];
            float qz = locals[l + 5];
            float qw = locals[l + 6];
            float sx = locals[l + 7];
            float sy = locals[l + 8];
            float sz = locals[l + 9];
            float xx = qx * qx;
            float yy = qy * qy;
            float zz = qz * qz;
            float xy = qx * qy;
            float xz = qx * qz;
            float yz = qy * qz;
            float wx = qw * qx;
            float wy = qw * qy;
            float wz = qw * qz;
            b00 = (1f - (yy + zz) * 2f) * sx;
            b01 = (xy + wz) * 2f * sx;
            b02 = (xz - wy) * 2f * sx;
            b10 = (xy - wz) * 2f * sy;
            b11 = (1f - (xx + zz) * 2f) * sy;
            b12 = (yz + wx) * 2f * sy;
            b20 = (xz + wy) * 2f * sz;
            b21 = (yz - wx) * 2f * sz;
            b22 = (1f - (xx + yy) * 2f) * sz;
            b30 = locals[l];
            b31 = locals[l + 1];
            b32 = locals[l + 2];
        } else {
            assert modes[node] == MODE_MATRIX : "hole at node=" + node;
            b00 = locals[l];
            b01 = locals[l + 1];
            b02 = locals[l + 2];
            b10 = locals[l + 3];
            b11 = locals[l + 4];
            b12 = locals[l + 5];
            b20 = locals[l + 6];
            b21 = locals[l + 7];
            b22 = locals[l + 8];
            b30 = locals[l + 9];
            b31 = locals[l + 10];
            b32 = locals[l + 11];
        }
        if (parent < 0) {
            storeRecord(b00, b01, b02, b10, b11, b12, b20, b21, b22, b30, b31, b32, out, o, copy, at);
        } else {
            multiplyRecord(worlds, parent * RECORD, b00, b01, b02, b10, b11, b12, b20, b21, b22, b30, b31, b32,
                    out, o, copy, at);
        }
    }

    /**
     * The product of {@link #computeRecord}: {@code worlds[p …]} (the parent's world record) × {@code b} (the node's
     * local matrix, column-major), written to {@code out[o + k]} and to {@code copy[at + k]} if given. Scalar on
     * every JDK: a four-lane vector form (once used on JDK 25) was a second vector type in the JVM, which made the
     * bulk kernel allocate in some JVM runs. It is below C2's bytecode limit
     * for inlining a hot callee ({@code FreqInlineSize}, 325 bytes; this one 307): whatever is added here must keep it
     * there, or every lazy read pays a call with 18 arguments.
     */
    static void multiplyRecord(float[] worlds, int p, float b00, float b01, float b02, float b10, float b11,
                               float b12, float b20, float b21, float b22, float b30, float b31, float b32,
                               float[] out, int o, float[] copy, int at) {
        float a00 = worlds[p];
        float a01 = worlds[p + 1];
        float a02 = worlds[p + 2];
        float a10 = worlds[p + 3];
        float a11 = worlds[p + 4];
        float a12 = worlds[p + 5];
        float a20 = worlds[p + 6];
        float a21 = worlds[p + 7];
        float a22 = worlds[p + 8];
        float a30 = worlds[p + 9];
        float a31 = worlds[p + 10];
        float a32 = worlds[p + 11];
        storeRecord(a00 * b00 + a10 * b01 + a20 * b02,
                a01 * b00 + a11 * b01 + a21 * b02,
                a02 * b00 + a12 * b01 + a22 * b02,
                a00 * b10 + a10 * b11 + a20 * b12,
                a01 * b10 + a11 * b11 + a21 * b12,
                a02 * b10 + a12 * b11 + a22 * b12,
                a00 * b20 + a10 * b21 + a20 * b22,
                a01 * b20 + a11 * b21 + a21 * b22,
                a02 * b20 + a12 * b21 + a22 * b22,
                a00 * b30 + a10 * b31 + a20 * b32 + a30,
                a01 * b30 + a11 * b31 + a21 * b32 + a31,
                a02 * b30 + a12 * b31 + a22 * b32 + a32, out, o, copy, at);
    }

    /** Writes one world record {@code r} to {@code out[o + k]}, and to {@code copy[at + k]} if given. */
    static void storeRecord(float r00, float r01, float r02, float r10, float r11, float r12, float r20,
                                    float r21, float r22, float r30, float r31, float r32, float[] out, int o,
                                    float[] copy, int at) {
        out[o] = r00;
        out[o + 1] = r01;
        out[o + 2] = r02;
        out[o + 3] = r10;
        out[o + 4] = r11;
        out[o + 5] = r12;
        out[o + 6] = r20;
        out[o + 7] = r21;
        out[o + 8] = r22;
        out[o + 9] = r30;
        out[o + 10] = r31;
        out[o + 11] = r32;
        if (copy != null) {
            copy[at] = r00;
            copy[at + 1] = r01;
            copy[at + 2] = r02;
            copy[at + 3] = r10;
            copy[at + 4] = r11;
            copy[at + 5] = r12;
            copy[at + 6] = r20;
            copy[at + 7] = r21;
            copy[at + 8] = r22;
            copy[at + 9] = r30;
            copy[at + 10] = r31;
            copy[at + 11] = r32;
        }
    }

    /**
     * Recomputes every node of {@code [from, to)}, all of them TRS nodes and none a hole, in a counted loop (which
     * lets the JIT hoist the bounds checks of the node's own planes): the scalar path for fully stale words.
     * Same operations as {@link #computeNode}, so bit-identical results.
     */
    static void computeTrsRange(float[] l, int[] parents, float[] w, int c, int from, int to) {
        for (int i = from; i < to; i++) {
            int j = i;
            float qx = l[3 * c + j];
            float qy = l[4 * c + j];
            float qz = l[5 * c + j];
            float qw = l[6 * c + j];
            float sx = l[7 * c + j];
            float sy = l[8 * c + j];
            float sz = l[9 * c + j];
            float xx = qx * qx;
            float yy = qy * qy;
            float zz = qz * qz;
            float xy = qx * qy;
            float xz = qx * qz;
            float yz = qy * qz;
            float wx = qw * qx;
            float wy = qw * qy;
            float wz = qw * qz;
            float b00 = (1f - (yy + zz) * 2f) * sx;
            float b01 = (xy + wz) * 2f * sx;
            float b02 = (xz - wy) * 2f * sx;
            float b10 = (xy - wz) * 2f * sy;
            float b11 = (1f - (xx + zz) * 2f) * sy;
            float b12 = (yz + wx) * 2f * sy;
            float b20 = (xz + wy) * 2f * sz;
            float b21 = (yz - wx) * 2f * sz;
            float b22 = (1f - (xx + yy) * 2f) * sz;
            float b30 = l[j];
            float b31 = l[c + j];
            float b32 = l[2 * c + j];
            int p = parents[i];
            if (p < 0) {
                w[j] = b00;
                w[c + j] = b01;
                w[2 * c + j] = b02;
                w[3 * c + j] = b10;
                w[4 * c + j] = b11;
                w[5 * c + j] = b12;
                w[6 * c + j] = b20;
                w[7 * c + j] = b21;
                w[8 * c + j] = b22;
                w[9 * c + j] = b30;
                w[10 * c + j] = b31;
                w[11 * c + j] = b32;
                continue;
            }
            int q = p;
            float a00 = w[q];
            float a01 = w[c + q];
            float a02 = w[2 * c + q];
            float a10 = w[3 * c + q];
            float a11 = w[4 * c + q];
            float a12 = w[5 * c + q];
            float a20 = w[6 * c + q];
            float a21 = w[7 * c + q];
            float a22 = w[8 * c + q];
            float a30 = w[9 * c + q];
            float a31 = w[10 * c + q];
            float a32 = w[11 * c + q];
            w[j] = a00 * b00 + a10 * b01 + a20 * b02;
            w[c + j] = a01 * b00 + a11 * b01 + a21 * b02;
            w[2 * c + j] = a02 * b00 + a12 * b01 + a22 * b02;
            w[3 * c + j] = a00 * b10 + a10 * b11 + a20 * b12;
            w[4 * c + j] = a01 * b10 + a11 * b11 + a21 * b12;
            w[5 * c + j] = a02 * b10 + a12 * b11 + a22 * b12;
            w[6 * c + j] = a00 * b20 + a10 * b21 + a20 * b22;
            w[7 * c + j] = a01 * b20 + a11 * b21 + a21 * b22;
            w[8 * c + j] = a02 * b20 + a12 * b21 + a22 * b22;
            w[9 * c + j] = a00 * b30 + a10 * b31 + a20 * b32 + a30;
            w[10 * c + j] = a01 * b30 + a11 * b31 + a21 * b32 + a31;
            w[11 * c + j] = a02 * b30 + a12 * b31 + a22 * b32 + a32;
        }
    }

    /**
     * Recomputes every node whose bit is set in {@code staleBits} within words {@code [fromWord, toWord)}, in
     * increasing node order, then ORs those bits into {@code changedBits} and clears them in {@code staleBits}.
     * Every parent of a stale node must be either up to date or stale itself. A word with at least
     * {@link #DENSE_WORD_MIN} stale nodes and none holding an explicit matrix goes whole to the vector path when
     * {@code vector} is true (see {@link VectorSupport}; its other nodes are recomputed to the same bits); a word of
     * 64 stale TRS nodes goes to a counted scalar loop otherwise; everything else is computed one node at a time.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes, written for every stale node
     * @param capacity nodes per plane (a multiple of 64 is not required)
     * @param staleBits one bit per node, set where the world matrix is out of date; cleared on return
     * @param fromWord first word of {@code staleBits} to visit
     * @param toWord end (exclusive) of the words to visit
     * @param changedBits one bit per node; receives the bits of the recomputed nodes
     * @param matrixBits one bit per node, set where the mode is {@link #MODE_MATRIX}
     * @param wordPlans if not null, one entry per word caching how the vector path splits it into batches (see
     *     {@link #resetPlans}); 0 means not yet known, and the caller must reset a word's entry whenever a parent
     *     index in it changes
     * @param vectorKinds the batch shapes to compute on the vector path: 0 for none (the scalar path), else
     *     {@link #VECTOR_WINDOWS} with none, either or both of {@link #VECTOR_WIDE_WINDOWS} and
     *     {@link #VECTOR_GENERAL} ({@link #VECTOR_ALL}); the batches of a rarer shape left out take the scalar loop.
     *     A caller leaves out a shape that occurs only a few times per update: the JIT would leave its vector method
     *     in its first tier, where the Vector API allocates, for thousands of updates
     * @param batchStats if not null, {@link #STATS} entries that receive counts ({@code +=}): {@link #STAT_FAST},
     *     {@link #STAT_SLOW}, {@link #STAT_WIDE}, {@link #STAT_GENERAL}
     * @return the number of nodes recomputed
     * @throws IllegalArgumentException if the word range does not fit the bit arrays
     */
    public static int propagateStale(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                     long[] staleBits, int fromWord, int toWord, long[] changedBits,
                                     long[] matrixBits, long[] wordPlans, int vectorKinds, int[] batchStats) {
        if (fromWord < 0 || toWord > staleBits.length || toWord > changedBits.length || toWord > matrixBits.length
                || fromWord > toWord) {
            throw new IllegalArgumentException("word range out of bounds: fromWord=" + fromWord + ", toWord="
                    + toWord + ", staleWords=" + staleBits.length + ", changedWords=" + changedBits.length);
        }
        int count = 0;
        for (int word = fromWord; word < toWord; word++) {
            long bits = staleBits[word];
            if (bits == 0L) {
                continue;
            }
            int base = word << 6;
            if (vectorKinds != 0 && matrixBits[word] == 0L && denseEnough(bits, base, capacity)) {
                int shapes = LocalToWorldVector.computeWord(locals, modes, parents, worlds, capacity, base,
                        wordPlans, bits, vectorKinds);
                if (batchStats != null) {
                    addShapes(batchStats, shapes);
                }
            } else if (bits == -1L && matrixBits[word] == 0L && base + 64 <= capacity) {
                // a run of fully stale TRS words: one counted loop over all of them
                int end = fullTrsRunEnd(staleBits, matrixBits, base, toWord << 6, capacity);
                computeTrsRange(locals, parents, worlds, capacity, base, end);
                for (int w = word; w < end >>> 6; w++) {
                    changedBits[w] = -1L;
                    staleBits[w] = 0L;
                }
                count += end - base;
                word = (end >>> 6) - 1;
                continue;
            } else {
                if (vectorKinds != 0 && batchStats != null && denseEnough(bits, base, capacity)) {
                    // dense, but an explicit matrix keeps this word off the vector path: report it as slow, so
                    // that the layout is rewritten with the matrices (usually a model's top nodes) on their own
                    batchStats[STAT_SLOW] += 64 / VectorLanes.lanes();
                }
                long remaining = bits;
                while (remaining != 0L) {
                    int node = base + Long.numberOfTrailingZeros(remaining);
                    computeNode(locals, modes, parents, worlds, capacity, node);
                    remaining &= remaining - 1;
                }
            }
            count += Long.bitCount(bits);
            changedBits[word] |= bits;
            staleBits[word] = 0L;
        }
        return count;
    }

    /**
     * The fewest stale nodes of 64 for which the vector path computes the whole word, recomputing the nodes that are
     * not stale as well. Those get back the bits they hold: a node that is not stale has a parent that is not stale
     * either, so its inputs are those of its last computation, and every path performs the same float operations.
     * Measured: one node alone costs about as much as eight in a vector word.
     */
    public static final int DENSE_WORD_MIN = 8;

    /** Adds a word's batch counts, as {@link LocalToWorldVector#computeWord} packs them, to {@code batchStats}. */
    private static void addShapes(int[] batchStats, int shapes) {
        int slow = LocalToWorldVector.slowBatches(shapes);
        batchStats[STAT_FAST] += 64 / VectorLanes.lanes() - slow;
        batchStats[STAT_SLOW] += slow;
        batchStats[STAT_WIDE] += LocalToWorldVector.wideBatches(shapes);
        batchStats[STAT_GENERAL] += LocalToWorldVector.generalBatches(shapes);
    }

    /**
     * @return whether the word at node {@code base} with these stale bits is worth computing whole on the vector path
     *     and lies wholly inside the planes
     */
    private static boolean denseEnough(long bits, int base, int capacity) {
        return Long.bitCount(bits) >= DENSE_WORD_MIN && base + 64 <= capacity;
    }

    /**
     * The end of the run of words that starts with the fully stale, matrix-free word at node {@code base}: it extends
     * over the following words that are fully stale and matrix-free too and end by {@code limit} and
     * {@code capacity}.
     *
     * @return the first node after the run, a multiple of 64 greater than {@code base}
     */
    private static int fullTrsRunEnd(long[] staleBits, long[] matrixBits, int base, int limit, int capacity) {
        int end = base + 64;
        while (end + 64 <= limit && end + 64 <= capacity && staleBits[end >>> 6] == -1L
                && matrixBits[end >>> 6] == 0L) {
            end += 64;
        }
        return end;
    }

    /**
     * Resets the cached batch plans (see {@link #propagateStale}) of the words holding nodes {@code [from, to)}:
     * call it whenever the parent index of one of those nodes changes.
     *
     * @param wordPlans the plans
     * @param from first node
     * @param to end (exclusive)
     */
    public static void resetPlans(long[] wordPlans, int from, int to) {
        if (from < to) {
            java.util.Arrays.fill(wordPlans, from >>> 6, ((to - 1) >>> 6) + 1, 0L);
        }
    }

    /**
     * Recomputes the nodes of {@code [from, to)} whose bit is set in {@code staleBits}, in increasing order, without
     * changing any bit: the per-thread share of a parallel update, where bits are settled afterwards by one thread.
     * Words wholly inside the range, all TRS and with at least {@link #DENSE_WORD_MIN} stale nodes, take the vector
     * path for the batch shapes in {@code vectorKinds}, as in {@link #propagateStale}. The parents of the range's
     * nodes must be up to date or inside the range.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes
     * @param capacity nodes per plane
     * @param staleBits stale bits (read only)
     * @param matrixBits matrix-mode bits
     * @param wordPlans batch plans per word, or null (see {@link #propagateStale}); entries of the words this call
     *     computes may be written
     * @param from first node
     * @param to end (exclusive)
     * @param vectorKinds the batch shapes to compute on the vector path, as in {@link #propagateStale}
     * @param batchStats if not null, receives counts of the vector path's batches and of the dense words an explicit
     *     matrix kept off it ({@link #STAT_SLOW}), as in {@link #propagateStale}
     * @return the number of nodes recomputed
     */
    public static int computeStale(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                   long[] staleBits, long[] matrixBits, long[] wordPlans, int from, int to,
                                   int vectorKinds, int[] batchStats) {
        int count = 0;
        int node = from;
        while (node < to) {
            int word = node >>> 6;
            int base = word << 6;
            long bits = staleBits[word];
            if (node == base && base + 64 <= to) {
                if (bits == 0L) {
                    node += 64;
                    continue;
                }
                if (vectorKinds != 0 && matrixBits[word] == 0L && denseEnough(bits, base, capacity)) {
                    int shapes = LocalToWorldVector.computeWord(locals, modes, parents, worlds, capacity, base,
                            wordPlans, bits, vectorKinds);
                    if (batchStats != null) {
                        addShapes(batchStats, shapes);
                    }
                    count += Long.bitCount(bits);
                    node += 64;
                    continue;
                }
                if (vectorKinds != 0 && batchStats != null && matrixBits[word] != 0L
                        && denseEnough(bits, base, capacity)) {
                    // dense, but an explicit matrix keeps this word off the vector path: slow, as propagateStale
                    // reports it, so that the layout is rewritten with the matrices on their own
                    batchStats[STAT_SLOW] += 64 / VectorLanes.lanes();
                }
                if (bits == -1L && matrixBits[word] == 0L && base + 64 <= capacity) {
                    // a run of fully stale TRS words inside the range: one counted loop, as in propagateStale
                    int end = fullTrsRunEnd(staleBits, matrixBits, base, to, capacity);
                    computeTrsRange(locals, parents, worlds, capacity, base, end);
                    count += end - base;
                    node = end;
                    continue;
                }
            }
            long mask = Bits.within(bits, base, node, to);
            int end = Math.min(to, base + 64);
            while (mask != 0L) {
                int n = base + Long.numberOfTrailingZeros(mask);
                computeNode(locals, modes, parents, worlds, capacity, n);
                count++;
                mask &= mask - 1;
            }
            node = end;
        }
        return count;
    }

    /**
     * Recomputes nodes {@code [from, to)} one at a time (holes skipped); the scalar reference for the vector path.
     *
     * @param locals local planes
     * @param modes local modes
     * @param parents parent indices
     * @param worlds world planes
     * @param capacity nodes per plane
     * @param from first node
     * @param to end (exclusive)
     * @throws IllegalArgumentException if the range does not fit the arrays
     */
    public static void propagateRange(float[] locals, byte[] modes, int[] parents, float[] worlds, int capacity,
                                      int from, int to) {
        if (from < 0 || from > to || to > capacity || to > modes.length || to > parents.length
                || planesLength(capacity, LOCAL_PLANES) > locals.length
                || planesLength(capacity, WORLD_PLANES) > worlds.length) {
            throw new IllegalArgumentException("node range out of bounds: from=" + from + ", to=" + to
                    + ", capacity=" + capacity);
        }
        for (int node = from; node < to; node++) {
            if (modes[node] != MODE_HOLE) {
                computeNode(locals, modes, parents, worlds, capacity, node);
            }
        }
    }
}
