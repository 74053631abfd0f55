package dev.arbor.kernel;


import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector path of {@link LocalToWorld}, on the incubating Vector API. Loaded only when
 * {@link VectorSupport#ENABLED}; never referenced otherwise, so the JVM runs without the module.
 *
 * <p>Works on one word of 64 stale TRS nodes at a time, in batches of {@link #lanes()} consecutive nodes. A batch
 * whose parents all lie before it (always true within one level of a breadth-first layout) is computed lane-wise:
 * the TRS planes are loaded contiguously, and so are the parents' world planes when the parents lie within one or two
 * vectors' width of the first lane's parent (a "window": siblings sit together in a breadth-first layout, so their
 * parents do too); each lane then picks its parent from the loaded vectors by a permutation. Parents spread wider
 * are gathered through the parent indices, which costs about twice as much per batch. A batch of roots composes TRS
 * only. Any other batch (a parent inside the batch, or roots mixed with children) falls back to the scalar code.
 * Every lane performs the scalar kernel's float operations in the same order, so results are bit-identical.
 */
final class LocalToWorldVector {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    /** One bit per lane, in the lowest bits. */
    private static final long BATCH_LANES = (1L << LANES) - 1;
    /** Parent indices, as many lanes as {@link #SPECIES}. */
    private static final VectorSpecies<Integer> INDEX_SPECIES = VectorSpecies.of(int.class, SPECIES.vectorShape());

    private LocalToWorldVector() {
    }

    /** Lane i takes lane i ^ 1, then i ^ 2: two steps that leave each quaternion's sum in its four lanes. */
    private static final VectorShuffle<Float> SWAP_PAIRS = VectorShuffle.fromOp(SPECIES, i -> i ^ 1);
    private static final VectorShuffle<Float> SWAP_HALVES = VectorShuffle.fromOp(SPECIES, i -> i ^ 2);
    /** With a second vector: the even (odd) lanes of this one, then those of the second. */
    private static final VectorShuffle<Float> EVENS =
            VectorShuffle.fromOp(SPECIES, i -> i < LANES / 2 ? 2 * i : 2 * (i - LANES / 2) + LANES);
    private static final VectorShuffle<Float> ODDS =
            VectorShuffle.fromOp(SPECIES, i -> i < LANES / 2 ? 2 * i + 1 : 2 * (i - LANES / 2) + 1 + LANES);
    /** Lanes i with i & 1 set, and with i & 2 set: which vector a blend of two takes each lane from. */
    private static final VectorMask<Float> ODD_LANES = VectorMask.fromLong(SPECIES, 0xAAAA_AAAA_AAAA_AAAAL);
    private static final VectorMask<Float> HIGH_PAIRS = VectorMask.fromLong(SPECIES, 0xCCCC_CCCC_CCCC_CCCCL);
    /**
     * The vector part of {@link QuaternionRuns#check}: whole vectors of quaternions from {@code from}. Bounds are
     * checked by the caller.
     *
     * @return -1 if a quaternion is refused, else {@code (end << 1) | unit}: the quaternions {@code [from, end)}
     *     were checked, and {@code unit} is 1 if all of them are unit length
     */
    static int checkQuaternions(float[] src, int offset, int from, int to) {
        int per = LANES / 4;
        int k = from;
        boolean unit = true;
        // lanes() quaternions at a time: four vectors squared, then reduced so that every quaternion's
        // (x² + y²) + (z² + w²), the same sum as the loop below, stands in one lane. Where two-vector permutations
        // compile to vector code (VectorSupport.WIDE_PERMUTES, JDK 25+): the squares summed pairwise twice by unzipping
        // (as copyQuaternions unzips), lane i holding quaternion k + i; six permutations per 16 quaternions where the
        // loop below takes eight. Elsewhere (JDK 17): each vector's squares summed in pairs by a permutation within it,
        // the pair sums of two vectors merged by a blend (odd lanes from the second), each quaternion's two halves
        // added, and the two merged vectors blended again, lane 4j + m holding quaternion j of vector m; half the
        // permutations of the loop below and a quarter of its tests. The constant test folds away when compiled. The
        // two loops repeat the range and unit tests rather than share a helper: a mask returned from a call that is
        // not inlined is boxed, and such a helper made every frame allocate 384 bytes on JDK 25
        // (SteadyStateAllocationTest). Each iteration reduces its masks to booleans: masks carried from one iteration
        // to the next were boxed on every iteration by JDK 17's compiled loop (6 MB per frame at a million nodes)
        // Ranges of CHECK_AHEAD_MIN quaternions or more come from memory: each iteration also reads one float of each
        // line CHECK_AHEAD floats on (the last lines of the array once that runs past them), so that those lines are
        // on their way while this one is checked; the check alone waits on each line in turn
        boolean ahead = to - from >= CHECK_AHEAD_MIN;
        int last = src.length - 4 * LANES;
        int touched = 0;
        for (; k + LANES <= to; k += LANES) {
            int q = offset + 4 * k;
            if (ahead) {
                int p = Math.min(q + CHECK_AHEAD, last);
                touched |= QuaternionRuns.touch(src, p, p + 4 * LANES);
            }
            FloatVector a = FloatVector.fromArray(SPECIES, src, q);
            FloatVector b = FloatVector.fromArray(SPECIES, src, q + LANES);
            FloatVector d = FloatVector.fromArray(SPECIES, src, q + 2 * LANES);
            FloatVector e = FloatVector.fromArray(SPECIES, src, q + 3 * LANES);
            a = a.mul(a);
            b = b.mul(b);
            d = d.mul(d);
            e = e.mul(e);
            FloatVector sums;
            if (VectorSupport.WIDE_PERMUTES) {
                FloatVector first = a.rearrange(EVENS, b).add(a.rearrange(ODDS, b)); // x² + y², z² + w², ...
                FloatVector second = d.rearrange(EVENS, e).add(d.rearrange(ODDS, e));
                sums = first.rearrange(EVENS, second).add(first.rearrange(ODDS, second));
            } else {
                a = a.add(a.rearrange(SWAP_PAIRS));
                b = b.add(b.rearrange(SWAP_PAIRS));
                d = d.add(d.rearrange(SWAP_PAIRS));
                e = e.add(e.rearrange(SWAP_PAIRS));
                FloatVector first = a.blend(b, ODD_LANES);
                FloatVector second = d.blend(e, ODD_LANES);
                first = first.add(first.rearrange(SWAP_HALVES));
                second = second.add(second.rearrange(SWAP_HALVES));
                sums = first.blend(second, HIGH_PAIRS);
            }
            if (!sums.compare(VectorOperators.GT, QuaternionRuns.MIN_SQUARED_LENGTH)
                    .and(sums.compare(VectorOperators.LT, QuaternionRuns.MAX_SQUARED_LENGTH)).allTrue()) {
                return -1;
            }
            unit &= sums.sub(1f).abs().compare(VectorOperators.LE, QuaternionRuns.UNIT_SLACK).allTrue();
        }
        for (; k + per <= to; k += per) {
            FloatVector v = FloatVector.fromArray(SPECIES, src, offset + 4 * k);
            FloatVector squares = v.mul(v);
            FloatVector sums = squares.add(squares.rearrange(SWAP_PAIRS));
            sums = sums.add(sums.rearrange(SWAP_HALVES));
            if (!sums.compare(VectorOperators.GT, QuaternionRuns.MIN_SQUARED_LENGTH)
                    .and(sums.compare(VectorOperators.LT, QuaternionRuns.MAX_SQUARED_LENGTH)).allTrue()) {
                return -1;
            }
            unit &= sums.sub(1f).abs().compare(VectorOperators.LE, QuaternionRuns.UNIT_SLACK).allTrue();
        }
        touchedBits = touched;
        return (k << 1) | (unit ? 1 : 0);
    }

    /** Quaternions from which {@link #checkQuaternions} reads ahead: ranges this long are not in cache. */
    static final int CHECK_AHEAD_MIN = 1 << 16;
    /**
     * How far ahead {@link #checkQuaternions} reads, in floats: 16 lines. Distances from 128 to 2,048 floats measured
     * the same on a million quaternions.
     */
    private static final int CHECK_AHEAD = 256;
    /** The OR of the floats {@link #checkQuaternions} read ahead, kept so that the reads are not dropped as unused. */
    static int touchedBits;

    /**
     * The vector part of {@link QuaternionRuns#copy}: {@link #lanes()} quaternions at a time, four vectors loaded
     * and unzipped twice into the four planes. Bounds are checked by the caller. Only where
     * {@link VectorSupport#WIDE_PERMUTES}: elsewhere the permutations cost more than the scalar copy.
     *
     * @return the first quaternion not copied
     */
    static int copyQuaternions(float[] src, int offset, int from, int to, float[] planes, int base, int c) {
        int k = from;
        for (; k + LANES <= to; k += LANES) {
            int q = offset + 4 * k;
            FloatVector a = FloatVector.fromArray(SPECIES, src, q);
            FloatVector b = FloatVector.fromArray(SPECIES, src, q + LANES);
            FloatVector d = FloatVector.fromArray(SPECIES, src, q + 2 * LANES);
            FloatVector e = FloatVector.fromArray(SPECIES, src, q + 3 * LANES);
            FloatVector xzFirst = a.rearrange(EVENS, b); // x z of the first half, quaternion by quaternion
            FloatVector ywFirst = a.rearrange(ODDS, b);
            FloatVector xzSecond = d.rearrange(EVENS, e);
            FloatVector ywSecond = d.rearrange(ODDS, e);
            xzFirst.rearrange(EVENS, xzSecond).intoArray(planes, base + k);
            ywFirst.rearrange(EVENS, ywSecond).intoArray(planes, base + c + k);
            xzFirst.rearrange(ODDS, xzSecond).intoArray(planes, base + 2 * c + k);
            ywFirst.rearrange(ODDS, ywSecond).intoArray(planes, base + 3 * c + k);
        }
        return k;
    }

    /**
     * The vector part of {@link QuaternionRuns#gather}: {@link #lanes()} destinations at a time, each of the
     * {@code components} planes filled by one gather through {@code index}. Bounds are checked by the caller.
     *
     * @return the first destination not written
     */
    static int gatherComponents(float[] src, int offset, int[] index, int from, int to, int components,
                                float[] planes, int base, int c) {
        int k = from;
        for (; k + LANES <= to; k += LANES) {
            for (int m = 0; m < components; m++) {
                FloatVector.fromArray(SPECIES, src, offset + m, index, k).intoArray(planes, base + m * c + k);
            }
        }
        return k;
    }

    /**
     * {@link Palettes#chain} a vector of joints at a time, up to {@code count} rounded up to whole vectors (within the
     * plane stride, a multiple of {@link Palettes#STRIDE_MULTIPLE}). Each lane performs the scalar path's operations in
     * its order. {@code m}'s elements are broadcast once; only this class's own vector type is used, so the bulk
     * kernel's type profiles stay as they are ({@link VectorSupport}).
     */
    static void chainPlanes(float[] m, int mo, float[] w, float[] b, float[] p, int s, int count) {
        FloatVector m00 = FloatVector.broadcast(SPECIES, m[mo]);
        FloatVector m01 = FloatVector.broadcast(SPECIES, m[mo + 1]);
        FloatVector m02 = FloatVector.broadcast(SPECIES, m[mo + 2]);
        FloatVector m10 = FloatVector.broadcast(SPECIES, m[mo + 3]);
        FloatVector m11 = FloatVector.broadcast(SPECIES, m[mo + 4]);
        FloatVector m12 = FloatVector.broadcast(SPECIES, m[mo + 5]);
        FloatVector m20 = FloatVector.broadcast(SPECIES, m[mo + 6]);
        FloatVector m21 = FloatVector.broadcast(SPECIES, m[mo + 7]);
        FloatVector m22 = FloatVector.broadcast(SPECIES, m[mo + 8]);
        FloatVector m30 = FloatVector.broadcast(SPECIES, m[mo + 9]);
        FloatVector m31 = FloatVector.broadcast(SPECIES, m[mo + 10]);
        FloatVector m32 = FloatVector.broadcast(SPECIES, m[mo + 11]);
        for (int j = 0; j < count; j += LANES) {
            FloatVector w00 = FloatVector.fromArray(SPECIES, w, j);
            FloatVector w01 = FloatVector.fromArray(SPECIES, w, s + j);
            FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * s + j);
            FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * s + j);
            FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * s + j);
            FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * s + j);
            FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * s + j);
            FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * s + j);
            FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * s + j);
            FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * s + j);
            FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * s + j);
            FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * s + j);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            FloatVector b00 = FloatVector.fromArray(SPECIES, b, j);
            FloatVector b01 = FloatVector.fromArray(SPECIES, b, s + j);
            FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * s + j);
            FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * s + j);
            FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * s + j);
            FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * s + j);
            FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * s + j);
            FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * s + j);
            FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * s + j);
            FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * s + j);
            FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * s + j);
            FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * s + j);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, s + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * s + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * s + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * s + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * s + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * s + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * s + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * s + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * s + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * s + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * s + j);
        }
    }

    /**
     * {@link Palettes#chainLanes}'s vector path: lanes {@code [from, to)} rounded out to whole vectors ({@code from} is
     * a multiple of the lane count; the planes' padding takes the lanes past {@code to}). Same operations in the same
     * order as {@link #chainPlanes}, with the left matrix per lane and the right one broadcast.
     */
    static void chainLanes(float[] m, int ms, float[] w, float[] p, int o, int s, float[] b, int bo, int from,
                           int to) {
        FloatVector b00 = FloatVector.broadcast(SPECIES, b[bo]);
        FloatVector b01 = FloatVector.broadcast(SPECIES, b[bo + 1]);
        FloatVector b02 = FloatVector.broadcast(SPECIES, b[bo + 2]);
        FloatVector b10 = FloatVector.broadcast(SPECIES, b[bo + 3]);
        FloatVector b11 = FloatVector.broadcast(SPECIES, b[bo + 4]);
        FloatVector b12 = FloatVector.broadcast(SPECIES, b[bo + 5]);
        FloatVector b20 = FloatVector.broadcast(SPECIES, b[bo + 6]);
        FloatVector b21 = FloatVector.broadcast(SPECIES, b[bo + 7]);
        FloatVector b22 = FloatVector.broadcast(SPECIES, b[bo + 8]);
        FloatVector b30 = FloatVector.broadcast(SPECIES, b[bo + 9]);
        FloatVector b31 = FloatVector.broadcast(SPECIES, b[bo + 10]);
        FloatVector b32 = FloatVector.broadcast(SPECIES, b[bo + 11]);
        for (int r = from; r < to; r += LANES) {
            int j = o + r;
            FloatVector m00 = FloatVector.fromArray(SPECIES, m, r);
            FloatVector m01 = FloatVector.fromArray(SPECIES, m, ms + r);
            FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * ms + r);
            FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * ms + r);
            FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * ms + r);
            FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * ms + r);
            FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * ms + r);
            FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * ms + r);
            FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * ms + r);
            FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * ms + r);
            FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * ms + r);
            FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * ms + r);
            FloatVector w00 = FloatVector.fromArray(SPECIES, w, j);
            FloatVector w01 = FloatVector.fromArray(SPECIES, w, s + j);
            FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * s + j);
            FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * s + j);
            FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * s + j);
            FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * s + j);
            FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * s + j);
            FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * s + j);
            FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * s + j);
            FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * s + j);
            FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * s + j);
            FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * s + j);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, s + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * s + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * s + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * s + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * s + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * s + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * s + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * s + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * s + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * s + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * s + j);
        }
    }

    /**
     * {@link Palettes#chainGathered} a vector of lanes at a time, lanes {@code [0, lanes)} rounded up to whole vectors,
     * for members {@code k < members}: the left matrices in planes ({@code m[e × ms + r]}), each member's right matrix
     * broadcast (12 floats from {@code 12 × k}), the middle ones gathered ({@code w[index[wo + k × wk + r] + e × ws]}),
     * the results to {@code p[po + k × pk + e × pe + r]}. Each lane performs the scalar path's operations in its order.
     */
    static void chainGathered(float[] m, int ms, float[] w, int ws, int[] index, int wo, int wk, float[] b,
                              float[] p, int po, int pk, int pe, int members, int lanes) {
        for (int r = 0; r < lanes; r += LANES) {
            FloatVector m00 = FloatVector.fromArray(SPECIES, m, r);
            FloatVector m01 = FloatVector.fromArray(SPECIES, m, ms + r);
            FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * ms + r);
            FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * ms + r);
            FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * ms + r);
            FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * ms + r);
            FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * ms + r);
            FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * ms + r);
            FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * ms + r);
            FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * ms + r);
            FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * ms + r);
            FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * ms + r);
            for (int k = 0; k < members; k++) {
                int x = wo + k * wk + r;
                FloatVector w00 = FloatVector.fromArray(SPECIES, w, 0, index, x);
                FloatVector w01 = FloatVector.fromArray(SPECIES, w, ws, index, x);
                FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * ws, index, x);
                FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * ws, index, x);
                FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * ws, index, x);
                FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * ws, index, x);
                FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * ws, index, x);
                FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * ws, index, x);
                FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * ws, index, x);
                FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * ws, index, x);
                FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * ws, index, x);
                FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * ws, index, x);
                FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
                FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
                FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
                FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
                FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
                FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
                FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
                FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
                FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
                FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
                FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
                FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
                int bk = 12 * k;
                float b32 = b[bk + 11]; // the highest index first: one bounds check covers the rest
                int d = po + k * pk + r;
                t00.mul(b[bk]).add(t10.mul(b[bk + 1])).add(t20.mul(b[bk + 2])).intoArray(p, d);
                t01.mul(b[bk]).add(t11.mul(b[bk + 1])).add(t21.mul(b[bk + 2])).intoArray(p, pe + d);
                t02.mul(b[bk]).add(t12.mul(b[bk + 1])).add(t22.mul(b[bk + 2])).intoArray(p, 2 * pe + d);
                t00.mul(b[bk + 3]).add(t10.mul(b[bk + 4])).add(t20.mul(b[bk + 5])).intoArray(p, 3 * pe + d);
                t01.mul(b[bk + 3]).add(t11.mul(b[bk + 4])).add(t21.mul(b[bk + 5])).intoArray(p, 4 * pe + d);
                t02.mul(b[bk + 3]).add(t12.mul(b[bk + 4])).add(t22.mul(b[bk + 5])).intoArray(p, 5 * pe + d);
                t00.mul(b[bk + 6]).add(t10.mul(b[bk + 7])).add(t20.mul(b[bk + 8])).intoArray(p, 6 * pe + d);
                t01.mul(b[bk + 6]).add(t11.mul(b[bk + 7])).add(t21.mul(b[bk + 8])).intoArray(p, 7 * pe + d);
                t02.mul(b[bk + 6]).add(t12.mul(b[bk + 7])).add(t22.mul(b[bk + 8])).intoArray(p, 8 * pe + d);
                t00.mul(b[bk + 9]).add(t10.mul(b[bk + 10])).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + d);
                t01.mul(b[bk + 9]).add(t11.mul(b[bk + 10])).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + d);
                t02.mul(b[bk + 9]).add(t12.mul(b[bk + 10])).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + d);
            }
        }
    }

    /**
     * The first step of a window of {@link Palettes#chainWindows}, on 8-lane vectors only (AVX2): each lane's left
     * matrix picked from the block's 16 ({@code m}, 12 planes of 16) by its instance, into the window's lanes of
     * {@code p} ({@code p[e × pe + o + r]}), where {@link #windowProducts} reads it: an instance may lie in either half of the
     * block, so two permutations and a blend, as {@link #windowBatch2} picks parents from two vectors. On 16 lanes
     * {@link #chainWindow} picks in registers instead (the two steps cost 20 µs more a frame of 1,000 CesiumMan there,
     * measured). Only moves values.
     */
    static void pickWindowLanes(int[] lanes, float[] m, float[] p, int pe, int o) {
        for (int r = 0; r < Palettes.STRIDE_MULTIPLE; r += LANES) {
            IntVector instance = IntVector.fromArray(INDEX_SPECIES, lanes, o + r).and(Palettes.STRIDE_MULTIPLE - 1);
            VectorShuffle<Integer> pick = instance.and(LANES - 1).toShuffle();
            VectorMask<Integer> high = instance.compare(VectorOperators.GE, LANES);
            for (int e = 0; e < 12; e++) {
                int plane = Palettes.STRIDE_MULTIPLE * e;
                FloatVector.fromArray(SPECIES, m, plane).reinterpretAsInts().rearrange(pick)
                        .blend(FloatVector.fromArray(SPECIES, m, plane + LANES).reinterpretAsInts().rearrange(pick),
                                high)
                        .reinterpretAsFloats().intoArray(p, e * pe + o + r);
            }
        }
    }

    /**
     * The second step of a window of {@link Palettes#chainWindows}: {@code p = p × W × b} lane by lane, the left
     * matrices as {@link #pickWindowLanes} left them in {@code p}, the worlds loaded contiguously from {@code x}, the
     * right matrices per lane; each lane read before it is written. Each lane performs the scalar path's operations in
     * its order.
     */
    static void windowProducts(float[] worlds, int es, int x, float[] b, float[] p, int pe, int o) {
        for (int r = 0; r < Palettes.STRIDE_MULTIPLE; r += LANES) {
            int j = o + r;
            int y = x + r;
            FloatVector m00 = FloatVector.fromArray(SPECIES, p, j);
            FloatVector m01 = FloatVector.fromArray(SPECIES, p, pe + j);
            FloatVector m02 = FloatVector.fromArray(SPECIES, p, 2 * pe + j);
            FloatVector m10 = FloatVector.fromArray(SPECIES, p, 3 * pe + j);
            FloatVector m11 = FloatVector.fromArray(SPECIES, p, 4 * pe + j);
            FloatVector m12 = FloatVector.fromArray(SPECIES, p, 5 * pe + j);
            FloatVector m20 = FloatVector.fromArray(SPECIES, p, 6 * pe + j);
            FloatVector m21 = FloatVector.fromArray(SPECIES, p, 7 * pe + j);
            FloatVector m22 = FloatVector.fromArray(SPECIES, p, 8 * pe + j);
            FloatVector m30 = FloatVector.fromArray(SPECIES, p, 9 * pe + j);
            FloatVector m31 = FloatVector.fromArray(SPECIES, p, 10 * pe + j);
            FloatVector m32 = FloatVector.fromArray(SPECIES, p, 11 * pe + j);
            FloatVector w00 = FloatVector.fromArray(SPECIES, worlds, y);
            FloatVector w01 = FloatVector.fromArray(SPECIES, worlds, es + y);
            FloatVector w02 = FloatVector.fromArray(SPECIES, worlds, 2 * es + y);
            FloatVector w10 = FloatVector.fromArray(SPECIES, worlds, 3 * es + y);
            FloatVector w11 = FloatVector.fromArray(SPECIES, worlds, 4 * es + y);
            FloatVector w12 = FloatVector.fromArray(SPECIES, worlds, 5 * es + y);
            FloatVector w20 = FloatVector.fromArray(SPECIES, worlds, 6 * es + y);
            FloatVector w21 = FloatVector.fromArray(SPECIES, worlds, 7 * es + y);
            FloatVector w22 = FloatVector.fromArray(SPECIES, worlds, 8 * es + y);
            FloatVector w30 = FloatVector.fromArray(SPECIES, worlds, 9 * es + y);
            FloatVector w31 = FloatVector.fromArray(SPECIES, worlds, 10 * es + y);
            FloatVector w32 = FloatVector.fromArray(SPECIES, worlds, 11 * es + y);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            FloatVector b00 = FloatVector.fromArray(SPECIES, b, j);
            FloatVector b01 = FloatVector.fromArray(SPECIES, b, pe + j);
            FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * pe + j);
            FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * pe + j);
            FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * pe + j);
            FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * pe + j);
            FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * pe + j);
            FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * pe + j);
            FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * pe + j);
            FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * pe + j);
            FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * pe + j);
            FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * pe + j);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, pe + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * pe + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * pe + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * pe + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * pe + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * pe + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * pe + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * pe + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + j);
        }
    }

    /**
     * One window of {@link Palettes#chainWindows} on 16-lane vectors, its lanes from {@code o} in {@code lanes},
     * {@code b} and {@code p}, its positions from {@code x}: the 12 world planes loaded contiguously, each lane's left
     * matrix picked from the block's 16 by a permutation (the lane's instance, as {@link #windowBatch} picks parents),
     * the right matrices loaded per lane. Each lane performs the scalar path's operations in its order. One window
     * per call, as one batch per call in the update: a loop around this body made the method large enough for the
     * JIT to stop inlining the vector operations in some JVMs, whose boxed vectors then allocated. Bounds are checked
     * by the caller.
     */
    static void chainWindow(float[] worlds, int es, int x, int[] lanes, float[] m, float[] b, float[] p, int pe,
                            int o) {
        VectorShuffle<Integer> pick = IntVector.fromArray(INDEX_SPECIES, lanes, o).and(LANES - 1).toShuffle();
        FloatVector m00 = FloatVector.fromArray(SPECIES, m, 0).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m01 = FloatVector.fromArray(SPECIES, m, LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector w00 = FloatVector.fromArray(SPECIES, worlds, x);
        FloatVector w01 = FloatVector.fromArray(SPECIES, worlds, es + x);
        FloatVector w02 = FloatVector.fromArray(SPECIES, worlds, 2 * es + x);
        FloatVector w10 = FloatVector.fromArray(SPECIES, worlds, 3 * es + x);
        FloatVector w11 = FloatVector.fromArray(SPECIES, worlds, 4 * es + x);
        FloatVector w12 = FloatVector.fromArray(SPECIES, worlds, 5 * es + x);
        FloatVector w20 = FloatVector.fromArray(SPECIES, worlds, 6 * es + x);
        FloatVector w21 = FloatVector.fromArray(SPECIES, worlds, 7 * es + x);
        FloatVector w22 = FloatVector.fromArray(SPECIES, worlds, 8 * es + x);
        FloatVector w30 = FloatVector.fromArray(SPECIES, worlds, 9 * es + x);
        FloatVector w31 = FloatVector.fromArray(SPECIES, worlds, 10 * es + x);
        FloatVector w32 = FloatVector.fromArray(SPECIES, worlds, 11 * es + x);
        FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
        FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
        FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
        FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
        FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
        FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
        FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
        FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
        FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
        FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
        FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
        FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
        FloatVector b00 = FloatVector.fromArray(SPECIES, b, o);
        FloatVector b01 = FloatVector.fromArray(SPECIES, b, pe + o);
        FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * pe + o);
        FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * pe + o);
        FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * pe + o);
        FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * pe + o);
        FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * pe + o);
        FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * pe + o);
        FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * pe + o);
        FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * pe + o);
        FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * pe + o);
        FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * pe + o);
        t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, o);
        t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, pe + o);
        t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * pe + o);
        t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * pe + o);
        t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * pe + o);
        t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * pe + o);
        t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * pe + o);
        t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * pe + o);
        t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * pe + o);
        t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + o);
        t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + o);
        t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + o);
    }

    /**
     * The constants of {@link #toColumnMajor4x4}, in a class of their own: made at its first use only, so that a JVM
     * that never transposes in registers (JDK 17: {@link VectorSupport#CROWD_PALETTE_VECTORS}) never makes them.
     */
    private static final class Transpose {
        /** Lane i takes lane i ^ 4, and i ^ 8; and the lanes with i & 4 set, and with i & 8 (16-lane vectors). */
        static final VectorShuffle<Float> XOR_4 = VectorShuffle.fromOp(SPECIES, i -> i ^ 4);
        static final VectorShuffle<Float> XOR_8 = VectorShuffle.fromOp(SPECIES, i -> i ^ 8);
        static final VectorMask<Float> LANES_4 = VectorMask.fromLong(SPECIES, 0xF0F0_F0F0_F0F0_F0F0L);
        static final VectorMask<Float> LANES_8 = VectorMask.fromLong(SPECIES, 0xFF00_FF00_FF00_FF00L);
        /** Row 3, 7, 11 and 15 of a 4×4 entry transposition after two rounds: 1 in lanes 12–15, else 0. */
        static final FloatVector K = FloatVector.broadcast(SPECIES, 0f)
                .blend(1f, VectorMask.fromLong(SPECIES, 0xF000L));

        private Transpose() {
        }
    }

    /**
     * The vector part of {@link Palettes#toColumnMajor4x4} for {@link Palettes#STRIDE_MULTIPLE} lanes, on 16-lane
     * vectors only: the 12 planes (element {@code e} of lane {@code r} at {@code planes[po + e × pe + r]}) seen as
     * rows 0–2, 4–6, 8–10 and 12–14 of a 16 × 16 matrix whose rows 3, 7 and 11 are 0 and row 15 is 1, transposed by
     * four rounds that each swap one bit of the row index with the lane index (per pair of rows one one-vector
     * permutation and one blend per result), so that row {@code r} is lane {@code r}'s 4×4 entry, written at
     * {@code dest[d + r × ds]}, or with rows at {@code dest[d + rows[ro + r]]} where that row lies in
     * {@code [0, limit - 16]} (else not written). Only moves values: the bits are the scalar conversion's.
     */
    static void toColumnMajor4x4(float[] planes, int po, int pe, float[] dest, int d, int ds, int[] rows, int ro,
                                 int limit) {
        // each row's place computed here, not by a call: the JIT does not inline calls into a method this large
        int last = rows == null ? Integer.MAX_VALUE : limit - 16;
        FloatVector a0 = FloatVector.fromArray(SPECIES, planes, po);
        FloatVector a1 = FloatVector.fromArray(SPECIES, planes, pe + po);
        FloatVector a2 = FloatVector.fromArray(SPECIES, planes, 2 * pe + po);
        FloatVector a4 = FloatVector.fromArray(SPECIES, planes, 3 * pe + po);
        FloatVector a5 = FloatVector.fromArray(SPECIES, planes, 4 * pe + po);
        FloatVector a6 = FloatVector.fromArray(SPECIES, planes, 5 * pe + po);
        FloatVector a8 = FloatVector.fromArray(SPECIES, planes, 6 * pe + po);
        FloatVector a9 = FloatVector.fromArray(SPECIES, planes, 7 * pe + po);
        FloatVector a10 = FloatVector.fromArray(SPECIES, planes, 8 * pe + po);
        FloatVector a12 = FloatVector.fromArray(SPECIES, planes, 9 * pe + po);
        FloatVector a13 = FloatVector.fromArray(SPECIES, planes, 10 * pe + po);
        FloatVector a14 = FloatVector.fromArray(SPECIES, planes, 11 * pe + po);
        // the rows swap index bit 3 with the lanes, then bit 2: rows 3, 7, 11 and 15 become K
        FloatVector b0 = a0.blend(a8.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b8 = a0.rearrange(Transpose.XOR_8).blend(a8, Transpose.LANES_8);
        FloatVector b1 = a1.blend(a9.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b9 = a1.rearrange(Transpose.XOR_8).blend(a9, Transpose.LANES_8);
        FloatVector b2 = a2.blend(a10.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b10 = a2.rearrange(Transpose.XOR_8).blend(a10, Transpose.LANES_8);
        FloatVector b4 = a4.blend(a12.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b12 = a4.rearrange(Transpose.XOR_8).blend(a12, Transpose.LANES_8);
        FloatVector b5 = a5.blend(a13.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b13 = a5.rearrange(Transpose.XOR_8).blend(a13, Transpose.LANES_8);
        FloatVector b6 = a6.blend(a14.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b14 = a6.rearrange(Transpose.XOR_8).blend(a14, Transpose.LANES_8);
        FloatVector c0 = b0.blend(b4.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c4 = b0.rearrange(Transpose.XOR_4).blend(b4, Transpose.LANES_4);
        FloatVector c1 = b1.blend(b5.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c5 = b1.rearrange(Transpose.XOR_4).blend(b5, Transpose.LANES_4);
        FloatVector c2 = b2.blend(b6.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c6 = b2.rearrange(Transpose.XOR_4).blend(b6, Transpose.LANES_4);
        FloatVector c8 = b8.blend(b12.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c12 = b8.rearrange(Transpose.XOR_4).blend(b12, Transpose.LANES_4);
        FloatVector c9 = b9.blend(b13.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c13 = b9.rearrange(Transpose.XOR_4).blend(b13, Transpose.LANES_4);
        FloatVector c10 = b10.blend(b14.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c14 = b10.rearrange(Transpose.XOR_4).blend(b14, Transpose.LANES_4);
        // bit 1 (K.rearrange(SWAP_HALVES) is K)
        FloatVector d0 = c0.blend(c2.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d2 = c0.rearrange(SWAP_HALVES).blend(c2, HIGH_PAIRS);
        FloatVector d4 = c4.blend(c6.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d6 = c4.rearrange(SWAP_HALVES).blend(c6, HIGH_PAIRS);
        FloatVector d8 = c8.blend(c10.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d10 = c8.rearrange(SWAP_HALVES).blend(c10, HIGH_PAIRS);
        FloatVector d12 = c12.blend(c14.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d14 = c12.rearrange(SWAP_HALVES).blend(c14, HIGH_PAIRS);
        FloatVector d1 = c1.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d3 = c1.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d5 = c5.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d7 = c5.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d9 = c9.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d11 = c9.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d13 = c13.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d15 = c13.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        // bit 0: row r is entry r
        int at0 = rows == null ? 0 : rows[ro];
        if (at0 >= 0 && at0 <= last) {
            d0.blend(d1.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at0);
        }
        int at1 = rows == null ? ds : rows[ro + 1];
        if (at1 >= 0 && at1 <= last) {
            d0.rearrange(SWAP_PAIRS).blend(d1, ODD_LANES).intoArray(dest, d + at1);
        }
        int at2 = rows == null ? 2 * ds : rows[ro + 2];
        if (at2 >= 0 && at2 <= last) {
            d2.blend(d3.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at2);
        }
        int at3 = rows == null ? 3 * ds : rows[ro + 3];
        if (at3 >= 0 && at3 <= last) {
            d2.rearrange(SWAP_PAIRS).blend(d3, ODD_LANES).intoArray(dest, d + at3);
        }
        int at4 = rows == null ? 4 * ds : rows[ro + 4];
        if (at4 >= 0 && at4 <= last) {
            d4.blend(d5.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at4);
        }
        int at5 = rows == null ? 5 * ds : rows[ro + 5];
        if (at5 >= 0 && at5 <= last) {
            d4.rearrange(SWAP_PAIRS).blend(d5, ODD_LANES).intoArray(dest, d + at5);
        }
        int at6 = rows == null ? 6 * ds : rows[ro + 6];
        if (at6 >= 0 && at6 <= last) {
            d6.blend(d7.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at6);
        }
        int at7 = rows == null ? 7 * ds : rows[ro + 7];
        if (at7 >= 0 && at7 <= last) {
            d6.rearrange(SWAP_PAIRS).blend(d7, ODD_LANES).intoArray(dest, d + at7);
        }
        int at8 = rows == null ? 8 * ds : rows[ro + 8];
        if (at8 >= 0 && at8 <= last) {
            d8.blend(d9.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at8);
        }
        int at9 = rows == null ? 9 * ds : rows[ro + 9];
        if (at9 >= 0 && at9 <= last) {
            d8.rearrange(SWAP_PAIRS).blend(d9, ODD_LANES).intoArray(dest, d + at9);
        }
        int at10 = rows == null ? 10 * ds : rows[ro + 10];
        if (at10 >= 0 && at10 <= last) {
            d10.blend(d11.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at10);
        }
        int at11 = rows == null ? 11 * ds : rows[ro + 11];
        if (at11 >= 0 && at11 <= last) {
            d10.rearrange(SWAP_PAIRS).blend(d11, ODD_LANES).intoArray(dest, d + at11);
        }
        int at12 = rows == null ? 12 * ds : rows[ro + 12];
        if (at12 >= 0 && at12 <= last) {
            d12.blend(d13.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at12);
        }
        int at13 = rows == null ? 13 * ds : rows[ro + 13];
        if (at13 >= 0 && at13 <= last) {
            d12.rearrange(SWAP_PAIRS).blend(d13, ODD_LANES).intoArray(dest, d + at13);
        }
        int at14 = rows == null ? 14 * ds : rows[ro + 14];
        if (at14 >= 0 && at14 <= last) {
            d14.blend(d15.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at14);
        }
        int at15 = rows == null ? 15 * ds : rows[ro + 15];
        if (at15 >= 0 && at15 <= last) {
            d14.rearrange(SWAP_PAIRS).blend(d15, ODD_LANES).intoArray(dest, d + at15);
        }
    }

    /**
     * Runs every vector method of this class once, on a scratch scene of four batches. {@link VectorSupport} calls it
     * once, when it turns the vector path on, so that every vector operation used here has been looked up before the
     * JIT compiles any of it.
     *
     * <p>Why (measured on JDK 17): the Vector API looks each operation's implementation up in a cache
     * ({@code VectorOperators.ImplCache.find}), which the JIT compiles on its own early. If an operation is first used
     * after that (a batch kind or a loop that runs only later), the compiled lookup deoptimises once at its cache miss,
     * and that trap stays counted in the lookup's profile. The JIT adds that count once for every place the lookup is
     * inlined, and {@link #windowBatch} inlines it about a hundred times; past JDK 17's limit of 100 traps per
     * compilation it stops speculating on types, the last stores of the method lose their vector intrinsic, and every
     * batch allocated a boxed vector: 24,096 bytes per frame of a 6,000-node scene in about half of the JVM runs.
     */
    static void warmUp() {
        int c = 4 * LANES;
        float[] locals = LocalToWorld.newPlanes(c, LocalToWorld.LOCAL_PLANES);
        float[] worlds = LocalToWorld.newPlanes(c, LocalToWorld.WORLD_PLANES);
        int[] parents = new int[c];
        // rotation w and the scales: identity rotations
        java.util.Arrays.fill(locals, 6 * c, 10 * c, 1f);
        for (int k = 0; k < c; k++) {
            parents[k] = k < LANES ? -1 : k - LANES; // a batch of roots, then three of children
        }
        rootsBatch(locals, worlds, c, 0);
        windowBatch(locals, parents, worlds, c, LANES);
        windowBatch2(locals, parents, worlds, c, 2 * LANES);
        gatherColumn(locals, parents, worlds, c, 3 * LANES, 0);
        int quaternions = LANES + LANES / 4; // one step of each loop
        float[] unit = new float[4 * quaternions];
        for (int q = 0; q < quaternions; q++) {
            unit[4 * q + 3] = 1f;
        }
        checkQuaternions(unit, 0, 0, quaternions);
        if (VectorSupport.WIDE_PERMUTES) {
            copyQuaternions(unit, 0, 0, quaternions, locals, 3 * c, c);
        }
        int[] index = new int[LANES];
        for (int k = 0; k < LANES; k++) {
            index[k] = 4 * (LANES - 1 - k);
        }
        gatherComponents(unit, 0, index, 0, LANES, 4, locals, 3 * c, c);
        float[] palette = new float[12 * Palettes.STRIDE_MULTIPLE];
        chainPlanes(palette, 0, palette, palette, palette, Palettes.STRIDE_MULTIPLE, 1);
        int[] nodes = new int[LANES];
        chainLanes(palette, LANES, palette, palette, 0, LANES, palette, 0, 0, 1);
        if (LANES == Palettes.STRIDE_MULTIPLE) {
            chainWindow(palette, LANES, 0, nodes, palette, palette, palette, LANES, 0);
        }
        if (LANES == 8) {
            pickWindowLanes(new int[Palettes.STRIDE_MULTIPLE], palette, palette, Palettes.STRIDE_MULTIPLE, 0);
            windowProducts(palette, Palettes.STRIDE_MULTIPLE, 0, palette, palette, Palettes.STRIDE_MULTIPLE, 0);
        }
        if (VectorSupport.CROWD_PALETTE_VECTORS) { // else never called: no gathered products, no transposition
            chainGathered(palette, LANES, palette, LANES, nodes, 0, 0, palette, palette, 0, 0, LANES, 1, 1);
            if (LANES == Palettes.STRIDE_MULTIPLE) {
                toColumnMajor4x4(palette, 0, 1, new float[16 * LANES], 0, 16, null, 0, 0);
            }
        }
        float[] keys = new float[9 * LANES];
        slerpLanes(keys, 0, LANES, 0.5f, keys, 0, LANES);
        lerpLanes(keys, 0, LANES, LANES, 0.5f, keys, 2 * LANES);
    }

    /**
     * The vector part of {@link SlerpRuns#slerp}: whole vectors of lanes, the scalar loop's operations in its order.
     *
     * @return the first lane not computed
     */
    static int slerpLanes(float[] r, int o, int n, float s, float[] dest, int d, int cs) {
        // everything inline, no helper returning a vector: a vector returned from a call the JIT does not inline is
        // boxed, and the warm-up then never sees a round without allocation
        FloatVector u = FloatVector.broadcast(SPECIES, 1f - s);
        FloatVector sv = FloatVector.broadcast(SPECIES, s);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector f1 = FloatVector.broadcast(SPECIES, SlerpRuns.F1);
        FloatVector f2 = FloatVector.broadcast(SPECIES, SlerpRuns.F2);
        FloatVector f3 = FloatVector.broadcast(SPECIES, SlerpRuns.F3);
        FloatVector f4 = FloatVector.broadcast(SPECIES, SlerpRuns.F4);
        FloatVector f5 = FloatVector.broadcast(SPECIES, SlerpRuns.F5);
        int j = 0;
        for (; j + LANES <= n; j += LANES) {
            int q = o + j;
            FloatVector angle = FloatVector.fromArray(SPECIES, r, q + 8 * n);
            // SlerpRuns.sinc of u θ and of s θ, the same operations in the same order
            FloatVector a = u.mul(angle);
            FloatVector a2 = a.mul(a);
            FloatVector k0 = u.mul(a2.mul(a2.mul(a2.mul(a2.mul(a2.mul(f5).add(f4)).add(f3)).add(f2)).add(f1))
                    .add(one));
            FloatVector b = sv.mul(angle);
            FloatVector b2 = b.mul(b);
            FloatVector k1 = sv.mul(b2.mul(b2.mul(b2.mul(b2.mul(b2.mul(f5).add(f4)).add(f3)).add(f2)).add(f1))
                    .add(one));
            FloatVector x = k0.mul(FloatVector.fromArray(SPECIES, r, q))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 4 * n)));
            FloatVector y = k0.mul(FloatVector.fromArray(SPECIES, r, q + n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 5 * n)));
            FloatVector z = k0.mul(FloatVector.fromArray(SPECIES, r, q + 2 * n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 6 * n)));
            FloatVector w = k0.mul(FloatVector.fromArray(SPECIES, r, q + 3 * n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 7 * n)));
            FloatVector len2 = x.mul(x).add(y.mul(y)).add(z.mul(z)).add(w.mul(w));
            FloatVector inv = one.div(len2.lanewise(VectorOperators.SQRT));
            x.mul(inv).intoArray(dest, d + j);
            y.mul(inv).intoArray(dest, d + cs + j);
            z.mul(inv).intoArray(dest, d + 2 * cs + j);
            w.mul(inv).intoArray(dest, d + 3 * cs + j);
        }
        return j;
    }

    /**
     * The vector part of one component of {@link SlerpRuns#lerp}: {@code a + (b - a) s} for whole vectors of lanes,
     * {@code a} from {@code from}, {@code b} from {@code to}, results from {@code at}.
     *
     * @return the first lane not computed
     */
    static int lerpLanes(float[] r, int from, int to, int n, float s, float[] dest, int at) {
        FloatVector sv = FloatVector.broadcast(SPECIES, s);
        int j = 0;
        for (; j + LANES <= n; j += LANES) {
            FloatVector a = FloatVector.fromArray(SPECIES, r, from + j);
            FloatVector b = FloatVector.fromArray(SPECIES, r, to + j);
            a.add(b.sub(a).mul(sv)).intoArray(dest, at + j);
        }
        return j;
    }

    /** @return floats per vector on this machine */
    static int lanes() {
        return LANES;
    }

    /** Bits per batch in a word plan. */
    private static final int KIND_BITS = 3;
    /** Batch kind: all roots. */
    static final int ROOTS = 0;
    /** Batch kind: all parents before the batch, anywhere; gathered. */
    static final int GATHER = 1;
    /** Batch kind: a parent inside the batch, or roots mixed with children; scalar code. */
    static final int SCALAR = 2;
    /**
     * Batch kind: all parents before the batch and within {@code [p, p + lanes)}, {@code p} the first lane's
     * parent; loaded as one vector per plane and permuted.
     */
    static final int WINDOW = 3;
    /** Batch kind: as {@link #WINDOW}, within {@code [p, p + 2 × lanes)}; two vectors per plane, permuted, blended. */
    static final int WINDOW2 = 4;
    /** The number of batch kinds. */
    static final int BATCH_KINDS = 5;
    /** Set in every known plan, so that a plan is never 0 (at most 16 batches of 3 bits lie below it). */
    private static final long KNOWN = 1L << 63;

    /**
     * Computes the stale nodes of the 64 {@code [base, base + 64)}, all TRS, batch by batch: a batch with a stale
     * node is computed whole (holes and nodes not stale included: see {@link LocalToWorld#DENSE_WORD_MIN}), a batch
     * without one is skipped. A batch whose parents all lie before it
     * is computed lane-wise, its parents loaded as a window or gathered; a batch of roots composes TRS only; any other
     * batch goes to the scalar loop. Which is which depends only on the parent indices, so it is worked out once per
     * word and kept in {@code wordPlans} (when given) until the caller resets it.
     *
     * <p>A batch of a rarer shape not in {@code vectorKinds} takes the scalar loop instead (see
     * {@link LocalToWorld#propagateStale}); one-vector windows always take the vector path.
     *
     * @param stale the word's stale bits
     * @param vectorKinds the batch shapes to compute on the vector path: {@link LocalToWorld#VECTOR_WINDOWS}, with
     *     {@link LocalToWorld#VECTOR_WIDE_WINDOWS} or {@link LocalToWorld#VECTOR_GENERAL} or both
     * @return the word's batches with a stale node, counted by shape and packed into one int: read with
     *     {@link #slowBatches} (in a slow shape: fallen back to scalar code, or with gathered parents),
     *     {@link #wideBatches} and {@link #generalBatches}
     */
    static int computeWord(float[] locals, byte[] modes, int[] parents, float[] worlds, int c, int base,
                           long[] wordPlans, long stale, int vectorKinds) {
        long plan = wordPlans != null ? wordPlans[base >>> 6] : 0L;
        if (plan == 0L) {
            plan = plan(parents, base);
            if (wordPlans != null) {
                wordPlans[base >>> 6] = plan;
            }
        }
        int slow = 0;
        int wide = 0;
        int general = 0;
        for (int b = 0, i = base; i < base + 64; b++, i += LANES) {
            if ((stale >>> (i - base) & BATCH_LANES) == 0L) {
                continue;
            }
            int kind = kindOf(plan, b);
            if (kind == WINDOW) { // the usual shape, always on the vector path
                windowBatch(locals, parents, worlds, c, i);
                continue;
            }
            if (kind == WINDOW2 && parents[i] + 2 * LANES > c) {
                kind = GATHER; // a two-vector window would reach past the end of the last plane
            }
            if (kind == WINDOW2) {
                wide++;
                if ((vectorKinds & LocalToWorld.VECTOR_WIDE_WINDOWS) != 0) {
                    windowBatch2(locals, parents, worlds, c, i);
                    continue;
                }
            } else {
                if (kind != ROOTS) {
                    slow++; // scalar fallback or gathered parents
                }
                if (kind != SCALAR) {
                    general++;
                    if ((vectorKinds & LocalToWorld.VECTOR_GENERAL) != 0) {
                        if (kind == ROOTS) {
                            rootsBatch(locals, worlds, c, i);
                        } else {
                            gatherColumn(locals, parents, worlds, c, i, 0);
                            gatherColumn(locals, parents, worlds, c, i, 1);
                            gatherColumn(locals, parents, worlds, c, i, 2);
                        }
                        continue;
                    }
                }
            }
            LocalToWorld.computeTrsRange(locals, parents, worlds, c, i, i + LANES);
        }
        return slow | wide << 8 | general << 16;
    }

    /** @return the batches in a slow shape, from {@link #computeWord}'s result */
    static int slowBatches(int shapes) {
        return shapes & 0xff;
    }

    /** @return the batches with a stale node in a two-vector window, from {@link #computeWord}'s result */
    static int wideBatches(int shapes) {
        return shapes >>> 8 & 0xff;
    }

    /** @return the batches with a stale node of roots or with gathered parents, from {@link #computeWord}'s result */
    static int generalBatches(int shapes) {
        return shapes >>> 16;
    }

    /**
     * Counts the batches of each kind in the word starting at {@code base}; for tests.
     *
     * @param counts receives {@code counts[kind] += batches}, {@link #BATCH_KINDS} entries
     */
    static void countKinds(int[] parents, int base, int[] counts) {
        long plan = plan(parents, base);
        for (int b = 0; b < 64 / LANES; b++) {
            counts[kindOf(plan, b)]++;
        }
    }

    /** The kind of batch {@code b} in a word plan. */
    private static int kindOf(long plan, int b) {
        return (int) (plan >>> (KIND_BITS * b)) & ((1 << KIND_BITS) - 1);
    }

    /** The batch kinds of the word starting at {@code base}. */
    private static long plan(int[] parents, int base) {
        long plan = KNOWN;
        for (int b = 0, i = base; i < base + 64; b++, i += LANES) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            int first = parents[i];
            for (int k = i; k < i + LANES; k++) {
                int p = parents[k];
                min = Math.min(min, p);
                max = Math.max(max, p);
            }
            int kind;
            if (max < 0) {
                kind = ROOTS;
            } else if (min < 0 || max >= i) {
                kind = SCALAR;
            } else if (min == first && max - first < LANES) {
                kind = WINDOW;
            } else if (min == first && max - first < 2 * LANES) {
                kind = WINDOW2;
            } else {
                kind = GATHER;
            }
            plan |= (long) kind << (KIND_BITS * b);
        }
        return plan;
    }

    /** Computes the batch of roots {@code [i, i + lanes)}: each world is its local matrix. */
    private static void rootsBatch(float[] l, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        b00.intoArray(w, i);
        b01.intoArray(w, c + i);
        b02.intoArray(w, 2 * c + i);
        b10.intoArray(w, 3 * c + i);
        b11.intoArray(w, 4 * c + i);
        b12.intoArray(w, 5 * c + i);
        b20.intoArray(w, 6 * c + i);
        b21.intoArray(w, 7 * c + i);
        b22.intoArray(w, 8 * c + i);
        b30.intoArray(w, 9 * c + i);
        b31.intoArray(w, 10 * c + i);
        b32.intoArray(w, 11 * c + i);
    }

    /**
     * Computes column {@code k} (elements {@code k}, {@code 3 + k}, {@code 6 + k} and {@code 9 + k}) of the batch of
     * nodes {@code [i, i + lanes)}, children whose parents are gathered; {@link #computeWord} calls it for the three
     * columns in turn (a column reads only its parents' column, and the parents lie before the batch). The local
     * matrices are built again for each column, with the same operations. One column per call keeps the compiled
     * method well inside the JIT's limit on a compiled method's nodes ({@code -XX:LiveNodeCountInliningCutoff}): the
     * whole batch in one method, with its twelve gathers, came so close to it on JDK 17 that some JVMs crossed it,
     * stopped inlining there and boxed the gathers' index vectors, so that the update allocated at every call.
     * {@code KernelNodeLimitTest} checks every kernel with a quarter less room.
     */
    private static void gatherColumn(float[] l, int[] parents, float[] w, int c, int i, int k) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        FloatVector a0 = FloatVector.fromArray(SPECIES, w, k * c, parents, i);
        FloatVector a1 = FloatVector.fromArray(SPECIES, w, (3 + k) * c, parents, i);
        FloatVector a2 = FloatVector.fromArray(SPECIES, w, (6 + k) * c, parents, i);
        FloatVector a3 = FloatVector.fromArray(SPECIES, w, (9 + k) * c, parents, i);
        a0.mul(b00).add(a1.mul(b01)).add(a2.mul(b02)).intoArray(w, k * c + i);
        a0.mul(b10).add(a1.mul(b11)).add(a2.mul(b12)).intoArray(w, (3 + k) * c + i);
        a0.mul(b20).add(a1.mul(b21)).add(a2.mul(b22)).intoArray(w, (6 + k) * c + i);
        a0.mul(b30).add(a1.mul(b31)).add(a2.mul(b32)).add(a3).intoArray(w, (9 + k) * c + i);
    }

    /**
     * Computes the batch of nodes {@code [i, i + lanes)}, children whose parents lie within one vector's width from
     * the first lane's parent. The same arithmetic as {@link #rootsBatch}, written out again, and again in
     * {@link #windowBatch2}: a vector passed to or returned from a method the JIT does not inline is boxed
     * (allocated), and a method holding more than one kind of parent load grew too large for the JIT's first tier
     * (2,290 bytes of bytecode on JDK 25; 1,896 on JDK 17, whose first tier ran out of registers). The method then
     * stayed unoptimised, at 100 to 400 ns/node instead of 2.
     */
    private static void windowBatch(float[] l, int[] parents, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        int first = parents[i];
        VectorShuffle<Integer> pick = IntVector.fromArray(INDEX_SPECIES, parents, i).sub(first).toShuffle();
        FloatVector a00 = FloatVector.fromArray(SPECIES, w, first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a01 = FloatVector.fromArray(SPECIES, w, c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a02 = FloatVector.fromArray(SPECIES, w, 2 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a10 = FloatVector.fromArray(SPECIES, w, 3 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a11 = FloatVector.fromArray(SPECIES, w, 4 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a12 = FloatVector.fromArray(SPECIES, w, 5 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a20 = FloatVector.fromArray(SPECIES, w, 6 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a21 = FloatVector.fromArray(SPECIES, w, 7 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a22 = FloatVector.fromArray(SPECIES, w, 8 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a30 = FloatVector.fromArray(SPECIES, w, 9 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a31 = FloatVector.fromArray(SPECIES, w, 10 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a32 = FloatVector.fromArray(SPECIES, w, 11 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        a00.mul(b00).add(a10.mul(b01)).add(a20.mul(b02)).intoArray(w, i);
        a01.mul(b00).add(a11.mul(b01)).add(a21.mul(b02)).intoArray(w, c + i);
        a02.mul(b00).add(a12.mul(b01)).add(a22.mul(b02)).intoArray(w, 2 * c + i);
        a00.mul(b10).add(a10.mul(b11)).add(a20.mul(b12)).intoArray(w, 3 * c + i);
        a01.mul(b10).add(a11.mul(b11)).add(a21.mul(b12)).intoArray(w, 4 * c + i);
        a02.mul(b10).add(a12.mul(b11)).add(a22.mul(b12)).intoArray(w, 5 * c + i);
        a00.mul(b20).add(a10.mul(b21)).add(a20.mul(b22)).intoArray(w, 6 * c + i);
        a01.mul(b20).add(a11.mul(b21)).add(a21.mul(b22)).intoArray(w, 7 * c + i);
        a02.mul(b20).add(a12.mul(b21)).add(a22.mul(b22)).intoArray(w, 8 * c + i);
        a00.mul(b30).add(a10.mul(b31)).add(a20.mul(b32)).add(a30).intoArray(w, 9 * c + i);
        a01.mul(b30).add(a11.mul(b31)).add(a21.mul(b32)).add(a31).intoArray(w, 10 * c + i);
        a02.mul(b30).add(a12.mul(b31)).add(a22.mul(b32)).add(a32).intoArray(w, 11 * c + i);
    }

    /**
     * Computes the batch of nodes {@code [i, i + lanes)}, children whose parents lie within two vectors' width from
     * the first lane's parent: each plane is loaded as two vectors, each permuted, and the lanes blended. Written out
     * apart from {@link #windowBatch} for the reasons given there.
     */
    private static void windowBatch2(float[] l, int[] parents, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        int first = parents[i];
        IntVector offsets = IntVector.fromArray(INDEX_SPECIES, parents, i).sub(first);
        VectorMask<Integer> high = offsets.compare(VectorOperators.GE, LANES);
        VectorShuffle<Integer> pick = offsets.and(LANES - 1).toShuffle();
        int second = first + LANES;
        FloatVector a00 = FloatVector.fromArray(SPECIES, w, first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a01 = FloatVector.fromArray(SPECIES, w, c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a02 = FloatVector.fromArray(SPECIES, w, 2 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 2 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a10 = FloatVector.fromArray(SPECIES, w, 3 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 3 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a11 = FloatVector.fromArray(SPECIES, w, 4 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 4 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a12 = FloatVector.fromArray(SPECIES, w, 5 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 5 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a20 = FloatVector.fromArray(SPECIES, w, 6 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 6 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a21 = FloatVector.fromArray(SPECIES, w, 7 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 7 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a22 = FloatVector.fromArray(SPECIES, w, 8 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 8 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a30 = FloatVector.fromArray(SPECIES, w, 9 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 9 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a31 = FloatVector.fromArray(SPECIES, w, 10 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 10 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a32 = FloatVector.fromArray(SPECIES, w, 11 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 11 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        a00.mul(b00).add(a10.mul(b01)).add(a20.mul(b02)).intoArray(w, i);
        a01.mul(b00).add(a11.mul(b01)).add(a21.mul(b02)).intoArray(w, c + i);
        a02.mul(b00).add(a12.mul(b01)).add(a22.mul(b02)).intoArray(w, 2 * c + i);
        a00.mul(b10).add(a10.mul(b11)).add(a20.mul(b12)).intoArray(w, 3 * c + i);
        a01.mul(b10).add(a11.mul(b11)).add(a21.mul(b12)).intoArray(w, 4 * c + i);
        a02.mul(b10).add(a12.mul(b11)).add(a22.mul(b12)).intoArray(w, 5 * c + i);
        a00.mul(b20).add(a10.mul(b21)).add(a20.mul(b22)).intoArray(w, 6 * c + i);
        a01.mul(b20).add(a11.mul(b21)).add(a21.mul(b22)).intoArray(w, 7 * c + i);
        a02.mul(b20).add(a12.mul(b21)).add(a22.mul(b22)).intoArray(w, 8 * c + i);
        a00.mul(b30).add(a10.mul(b31)).add(a20.mul(b32)).add(a30).intoArray(w, 9 * c + i);
        a01.mul(b30).add(a11.mul(b31)).add(a21.mul(b32)).add(a31).intoArray(w, 10 * c + i);
        a02.mul(b30).add(a12.mul(b31)).add(a22.mul(b32)).add(a32).intoArray(w, 11 * c + i);
    }
}
