package dev.arbor.bench.animation;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Locale;

/**
 * The correctness gate of the crowd benchmark: an implementation and Arbor run the same frames (clock
 * {@link #CLOCKS}, the second a jump backwards), and every palette entry of every instance is compared in Arbor's
 * mesh space: {@code arborMeshWorld⁻¹ × renderWorld × palette[j]} of the implementation against Arbor's
 * {@code palette[j]} (the two are the same matrix for implementations whose palettes are in mesh space, as glTF
 * defines them). The error of an entry is its largest element difference divided by {@code max(1, largest |element|)}
 * of Arbor's entry; {@link #TOLERANCE} bounds it.
 */
public final class CrowdCheck {
    /** Largest relative element error accepted: float products along the joint chains, each library's own rounding. */
    public static final double TOLERANCE = 1e-4;
    /**
     * The same for jMonkeyEngine, which plays the clips as its glTF loader imports them: it interpolates rotations
     * between keys with nlerp rather than the slerp glTF specifies, and it merges each joint's translation, rotation and
     * scale keys onto one time line. Measured up to 2.4e-4 on CesiumMan and 1.75e-3 on RiggedFigure; which of the two
     * (or something else in jME's import) causes it was not isolated (jME's slerp interpolator alone does not change
     * the figure). The jME bridge ({@code jme-arbor}) plays jME's clips as jME plays them, so it differs from Arbor's
     * reading of the file as jME does.
     */
    public static final double JME_TOLERANCE = 3e-3;
    /** The frames compared. */
    static final float[] CLOCKS = {1.1f, 0.25f};

    private CrowdCheck() {
    }

    /**
     * @param count instances
     * @param joints joints per instance
     * @return a direct, native-order buffer for every palette of the crowd
     */
    public static FloatBuffer paletteBuffer(int count, int joints) {
        return ByteBuffer.allocateDirect(count * joints * 16 * Float.BYTES).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
    }

    /**
     * @param impl implementation id
     * @return the tolerance its check is held to
     */
    public static double tolerance(String impl) {
        return impl.startsWith("jme") ? JME_TOLERANCE : TOLERANCE;
    }

    /**
     * Runs both on the frames of {@link #CLOCKS} and measures the largest error. Leaves both at the last frame.
     *
     * @param crowd the crowd both are built for
     * @param arbor Arbor's implementation, built
     * @param subject the implementation checked, built
     * @return the largest relative error over every entry of every instance and frame, and where
     */
    public static Result compare(Crowd crowd, CrowdSystem arbor, CrowdSystem subject) {
        int joints = crowd.joints();
        FloatBuffer want = paletteBuffer(crowd.count(), joints);
        FloatBuffer got = paletteBuffer(crowd.count(), joints);
        double[] meshFromArbor = new double[16];
        double[] toArborMesh = new double[16];
        float[] world = new float[16];
        double[] entry = new double[16];
        double[] mapped = new double[16];
        Result worst = new Result(0, "no entry");
        for (float clock : CLOCKS) {
            arbor.frame(clock, want);
            subject.frame(clock, got);
            for (int i = 0; i < crowd.count(); i++) {
                arbor.renderWorld(i, world);
                invertAffine(world, meshFromArbor);
                subject.renderWorld(i, world);
                multiply(meshFromArbor, toDouble(world, 0, entry), toArborMesh);
                for (int j = 0; j < joints; j++) {
                    int at = (i * joints + j) * 16;
                    multiply(toArborMesh, toDouble(got, at, entry), mapped);
                    double scale = 1;
                    double diff = 0;
                    for (int e = 0; e < 16; e++) {
                        scale = Math.max(scale, Math.abs(want.get(at + e)));
                        diff = Math.max(diff, Math.abs(mapped[e] - want.get(at + e)));
                    }
                    if (diff / scale > worst.error) {
                        worst = new Result(diff / scale, String.format(Locale.ROOT,
                                "clock %s, instance %d, joint %d", clock, i, j));
                    }
                }
            }
        }
        return worst;
    }

    /** The largest error found and where. */
    public static final class Result {
        private final double error;
        private final String where;

        Result(double error, String where) {
            this.error = error;
            this.where = where;
        }

        /** @return the largest relative error */
        public double error() {
            return error;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "max relative error %.2e at %s (tolerance %.0e)", error, where,
                    TOLERANCE);
        }
    }

    private static double[] toDouble(float[] m, int o, double[] dest) {
        for (int e = 0; e < 16; e++) {
            dest[e] = m[o + e];
        }
        return dest;
    }

    private static double[] toDouble(FloatBuffer m, int o, double[] dest) {
        for (int e = 0; e < 16; e++) {
            dest[e] = m.get(o + e);
        }
        return dest;
    }

    /** c = a × b, 4×4 column-major. */
    private static void multiply(double[] a, double[] b, double[] c) {
        for (int col = 0; col < 4; col++) {
            for (int row = 0; row < 4; row++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + row] * b[col * 4 + k];
                }
                c[col * 4 + row] = s;
            }
        }
    }

    /** Inverse of an affine 4×4 column-major float matrix, in double. */
    private static void invertAffine(float[] m, double[] inv) {
        double a = m[0];
        double b = m[4];
        double c = m[8];
        double d = m[1];
        double e = m[5];
        double f = m[9];
        double g = m[2];
        double h = m[6];
        double k = m[10];
        double det = a * (e * k - f * h) - b * (d * k - f * g) + c * (d * h - e * g);
        double[] r = {
            (e * k - f * h) / det, (c * h - b * k) / det, (b * f - c * e) / det,
            (f * g - d * k) / det, (a * k - c * g) / det, (c * d - a * f) / det,
            (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det};
        // r is row-major 3×3: r[row * 3 + col]
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                inv[col * 4 + row] = r[row * 3 + col];
            }
            inv[col * 4 + 3] = 0;
        }
        for (int row = 0; row < 3; row++) {
            inv[12 + row] = -(r[row * 3] * m[12] + r[row * 3 + 1] * m[13] + r[row * 3 + 2] * m[14]);
        }
        inv[15] = 1;
    }
}
