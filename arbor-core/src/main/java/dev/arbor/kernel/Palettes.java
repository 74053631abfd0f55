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
        if (count < 0 || stride < count || mo < 0 || mo > m.length - 12) {
            throw new IllegalArgumentException("bad palette range: count=" + count + ", stride=" + stride
                    + ", m offset=" + mo + " of " + m.length);
        }
        long planes = 12L * stride;
        if (w.length < planes || b.length < planes || p.length < planes) {
            throw new IllegalArgumentException("palette planes too short: required=" + planes + ", w=" + w.length
                    + ", b=" + b.length + ", p=" + p.length);
        }
        if (VectorSupport.ENABLED && stride % STRIDE_MULTIPLE == 0) {
            LocalToWorldVector.chainPlanes(m, mo, w, b, p, stride, count);
        } else {
            chainScalar(m, mo, w, b, p, stride, count);
        }
    }

    /** The scalar path of {@link #chain}, for joints {@code [0, count)}. */
    static void chainScalar(float[] m, int mo, float[] w, float[] b, float[] p, int s, int count) {
        float m00 = m[mo];
        float m01 = m[mo + 1];
        float m02 = m[mo + 2];
        float m10 = m[mo + 3];
        float m11 = m[mo + 4];
        float m12 = m[mo + 5];
        float m20 = m[mo + 6];
        float m21 = m[mo + 7];
        float m22 = m[mo + 8];
        float m30 = m[mo + 9];
        float m31 = m[mo + 10];
        float m32 = m[mo + 11];
        for (int j = 0; j < count; j++) {
            float w00 = w[j];
            float w01 = w[s + j];
            float w02 = w[2 * s + j];
            float w10 = w[3 * s + j];
            float w11 = w[4 * s + j];
            float w12 = w[5 * s + j];
            float w20 = w[6 * s + j];
            float w21 = w[7 * s + j];
            float w22 = w[8 * s + j];
            float w30 = w[9 * s + j];
            float w31 = w[10 * s + j];
            float w32 = w[11 * s + j];
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
            float b00 = b[j];
            float b01 = b[s + j];
            float b02 = b[2 * s + j];
            float b10 = b[3 * s + j];
            float b11 = b[4 * s + j];
            float b12 = b[5 * s + j];
            float b20 = b[6 * s + j];
            float b21 = b[7 * s + j];
            float b22 = b[8 * s + j];
            float b30 = b[9 * s + j];
            float b31 = b[10 * s + j];
            float b32 = b[11 * s + j];
            p[j] = t00 * b00 + t10 * b01 + t20 * b02;
            p[s + j] = t01 * b00 + t11 * b01 + t21 * b02;
            p[2 * s + j] = t02 * b00 + t12 * b01 + t22 * b02;
            p[3 * s + j] = t00 * b10 + t10 * b11 + t20 * b12;
            p[4 * s + j] = t01 * b10 + t11 * b11 + t21 * b12;
            p[5 * s + j] = t02 * b10 + t12 * b11 + t22 * b12;
            p[6 * s + j] = t00 * b20 + t10 * b21 + t20 * b22;
            p[7 * s + j] = t01 * b20 + t11 * b21 + t21 * b22;
            p[8 * s + j] = t02 * b20 + t12 * b21 + t22 * b22;
            p[9 * s + j] = t00 * b30 + t10 * b31 + t20 * b32 + t30;
            p[10 * s + j] = t01 * b30 + t11 * b31 + t21 * b32 + t31;
            p[11 * s + j] = t02 * b30 + t12 * b31 + t22 * b32 + t32;
        }
    }

    /**
     * The palettes of many skeletons of one shape (a crowd): for run {@code r} in {@code [fromRun, toRun)} and joint
     * {@code j < runLength}, {@code p = m[r] × w[r × runLength + j] × b[j]}, written as a 4×4 column-major matrix
     * (last row 0 0 0 1) at {@code dest[destOffset + 16 × (r × runLength + j)]}. {@code m} holds one 3×4 matrix per
     * run (12 floats, column-major, a mesh's {@code meshFromWorld}), {@code w} the joints' world matrices in 12 planes
     * of {@code stride} ({@link dev.arbor.hierarchy.Hierarchy#writeWorldPlanes}), {@code b} the shared inverse bind
     * matrices, 12 floats per joint. The products are those of {@link #chain}, in the same order, so an entry has the
     * same bits as {@link #chain}'s followed by a conversion. Runs are independent: threads may compute disjoint run
     * ranges into one destination.
     *
     * @param m one matrix per run
     * @param w world planes
     * @param stride floats per plane of {@code w}
     * @param b inverse bind matrices, {@code 12 × runLength} floats
     * @param runLength joints per run
     * @param fromRun first run
     * @param toRun end of the runs (exclusive)
     * @param dest destination
     * @param destOffset index of run 0's joint 0
     * @throws IllegalArgumentException if a range or array length does not fit (nothing written)
     */
    public static void chainRuns(float[] m, float[] w, int stride, float[] b, int runLength, int fromRun, int toRun,
                                 float[] dest, int destOffset) {
        long joints = (long) toRun * runLength;
        if (fromRun < 0 || toRun < fromRun || runLength < 0 || stride < joints || m.length < 12L * toRun
                || w.length < 11L * stride + joints || b.length < 12L * runLength || destOffset < 0
                || dest.length - (long) destOffset < 16 * joints) {
            throw new IllegalArgumentException("bad palette runs: fromRun=" + fromRun + ", toRun=" + toRun
                    + ", runLength=" + runLength + ", stride=" + stride + ", m=" + m.length + ", w=" + w.length
                    + ", b=" + b.length + ", dest=" + dest.length + ", destOffset=" + destOffset);
        }
        int s = stride;
        for (int r = fromRun; r < toRun; r++) {
            int mo = 12 * r;
            float m00 = m[mo];
            float m01 = m[mo + 1];
            float m02 = m[mo + 2];
            float m10 = m[mo + 3];
            float m11 = m[mo + 4];
            float m12 = m[mo + 5];
            float m20 = m[mo + 6];
            float m21 = m[mo + 7];
            float m22 = m[mo + 8];
            float m30 = m[mo + 9];
            float m31 = m[mo + 10];
            float m32 = m[mo + 11];
            for (int j = 0; j < runLength; j++) {
                int i = r * runLength + j;
                float w00 = w[i];
                float w01 = w[s + i];
                float w02 = w[2 * s + i];
                float w10 = w[3 * s + i];
                float w11 = w[4 * s + i];
                float w12 = w[5 * s + i];
                float w20 = w[6 * s + i];
                float w21 = w[7 * s + i];
                float w22 = w[8 * s + i];
                float w30 = w[9 * s + i];
                float w31 = w[10 * s + i];
                float w32 = w[11 * s + i];
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
                int bo = 12 * j;
                float b00 = b[bo];
                float b01 = b[bo + 1];
                float b02 = b[bo + 2];
                float b10 = b[bo + 3];
                float b11 = b[bo + 4];
                float b12 = b[bo + 5];
                float b20 = b[bo + 6];
                float b21 = b[bo + 7];
                float b22 = b[bo + 8];
                float b30 = b[bo + 9];
                float b31 = b[bo + 10];
                float b32 = b[bo + 11];
                int d = destOffset + 16 * i;
                dest[d] = t00 * b00 + t10 * b01 + t20 * b02;
                dest[d + 1] = t01 * b00 + t11 * b01 + t21 * b02;
                dest[d + 2] = t02 * b00 + t12 * b01 + t22 * b02;
                dest[d + 3] = 0f;
                dest[d + 4] = t00 * b10 + t10 * b11 + t20 * b12;
                dest[d + 5] = t01 * b10 + t11 * b11 + t21 * b12;
                dest[d + 6] = t02 * b10 + t12 * b11 + t22 * b12;
                dest[d + 7] = 0f;
                dest[d + 8] = t00 * b20 + t10 * b21 + t20 * b22;
                dest[d + 9] = t01 * b20 + t11 * b21 + t21 * b22;
                dest[d + 10] = t02 * b20 + t12 * b21 + t22 * b22;
                dest[d + 11] = 0f;
                dest[d + 12] = t00 * b30 + t10 * b31 + t20 * b32 + t30;
                dest[d + 13] = t01 * b30 + t11 * b31 + t21 * b32 + t31;
                dest[d + 14] = t02 * b30 + t12 * b31 + t22 * b32 + t32;
                dest[d + 15] = 1f;
            }
        }
    }
}
