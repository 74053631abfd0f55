package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.NodeList;
import java.util.SplittableRandom;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class AnimationClipTest {

    private static AnimationClip slide() {
        // target 1 slides in x from 0 to 10 over [1, 3]
        return AnimationClip.builder("slide")
                .addChannel(1, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {1, 3},
                        new float[] {0, 0, 0, 10, 0, 0})
                .build();
    }

    @Test
    void clampUsesTheTimeAsGiven() {
        AnimationClip clip = slide();
        Pose pose = new Pose(2);
        clip.sample(2f, WrapMode.CLAMP, pose);
        assertThat(pose.translation(1, new float[3], 0)).containsExactly(5, 0, 0);
        clip.sample(7f, WrapMode.CLAMP, pose);
        assertThat(pose.translation(1, new float[3], 0)).containsExactly(10, 0, 0);
        // target 0 is not animated: left as it was
        assertThat(pose.translation(0, new float[3], 0)).containsExactly(0, 0, 0);
    }

    @Test
    void loopWrapsIntoZeroToEndTime() {
        AnimationClip clip = slide();
        assertThat(clip.endTime()).isEqualTo(3f);
        assertThat(clip.startTime()).isEqualTo(1f);
        assertThat(clip.wrap(5f)).isEqualTo(2f);
        assertThat(clip.wrap(-1f)).isEqualTo(2f);
        assertThat(clip.wrap(3f)).isEqualTo(0f);
        Pose pose = new Pose(2);
        clip.sample(5f, WrapMode.LOOP, pose); // = t 2
        assertThat(pose.translation(1, new float[3], 0)[0]).isCloseTo(5f, within(1e-6f));
    }

    @Test
    void aTimeJustBelowTheLoopsEndStaysAtTheEndInsteadOfJumpingToTheStart() {
        AnimationClip clip = slide(); // end 3: translation x goes 0 → 10 over keys 1..3
        // -1.4e-45 wrapped exactly is 3 - 1.4e-45, which no float tells from 3: the loop has not reached its end yet
        assertThat(clip.wrap(-Float.MIN_VALUE)).isEqualTo(Math.nextDown(3f));
        Pose pose = new Pose(2);
        clip.sample(-Float.MIN_VALUE, WrapMode.LOOP, pose);
        assertThat(pose.translation(1, new float[3], 0)[0]).as("the value at the end, not at the start")
                .isCloseTo(10f, within(1e-4f));
    }

    /**
     * Channels that share their key times (equal arrays, not the same instance) search them once per sample; the
     * result must be what each channel gives alone, bit for bit, including neighbours with other times of the same
     * length, a single-key channel between them, and times before, on, between and after the keys.
     */
    @Test
    void channelsSharingKeyTimesSampleAsEachAlone() {
        SplittableRandom random = new SplittableRandom(0x5E6L);
        float[] shared = {0f, 0.25f, 0.5f, 1f, 1.5f, 2f};
        float[] other = {0f, 0.1f, 0.2f, 1.8f, 1.9f, 2f}; // same length, other segments for most times
        float[][] timelines = {shared, shared.clone(), other, other.clone(), shared.clone(), {0.7f}, other,
            shared.clone(), shared.clone(), other.clone(), shared, {1.2f, 1.3f}};
        TargetPath[] paths = TargetPath.values();
        Interpolation[] interpolations = Interpolation.values();
        AnimationClip.Builder builder = AnimationClip.builder("shared");
        int channels = timelines.length;
        TargetPath[] channelPaths = new TargetPath[channels];
        Interpolation[] channelInterpolations = new Interpolation[channels];
        float[][] channelValues = new float[channels][];
        for (int c = 0; c < channels; c++) {
            channelPaths[c] = paths[c % paths.length];
            channelInterpolations[c] = interpolations[(c / paths.length) % interpolations.length];
            int components = channelPaths[c] == TargetPath.ROTATION ? 4 : 3;
            float[] values = new float[timelines[c].length * channelInterpolations[c].valuesPerKey() * components];
            for (int v = 0; v < values.length; v++) {
                values[v] = (float) random.nextDouble(0.1, 1.0); // positive: no zero quaternion
            }
            channelValues[c] = values;
            builder.addChannel(c, channelPaths[c], channelInterpolations[c], timelines[c], values);
        }
        AnimationClip clip = builder.build();
        Pose pose = new Pose(channels);
        // each channel in a clip of its own: sampled with no other channel on its key times
        AnimationClip[] alone = new AnimationClip[channels];
        for (int c = 0; c < channels; c++) {
            alone[c] = AnimationClip.builder("alone").addChannel(c, channelPaths[c], channelInterpolations[c],
                    timelines[c], channelValues[c]).build();
        }
        Pose alonePose = new Pose(channels);
        float[] expected = new float[4];
        float[] actual = new float[4];
        int compared = 0;
        for (int step = -4; step <= 44; step++) {
            float t = step * 0.05f + (step % 3 == 0 ? 0f : (float) random.nextDouble(0, 0.05));
            clip.sample(t, WrapMode.CLAMP, pose);
            for (int c = 0; c < channels; c++) {
                boolean rotation = channelPaths[c] == TargetPath.ROTATION;
                int components = rotation ? 4 : 3;
                alone[c].sample(t, WrapMode.CLAMP, alonePose);
                if (rotation) {
                    alonePose.rotation(c, expected, 0);
                } else if (channelPaths[c] == TargetPath.TRANSLATION) {
                    alonePose.translation(c, expected, 0);
                } else {
                    alonePose.scale(c, expected, 0);
                }
                if (rotation) {
                    pose.rotation(c, actual, 0);
                } else if (channelPaths[c] == TargetPath.TRANSLATION) {
                    pose.translation(c, actual, 0);
                } else {
                    pose.scale(c, actual, 0);
                }
                for (int k = 0; k < components; k++) {
                    assertThat(Float.floatToRawIntBits(actual[k])).as("channel %d at t=%s, component %d", c, t, k)
                            .isEqualTo(Float.floatToRawIntBits(expected[k]));
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(49 * (3 * 8 + 4 * 4));
    }

    @Test
    void invalidChannelsAreRejectedWithTheReason() {
        AnimationClip.Builder b = AnimationClip.builder("x");
        assertThatThrownBy(() -> b.addChannel(0, TargetPath.SCALE, Interpolation.LINEAR, new float[] {1, 1},
                new float[6])).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("channel 0: times not strictly increasing: time[0]=1.0, time[1]=1.0");
        assertThatThrownBy(() -> b.addChannel(0, TargetPath.ROTATION, Interpolation.STEP, new float[] {0},
                new float[4])).hasMessage("channel 0: key 0 is a zero quaternion");
        assertThatThrownBy(() -> b.addChannel(0, TargetPath.SCALE, Interpolation.CUBICSPLINE, new float[] {0},
                new float[3])).hasMessage("channel 0: values.length=3, required=9 (1 keys × 9)");
        assertThatThrownBy(() -> b.addChannel(0, TargetPath.SCALE, Interpolation.STEP, new float[] {Float.NaN},
                new float[3])).hasMessage("channel 0: time[0]=NaN is not finite");
        assertThatThrownBy(() -> slide().sample(0f, WrapMode.CLAMP, new Pose(1)))
                .hasMessage("pose too small: size=1, required=2");
    }

    @Test
    void blendMixesTranslationsLinearlyAndRotationsBySlerp() {
        Pose a = new Pose(1);
        Pose b = new Pose(1);
        float h = (float) Math.sqrt(0.5);
        b.set(0, new float[] {4, 0, 0}, new float[] {0, 0, h, h}, new float[] {3, 3, 3});
        Pose mix = new Pose(1).blend(a, b, 0.25f);
        assertThat(mix.translation(0, new float[3], 0)).containsExactly(1, 0, 0);
        assertThat(mix.scale(0, new float[3], 0)).containsExactly(1.5f, 1.5f, 1.5f);
        float[] q = mix.rotation(0, new float[4], 0);
        // a quarter of 90° about z
        assertThat(q[2]).isCloseTo((float) Math.sin(Math.PI / 16), within(1e-6f));
        assertThat(new Pose(1).blend(a, b, 1f).rotation(0, new float[4], 0)[3]).isCloseTo(h, within(1e-6f));
    }

    @Test
    void applyToWritesTrsAndSkipsNullHandles() {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long child = h.createChild(root);
        Pose pose = new Pose(3);
        float s = (float) Math.sqrt(0.5);
        pose.set(0, new float[] {1, 2, 3}, new float[] {0, 0, s, s}, new float[] {2, 2, 2});
        pose.set(2, new float[] {0, 1, 0}, new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        pose.applyTo(h, new long[] {root, Hierarchy.NULL, child}, 0);
        h.update();
        Matrix4f expected = new Matrix4f().translationRotateScale(new Vector3f(1, 2, 3),
                new Quaternionf(0, 0, s, s), new Vector3f(2, 2, 2)).translate(0, 1, 0);
        Matrix4f actual = h.getWorld(child, new Matrix4f());
        assertThat(actual.equals(expected, 1e-5f)).as("%s vs %s", actual, expected).isTrue();
        // the bulk path (no NULL) gives the same
        Pose two = new Pose(2);
        two.set(0, new float[] {1, 2, 3}, new float[] {0, 0, s, s}, new float[] {2, 2, 2});
        two.set(1, new float[] {0, 1, 0}, new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        Hierarchy h2 = new Hierarchy();
        long r2 = h2.createRoot();
        long c2 = h2.createChild(r2);
        two.applyTo(h2, new long[] {r2, c2}, 0);
        assertThat(h2.getWorld(c2, new Matrix4f()).equals(actual, 0f)).isTrue();
        // and so does a node list
        Hierarchy h3 = new Hierarchy();
        long r3 = h3.createRoot();
        long c3 = h3.createChild(r3);
        NodeList list = h3.nodeList(new long[] {r3, c3}, 0, 2);
        two.applyTo(h3, list);
        assertThat(h3.getWorld(c3, new Matrix4f()).equals(actual, 0f)).isTrue();
        assertThatThrownBy(() -> pose.applyTo(h3, list)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("node list size 2 does not match the pose's size 3");
    }

    @Test
    void aClipBuiltInCodeCarriesItsNameAndARenamedCopySamplesTheSame() {
        AnimationClip wave = AnimationClip.builder("wave")
                .addChannel(1, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0, 2},
                        new float[] {0, 0, 0, 4, 0, 0})
                .build();
        assertThat(wave.name()).isEqualTo("wave");
        assertThat(wave.toString()).startsWith("AnimationClip[name=wave,");
        assertThat(wave.withName("wave")).isSameAs(wave);
        AnimationClip greet = wave.withName("greet");
        assertThat(greet.name()).isEqualTo("greet");
        assertThat(wave.name()).isEqualTo("wave");
        assertThat(greet.targetCount()).isEqualTo(2);
        Pose pose = new Pose(2);
        greet.sample(0.5f, WrapMode.CLAMP, pose);
        assertThat(pose.translation(1, new float[3], 0)).containsExactly(1, 0, 0);
        assertThat(greet.restrictedTo(new float[] {0, 1}).name()).isEqualTo("greet");
    }
}
