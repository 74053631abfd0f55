package dev.arbor.kernel;

/**
 * The skinning palette kernel: {@code p[j] = m × w[j] × b[j]} for many affine 3×4 matrices at once, one fixed
 * {@code m} (a mesh's {@code meshFromWorld}), the joints' world matrices {@code w} and their inverse bind matrices
 * {@code b}. The matrices lie in planes, as the hierarchy's world matrices do: element {@code e} (column-major,
 * {@code e = 3 × column + row}) of matrix {@code j} at {@code x[e × stride + j]}, so that one vector instruction works
 * on as many joints as it has lanes. Done one joint at a time, the 90 float operations of the two products cost
 * about 11 ns per joint on a core that retires two or three of them per cycle.
 *
 * <p>Both paths compute every element in the order of {@code dev.arbor.math.Affine.multiply}, {@code m × w} first,
 * with no fused multiply-add, so the bits are the same as two calls of it.
 */
public final class Palettes {
    /**
     * Plane strides that are a multiple of this let the vector path run whole vectors past {@code count}, through
     * the padding of each plane (every lane count it uses divides it).
     */
    public static final int STRIDE_MULTIPLE = 16;

    private Palettes() {
    }

    /**
     * Computes {@code p[j] = m × w[j] × b[j]} for {@code j < count}, all in planes of {@code stride} floats.
     * {@code p} may be {@code w} (each joint is read before it is written). When {@code stride} is a multiple of
     * {@link #STRIDE_MULTIPLE} the vector path may also compute the padding lanes {@code count ≤ j < stride} of
     * {@code p}, from whatever the padding of {@code w} and {@code b} holds; nothing outside the planes is written.
     *
     * @param m the fixed left matrix, 12 floats column-major
     * @param mo offset of {@code m}
     * @param w the middle matrices, 12 planes from index 0
     * @param b the right matrices, 12 planes from index 0
     * @param p destination, 12 planes from index 0
     * @param stride floats per plane, at least {@code count}
     * @param count number of matrices
     * @throws IllegalArgumentException if {@code count} is negative, {@code stride < count}, or an array is shorter
     *     than 12 planes (nothing written)
     */
    public static void chain(float[] m, int mo, float[] w, float[] b, float[] p, int stride, int count) {
        chain(m, mo, w, b, p, stride, count, VectorSupport.active());
    }

    /** {@link #chain}, on the vector path if {@code vector} (and the stride allows it). */
    static void chain(float[] m, int mo, float[] w, float[] b, float[] p, int stride, int count, boolean vector) {
        if (count < 0 || stride < count || mo < 0 || mo > m.length - 12) {
            throw new IllegalArgumentException("bad palette range: count=" + count + ", stride=" + stride
                    + ", m offset=" + mo + " of " + m.length);
        }
        long planes = 12L * stride;
        if (w.length < planes || b.length < planes || p.length < planes) {
            throw new IllegalArgumentException("palette planes too short: required=" + planes + ", w=" + w.length
                    + ", b=" + b.length + ", p=" + p.length);
        }
        if (vector && stride % STRIDE_MULTIPLE == 0) {
            PalettesVector.chainPlanes(m, mo, w, b, p, stride, count);
        } else {
            chainScalar(m, mo, w, b, p, stride, count);
        }
    }

    /** The scalar path of {@link #chain}, for joints {@code [0, count)}. */
    static void chainScalar(float[] m, int mo, float[] w, float[] b, float[] p, int s, int count) {
        for (int j = 0; j < count; j++) {
            product(m, mo, 1, w, j, s, b, j, s, p, j, s);
        }
    }

    /**
     * Palettes with the left matrix per lane: {@code p[r] = m[r] × w[r] × b} for lanes {@code r} in {@code [from, to)},
     * where {@code m} lies in 12 planes of {@code ms} floats ({@code m[e × ms + r]}), {@code w} and {@code p} in 12
     * planes of {@code s} floats from {@code o} ({@code w[o + e × s + r]}) and {@code b} is one matrix (12 floats from
     * {@code bo}). The layout of a crowd's palettes joint by joint: lane {@code r} is an instance, {@code m} its mesh's
     * {@code meshFromWorld}, {@code w} the worlds of one joint of every instance, {@code b} that joint's inverse bind
     * matrix. Same operations in the same order as {@link #chain}, so an entry has the same bits. {@code p} may be
     * {@code w}. Threads may compute disjoint lane ranges.
     *
     * <p>When {@code from}, {@code ms} and {@code s} are multiples of {@link #STRIDE_MULTIPLE} and the planes hold
     * {@code to} rounded up to it, the vector path may compute the lanes up to that rounding too (the padding).
     *
     * @param m left matrices, 12 planes
     * @param ms floats per plane of {@code m}
     * @param w middle matrices, 12 planes from {@code o}
     * @param p destination, 12 planes from {@code o}
     * @param o index of element 0 of lane 0 in {@code w} and {@code p}
     * @param s floats per plane of {@code w} and {@code p}
     * @param b the right matrix
     * @param bo its offset
     * @param from first lane
     * @param to end of the lanes (exclusive)
     * @throws IllegalArgumentException if a range does not fit the arrays (nothing written)
     */
    public static void chainLanes(float[] m, int ms, float[] w, float[] p, int o, int s, float[] b, int bo, int from,
                                  int to) {
        if (from < 0 || to < from || ms < to || s < to || o < 0 || bo < 0 || b.length - 12L < bo
                || m.length < 11L * ms + to || w.length < o + 11L * s + to || p.length < o + 11L * s + to) {
            throw new IllegalArgumentException("bad palette lanes: from=" + from + ", to=" + to + ", ms=" + ms
                    + ", s=" + s + ", o=" + o + ", m=" + m.length + ", w=" + w.length + ", p=" + p.length);
        }
        chainLanes(m, ms, w, p, o, s, b, bo, from, to, VectorSupport.crowdPalettes(VectorSupport.active()));
    }

    /** {@link #chainLanes}, on the vector path if {@code vector} (and the ranges allow it); checked by the caller. */
    static void chainLanes(float[] m, int ms, float[] w, float[] p, int o, int s, float[] b, int bo, int from, int to,
                           boolean vector) {
        int padded = (to + STRIDE_MULTIPLE - 1) / STRIDE_MULTIPLE * STRIDE_MULTIPLE;
        if (vector && from % STRIDE_MULTIPLE == 0 && ms % STRIDE_MULTIPLE == 0
                && s % STRIDE_MULTIPLE == 0 && ms >= padded && s >= padded && m.length >= 11L * ms + padded
                && w.length >= o + 11L * s + padded && p.length >= o + 11L * s + padded) {
            PalettesVector.chainLanes(m, ms, w, p, o, s, b, bo, from, to);
            return;
        }
        lanesScalar(m, ms, w, s, null, o, b, bo, p, o, s, from, to);
    }

    /**
     * Palettes with the middle matrices gathered from a node storage, for several members at once:
     * {@code p[k][r] = m[r] × w(index[io + k × is + r]) × b[k]} for members {@code k < members} and lanes
     * {@code r < lanes}, where matrix {@code w(x)} has element {@code e} at {@code worlds[x + e × es]} (planes or
     * records of 12 floats), {@code m} lies in 12 planes of {@code ms} floats ({@code m[e × ms + r]}), {@code b[k]}
     * is 12 floats from {@code 12 × k}, and element {@code e} of {@code p[k][r]} goes to
     * {@code p[po + k × ps + e × pe + r]}. The layout of a crowd's palettes read straight from the hierarchy: lane
     * {@code r} is an instance, member {@code k} a joint, {@code index} the joints' storage positions member by
     * member. Same operations in the same order as {@link #chainLanes}, so an entry has the same bits.
     *
     * <p>When {@code lanes} rounded up to {@link #STRIDE_MULTIPLE} fits {@code ms}, {@code is}, {@code ps} and the
     * arrays, the vector path gathers whole vectors and computes the padding lanes too, from whatever the padding of
     * {@code index} names (which must then be valid positions) and of {@code m} holds.
     *
     * @param worlds the middle matrices' storage
     * @param es distance between consecutive elements of one matrix in {@code worlds}
     * @param index per member and lane, the index of element 0 of its middle matrix in {@code worlds}
     * @param io index of member 0, lane 0 in {@code index}
     * @param is distance between consecutive members' lanes in {@code index}
     * @param m left matrices, 12 planes
     * @param ms floats per plane of {@code m}
     * @param b right matrices, 12 floats per member
     * @param p destination
     * @param po index of element 0 of member 0, lane 0 in {@code p}
     * @param ps distance between consecutive members' lanes in {@code p}
     * @param pe distance between consecutive elements' planes in {@code p}
     * @param members number of members
     * @param lanes number of lanes
     * @throws IllegalArgumentException if a range does not fit the arrays (nothing written)
     */
    public static void chainGathered(float[] worlds, int es, int[] index, int io, int is, float[] m, int ms,
                                     float[] b, float[] p, int po, int ps, int pe, int members, int lanes) {
        chainGathered(worlds, es, index, io, is, m, ms, b, p, po, ps, pe, members, lanes,
                VectorSupport.crowdPalettes(VectorSupport.active()));
    }

    /** {@link #chainGathered}, on the vector path if {@code vector} (and the ranges allow it). */
    static void chainGathered(float[] worlds, int es, int[] index, int io, int is, float[] m, int ms, float[] b,
                              float[] p, int po, int ps, int pe, int members, int lanes, boolean vector) {
        if (members < 0 || lanes < 0 || es < 1 || io < 0 || po < 0 || is < lanes || ms < lanes || ps < lanes
                || pe < 0 || b.length < 12L * members || !fits(index.length, io, is, members, lanes)
                || m.length < 11L * ms + lanes || !fits(p.length, po + 11L * pe, ps, members, lanes)) {
            throw new IllegalArgumentException("bad gathered palettes: members=" + members + ", lanes=" + lanes
                    + ", es=" + es + ", io=" + io + ", is=" + is + ", ms=" + ms + ", po=" + po + ", ps=" + ps
                    + ", pe=" + pe + ", index=" + index.length + ", m=" + m.length + ", b=" + b.length + ", p="
                    + p.length);
        }
        int padded = (lanes + STRIDE_MULTIPLE - 1) / STRIDE_MULTIPLE * STRIDE_MULTIPLE;
        if (members > 0 && vector && is >= padded && ms >= padded && ps >= padded
                && fits(index.length, io, is, members, padded) && m.length >= 11L * ms + padded
                && fits(p.length, po + 11L * pe, ps, members, padded)) {
            if (VectorSupport.CROWD_PALETTE_VECTORS) {
                PalettesVector.chainGathered(m, ms, worlds, es, index, io, is, b, p, po, ps, pe, members, lanes);
                return;
            }
            // the middle matrices copied into the destination's planes, then multiplied in place a vector of lanes
            // at a time (each lane's values are read before its results are written): the same operations
            for (int k = 0; k < members; k++) {
                copyGathered(worlds, es, index, io + k * is, p, po + k * ps, pe, padded);
                chainLanes(m, ms, p, p, po + k * ps, pe, b, 12 * k, 0, lanes, true);
            }
            return;
        }
        for (int k = 0; k < members; k++) {
            lanesScalar(m, ms, worlds, es, index, io + k * is, b, 12 * k, p, po + k * ps, pe, 0, lanes);
        }
    }

    /**
     * Palettes read from a node storage in the storage's own order, {@link #STRIDE_MULTIPLE} consecutive positions
     * (a window) at a time, for one block of 16 instances: for windows {@code w < windows} and lanes {@code r < 16},
     * {@code p(w, r) = m(i) × W(starts[so + w] + r) × b(w, r)} with {@code i = lanes[16w + r] & 15}, the lane's
     * instance within the block. Element {@code e} of {@code W(y)} is {@code worlds[y + e × es]} (a storage in
     * planes), of {@code m(i)} is {@code m[16e + i]} (the block's left matrices in 12 planes of 16), of {@code b(w, r)}
     * is {@code b[e × pe + 16w + r]} and of {@code p(w, r)} goes to {@code p[e × pe + 16w + r]}. The layout of a crowd
     * whose instances repeat one pattern of positions: a window holds the joints of a few instances side by side, and
     * its 12 planes are 12 contiguous loads where a vector of one joint of 16 instances would be 12 gathers. Lanes that
     * are not joints compute whatever their positions hold; the caller does not write them out. Same operations in the
     * same order as {@link #chainLanes}, so an entry has the same bits.
     *
     * @param worlds the storage's world planes
     * @param es floats per plane of {@code worlds}
     * @param starts per window, its first position
     * @param so index of window 0's start in {@code starts}
     * @param lanes per window and lane, the lane's instance within the block (low four bits)
     * @param m the block's left matrices, 12 planes of 16
     * @param b right matrices, 12 planes of {@code pe} floats, a window's lanes at {@code 16w}
     * @param p destination, laid out as {@code b}
     * @param pe floats per plane of {@code b} and {@code p}, at least {@code 16 × windows}
     * @param windows number of windows
     * @throws IllegalArgumentException if a range does not fit the arrays or a window's positions lie outside the
     *     planes (nothing written)
     */
    public static void chainWindows(float[] worlds, int es, int[] starts, int so, int[] lanes, float[] m, float[] b,
                                    float[] p, int pe, int windows) {
        chainWindows(worlds, es, starts, so, lanes, m, b, p, pe, windows,
                VectorSupport.crowdPalettes(VectorSupport.active()));
    }

    /** {@link #chainWindows}, on the vector path if {@code vector} (and the machine's vectors have 8 or 16 lanes). */
    static void chainWindows(float[] worlds, int es, int[] starts, int so, int[] lanes, float[] m, float[] b,
                             float[] p, int pe, int windows, boolean vector) {
        long span = (long) STRIDE_MULTIPLE * windows;
        if (windows < 0 || so < 0 || pe < span || starts.length < (long) so + windows || lanes.length < span
                || m.length < 12 * STRIDE_MULTIPLE || b.length < 11L * pe + span || p.length < 11L * pe + span
                || worlds.length < 12L * es) {
            throw new IllegalArgumentException("bad palette windows: windows=" + windows + ", so=" + so + ", pe=" + pe
                    + ", es=" + es + ", starts=" + starts.length + ", lanes=" + lanes.length + ", m=" + m.length
                    + ", b=" + b.length + ", p=" + p.length + ", worlds=" + worlds.length);
        }
        for (int w = 0; w < windows; w++) {
            int x = starts[so + w];
            if (x < 0 || x > es - STRIDE_MULTIPLE) {
                throw new IllegalArgumentException("palette window " + w + " at position " + x + " is outside [0, "
                        + (es - STRIDE_MULTIPLE) + "]");
            }
        }
        if (vector && VectorLanes.lanes() == STRIDE_MULTIPLE) {
            for (int w = 0; w < windows; w++) {
                PalettesVector.chainWindow(worlds, es, starts[so + w], lanes, m, b, p, pe, STRIDE_MULTIPLE * w);
            }
            return;
        }
        if (vector && VectorLanes.lanes() == 8) { // each lane's left matrix picked first, then the products
            for (int w = 0; w < windows; w++) {
                PalettesVector.pickWindowLanes(lanes, m, p, pe, STRIDE_MULTIPLE * w);
                PalettesVector.windowProducts(worlds, es, starts[so + w], b, p, pe, STRIDE_MULTIPLE * w);
            }
            return;
        }
        windowsScalar(worlds, es, starts, so, lanes, m, b, p, pe, windows);
    }

    /**
     * Writes {@code count} affine matrices held in 12 planes as 4×4 column-major entries
     * ({@code m00 m01 m02 0 | m10 m11 m12 0 | m20 m21 m22 0 | m30 m31 m32 1}): element {@code e} of lane {@code r} at
     * {@code planes[po + e × pe + r]}, its entry at {@code dest[d + r × ds]}. For {@link #STRIDE_MULTIPLE} lanes on a
     * machine whose vectors have as many (from JDK 25: {@code VectorSupport.CROWD_PALETTE_VECTORS}), the vector path
     * transposes them in registers and writes each entry with one store; else one float at a time. Only moves
     * values.
     *
     * @param planes the matrices
     * @param po index of element 0 of lane 0
     * @param pe floats from one element's plane to the next's, at least {@code count}
     * @param count number of lanes, at most {@link #STRIDE_MULTIPLE}
     * @param dest destination
     * @param d index of lane 0's entry
     * @param ds floats from one entry to the next, at least 16
     * @throws IllegalArgumentException if a range does not fit the arrays (nothing written)
     */
    public static void toColumnMajor4x4(float[] planes, int po, int pe, int count, float[] dest, int d, int ds) {
        toColumnMajor4x4(planes, po, pe, count, dest, d, ds, VectorSupport.crowdPalettes(VectorSupport.active()));
    }

    /** {@link #toColumnMajor4x4}, on the vector path if {@code vector} (and the count and machine allow it). */
    static void toColumnMajor4x4(float[] planes, int po, int pe, int count, float[] dest, int d, int ds,
                                 boolean vector) {
        if (count < 0 || count > STRIDE_MULTIPLE || po < 0 || pe < count || d < 0 || ds < 16
                || (count > 0 && (planes.length < po + 11L * pe + count
                        || dest.length < d + (long) (count - 1) * ds + 16))) {
            throw new IllegalArgumentException("bad 4x4 entries: count=" + count + ", po=" + po + ", pe=" + pe
                    + ", planes=" + planes.length + ", d=" + d + ", ds=" + ds + ", dest=" + dest.length);
        }
        entries(planes, po, pe, count, dest, d, ds, null, 0, 0, vector);
    }

    /**
     * As {@link #toColumnMajor4x4(float[], int, int, int, float[], int, int)} for {@link #STRIDE_MULTIPLE} lanes, each
     * entry at its own place: lane {@code r}'s at {@code dest[d + rows[ro + r]]} when
     * {@code 0 ≤ rows[ro + r] ≤ limit - 16}, else not written. The entries of {@link #chainWindows}' lanes, only some
     * of which are joints.
     *
     * @param planes the matrices
     * @param po index of element 0 of lane 0
     * @param pe floats from one element's plane to the next's, at least 16
     * @param dest destination
     * @param d index that the rows count from
     * @param rows per lane, the index of its entry from {@code d}, or a value outside {@code [0, limit - 16]} to skip
     *     it
     * @param ro index of lane 0's row
     * @param limit the end of the room from {@code d} that entries may take; {@code d + limit ≤ dest.length}
     * @throws IllegalArgumentException if a range does not fit the arrays (nothing written)
     */
    public static void toColumnMajor4x4(float[] planes, int po, int pe, float[] dest, int d, int[] rows, int ro,
                                        int limit) {
        toColumnMajor4x4(planes, po, pe, dest, d, rows, ro, limit, VectorSupport.crowdPalettes(VectorSupport.active()));
    }

    /** The rows' {@link #toColumnMajor4x4}, on the vector path if {@code vector} (and the machine allows it). */
    static void toColumnMajor4x4(float[] planes, int po, int pe, float[] dest, int d, int[] rows, int ro, int limit,
                                 boolean vector) {
        if (po < 0 || pe < STRIDE_MULTIPLE || planes.length < po + 11L * pe + STRIDE_MULTIPLE || d < 0 || limit < 0
                || dest.length < (long) d + limit || ro < 0 || rows.length < ro + (long) STRIDE_MULTIPLE) {
            throw new IllegalArgumentException("bad 4x4 entries: po=" + po + ", pe=" + pe + ", planes="
                    + planes.length + ", d=" + d + ", limit=" + limit + ", dest=" + dest.length + ", ro=" + ro
                    + ", rows=" + rows.length);
        }
        entries(planes, po, pe, STRIDE_MULTIPLE, dest, d, 0, rows, ro, limit, vector);
    }

    /** Both conversions to 4×4, checked by their callers. */
    private static void entries(float[] planes, int po, int pe, int count, float[] dest, int d, int ds, int[] rows,
                                int ro, int limit, boolean vector) {
        if (count == STRIDE_MULTIPLE && vector && VectorSupport.CROWD_PALETTE_VECTORS
                && VectorLanes.lanes() == STRIDE_MULTIPLE) {
            PalettesVector.toColumnMajor4x4(planes, po, pe, dest, d, ds, rows, ro, limit);
            return;
        }
        int last = rows == null ? Integer.MAX_VALUE : limit - 16;
        for (int r = 0; r < count; r++) {
            int row = rows == null ? r * ds : rows[ro + r];
            if (row < 0 || row > last) {
                continue;
            }
            int k = po + r;
            int at = d + row;
            dest[at + 15] = 1f; // the highest index first: one bounds check covers the rest
            dest[at] = planes[k];
            dest[at + 1] = planes[pe + k];
            dest[at + 2] = planes[2 * pe + k];
            dest[at + 3] = 0f;
            dest[at + 4] = planes[3 * pe + k];
            dest[at + 5] = planes[4 * pe + k];
            dest[at + 6] = planes[5 * pe + k];
            dest[at + 7] = 0f;
            dest[at + 8] = planes[6 * pe + k];
            dest[at + 9] = planes[7 * pe + k];
            dest[at + 10] = planes[8 * pe + k];
            dest[at + 11] = 0f;
            dest[at + 12] = planes[9 * pe + k];
            dest[at + 13] = planes[10 * pe + k];
            dest[at + 14] = planes[11 * pe + k];
        }
    }

    /** Whether {@code members} rows of {@code lanes} values, {@code stride} apart from {@code first}, fit a length. */
    private static boolean fits(int length, long first, int stride, int members, int lanes) {
        return members == 0 || lanes == 0 || first + (long) (members - 1) * stride + lanes <= length;
    }

    /**
     * Copies the 12 elements of {@code count} matrices, the one of lane {@code r} at
     * {@code worlds[index[io + r] + e × es]}, to {@code p[po + e × pe + r]}.
     */
    private static void copyGathered(float[] worlds, int es, int[] index, int io, float[] p, int po, int pe,
                                     int count) {
        for (int e = 0; e < 12; e++) {
            int from = e * es;
            int to = po + e * pe;
            for (int r = 0; r < count; r++) {
                p[to + r] = worlds[index[io + r] + from];
            }
        }
    }

    /**
     * The scalar path of {@link #chainLanes} and {@link #chainGathered}, lanes {@code [from, to)}: lane {@code r}'s
     * middle matrix at {@code w[x + e × ws]}, with {@code x = index[wo + r]}, or {@code wo + r} without an index;
     * its result at {@code p[po + e × ps + r]}.
     */
    private static void lanesScalar(float[] m, int ms, float[] w, int ws, int[] index, int wo, float[] b, int bo,
                                    float[] p, int po, int ps, int from, int to) {
        for (int r = from; r < to; r++) {
            product(m, r, ms, w, index == null ? wo + r : index[wo + r], ws, b, bo, 1, p, po + r, ps);
        }
    }

    /** The scalar path of {@link #chainWindows}: every lane of every window, its product on its own. */
    private static void windowsScalar(float[] worlds, int es, int[] starts, int so, int[] lanes, float[] m,
                                      float[] b, float[] p, int pe, int windows) {
        for (int w = 0; w < windows; w++) {
            int x = starts[so + w];
            for (int r = 0; r < STRIDE_MULTIPLE; r++) {
                int at = STRIDE_MULTIPLE * w + r;
                product(m, lanes[at] & (STRIDE_MULTIPLE - 1), STRIDE_MULTIPLE, worlds, x + r, es, b, at, pe, p, at,
                        pe);
            }
        }
    }

    /**
     * One palette product {@code p = m × w × b}, {@code m × w} first, in the order of
     * {@code dev.arbor.math.Affine.multiply}: element {@code e} of each matrix at its offset plus {@code e} times its
     * element stride.
     */
    private static void product(float[] m, int mo, int ms, float[] w, int wo, int ws, float[] b, int bo, int bs,
                                float[] p, int po, int ps) {
        float m00 = m[mo];
        float m01 = m[ms + mo];
        float m02 = m[2 * ms + mo];
        float m10 = m[3 * ms + mo];
        float m11 = m[4 * ms + mo];
        float m12 = m[5 * ms + mo];
        float m20 = m[6 * ms + mo];
        float m21 = m[7 * ms + mo];
        float m22 = m[8 * ms + mo];
        float m30 = m[9 * ms + mo];
        float m31 = m[10 * ms + mo];
        float m32 = m[11 * ms + mo];
        float w00 = w[wo];
        float w01 = w[ws + wo];
        float w02 = w[2 * ws + wo];
        float w10 = w[3 * ws + wo];
        float w11 = w[4 * ws + wo];
        float w12 = w[5 * ws + wo];
        float w20 = w[6 * ws + wo];
        float w21 = w[7 * ws + wo];
        float w22 = w[8 * ws + wo];
        float w30 = w[9 * ws + wo];
        float w31 = w[10 * ws + wo];
        float w32 = w[11 * ws + wo];
        float b00 = b[bo];
        float b01 = b[bs + bo];
        float b02 = b[2 * bs + bo];
        float b10 = b[3 * bs + bo];
        float b11 = b[4 * bs + bo];
        float b12 = b[5 * bs + bo];
        float b20 = b[6 * bs + bo];
        float b21 = b[7 * bs + bo];
        float b22 = b[8 * bs + bo];
        float b30 = b[9 * bs + bo];
        float b31 = b[10 * bs + bo];
        float b32 = b[11 * bs + bo];
        float t00 = m00 * w00 + m10 * w01 + m20 * w02;
        float t01 = m01 * w00 + m11 * w01 + m21 * w02;
        float t02 = m02 * w00 + m12 * w01 + m22 * w02;
        float t10 = m00 * w10 + m10 * w11 + m20 * w12;
        float t11 = m01 * w10 + m11 * w11 + m21 * w12;
        float t12 = m02 * w10 + m12 * w11 + m22 * w12;
        float t20 = m00 * w20 + m10 * w21 + m20 * w22;
        float t21 = m01 * w20 + m11 * w21 + m21 * w22;
        float t22 = m02 * w20 + m12 * w21 + m22 * w22;
        float t30 = m00 * w30 + m10 * w31 + m20 * w32 + m30;
        float t31 = m01 * w30 + m11 * w31 + m21 * w32 + m31;
        float t32 = m02 * w30 + m12 * w31 + m22 * w32 + m32;
        p[po] = t00 * b00 + t10 * b01 + t20 * b02;
        p[ps + po] = t01 * b00 + t11 * b01 + t21 * b02;
        p[2 * ps + po] = t02 * b00 + t12 * b01 + t22 * b02;
        p[3 * ps + po] = t00 * b10 + t10 * b11 + t20 * b12;
        p[4 * ps + po] = t01 * b10 + t11 * b11 + t21 * b12;
        p[5 * ps + po] = t02 * b10 + t12 * b11 + t22 * b12;
        p[6 * ps + po] = t00 * b20 + t10 * b21 + t20 * b22;
        p[7 * ps + po] = t01 * b20 + t11 * b21 + t21 * b22;
        p[8 * ps + po] = t02 * b20 + t12 * b21 + t22 * b22;
        p[9 * ps + po] = t00 * b30 + t10 * b31 + t20 * b32 + t30;
        p[10 * ps + po] = t01 * b30 + t11 * b31 + t21 * b32 + t31;
        p[11 * ps + po] = t02 * b30 + t12 * b31 + t22 * b32 + t32;
    }
}
