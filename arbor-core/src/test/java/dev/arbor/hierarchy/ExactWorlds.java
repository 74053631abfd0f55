package dev.arbor.hierarchy;

/**
 * An independent double-precision computation of world matrices from a hierarchy's locals (read back as floats with
 * {@link Hierarchy#getLocalMatrix}), and the few 3×4 operations the exactness tests need. Matrices are 12 doubles in
 * Arbor's column-major order (three linear columns, then the translation); none of Arbor's own arithmetic is used.
 */
final class ExactWorlds {
    /** The float rounding unit, 2^-24. */
    static final double U = 0x1p-24;

    private ExactWorlds() {
    }

    /** The node's local matrix, exactly as stored (floats widened). */
    static double[] local(Hierarchy h, long node) {
        float[] l = h.getLocalMatrix(node, new float[12], 0);
        double[] m = new double[12];
        for (int k = 0; k < 12; k++) {
            m[k] = l[k];
        }
        return m;
    }

    /** The world matrix: the product of the locals from the root down, in double. */
    static double[] world(Hierarchy h, long node) {
        double[] m = local(h, node);
        for (long p = h.parent(node); p != Hierarchy.NULL; p = h.parent(p)) {
            m = multiply(local(h, p), m);
        }
        return m;
    }

    /** Arbor's own (float) world matrix, widened. */
    static double[] arborWorld(Hierarchy h, long node) {
        float[] w = h.getWorld(node, new float[12], 0);
        double[] m = new double[12];
        for (int k = 0; k < 12; k++) {
            m[k] = w[k];
        }
        return m;
    }

    /** {@code a × b} for affine 3×4 matrices (implied last row 0 0 0 1). */
    static double[] multiply(double[] a, double[] b) {
        return ReferenceHierarchy.multiply(a, b);
    }

    /** Element-wise absolute values (with the implied last row 0 0 0 1, so products of them bound products). */
    static double[] abs(double[] m) {
        double[] out = new double[12];
        for (int k = 0; k < 12; k++) {
            out[k] = Math.abs(m[k]);
        }
        return out;
    }

    /** Element-wise {@code |a − b|}. */
    static double[] difference(double[] a, double[] b) {
        double[] out = new double[12];
        for (int k = 0; k < 12; k++) {
            out[k] = Math.abs(a[k] - b[k]);
        }
        return out;
    }

    static double[] plus(double[] a, double[] b) {
        double[] out = new double[12];
        for (int k = 0; k < 12; k++) {
            out[k] = a[k] + b[k];
        }
        return out;
    }

    /** Euclidean length of column {@code c} (3 = the translation). */
    static double columnLength(double[] m, int c) {
        return Math.sqrt(m[c * 3] * m[c * 3] + m[c * 3 + 1] * m[c * 3 + 1] + m[c * 3 + 2] * m[c * 3 + 2]);
    }

    /**
     * 2-norm condition number of the linear part: the ratio of its largest to its smallest singular value (1 for a
     * rotation with a uniform scale), from the eigenvalues of {@code AᵀA} by Jacobi rotations; infinite if singular.
     */
    static double condition(double[] m) {
        double[][] s = new double[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    sum += m[i * 3 + k] * m[j * 3 + k]; // column i · column j
                }
                s[i][j] = sum;
            }
        }
        for (int sweep = 0; sweep < 50; sweep++) {
            double off = Math.abs(s[0][1]) + Math.abs(s[0][2]) + Math.abs(s[1][2]);
            if (off <= 1e-300 + 1e-18 * (Math.abs(s[0][0]) + Math.abs(s[1][1]) + Math.abs(s[2][2]))) {
                break;
            }
            for (int p = 0; p < 2; p++) {
                for (int q = p + 1; q < 3; q++) {
                    if (s[p][q] == 0) {
                        continue;
                    }
                    double theta = (s[q][q] - s[p][p]) / (2 * s[p][q]);
                    double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
                    if (theta == 0) {
                        t = 1;
                    }
                    double c = 1 / Math.sqrt(t * t + 1);
                    double sn = t * c;
                    for (int k = 0; k < 3; k++) { // rows p, q
                        double a = s[p][k];
                        double b = s[q][k];
                        s[p][k] = c * a - sn * b;
                        s[q][k] = sn * a + c * b;
                    }
                    for (int k = 0; k < 3; k++) { // columns p, q
                        double a = s[k][p];
                        double b = s[k][q];
                        s[k][p] = c * a - sn * b;
                        s[k][q] = sn * a + c * b;
                    }
                }
            }
        }
        double max = Math.max(s[0][0], Math.max(s[1][1], s[2][2]));
        double min = Math.min(s[0][0], Math.min(s[1][1], s[2][2]));
        return min <= 0 ? Double.POSITIVE_INFINITY : Math.sqrt(max / min);
    }
}
