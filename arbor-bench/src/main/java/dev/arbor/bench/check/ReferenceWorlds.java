package dev.arbor.bench.check;

import dev.arbor.bench.peers.Composition;

/**
 * World matrices computed in {@code double} precision from parent indices and local TRS, the yardstick every
 * implementation is checked against. Output layout is that of {@link dev.arbor.bench.peers.Affine}: 12 values per
 * node, column-major 3×4.
 */
public final class ReferenceWorlds {
    /** Values per node in the output. */
    public static final int STRIDE = 12;

    private ReferenceWorlds() {
    }

    /**
     * Computes every node's world matrix.
     *
     * @param parents parent per node, {@code -1} for roots; {@code parents[i] < i} is not required
     * @param translations 3 floats per node
     * @param rotations 4 floats per node (x y z w), normalised here in double
     * @param scales 3 floats per node
     * @param composition how parent and child combine
     * @return 12 doubles per node
     */
    public static double[] compute(int[] parents, float[] translations, float[] rotations, float[] scales,
                                   Composition composition) {
        int n = parents.length;
        double[] worlds = new double[n * STRIDE];
        // decomposed world rotation (x y z w) and scale, for DECOMPOSED_TRS
        double[] worldRotations = new double[n * 4];
        double[] worldScales = new double[n * 3];
        boolean[] done = new boolean[n];
        int[] path = new int[n];
        for (int i = 0; i < n; i++) {
            int len = 0;
            for (int k = i; k >= 0 && !done[k]; k = parents[k]) {
                path[len++] = k;
            }
            while (len > 0) {
                int k = path[--len];
                if (composition == Composition.MATRIX) {
                    composeMatrix(k, parents[k], translations, rotations, scales, worlds);
                } else {
                    composeDecomposed(k, parents[k], translations, rotations, scales, worldRotations, worldScales,
                            worlds);
                }
                done[k] = true;
            }
        }
        return worlds;
    }

    private static void composeMatrix(int k, int parent, float[] t, float[] r, float[] s, double[] worlds) {
        double[] local = new double[STRIDE];
        double[] q = unit(r, k);
        trs(t[k * 3], t[k * 3 + 1], t[k * 3 + 2], q, s[k * 3], s[k * 3 + 1], s[k * 3 + 2], local);
        if (parent < 0) {
            System.arraycopy(local, 0, worlds, k * STRIDE, STRIDE);
        } else {
            multiply(worlds, parent * STRIDE, local, worlds, k * STRIDE);
        }
    }

    private static void composeDecomposed(int k, int parent, float[] t, float[] r, float[] s,
                                          double[] worldRotations, double[] worldScales, double[] worlds) {
        double[] q = unit(r, k);
        double tx = t[k * 3];
        double ty = t[k * 3 + 1];
        double tz = t[k * 3 + 2];
        double sx = s[k * 3];
        double sy = s[k * 3 + 1];
        double sz = s[k * 3 + 2];
        if (parent >= 0) {
            double psx = worldScales[parent * 3];
            double psy = worldScales[parent * 3 + 1];
            double psz = worldScales[parent * 3 + 2];
            double[] pq = {worldRotations[parent * 4], worldRotations[parent * 4 + 1],
                worldRotations[parent * 4 + 2], worldRotations[parent * 4 + 3]};
            double[] rotated = rotate(pq, tx * psx, ty * psy, tz * psz);
            int p = parent * STRIDE;
            tx = rotated[0] + worlds[p + 9];
            ty = rotated[1] + worlds[p + 10];
            tz = rotated[2] + worlds[p + 11];
            q = hamilton(pq, q);
            sx *= psx;
            sy *= psy;
            sz *= psz;
        }
        System.arraycopy(q, 0, worldRotations, k * 4, 4);
        worldScales[k * 3] = sx;
        worldScales[k * 3 + 1] = sy;
        worldScales[k * 3 + 2] = sz;
        double[] m = new double[STRIDE];
        trs(tx, ty, tz, q, sx, sy, sz, m);
        System.arraycopy(m, 0, worlds, k * STRIDE, STRIDE);
    }

    private static double[] unit(float[] r, int k) {
        double x = r[k * 4];
        double y = r[k * 4 + 1];
        double z = r[k * 4 + 2];
        double w = r[k * 4 + 3];
        double inv = 1.0 / Math.sqrt(x * x + y * y + z * z + w * w);
        return new double[] {x * inv, y * inv, z * inv, w * inv};
    }

    private static double[] hamilton(double[] a, double[] b) {
        return new double[] {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    private static double[] rotate(double[] q, double x, double y, double z) {
        double[] m = new double[STRIDE];
        trs(0, 0, 0, q, 1, 1, 1, m);
        return new double[] {
            m[0] * x + m[3] * y + m[6] * z,
            m[1] * x + m[4] * y + m[7] * z,
            m[2] * x + m[5] * y + m[8] * z};
    }

    private static void trs(double tx, double ty, double tz, double[] q, double sx, double sy, double sz,
                            double[] m) {
        double x = q[0];
        double y = q[1];
        double z = q[2];
        double w = q[3];
        m[0] = (1 - 2 * (y * y + z * z)) * sx;
        m[1] = 2 * (x * y + w * z) * sx;
        m[2] = 2 * (x * z - w * y) * sx;
        m[3] = 2 * (x * y - w * z) * sy;
        m[4] = (1 - 2 * (x * x + z * z)) * sy;
        m[5] = 2 * (y * z + w * x) * sy;
        m[6] = 2 * (x * z + w * y) * sz;
        m[7] = 2 * (y * z - w * x) * sz;
        m[8] = (1 - 2 * (x * x + y * y)) * sz;
        m[9] = tx;
        m[10] = ty;
        m[11] = tz;
    }

    /**
     * The affine product {@code dest[o …] = a[ao …] × b} in double precision (12 elements each, column-major 3×4).
     *
     * @param a left matrix
     * @param ao offset of {@code a}
     * @param b right matrix, from index 0
     * @param dest destination, not overlapping {@code a} or {@code b}
     * @param o offset of {@code dest}
     */
    public static void multiply(double[] a, int ao, double[] b, double[] dest, int o) {
        for (int c = 0; c < 4; c++) {
            double bx = b[c * 3];
            double by = b[c * 3 + 1];
            double bz = b[c * 3 + 2];
            for (int r = 0; r < 3; r++) {
                dest[o + c * 3 + r] = a[ao + r] * bx + a[ao + 3 + r] * by + a[ao + 6 + r] * bz;
            }
        }
        dest[o + 9] += a[ao + 9];
        dest[o + 10] += a[ao + 10];
        dest[o + 11] += a[ao + 11];
    }
}
