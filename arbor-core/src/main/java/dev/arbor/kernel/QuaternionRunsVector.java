package dev.arbor.kernel;

import static dev.arbor.kernel.VectorLanes.EVENS;
import static dev.arbor.kernel.VectorLanes.HIGH_PAIRS;
import static dev.arbor.kernel.VectorLanes.LANES;
import static dev.arbor.kernel.VectorLanes.ODDS;
import static dev.arbor.kernel.VectorLanes.ODD_LANES;
import static dev.arbor.kernel.VectorLanes.SPECIES;
import static dev.arbor.kernel.VectorLanes.SWAP_HALVES;
import static dev.arbor.kernel.VectorLanes.SWAP_PAIRS;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

/**
 * The vector path of {@link QuaternionRuns}: the check of interleaved quaternions, their copy into planes and the
 * gather of components through an index, on the incubating Vector API. Loaded only when {@link VectorSupport#ENABLED}.
 */
final class QuaternionRunsVector {
    private QuaternionRunsVector() {
    }

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
     * The vector part of {@link QuaternionRuns#copy}: {@link VectorLanes#lanes()} quaternions at a time, four vectors
     * loaded and unzipped twice into the four planes. Bounds are checked by the caller. Only where
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
     * The vector part of {@link QuaternionRuns#gather}: {@link VectorLanes#lanes()} destinations at a time, each of the
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
     * Runs each vector method of this class once (part of {@link VectorWarmUp#lookUpEveryOperation}): one step of each
     * loop of the check, the copy where it is used, and a gather.
     */
    static void warmUp(float[] planes, int c) {
        int quaternions = LANES + LANES / 4; // one step of each loop
        float[] unit = new float[4 * quaternions];
        for (int q = 0; q < quaternions; q++) {
            unit[4 * q + 3] = 1f;
        }
        checkQuaternions(unit, 0, 0, quaternions);
        if (VectorSupport.WIDE_PERMUTES) {
            copyQuaternions(unit, 0, 0, quaternions, planes, 3 * c, c);
        }
        int[] index = new int[LANES];
        for (int k = 0; k < LANES; k++) {
            index[k] = 4 * (LANES - 1 - k);
        }
        gatherComponents(unit, 0, index, 0, LANES, 4, planes, 3 * c, c);
    }
}
