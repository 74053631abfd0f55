package dev.arbor.bench.peers;

/**
 * Affine 3×4 matrix kernels over flat {@code float} arrays, shared by the hand-written ports of the seeds.
 *
 * <p>Layout: {@link #STRIDE} floats per matrix, column-major — {@code m[o..o+2]} is column 0 (the image of the x
 * axis), {@code m[o+3..o+5]} column 1, {@code m[o+6..o+8]} column 2 and {@code m[o+9..o+11]} the translation. The
 * implicit fourth row is {@code 0 0 0 1}. Every method writes all 12 floats of its destination and allocates nothing.
 */
public final class Affine {
    /** Floats per matrix. */
    public static final int STRIDE = 12;

    private Affine() {
    }

    /**
     * Writes {@code T × R × S} for translation {@code (tx, ty, tz)}, unit quaternion {@code (qx, qy, qz, qw)} and scale
     * {@code (sx, sy, sz)}.
     *
     * @param dest destination array
     * @param o offset of the destination matrix
     */
    public static void composeTrs(float tx, float ty, float tz, float qx, float qy, float qz, float qw,
                                  float sx, float sy, float sz, float[] dest, int o) {
        float x2 = qx + qx;
        float y2 = qy + qy;
        float z2 = qz + qz;
        float xx = qx * x2;
        float yy = qy * y2;
        float zz = qz * z2;
        float xy = qx * y2;
        float xz = qx * z2;
        float yz = qy * z2;
        float wx = qw * x2;
        float wy = qw * y2;
        float wz = qw * z2;
        dest[o] = (1f - (yy + zz)) * sx;
        dest[o + 1] = (xy + wz) * sx;
        dest[o + 2] = (xz - wy) * sx;
        dest[o + 3] = (xy - wz) * sy;
        dest[o + 4] = (1f - (xx + zz)) * sy;
        dest[o + 5] = (yz + wx) * sy;
        dest[o + 6] = (xz + wy) * sz;
        dest[o + 7] = (yz - wx) * sz;
        dest[o + 8] = (1f - (xx + yy)) * sz;
        dest[o + 9] = tx;
        dest[o + 10] = ty;
        dest[o + 11] = tz;
    }

    /**
     * Writes {@code T × R × S} from flat per-node arrays: translation and scale with stride 3, rotation with stride 4.
     *
     * @param node index of the node in the three arrays
     * @param translations 3 floats per node
     * @param rotations 4 floats per node, x y z w
     * @param scales 3 floats per node
     * @param dest destination array
     * @param o offset of the destination matrix
     */
    public static void composeTrs(int node, float[] translations, float[] rotations, float[] scales,
                                  float[] dest, int o) {
        int t = node * 3;
        int r = node * 4;
        composeTrs(translations[t], translations[t + 1], translations[t + 2],
                rotations[r], rotations[r + 1], rotations[r + 2], rotations[r + 3],
                scales[t], scales[t + 1], scales[t + 2], dest, o);
    }

    /**
     * Writes {@code a × b} (apply {@code b} first). The destination may not overlap either input.
     *
     * @param a left matrix array
     * @param ao offset of {@code a}
     * @param b right matrix array
     * @param bo offset of {@code b}
     * @param dest destination array
     * @param o offset of the destination
     */
    public static void multiply(float[] a, int ao, float[] b, int bo, float[] dest, int o) {
        float a00 = a[ao];
        float a10 = a[ao + 1];
        float a20 = a[ao + 2];
        float a01 = a[ao + 3];
        float a11 = a[ao + 4];
        float a21 = a[ao + 5];
        float a02 = a[ao + 6];
        float a12 = a[ao + 7];
        float a22 = a[ao + 8];
        for (int c = 0; c < 4; c++) {
            float bx = b[bo + c * 3];
            float by = b[bo + c * 3 + 1];
            float bz = b[bo + c * 3 + 2];
            dest[o + c * 3] = a00 * bx + a01 * by + a02 * bz;
            dest[o + c * 3 + 1] = a10 * bx + a11 * by + a12 * bz;
            dest[o + c * 3 + 2] = a20 * bx + a21 * by + a22 * bz;
        }
        dest[o + 9] += a[ao + 9];
        dest[o + 10] += a[ao + 10];
        dest[o + 11] += a[ao + 11];
    }

    /**
     * Copies one matrix.
     *
     * @param src source array
     * @param so offset of the source
     * @param dest destination array
     * @param o offset of the destination
     */
    public static void copy(float[] src, int so, float[] dest, int o) {
        System.arraycopy(src, so, dest, o, STRIDE);
    }
}
