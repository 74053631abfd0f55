package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Runs of slerps and lerps: within 1e-6 of slerp and lerp evaluated in double, the same bits on the scalar and the
 * vector path (where the JVM has one) and in planes and interleaved, for run lengths around a vector's.
 */
class SlerpRunsTest {
    private static final boolean[] PATHS = VectorSupport.ENABLED ? new boolean[] {false, true} : new boolean[] {false};

    @Test
    void slerpRunsAreExactAndAgreeOnEveryPathAndLayout() {
        SplittableRandom random = new SplittableRandom(5);
        for (int n : new int[] {1, 3, 15, 16, 17, 19, 33, 70}) {
            int o = 7;
            float[] r = new float[o + 9 * n];
            double[][] q0 = new double[n][];
            double[][] q1 = new double[n][];
            for (int j = 0; j < n; j++) {
                q0[j] = unit(random);
                q1[j] = unit(random);
                double dot = 0;
                for (int c = 0; c < 4; c++) {
                    dot += q0[j][c] * q1[j][c];
                }
                for (int c = 0; c < 4; c++) {
                    q1[j][c] *= dot < 0 ? -1 : 1; // on q0's hemisphere, as a compiled clip stores it
                    r[o + c * n + j] = (float) q0[j][c];
                    r[o + (4 + c) * n + j] = (float) q1[j][c];
                }
                r[o + 8 * n + j] = (float) Math.acos(Math.min(1, Math.abs(dot)));
            }
            float s = random.nextFloat();
            float[] interleaved = new float[4 * n];
            SlerpRuns.slerp(r, o, n, s, interleaved, 0, 4, 1, false);
            for (boolean vector : PATHS) {
                float[] planes = new float[3 + 4 * (n + 2)];
                SlerpRuns.slerp(r, o, n, s, planes, 3, 1, n + 2, vector);
                for (int j = 0; j < n; j++) {
                    double[] want = slerp(r, o, n, j, s);
                    for (int c = 0; c < 4; c++) {
                        float got = planes[3 + c * (n + 2) + j];
                        assertThat(got).as("n=%d lane %d component %d vector=%s", n, j, c, vector)
                                .isEqualTo(interleaved[4 * j + c]);
                        assertThat(Math.abs(got - want[c])).isLessThanOrEqualTo(1e-6);
                    }
                }
            }
        }
    }

    @Test
    void lerpRunsAgreeOnEveryPathAndLayout() {
        SplittableRandom random = new SplittableRandom(6);
        for (int n : new int[] {1, 15, 16, 17, 19, 40}) {
            float[] r = new float[6 * n + 2];
            for (int k = 0; k < r.length; k++) {
                r[k] = (float) random.nextGaussian() * 10;
            }
            float s = random.nextFloat();
            float[] interleaved = new float[3 * n];
            SlerpRuns.lerp(r, 2, n, s, interleaved, 0, 3, 1, false);
            for (boolean vector : PATHS) {
                float[] planes = new float[3 * n];
                SlerpRuns.lerp(r, 2, n, s, planes, 0, 1, n, vector);
                for (int j = 0; j < n; j++) {
                    for (int c = 0; c < 3; c++) {
                        float a = r[2 + c * n + j];
                        float b = r[2 + (3 + c) * n + j];
                        assertThat(planes[c * n + j]).isEqualTo(interleaved[3 * j + c]).isEqualTo(a + (b - a) * s);
                    }
                }
            }
        }
    }

    private static double[] unit(SplittableRandom random) {
        double[] q = new double[4];
        double norm = 0;
        for (int c = 0; c < 4; c++) {
            q[c] = random.nextGaussian();
            norm += q[c] * q[c];
        }
        for (int c = 0; c < 4; c++) {
            q[c] /= Math.sqrt(norm);
        }
        return q;
    }

    /** Textbook slerp of lane j's float keys in double. */
    private static double[] slerp(float[] r, int o, int n, int j, double s) {
        double dot = 0;
        for (int c = 0; c < 4; c++) {
            dot += (double) r[o + c * n + j] * r[o + (4 + c) * n + j];
        }
        double theta = Math.acos(Math.min(1, dot));
        double k0 = theta < 1e-9 ? 1 - s : Math.sin((1 - s) * theta) / Math.sin(theta);
        double k1 = theta < 1e-9 ? s : Math.sin(s * theta) / Math.sin(theta);
        double[] q = new double[4];
        double norm = 0;
        for (int c = 0; c < 4; c++) {
            q[c] = k0 * r[o + c * n + j] + k1 * r[o + (4 + c) * n + j];
            norm += q[c] * q[c];
        }
        for (int c = 0; c < 4; c++) {
            q[c] /= Math.sqrt(norm);
        }
        return q;
    }
}
