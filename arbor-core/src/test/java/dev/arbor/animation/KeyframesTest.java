package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class KeyframesTest {
    // keys at t = 1, 2, 4 with scalar-like 3-vectors (x only varies)
    static final float[] TIMES = {1f, 2f, 4f};
    static final float[] VALUES = {10, 0, 0, 20, 0, 0, 0, 0, 0};

    private static float sampleX(Interpolation interp, float[] values, float t) {
        float[] out = new float[3];
        Keyframes.sample(TIMES, values, 3, interp, false, t, out, 0);
        return out[0];
    }

    @Test
    void stepHoldsThePreviousKey() {
        assertThat(sampleX(Interpolation.STEP, VALUES, 1.0f)).isEqualTo(10f);
        assertThat(sampleX(Interpolation.STEP, VALUES, 1.99f)).isEqualTo(10f);
        assertThat(sampleX(Interpolation.STEP, VALUES, 2.0f)).isEqualTo(20f);
        assertThat(sampleX(Interpolation.STEP, VALUES, 3.9f)).isEqualTo(20f);
    }

    @Test
    void linearInterpolatesAndClampsOutsideTheKeys() {
        assertThat(sampleX(Interpolation.LINEAR, VALUES, 1.5f)).isEqualTo(15f);
        assertThat(sampleX(Interpolation.LINEAR, VALUES, 3.0f)).isEqualTo(10f); // halfway from 20 to 0
        assertThat(sampleX(Interpolation.LINEAR, VALUES, -5f)).isEqualTo(10f);
        assertThat(sampleX(Interpolation.LINEAR, VALUES, 99f)).isEqualTo(0f);
    }

    @Test
    void cubicSplineFollowsTheHermiteFormulaWithTangentsScaledByTheKeyInterval() {
        // per key: in-tangent, value, out-tangent (x only)
        float[] v = {
            0, 0, 0, 10, 0, 0, 4, 0, 0,   // key 0: value 10, out 4
            -2, 0, 0, 20, 0, 0, 0, 0, 0,  // key 1: in -2, value 20
            0, 0, 0, 0, 0, 0, 0, 0, 0};   // key 2
        // s = 0.5 in [1, 2], td = 1: h00 = .5, h10 = .125, h01 = .5, h11 = -.125
        // p = .5*10 + 1*.125*4 + .5*20 + 1*(-.125)*(-2) = 5 + .5 + 10 + .25 = 15.75
        assertThat(sampleX(Interpolation.CUBICSPLINE, v, 1.5f)).isCloseTo(15.75f, within(1e-5f));
        // s = 0.25: h00 = .84375, h10 = .140625, h01 = .15625, h11 = -.046875
        // p = 8.4375 + .5625 + 3.125 + .09375 = 12.21875
        assertThat(sampleX(Interpolation.CUBICSPLINE, v, 1.25f)).isCloseTo(12.21875f, within(1e-5f));
        // ends clamp to the middle element
        assertThat(sampleX(Interpolation.CUBICSPLINE, v, 0f)).isEqualTo(10f);
        assertThat(sampleX(Interpolation.CUBICSPLINE, v, 9f)).isEqualTo(0f);
    }

    @Test
    void linearRotationIsSlerpAlongTheShorterArc() {
        float h = (float) Math.sqrt(0.5);
        // 0° and 90° about z; the second key is stored negated (same rotation, other hemisphere)
        float[] times = {0f, 1f};
        float[] values = {0, 0, 0, 1, 0, 0, -h, -h};
        float[] out = new float[4];
        Keyframes.sample(times, values, 4, Interpolation.LINEAR, true, 0.5f, out, 0);
        // 45° about z
        assertThat(out[2]).isCloseTo((float) Math.sin(Math.PI / 8), within(1e-6f));
        assertThat(out[3]).isCloseTo((float) Math.cos(Math.PI / 8), within(1e-6f));
        Keyframes.sample(times, values, 4, Interpolation.LINEAR, true, 0.25f, out, 0);
        assertThat(out[2]).isCloseTo((float) Math.sin(Math.PI / 16), within(1e-6f));
    }

    @Test
    void degenerateSplineRotationFallsBackToThePreviousKey() {
        // tangents chosen so that the spline passes through zero at s = 0.5: value ±q, tangents 0
        float[] times = {0f, 1f};
        float[] values = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0};
        float[] out = new float[4];
        Keyframes.sample(times, values, 4, Interpolation.CUBICSPLINE, true, 0.5f, out, 0);
        assertThat(out).containsExactly(0, 0, 0, 1);
    }

    @Test
    void segmentFindsTheLastKeyNotAfterT() {
        float[] times = {0, 1, 2, 3, 4};
        assertThat(Keyframes.segment(times, 5, -1f)).isEqualTo(0);
        assertThat(Keyframes.segment(times, 5, 0f)).isEqualTo(0);
        assertThat(Keyframes.segment(times, 5, 2.5f)).isEqualTo(2);
        assertThat(Keyframes.segment(times, 5, 3f)).isEqualTo(3);
        assertThat(Keyframes.segment(times, 5, 9f)).isEqualTo(3);
    }

    @Test
    void mismatchedKeysAreRejected() {
        assertThatThrownBy(() -> Keyframes.sample(new float[2], new float[3], 3, Interpolation.LINEAR, false, 0f,
                new float[3], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keys do not match: times.length=2, values.length=3, required=6");
    }

    /** A unit quaternion about a random axis, {@code angle} radians away from identity. */
    private static void randomRotation(java.util.SplittableRandom random, double angle, float[] dest, int d) {
        double x = random.nextGaussian();
        double y = random.nextGaussian();
        double z = random.nextGaussian();
        double norm = Math.sqrt(x * x + y * y + z * z);
        double s = Math.sin(angle / 2) / norm;
        dest[d] = (float) (x * s);
        dest[d + 1] = (float) (y * s);
        dest[d + 2] = (float) (z * s);
        dest[d + 3] = (float) Math.cos(angle / 2);
    }

    @Test
    void arcsHoldEachSegmentsAngleAndSineOrMinusOneForALinearStep() {
        float s45 = (float) Math.sqrt(0.5);
        // identity, 90° about z, the same again, then its negation (the same rotation, the shorter arc is empty)
        float[] q = {0, 0, 0, 1, 0, 0, s45, s45, 0, 0, s45, s45, 0, 0, -s45, -s45};
        double[] arcs = Keyframes.arcs(q, 4);
        assertThat(arcs).hasSize(6);
        assertThat(arcs[0]).isCloseTo(Math.PI / 4, within(1e-7));
        assertThat(arcs[1]).isCloseTo(Math.sqrt(0.5), within(1e-7));
        assertThat(arcs[2]).isEqualTo(-1);
        assertThat(arcs[4]).isEqualTo(-1);
        assertThat(Keyframes.arcs(q, 1)).isEmpty();
        assertThatThrownBy(() -> Keyframes.arcs(q, 5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keys do not match: keys=5, values.length=16, required=20");
        float[] times = {0, 1, 2, 3};
        assertThatThrownBy(() -> Keyframes.sample(times, q, 4, Interpolation.LINEAR, true, new double[4], 0.5f,
                new float[4], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("arcs do not match the keys: arcs.length=4, required=6");
    }

    /**
     * Sampling a LINEAR rotation channel with its arcs computed once gives exactly the floats of sampling without
     * them, for steps from none to nearly half a turn (both sides of the linear threshold), keys whose neighbour is
     * negated, and times between keys, on keys and outside them.
     */
    @Test
    void precomputedArcsSampleExactlyTheSameFloats() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(23);
        double[] steps = {0, 1e-4, 0.01, 0.0316, 0.03163, 0.1, 0.5, 1.5, 3.0};
        int compared = 0;
        for (int c = 0; c < 60; c++) {
            int n = 2 + random.nextInt(30);
            float[] times = new float[n];
            float[] values = new float[4 * n];
            float time = (float) random.nextDouble();
            for (int k = 0; k < n; k++) {
                times[k] = time;
                time += 0.05f + (float) random.nextDouble();
                if (k == 0) {
                    randomRotation(random, random.nextDouble() * Math.PI, values, 0);
                    continue;
                }
                // the next key: the previous one turned by a random step about a random axis
                float[] turn = new float[4];
                randomRotation(random, 2 * steps[random.nextInt(steps.length)], turn, 0);
                new org.joml.Quaternionf(values[4 * k - 4], values[4 * k - 3], values[4 * k - 2], values[4 * k - 1])
                        .mul(turn[0], turn[1], turn[2], turn[3]).get(values, 4 * k);
                if (random.nextInt(4) == 0) {
                    for (int e = 0; e < 4; e++) {
                        values[4 * k + e] = -values[4 * k + e];
                    }
                }
            }
            double[] arcs = Keyframes.arcs(values, n);
            float[] with = new float[4];
            float[] without = new float[4];
            for (int probe = 0; probe < 200; probe++) {
                float t = probe < n ? times[probe] : times[0] - 0.5f + (float) random.nextDouble() * (time - times[0]);
                Keyframes.sample(times, values, 4, Interpolation.LINEAR, true, arcs, t, with, 0);
                Keyframes.sample(times, values, 4, Interpolation.LINEAR, true, t, without, 0);
                for (int e = 0; e < 4; e++) {
                    assertThat(Float.floatToRawIntBits(with[e])).as("channel %d t=%s element %d", c, t, e)
                            .isEqualTo(Float.floatToRawIntBits(without[e]));
                }
                compared++;
            }
        }
        assertThat(compared).isEqualTo(60 * 200);
    }
}
