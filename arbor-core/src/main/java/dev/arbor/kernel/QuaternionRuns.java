package dev.arbor.kernel;

/**
 * Checks and copies runs of quaternions given interleaved ({@code x y z w x y z w …}) into planes (element {@code k}
 * of node {@code i} at {@code [base + k * capacity + i]}, {@code base} given by the caller): the bulk rotation
 * setter's work on a run of storage.
 */
public final class QuaternionRuns {
    /** The check's result: every quaternion finite, not tiny or huge, and unit length within the float test. */
    public static final int UNIT = 1;
    /** The check's result: every quaternion finite and not tiny or huge, some not unit length. */
    public static final int VALID = 0;
    /** The check's result: some quaternion is not finite, or its squared length is outside (2^-100, 2^100). */
    public static final int REFUSED = -1;
    /**
     * Quaternions per call of the scalar loops over a run ({@link #check}'s, the bulk setter's writes into records):
     * a loop of thousands of iterations in one call runs in the interpreter until on-stack replacement compiles it,
     * after some 60,000 iterations, while a method called once per block of 64 is compiled after a few hundred calls,
     * within the first frames of a list of a few thousand nodes.
     */
    public static final int BLOCK = 64;

    /** Squared lengths a quaternion must lie strictly between to pass the float test (finite and not zero). */
    static final float MIN_SQUARED_LENGTH = 0x1p-100f;
    static final float MAX_SQUARED_LENGTH = 0x1p100f;
    /**
     * How far from 1 a float squared length may lie for the quaternion to count as unit length: the float sum of
     * four squares errs by at most ≈ 4.2e-7, so within this slack the exact length is within 1e-6 of 1.
     */
    static final float UNIT_SLACK = 5e-7f;

    private QuaternionRuns() {
    }

    /**
     * The float test of one quaternion: whether its squared length lies in (2^-100, 2^100), which proves it finite
     * and not zero (false for NaN). A quaternion that fails may still be valid (tiny or huge but finite); the caller
     * then decides exactly.
     *
     * @param squaredLength {@code x² + y² + z² + w²} summed in float
     * @return whether the quaternion passes
     */
    public static boolean inRange(float squaredLength) {
        return squaredLength > MIN_SQUARED_LENGTH && squaredLength < MAX_SQUARED_LENGTH;
    }

    /**
     * Whether a quaternion that passed {@link #inRange} counts as unit length, so that it may be stored as given.
     *
     * @param squaredLength {@code x² + y² + z² + w²} summed in float
     * @return whether it lies within 5e-7 of 1
     */
    public static boolean isUnit(float squaredLength) {
        return Math.abs(squaredLength - 1f) <= UNIT_SLACK;
    }

    /**
     * Checks quaternions {@code [from, to)} (quaternion k at {@code src[offset + 4k]}). A quaternion passes when its
     * squared length, summed in float, lies in (2^-100, 2^100) (so it is finite and not zero); it is unit length
     * when that sum is within 5e-7 of 1. The vector path sums the four squares in another order than the scalar
     * one; the float sum errs by at most ≈ 4.2e-7 in either order, so "within 5e-7" still implies an exact length
     * within 1e-6 of 1, and a caller that copies unit quaternions and normalises the others stores the same floats
     * whichever path decided.
     *
     * @param src quaternions
     * @param offset index of quaternion 0's x
     * @param from first quaternion
     * @param to end (exclusive)
     * @param vector whether to use the vector path (see {@link VectorSupport})
     * @return {@link #UNIT}, {@link #VALID} or {@link #REFUSED}
     * @throws IllegalArgumentException if the range does not fit {@code src}
     */
    public static int check(float[] src, int offset, int from, int to, boolean vector) {
        if (offset < 0 || from < 0 || from > to || (long) offset + 4L * to > src.length) {
            throw new IllegalArgumentException("quaternion range out of bounds: offset=" + offset + ", from=" + from
                    + ", to=" + to + ", length=" + src.length);
        }
        int k = from;
        boolean unit = true;
        if (vector) {
            int done = QuaternionRunsVector.checkQuaternions(src, offset, from, to);
            if (done < 0) {
                return REFUSED;
            }
            unit = (done & 1) != 0;
            k = done >>> 1;
        }
        for (; k < to; k += BLOCK) { // a block per call: see checkBlock
            int result = checkBlock(src, offset, k, Math.min(to, k + BLOCK));
            if (result == REFUSED) {
                return REFUSED;
            }
            unit &= result == UNIT;
        }
        return unit ? UNIT : VALID;
    }

    /**
     * The scalar check of quaternions {@code [from, to)}, at most {@link #BLOCK}: {@link #check}'s result for them.
     * A method of its own, called once per block: the JIT compiles it after a few hundred calls, within the first
     * frames of a large list, where one loop over all the quaternions would run in the interpreter until on-stack
     * replacement compiles it, after some 60,000 iterations.
     */
    private static int checkBlock(float[] src, int offset, int from, int to) {
        boolean unit = true;
        for (int k = from; k < to; k++) {
            int q = offset + 4 * k;
            float x = src[q];
            float y = src[q + 1];
            float z = src[q + 2];
            float w = src[q + 3];
            float len2 = x * x + y * y + z * z + w * w;
            if (!inRange(len2)) {
                return REFUSED;
            }
            unit &= isUnit(len2);
        }
        return unit ? UNIT : VALID;
    }

    /**
     * Copies quaternions {@code [from, to)} into four planes: quaternion k's x to {@code planes[base + k]}, y to
     * {@code planes[base + capacity + k]}, then z and w.
     *
     * @param src quaternions
     * @param offset index of quaternion 0's x
     * @param from first quaternion
     * @param to end (exclusive)
     * @param planes destination
     * @param base index in {@code planes} of quaternion 0's x
     * @param capacity distance between planes
     * @param vector whether to use the vector path
     * @throws IllegalArgumentException if a range does not fit its array (nothing is copied)
     */
    public static void copy(float[] src, int offset, int from, int to, float[] planes, int base, int capacity,
                            boolean vector) {
        if (offset < 0 || from < 0 || from > to || (long) offset + 4L * to > src.length || base < 0 || capacity < 0
                || (long) base + 3L * capacity + to > planes.length) {
            throw new IllegalArgumentException("quaternion copy out of bounds: offset=" + offset + ", from=" + from
                    + ", to=" + to + ", base=" + base + ", capacity=" + capacity + ", planes=" + planes.length);
        }
        int k = vector && VectorSupport.WIDE_PERMUTES
                ? QuaternionRunsVector.copyQuaternions(src, offset, from, to, planes, base, capacity) : from;
        for (; k < to; k++) {
            int q = offset + 4 * k;
            planes[base + k] = src[q];
            planes[base + capacity + k] = src[q + 1];
            planes[base + 2 * capacity + k] = src[q + 2];
            planes[base + 3 * capacity + k] = src[q + 3];
        }
    }

    /**
     * Reads one float of every 64-byte line of {@code src[from, to)}, in increasing order, so that a following pass
     * that reads the range out of order finds it in cache. A sequential pass is what the hardware prefetchers follow;
     * the gathers of {@link #gather} jump within the range and wait on each line's first miss instead (measured:
     * a million quaternions gathered from memory in runs of 1,024 took 4.1 ns each, 2.8 with the runs read this way
     * first).
     *
     * @param src values
     * @param from first index
     * @param to end (exclusive)
     * @return the bitwise OR of the floats read (a result, so that the reads are not dropped as unused)
     * @throws IllegalArgumentException if the range does not fit {@code src}
     */
    public static int touch(float[] src, int from, int to) {
        if (from < 0 || from > to || to > src.length) {
            throw new IllegalArgumentException("touch range out of bounds: from=" + from + ", to=" + to + ", length="
                    + src.length);
        }
        int bits = 0;
        for (int i = from; i < to; i += FLOATS_PER_LINE) {
            bits |= Float.floatToRawIntBits(src[i]);
        }
        return bits;
    }

    /** Floats per 64-byte cache line. */
    private static final int FLOATS_PER_LINE = 16;

    /**
     * Copies values given interleaved ({@code components} floats per value) into planes, in the planes' order:
     * destination k (of {@code [from, to)}) takes the value at {@code src[offset + index[k]]}, component m going to
     * {@code planes[base + m * capacity + k]}. The copy of a list whose nodes fill a run of storage out of order, read
     * through the list's inverse: on machines with fast vector gathers this writes whole vectors where the scattered
     * copy stores one float at a time.
     *
     * @param src values
     * @param offset index of value 0's first component
     * @param index for each destination, the index of its value's first component relative to {@code offset}
     * @param from first destination
     * @param to end (exclusive)
     * @param components floats per value (3 or 4)
     * @param planes destination
     * @param base index in {@code planes} of destination 0's first component
     * @param capacity distance between planes
     * @param vector whether to use the vector path
     * @throws IllegalArgumentException if the destinations or the index range do not fit their arrays (nothing is
     *     copied)
     * @throws IndexOutOfBoundsException if an index points outside {@code src} (destinations before it may have been
     *     written)
     */
    public static void gather(float[] src, int offset, int[] index, int from, int to, int components, float[] planes,
                              int base, int capacity, boolean vector) {
        if (offset < 0 || from < 0 || from > to || to > index.length || components < 1 || base < 0 || capacity < 0
                || (long) base + (components - 1L) * capacity + to > planes.length) {
            throw new IllegalArgumentException("gather out of bounds: offset=" + offset + ", from=" + from + ", to="
                    + to + ", index=" + index.length + ", components=" + components + ", base=" + base
                    + ", capacity=" + capacity + ", planes=" + planes.length);
        }
        int k = vector ? QuaternionRunsVector.gatherComponents(src, offset, index, from, to, components, planes, base,
                capacity) : from;
        for (; k < to; k++) {
            int q = offset + index[k];
            for (int m = 0; m < components; m++) {
                planes[base + m * capacity + k] = src[q + m];
            }
        }
    }
}
