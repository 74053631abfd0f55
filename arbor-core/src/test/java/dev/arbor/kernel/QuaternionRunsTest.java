package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The run check and copy give the same answers on the scalar and the vector path (where the JVM has one). */
class QuaternionRunsTest {
    private static final boolean[] PATHS = VectorSupport.ENABLED ? new boolean[] {false, true} : new boolean[] {false};

    private static float[] unitQuaternions(SplittableRandom random, int count, int offset) {
        float[] q = new float[offset + count * 4 + 3];
        for (int k = 0; k < count; k++) {
            double[] g = {random.nextGaussian(), random.nextGaussian(), random.nextGaussian(), random.nextGaussian()};
            double norm = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3]);
            for (int c = 0; c < 4; c++) {
                q[offset + k * 4 + c] = (float) (g[c] / norm);
            }
        }
        return q;
    }

    @Test
    void copyFillsTheFourPlanesOnEveryPath() {
        SplittableRandom random = new SplittableRandom(1);
        for (int count : new int[] {0, 1, 15, 16, 17, 64, 100, 257}) {
            float[] src = unitQuaternions(random, count + 3, 2);
            int capacity = count + 40;
            float[] expected = null;
            for (boolean vector : PATHS) {
                float[] planes = new float[capacity * 5];
                QuaternionRuns.copy(src, 2, 3, count + 3, planes, capacity + 7, capacity, vector);
                for (int k = 3; k < count + 3; k++) {
                    for (int c = 0; c < 4; c++) {
                        assertThat(planes[capacity + 7 + c * capacity + k]).isEqualTo(src[2 + 4 * k + c]);
                    }
                }
                if (expected == null) {
                    expected = planes;
                } else {
                    assertThat(planes).containsExactly(expected);
                }
            }
        }
        assertThatThrownBy(() -> QuaternionRuns.copy(new float[8], 0, 0, 3, new float[100], 0, 10, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out of bounds");
    }

    @Test
    void checkRefusesEveryBadQuaternionWhereverItStands() {
        SplittableRandom random = new SplittableRandom(2);
        int count = 2 * QuaternionRuns.BLOCK + 37; // several blocks of the scalar loop, and a part of one
        float[][] bad = {
            {Float.NaN, 0, 0, 1}, {0, Float.POSITIVE_INFINITY, 0, 0}, {0, 0, Float.NEGATIVE_INFINITY, 0},
            {0, 0, 0, 0}, {1e-30f, 0, 0, 0}, {0, 0, 1e30f, 0}, {0, 0, 0, Float.NaN}};
        for (boolean vector : PATHS) {
            float[] good = unitQuaternions(random, count, 1);
            assertThat(QuaternionRuns.check(good, 1, 0, count, vector)).isEqualTo(QuaternionRuns.UNIT);
            for (int k = 0; k < count; k++) {
                for (float[] b : bad) {
                    float[] q = good.clone();
                    System.arraycopy(b, 0, q, 1 + 4 * k, 4);
                    assertThat(QuaternionRuns.check(q, 1, 0, count, vector)).as("vector=%s k=%d", vector, k)
                            .isEqualTo(QuaternionRuns.REFUSED);
                    // outside the checked range it does not count
                    assertThat(QuaternionRuns.check(q, 1, k + 1, count, vector)).isNotEqualTo(QuaternionRuns.REFUSED);
                }
                float[] q = good.clone();
                for (int c = 0; c < 4; c++) {
                    q[1 + 4 * k + c] *= 1.01f; // finite, not unit
                }
                assertThat(QuaternionRuns.check(q, 1, 0, count, vector)).isEqualTo(QuaternionRuns.VALID);
            }
        }
        assertThatThrownBy(() -> QuaternionRuns.check(new float[8], 0, 0, 3, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("out of bounds");
    }

    /**
     * Ranges long enough for the vector check to read ahead: the same answers as the scalar check, for a bad or
     * non-unit quaternion in the last lines (where the reads ahead stop at the array's end), at the range's start, and
     * just past the range, where a bad value is read ahead but must not count.
     */
    @Test
    void checkOfRangesThatReadAheadAnswersAsTheScalarCheck() {
        int count = QuaternionRunsVector.CHECK_AHEAD_MIN + 37;
        SplittableRandom random = new SplittableRandom(3);
        float[] good = unitQuaternions(random, count + 2, 1); // two quaternions more than the range, then 3 floats
        int[] positions = {0, 1, count / 2, count - 17, count - 2, count - 1};
        for (boolean vector : PATHS) {
            assertThat(QuaternionRuns.check(good, 1, 0, count, vector)).isEqualTo(QuaternionRuns.UNIT);
            for (int k : positions) {
                float[] q = good.clone();
                q[1 + 4 * k + 2] = Float.NaN;
                assertThat(QuaternionRuns.check(q, 1, 0, count, vector)).as("vector=%s NaN at %d", vector, k)
                        .isEqualTo(QuaternionRuns.REFUSED);
                q = good.clone();
                q[1 + 4 * k] *= 1.01f;
                assertThat(QuaternionRuns.check(q, 1, 0, count, vector)).as("vector=%s long at %d", vector, k)
                        .isEqualTo(QuaternionRuns.VALID);
            }
            for (int k : new int[] {count, count + 1}) {
                float[] q = good.clone();
                q[1 + 4 * k + 3] = Float.NaN;
                assertThat(QuaternionRuns.check(q, 1, 0, count, vector)).as("vector=%s NaN after the range at %d",
                        vector, k).isEqualTo(QuaternionRuns.UNIT);
            }
            // the range ending at the array's last float
            float[] tight = java.util.Arrays.copyOf(good, 1 + 4 * count);
            assertThat(QuaternionRuns.check(tight, 1, 0, count, vector)).isEqualTo(QuaternionRuns.UNIT);
            tight[tight.length - 1] = Float.POSITIVE_INFINITY;
            assertThat(QuaternionRuns.check(tight, 1, 0, count, vector)).isEqualTo(QuaternionRuns.REFUSED);
        }
    }

    /** A read ahead reads the first float of every 16 from its start, no other, and refuses a range past the array. */
    @Test
    void touchReadsOneFloatPerCacheLineOfItsRange() {
        float[] src = new float[100];
        for (int i = 0; i < src.length; i++) {
            src[i] = Float.intBitsToFloat(1 << (i % 31)); // a bit of its own for each of the first 31 floats
        }
        // floats 3, 19, 35, 51 and 67 are read: bits 3, 19, 4 (35 % 31), 20 (51 % 31) and 5 (67 % 31)
        assertThat(QuaternionRuns.touch(src, 3, 68)).isEqualTo(1 << 3 | 1 << 19 | 1 << 4 | 1 << 20 | 1 << 5);
        assertThat(QuaternionRuns.touch(src, 3, 67)).isEqualTo(1 << 3 | 1 << 19 | 1 << 4 | 1 << 20);
        assertThat(QuaternionRuns.touch(src, 50, 50)).isZero();
        assertThatThrownBy(() -> QuaternionRuns.touch(src, 90, 101)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("touch range out of bounds: from=90, to=101, length=100");
        assertThatThrownBy(() -> QuaternionRuns.touch(src, 5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> QuaternionRuns.touch(src, -1, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
