package dev.arbor.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.joml.Matrix4x3f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class AffineTest {

    @Test
    void composeTrsOfQuarterTurnAboutZMatchesTheHandWrittenMatrix() {
        // T = (1, 2, 3), R = 90° about z, S = (2, 3, 4):
        // x axis -> (0, 2, 0), y axis -> (-3, 0, 0), z axis -> (0, 0, 4), translation (1, 2, 3)
        float h = (float) Math.sqrt(0.5);
        float[] trs = {1, 2, 3, 0, 0, h, h, 2, 3, 4};
        float[] m = new float[12];
        Affine.composeTrs(trs, 0, m, 0);
        assertThat(m).containsExactly(new float[] {0, 2, 0, -3, 0, 0, 0, 0, 4, 1, 2, 3}, within(1e-6f));
    }

    @Test
    void composeAndMultiplyAgreeWithJomlOnRandomInputs() {
        SplittableRandom random = new SplittableRandom(11);
        float[] a = new float[12];
        float[] trs = new float[10];
        float[] local = new float[12];
        float[] viaCompose = new float[12];
        for (int i = 0; i < 1000; i++) {
            Quaternionf qa = randomRotation(random);
            new Matrix4x3f().translationRotateScale(r(random), r(random), r(random), qa.x, qa.y, qa.z, qa.w,
                    0.5f + (float) random.nextDouble(), 0.5f + (float) random.nextDouble(), 1f).get(a, 0);
            Quaternionf q = randomRotation(random);
            Vector3f t = new Vector3f(r(random), r(random), r(random));
            Vector3f s = new Vector3f(0.5f + (float) random.nextDouble(), -1f, 2f);
            trs[0] = t.x; trs[1] = t.y; trs[2] = t.z;
            trs[3] = q.x; trs[4] = q.y; trs[5] = q.z; trs[6] = q.w;
            trs[7] = s.x; trs[8] = s.y; trs[9] = s.z;
            Affine.composeTrs(trs, 0, local, 0);
            float[] joml = new Matrix4x3f().translationRotateScale(t, q, s).get(new float[12], 0);
            assertThat(local).containsExactly(joml, within(1e-5f));
            Affine.multiply(a, 0, local, 0, viaCompose, 0);
            float[] expected = new Matrix4x3f().set(a, 0).mul(new Matrix4x3f().set(local, 0)).get(new float[12], 0);
            assertThat(viaCompose).containsExactly(expected, within(1e-4f));
        }
    }

    @Test
    void inverseTimesMatrixIsIdentityAndSingularMatricesAreRefused() {
        SplittableRandom random = new SplittableRandom(5);
        float[] m = new float[12];
        float[] inv = new float[12];
        float[] product = new float[12];
        float[] identity = new float[12];
        Affine.identity(identity, 0);
        for (int i = 0; i < 500; i++) {
            for (int k = 0; k < 12; k++) {
                m[k] = r(random);
            }
            m[0] += 20; m[4] += 20; m[8] += 20; // keep it well conditioned
            assertThat(Affine.invert(m, 0, inv, 0)).isTrue();
            Affine.multiply(inv, 0, m, 0, product, 0);
            assertThat(product).containsExactly(identity, within(1e-5f));
        }
        float[] flat = {1, 0, 0, 0, 1, 0, 0, 0, 0, 5, 6, 7};
        float[] untouched = new float[12];
        assertThat(Affine.invert(flat, 0, untouched, 0)).isFalse();
        assertThat(untouched).containsOnly(0f);
        assertThat(Affine.determinant(flat, 0)).isZero();
        // invertible, but the inverse's 1e39 does not fit in a float: refused, nothing written
        float[] thin = {1e-39f, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        assertThat(Affine.invert(thin, 0, untouched, 0)).isFalse();
        assertThat(untouched).containsOnly(0f);
        // in place gives the same bits as into another array; a short destination throws before any write
        float[] apart = new float[12];
        assertThat(Affine.invert(m, 0, apart, 0)).isTrue();
        float[] inPlace = m.clone();
        assertThat(Affine.invert(inPlace, 0, inPlace, 0)).isTrue();
        assertThat(inPlace).containsExactly(apart);
        float[] shortOut = new float[11];
        assertThatThrownBy(() -> Affine.invert(m, 0, shortOut, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(shortOut).containsOnly(0f);
    }

    @Test
    void decomposeRecoversTranslationRotationAndScaleIncludingMirrors() {
        SplittableRandom random = new SplittableRandom(3);
        float[] trs = new float[10];
        float[] m = new float[12];
        float[] back = new float[10];
        float[] m2 = new float[12];
        for (int i = 0; i < 1000; i++) {
            Quaternionf q = randomRotation(random);
            trs[0] = r(random); trs[1] = r(random); trs[2] = r(random);
            trs[3] = q.x; trs[4] = q.y; trs[5] = q.z; trs[6] = q.w;
            trs[7] = (i % 3 == 0 ? -1 : 1) * (0.2f + (float) random.nextDouble() * 3);
            trs[8] = 0.2f + (float) random.nextDouble() * 3;
            trs[9] = 0.2f + (float) random.nextDouble() * 3;
            Affine.composeTrs(trs, 0, m, 0);
            Affine.decompose(m, 0, back, 0);
            Affine.composeTrs(back, 0, m2, 0);
            assertThat(m2).containsExactly(m, within(2e-5f));
            assertThat(back[7]).isCloseTo(trs[7], within(1e-5f));
        }
    }

    @Test
    void decomposeOfZeroScaleColumnKeepsAUnitRotation() {
        float[] m = {0, 0, 0, 0, 1, 0, 0, 0, 1, 4, 5, 6};
        float[] trs = new float[10];
        Affine.decompose(m, 0, trs, 0);
        assertThat(trs).containsExactly(new float[] {4, 5, 6, 0, 0, 0, 1, 0, 1, 1}, within(1e-6f));
    }

    @Test
    void decomposeRebuildsAZeroMiddleColumnFromTheOtherTwo() {
        // 90° about z with y scale 0: x axis -> (0, 1, 0), y axis -> 0, z axis -> (0, 0, 1)
        float[] m = {0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
        float[] trs = new float[10];
        Affine.decompose(m, 0, trs, 0);
        float h = (float) Math.sqrt(0.5);
        assertThat(trs).containsExactly(new float[] {0, 0, 0, 0, 0, h, h, 1, 0, 1}, within(1e-6f));
        float[] back = new float[12];
        Affine.composeTrs(trs, 0, back, 0);
        assertThat(back).containsExactly(m, within(1e-6f));
    }

    @Test
    void decomposeOfASingleSurvivingAxisStillReproducesTheMatrix() {
        float[] trs = new float[10];
        float[] back = new float[12];
        float[][] cases = {
            {0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3},   // x axis onto +y, length 2
            {0, 0, 0, 0, 0, -3, 0, 0, 0, 0, 0, 0},  // y axis onto -z
            {0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0},  // z axis flipped: half a turn
            {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},  // x axis flipped
        };
        for (float[] m : cases) {
            Affine.decompose(m, 0, trs, 0);
            Affine.composeTrs(trs, 0, back, 0);
            assertThat(back).containsExactly(m, within(1e-6f));
        }
    }

    private static float r(SplittableRandom random) {
        return (float) (random.nextDouble() * 10 - 5);
    }

    private static Quaternionf randomRotation(SplittableRandom random) {
        return new Quaternionf((float) random.nextGaussian(), (float) random.nextGaussian(),
                (float) random.nextGaussian(), (float) random.nextGaussian()).normalize();
    }

    @Test
    void trsDeviationIsAShearMeasureIndependentOfTranslationAndMagnitude() {
        float[] trs = new float[10];
        float[] scratch = new float[12];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 1000; i++) {
            // a TRS composed in float measures a few rounding units, wherever it is and however large
            Quaternionf q = randomRotation(random);
            float t = (float) Math.pow(10, random.nextInt(8));
            float[] m = new Matrix4x3f().translationRotateScale(t, -t, t, q.x, q.y, q.z, q.w,
                    0.01f + (float) random.nextDouble() * 100, 1, 0.5f).get(new float[12], 0);
            assertThat(Affine.trsDeviation(m, 0, trs, 0, scratch, 0)).isLessThan(0x1p-21);
            // a shear e between two columns measures about e, far from the origin too
            float e = (float) Math.pow(10, -1 - random.nextInt(4));
            float k = 0.01f + (float) random.nextDouble() * 100;
            float[] sheared = new Matrix4x3f().translationRotateScale(t, t, -t, q.x, q.y, q.z, q.w, k, k, k)
                    .mul(new Matrix4x3f(1, 0, 0, e, 1, 0, 0, 0, 1, 0, 0, 0)).get(new float[12], 0);
            assertThat(Affine.trsDeviation(sheared, 0, trs, 0, scratch, 0)).isBetween(0.3 * e, 1.5 * e);
        }
        // the record written is the decomposition
        float[] m = {0, 2, 0, -3, 0, 0, 0, 0, 4, 1e7f, 2, 3};
        assertThat(Affine.trsDeviation(m, 0, trs, 0, scratch, 0)).isLessThan(0x1p-22);
        float h = (float) Math.sqrt(0.5);
        assertThat(trs).containsExactly(new float[] {1e7f, 2, 3, 0, 0, h, h, 2, 3, 4}, within(1e-6f));
        // a zero column is reproduced by a zero scale: no shear
        float[] flat = {1, 0, 0, 0, 0, 0, 0, 0, 1, 5, 5, 5};
        assertThat(Affine.trsDeviation(flat, 0, trs, 0, scratch, 0)).isZero();
    }
}
