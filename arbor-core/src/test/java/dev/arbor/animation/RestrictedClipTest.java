package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link AnimationClip#restrictedTo}: the channels a mask keeps, sampled exactly as by the whole clip. */
class RestrictedClipTest {
    private static final int TARGETS = 6;

    /** Six targets, each with a translation, rotation and scale channel; target 5's keys end last (at 3 s). */
    private static AnimationClip clip(SplittableRandom random) {
        AnimationClip.Builder b = AnimationClip.builder("walk");
        Interpolation[] kinds = Interpolation.values();
        for (int t = 0; t < TARGETS; t++) {
            for (TargetPath path : TargetPath.values()) {
                Interpolation interp = kinds[random.nextInt(kinds.length)];
                int keys = 2 + random.nextInt(5);
                float end = t == TARGETS - 1 ? 3f : 2f;
                float[] times = new float[keys];
                for (int k = 0; k < keys; k++) {
                    times[k] = end * k / (keys - 1);
                }
                float[] values = new float[keys * interp.valuesPerKey() * path.components()];
                for (int v = 0; v < values.length; v++) {
                    values[v] = (float) random.nextDouble(-1, 1);
                }
                if (path == TargetPath.ROTATION) {
                    int mid = interp == Interpolation.CUBICSPLINE ? 4 : 0;
                    for (int k = 0; k < keys; k++) {
                        values[k * interp.valuesPerKey() * 4 + mid + 3] = 1f; // far from zero
                    }
                }
                b.addChannel(t, path, interp, times, values);
            }
        }
        return b.build();
    }

    @Test
    void keptTargetsSampleBitForBitAsTheWholeClipAtTheSameTimesAndOthersAreLeftAlone() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 20; trial++) {
            AnimationClip whole = clip(random);
            float[] mask = new float[TARGETS];
            for (int t = 0; t < TARGETS; t++) {
                mask[t] = random.nextInt(3) == 0 ? 0f : (float) random.nextDouble(0.1, 1);
            }
            mask[TARGETS - 1] = 0f; // the longest channels go: the time range must not
            AnimationClip part = whole.restrictedTo(mask);
            assertThat(part.endTime()).isEqualTo(whole.endTime()).isEqualTo(3f);
            assertThat(part.startTime()).isEqualTo(whole.startTime());
            for (int s = 0; s < 50; s++) {
                float time = (float) random.nextDouble(-4, 8);
                WrapMode wrap = s % 2 == 0 ? WrapMode.LOOP : WrapMode.CLAMP;
                Pose expected = new Pose(TARGETS);
                whole.sample(time, wrap, expected);
                Pose got = new Pose(TARGETS);
                float[] marker = {7, 7, 7};
                for (int t = 0; t < TARGETS; t++) {
                    got.set(t, marker, new float[] {0, 0, 1, 0}, marker);
                }
                part.sample(time, wrap, got);
                for (int t = 0; t < TARGETS; t++) {
                    float[] e = new float[10];
                    float[] g = new float[10];
                    expected.translation(t, e, 0);
                    expected.rotation(t, e, 3);
                    expected.scale(t, e, 7);
                    got.translation(t, g, 0);
                    got.rotation(t, g, 3);
                    got.scale(t, g, 7);
                    if (mask[t] > 0) {
                        assertThat(g).as("target %d at %s (%s)", t, time, wrap).containsExactly(e);
                    } else {
                        assertThat(g).as("untouched target %d", t).containsExactly(7, 7, 7, 0, 0, 1, 0, 7, 7, 7);
                    }
                }
            }
        }
    }

    @Test
    void badMasksAreRefused() {
        AnimationClip whole = clip(new SplittableRandom(3));
        assertThatThrownBy(() -> whole.restrictedTo(new float[TARGETS - 1]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("mask too short: length=5, required=6");
        float[] mask = new float[TARGETS];
        mask[2] = Float.NaN;
        assertThatThrownBy(() -> whole.restrictedTo(mask))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("mask weight of target 2 is NaN");
    }
}
