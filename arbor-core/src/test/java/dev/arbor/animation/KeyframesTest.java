package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Interpolation of single channels by hand-computed values, through {@link AnimationClip#sample} (a clip of one
 * channel on pose entry 0, clamped), and the key search.
 */
class KeyframesTest {
    // keys at t = 1, 2, 4 with 3-vectors (x only varies)
    static final float[] TIMES = {1f, 2f, 4f};
    static final float[] VALUES = {10, 0, 0, 20, 0, 0, 0, 0, 0};

    private static float[] sample(TargetPath path, Interpolation interp, float[] times, float[] values, float t) {
        AnimationClip clip = AnimationClip.builder("c").addChannel(0, path, interp, times, values).build();
        Pose pose = new Pose(1);
        clip.sample(t, WrapMode.CLAMP, pose);
        return path == TargetPath.ROTATION ? pose.rotation(0, new float[4], 0) : pose.translation(0, new float[3], 0);
    }

    private static float sampleX(Interpolation interp, float[] values, float t) {
        return sample(TargetPath.TRANSLATION, interp, TIMES, values, t)[0];
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
        float[] out = sample(TargetPath.ROTATION, Interpolation.LINEAR, times, values, 0.5f);
        // 45° about z
        assertThat(out[2]).isCloseTo((float) Math.sin(Math.PI / 8), within(1e-6f));
        assertThat(out[3]).isCloseTo((float) Math.cos(Math.PI / 8), within(1e-6f));
        out = sample(TargetPath.ROTATION, Interpolation.LINEAR, times, values, 0.25f);
        assertThat(out[2]).isCloseTo((float) Math.sin(Math.PI / 16), within(1e-6f));
    }

    @Test
    void degenerateSplineRotationFallsBackToThePreviousKey() {
        // tangents 0 and values q, -q: the spline passes through zero at s = 0.5
        float[] times = {0f, 1f};
        float[] values = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0};
        assertThat(sample(TargetPath.ROTATION, Interpolation.CUBICSPLINE, times, values, 0.5f))
                .containsExactly(0, 0, 0, 1);
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
    void normalizeRefusesZeroTinyAndNonFiniteQuaternionsAndLeavesThemAsTheyWere() {
        float[] q = {0, 0, 3, 4};
        assertThat(Keyframes.normalize(q, 0)).isTrue();
        assertThat(q).containsExactly(0, 0, 0.6f, 0.8f);
        for (float[] bad : new float[][] {{0, 0, 0, 0}, {1e-7f, 0, 0, 0}, {Float.NaN, 0, 0, 1},
            {Float.POSITIVE_INFINITY, 0, 0, 0}}) {
            float[] copy = bad.clone();
            assertThat(Keyframes.normalize(copy, 0)).as(java.util.Arrays.toString(bad)).isFalse();
            assertThat(copy).containsExactly(bad);
        }
    }
}
