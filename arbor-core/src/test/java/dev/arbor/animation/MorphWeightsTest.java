package dev.arbor.animation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Morph-target weights: the holder, weights channels sampled against hand-computed values and a double-precision
 * reference, and their blending by layers and playback.
 */
class MorphWeightsTest {
    private static final AnimationEventListener IGNORE = (events, index) -> { };

    @Test
    void entriesLieOneAfterAnotherInTheFlatLayout() {
        MorphWeights w = new MorphWeights(2, 0, 3);
        assertThat(w.morphCount()).isEqualTo(3);
        assertThat(w.size()).isEqualTo(5);
        assertThat(new int[] {w.offset(0), w.offset(1), w.offset(2)}).containsExactly(0, 2, 2);
        assertThat(new int[] {w.count(0), w.count(1), w.count(2)}).containsExactly(2, 0, 3);
        w.set(0, new float[] {9, 0.25f, 0.75f}, 1).set(2, new float[] {1, 2, 3}, 0);
        assertThat(w.copyTo(new float[6], 1)).containsExactly(0, 0.25f, 0.75f, 1, 2, 3);
        assertThat(w.weights(2, new float[3], 0)).containsExactly(1, 2, 3);
        assertThat(w.weight(0, 1)).isEqualTo(0.75f);
        assertThat(w).hasToString("MorphWeights[[0.25, 0.75], [], [1.0, 2.0, 3.0]]");
    }

    @Test
    void badValuesAndLengthsAreRefusedWithNothingChanged() {
        MorphWeights w = new MorphWeights(2, 1);
        w.set(0, new float[] {0.5f, 0.5f}, 0);
        assertThatThrownBy(() -> w.set(0, new float[] {0.1f, Float.NaN}, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weight is not finite: morph=0, target=1, value=NaN");
        assertThatThrownBy(() -> w.set(0, new float[] {0.1f, 0.2f}, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights too short: length=2, offset=1, required=2");
        assertThatThrownBy(() -> w.set(2, new float[] {0.1f}, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph out of range: morph=2, morphCount=2");
        assertThatThrownBy(() -> w.weight(1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph target out of range: morph=1, target=1, count=1");
        assertThatThrownBy(() -> w.copyTo(new float[2], 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=2, offset=0, required=3");
        assertThatThrownBy(() -> w.copyFrom(new MorphWeights(1, 2))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph weight layouts differ: other has 2 entries and 3 weights, this 2 and 3");
        assertThatThrownBy(() -> w.blend(w, w, Float.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weight is not finite: weight=Infinity");
        assertThatThrownBy(() -> new MorphWeights(1, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("negative weight count: morph=1, count=-1");
        assertThat(w.copyTo(new float[3], 0)).containsExactly(0.5f, 0.5f, 0);
    }

    /** Keys at 0, 1, 3: weights (0, 1) → (1, 0) → (0.5, 0.5). */
    private static AnimationClip twoWeights(Interpolation interpolation) {
        float[] times = {0, 1, 3};
        float[] values = interpolation == Interpolation.CUBICSPLINE
                // per key: in-tangents, weights, out-tangents
                ? new float[] {0, 0, 0, 1, 2, -2, /**/ 0, 0, 1, 0, 0, 0, /**/ 1, 1, 0.5f, 0.5f, 0, 0}
                : new float[] {0, 1, 1, 0, 0.5f, 0.5f};
        return AnimationClip.builder("morph").addWeightsChannel(1, interpolation, times, values, 2).build();
    }

    private static float[] sample(AnimationClip clip, float time, WrapMode wrap) {
        MorphWeights w = new MorphWeights(3, 2);
        w.set(0, new float[] {7, 7, 7}, 0);
        clip.sampleWeights(time, wrap, w);
        assertThat(w.weights(0, new float[3], 0)).as("an entry no channel animates").containsExactly(7, 7, 7);
        return w.weights(1, new float[2], 0);
    }

    @Test
    void linearWeightsArePlainLerpsAndClampOutsideTheKeys() {
        AnimationClip clip = twoWeights(Interpolation.LINEAR);
        assertThat(clip.endTime()).isEqualTo(3);
        assertThat(clip.morphCount()).isEqualTo(2);
        assertThat(clip.targetCount()).isZero();
        assertThat(sample(clip, 0.25f, WrapMode.CLAMP)).containsExactly(0.25f, 0.75f);
        assertThat(sample(clip, 2, WrapMode.CLAMP)).containsExactly(0.75f, 0.25f);
        assertThat(sample(clip, -1, WrapMode.CLAMP)).containsExactly(0, 1);
        assertThat(sample(clip, 7, WrapMode.CLAMP)).containsExactly(0.5f, 0.5f);
        // LOOP: 3.25 wraps to 0.25, -1 to 2
        assertThat(sample(clip, 3.25f, WrapMode.LOOP)).containsExactly(0.25f, 0.75f);
        assertThat(sample(clip, -1, WrapMode.LOOP)).containsExactly(0.75f, 0.25f);
    }

    @Test
    void stepWeightsHoldThePreviousKey() {
        AnimationClip clip = twoWeights(Interpolation.STEP);
        assertThat(sample(clip, 0.999f, WrapMode.CLAMP)).containsExactly(0, 1);
        assertThat(sample(clip, 1, WrapMode.CLAMP)).containsExactly(1, 0);
        assertThat(sample(clip, 2.9f, WrapMode.CLAMP)).containsExactly(1, 0);
        assertThat(sample(clip, 3, WrapMode.CLAMP)).containsExactly(0.5f, 0.5f);
    }

    @Test
    void cubicWeightsFollowTheHermiteSplineWithTangentsScaledByTheInterval() {
        AnimationClip clip = twoWeights(Interpolation.CUBICSPLINE);
        // segment 0 (td = 1) at s = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125
        // weight 0: 0.5·0 + 0.125·2 + 0.5·1 − 0.125·0 = 0.75; weight 1: 0.5·1 + 0.125·(−2) + 0.5·0 − 0.125·0 = 0.25
        assertThat(sample(clip, 0.5f, WrapMode.CLAMP)).containsExactly(new float[] {0.75f, 0.25f}, offset(1e-7f));
        // segment 1 (td = 2) at s = 0.5: out-tangents 0, in-tangents (1, 1): 0.5·1 + 0.5·0.5 − 2·0.125·1 = 0.5 and
        // 0.5·0 + 0.5·0.5 − 0.25 = 0
        assertThat(sample(clip, 2, WrapMode.CLAMP)).containsExactly(new float[] {0.5f, 0f}, offset(1e-7f));
        assertThat(sample(clip, 3, WrapMode.CLAMP)).containsExactly(0.5f, 0.5f);
        assertThat(sample(clip, 0, WrapMode.CLAMP)).containsExactly(0, 1);
    }

    @Test
    void weightsChannelsCountTowardsTheClipsTimeSpan() {
        AnimationClip clip = AnimationClip.builder("both")
                .addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR, new float[] {0.5f, 1},
                        new float[] {0, 0, 0, 1, 0, 0})
                .addWeightsChannel(0, Interpolation.LINEAR, new float[] {0.25f, 2}, new float[] {0, 1}, 1)
                .build();
        assertThat(clip.startTime()).isEqualTo(0.25f);
        assertThat(clip.endTime()).isEqualTo(2);
        assertThat(clip.weightsChannelCount()).isEqualTo(1);
        assertThat(clip.channelCount()).isEqualTo(1);
        assertThat(clip.weightsTimes(0)).containsExactly(0.25f, 2);
        assertThat(clip.weightsValues(0)).containsExactly(0, 1);
        assertThat(clip.weightsInterpolation(0)).isEqualTo(Interpolation.LINEAR);
        assertThat(clip.weightsMorph(0)).isZero();
        assertThat(clip.weightsCount(0)).isEqualTo(1);
        // the translation loops over the whole clip: 2.75 is 0.75 into it
        Pose pose = new Pose(1);
        clip.sample(2.75f, WrapMode.LOOP, pose);
        assertThat(pose.translation(0, new float[3], 0)[0]).isEqualTo(0.5f);
    }

    @Test
    void badWeightsChannelsAreRefusedNamingTheValue() {
        AnimationClip.Builder b = AnimationClip.builder("bad");
        assertThatThrownBy(() -> b.addWeightsChannel(-1, Interpolation.LINEAR, new float[] {0}, new float[] {0}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weights channel 0: negative morph=-1");
        assertThatThrownBy(() -> b.addWeightsChannel(0, Interpolation.LINEAR, new float[] {0}, new float[0], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 0: weightCount=0, required ≥ 1");
        assertThatThrownBy(() -> b.addWeightsChannel(0, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 1, 2}, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 0: values.length=3, required=4 (2 keys × 2)");
        assertThatThrownBy(() -> b.addWeightsChannel(0, Interpolation.CUBICSPLINE, new float[] {0},
                new float[] {0, 1}, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 0: values.length=2, required=3 (1 keys × 3)");
        assertThatThrownBy(() -> b.addWeightsChannel(0, Interpolation.STEP, new float[] {0, 1},
                new float[] {0, Float.NaN}, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 0: value[1]=NaN is not finite");
        assertThatThrownBy(() -> b.addWeightsChannel(0, Interpolation.STEP, new float[] {1, 1},
                new float[] {0, 1}, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 0: times not strictly increasing: time[0]=1.0, time[1]=1.0");
        assertThat(b.build().weightsChannelCount()).isZero();
    }

    @Test
    void samplingIntoAHolderThatDoesNotFitIsRefusedWithNothingWritten() {
        AnimationClip clip = AnimationClip.builder("two").addWeightsChannel(0, Interpolation.LINEAR,
                new float[] {0, 1}, new float[] {1, 1, 2, 2}, 2)
                .addWeightsChannel(1, Interpolation.LINEAR, new float[] {0, 1}, new float[] {1, 2}, 1).build();
        MorphWeights tooFew = new MorphWeights(2);
        assertThatThrownBy(() -> clip.sampleWeights(0, WrapMode.CLAMP, tooFew))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph weights too small: morphCount=1, required=2");
        MorphWeights wrongCount = new MorphWeights(2, 3);
        assertThatThrownBy(() -> clip.sampleWeights(0, WrapMode.CLAMP, wrongCount))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("weights channel 1: morph 1 has 3 weights, the channel 1");
        assertThat(wrongCount.copyTo(new float[5], 0)).containsOnly(0);
        assertThatThrownBy(() -> clip.sampleWeights(Float.NaN, WrapMode.CLAMP, new MorphWeights(2, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("time is NaN");
    }

    // ---- against a double-precision reference ----

    /** The glTF rules in double, written for this test from the specification. */
    private static double[] reference(AnimationClip clip, int channel, double time, WrapMode wrap) {
        double end = clip.endTime();
        double t = time;
        if (wrap == WrapMode.LOOP && end > 0) {
            t = time - Math.floor(time / end) * end;
            if (t >= end) {
                t = Math.nextDown(end);
            }
        }
        float[] times = clip.weightsTimes(channel);
        float[] values = clip.weightsValues(channel);
        int n = clip.weightsCount(channel);
        boolean cubic = clip.weightsInterpolation(channel) == Interpolation.CUBICSPLINE;
        int stride = cubic ? 3 * n : n;
        int mid = cubic ? n : 0;
        double[] out = new double[n];
        int last = times.length - 1;
        int key = t <= times[0] ? 0 : t >= times[last] ? last : -1;
        if (key >= 0) {
            for (int j = 0; j < n; j++) {
                out[j] = values[key * stride + mid + j];
            }
            return out;
        }
        int k = 0;
        while (times[k + 1] <= t) {
            k++;
        }
        double td = (double) times[k + 1] - times[k];
        double s = (t - times[k]) / td;
        for (int j = 0; j < n; j++) {
            double v0 = values[k * stride + mid + j];
            double v1 = values[(k + 1) * stride + mid + j];
            switch (clip.weightsInterpolation(channel)) {
                case STEP:
                    out[j] = v0;
                    break;
                case LINEAR:
                    out[j] = (1 - s) * v0 + s * v1;
                    break;
                default:
                    double out0 = values[k * stride + 2 * n + j];
                    double in1 = values[(k + 1) * stride + j];
                    out[j] = (2 * s * s * s - 3 * s * s + 1) * v0 + td * (s * s * s - 2 * s * s + s) * out0
                            + (-2 * s * s * s + 3 * s * s) * v1 + td * (s * s * s - s * s) * in1;
            }
        }
        return out;
    }

    /** The largest magnitude a channel's curve can reach from its keys: values, and tangents times the interval. */
    private static double scale(AnimationClip clip, int channel) {
        float[] times = clip.weightsTimes(channel);
        double longest = times.length > 1 ? times[times.length - 1] - times[0] : 0;
        double scale = 1e-30;
        for (float v : clip.weightsValues(channel)) {
            scale = Math.max(scale, Math.abs(v) * Math.max(1, longest));
        }
        return scale;
    }

    @Test
    void randomChannelsMatchTheDoubleReferenceAtRandomTimesLoopsClampsAndJumpsBack() {
        Random random = new Random(0x5EED_3041L);
        for (int round = 0; round < 60; round++) {
            Interpolation interpolation = Interpolation.values()[round % 3];
            int morphs = 1 + random.nextInt(3);
            int[] counts = new int[morphs];
            AnimationClip.Builder b = AnimationClip.builder("random " + round);
            for (int m = 0; m < morphs; m++) {
                counts[m] = 1 + random.nextInt(5);
                int keys = 1 + random.nextInt(12);
                float[] times = new float[keys];
                float t = random.nextFloat() * 0.5f;
                for (int k = 0; k < keys; k++) {
                    times[k] = t;
                    t += 0.01f + random.nextFloat() * 0.7f;
                }
                float[] values = new float[keys * interpolation.valuesPerKey() * counts[m]];
                for (int i = 0; i < values.length; i++) {
                    values[i] = (random.nextFloat() * 2 - 1) * (1 + 9 * (round % 2));
                }
                b.addWeightsChannel(m, interpolation, times, values, counts[m]);
            }
            AnimationClip clip = b.build();
            MorphWeights w = new MorphWeights(counts);
            float time = 0;
            for (int step = 0; step < 200; step++) {
                int kind = random.nextInt(10);
                time = kind == 0 ? time - random.nextFloat() * 3 // a jump backwards
                        : kind == 1 ? random.nextFloat() * 40 - 20 // anywhere, also far outside the keys
                        : time + random.nextFloat() * 0.1f;
                WrapMode wrap = random.nextBoolean() ? WrapMode.LOOP : WrapMode.CLAMP;
                clip.sampleWeights(time, wrap, w);
                for (int m = 0; m < morphs; m++) {
                    double[] expected = reference(clip, m, time, wrap);
                    double tolerance = 1e-6 * scale(clip, m);
                    for (int j = 0; j < counts[m]; j++) {
                        assertThat((double) w.weight(m, j)).as("round %d %s time %s %s morph %d weight %d", round,
                                interpolation, time, wrap, m, j).isCloseTo(expected[j], offset(tolerance));
                    }
                }
            }
        }
    }

    // ---- layers and playback ----

    /** Two morphed nodes: node 0 with 2 weights at rest (0.5, 0.5), node 1 with 1 weight at rest 0.2. */
    private static MorphWeights restWeights() {
        return new MorphWeights(2, 1).set(0, new float[] {0.5f, 0.5f}, 0).set(1, new float[] {0.2f}, 0);
    }

    @Test
    void averagedOverrideLayersTakeTheWeightedMeanAndTheRestWeightsFillInBelowOne() {
        MorphWeights rest = restWeights();
        PoseLayers layers = new PoseLayers(new Pose(0), rest, OverrideMode.AVERAGED);
        int a = layers.addOverride();
        int b = layers.addOverride();
        assertThat(layers.weights(a).copyTo(new float[3], 0)).as("a new layer starts at rest")
                .containsExactly(0.5f, 0.5f, 0.2f);
        layers.weights(a).set(0, new float[] {1, 0}, 0).set(1, new float[] {1}, 0);
        layers.weights(b).set(0, new float[] {0, 1}, 0).set(1, new float[] {0}, 0);
        MorphWeights out = new MorphWeights(2, 1);
        Pose pose = new Pose(0);
        // total weight 1.5: mean (0.75·a + 0.75·b) / 1.5
        layers.weight(a, 0.75f).weight(b, 0.75f);
        layers.evaluate(pose, out);
        assertThat(out.copyTo(new float[3], 0)).containsExactly(new float[] {0.5f, 0.5f, 0.5f}, offset(1e-7f));
        // total 0.4: 0.3·a + 0.1·b + 0.6·rest
        layers.weight(a, 0.3f).weight(b, 0.1f);
        layers.evaluate(pose, out);
        assertThat(out.copyTo(new float[3], 0)).containsExactly(new float[] {0.3f + 0.3f, 0.1f + 0.3f,
            0.3f + 0.12f}, offset(1e-7f));
        // masks per morphed node: b only on node 1 (weight 1 there), a covers both
        layers.weight(a, 1).weight(b, 1).morphMask(b, new float[] {0, 1});
        layers.evaluate(pose, out);
        assertThat(out.copyTo(new float[3], 0)).containsExactly(new float[] {1, 0, 0.5f}, offset(1e-7f));
    }

    @Test
    void stackedOverrideLayersBlendOverWhatIsBelowInTheOrderAdded() {
        MorphWeights rest = restWeights();
        PoseLayers layers = new PoseLayers(new Pose(0), rest);
        int a = layers.addOverride();
        int b = layers.addOverride();
        layers.weights(a).set(0, new float[] {1, 0}, 0).set(1, new float[] {1}, 0);
        layers.weights(b).set(0, new float[] {0, 1}, 0).set(1, new float[] {0}, 0);
        MorphWeights out = new MorphWeights(2, 1);
        Pose pose = new Pose(0);
        // both at 1: the top layer replaces the one below
        layers.evaluate(pose, out);
        assertThat(out.copyTo(new float[3], 0)).containsExactly(0, 1, 0);
        // a at 0.5 over rest, then b at 0.25 over that: v = r + 0.5 (a − r), then v + 0.25 (b − v)
        layers.weight(a, 0.5f).weight(b, 0.25f);
        layers.evaluate(pose, out);
        float[] expected = new float[3];
        float[] r = {0.5f, 0.5f, 0.2f};
        float[] av = {1, 0, 1};
        float[] bv = {0, 1, 0};
        for (int i = 0; i < 3; i++) {
            double v = r[i] + 0.5 * (av[i] - r[i]);
            expected[i] = (float) (v + 0.25 * (bv[i] - v));
        }
        assertThat(out.copyTo(new float[3], 0)).containsExactly(expected, offset(1e-7f));
        // b masked off node 0: node 0 keeps a's blend
        layers.weight(b, 1).morphMask(b, new float[] {0, 1});
        layers.evaluate(pose, out);
        assertThat(out.copyTo(new float[3], 0)).containsExactly(new float[] {0.75f, 0.25f, 0}, offset(1e-7f));
    }

    @Test
    void additiveLayersAddTheirDifferenceFromTheReference() {
        MorphWeights rest = restWeights();
        PoseLayers layers = new PoseLayers(new Pose(0), rest);
        MorphWeights reference = new MorphWeights(2, 1).set(0, new float[] {0.1f, 0.1f}, 0);
        int add = layers.addAdditive(new Pose(0), reference);
        int plain = layers.addAdditive(new Pose(0));
        layers.weights(add).set(0, new float[] {0.3f, 0.1f}, 0).set(1, new float[] {0.4f}, 0);
        layers.weight(add, 0.5f);
        MorphWeights out = new MorphWeights(2, 1);
        layers.evaluate(new Pose(0), out);
        // rest + 0.5 × (layer − reference); the layer added without weights reference adds nothing until sampled
        assertThat(out.copyTo(new float[3], 0)).containsExactly(new float[] {0.6f, 0.5f, 0.4f}, offset(1e-7f));
        layers.weights(plain).set(1, new float[] {0.7f}, 0);
        layers.morphMask(plain, new float[] {1, 0.5f});
        layers.evaluate(new Pose(0), out);
        assertThat(out.weight(1, 0)).isCloseTo(0.4f + 0.5f * 0.5f, offset(1e-7f));
    }

    @Test
    void layersRefuseWeightsThatDoNotFitWithNothingChanged() {
        PoseLayers layers = new PoseLayers(new Pose(1), restWeights());
        int a = layers.addOverride();
        assertThatThrownBy(() -> layers.morphMask(a, new float[] {1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mask length 1 is not the number of morphed nodes 2");
        assertThatThrownBy(() -> layers.morphMask(a, new float[] {1, Float.NaN}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("mask value out of range: morph=1, value=NaN, allowed=[0, 1]");
        assertThatThrownBy(() -> layers.addAdditive(new Pose(1), new MorphWeights(2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph weight layouts differ: weightsReference has 1 entries and 2 weights, this 2 and 3");
        assertThat(layers.layerCount()).isEqualTo(1);
        MorphWeights out = new MorphWeights(3);
        Pose pose = new Pose(1);
        pose.set(0, new float[] {5, 5, 5}, new float[] {0, 0, 0, 1}, new float[] {1, 1, 1});
        assertThatThrownBy(() -> layers.evaluate(pose, out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("morph weight layouts differ: destWeights has 1 entries and 3 weights, this 2 and 3");
        assertThat(pose.translation(0, new float[3], 0)).containsExactly(5, 5, 5);
    }

    @Test
    void aCrossFadeBlendsTheWeightsOfBothClips() {
        AnimationClip up = AnimationClip.builder("up").addWeightsChannel(0, Interpolation.LINEAR,
                new float[] {0, 1}, new float[] {0, 1}, 1).build();
        AnimationClip flat = AnimationClip.builder("flat").addWeightsChannel(0, Interpolation.STEP,
                new float[] {0, 1}, new float[] {0.8f, 0.8f}, 1).build();
        MorphWeights rest = new MorphWeights(1);
        MorphWeights out = new MorphWeights(1);
        MorphWeights scratch = new MorphWeights(1);
        Playback p = new Playback(up, PlaybackMode.LOOP);
        p.advance(0.5f, IGNORE);
        p.sampleWeights(rest, out, scratch);
        assertThat(out.weight(0, 0)).isEqualTo(0.5f);
        p.crossFade(flat, AnimationEvents.NONE, PlaybackMode.LOOP, 1);
        p.advance(0.25f, IGNORE);
        // up at 0.75, flat at 0.8, weight 0.25 of flat
        p.sampleWeights(rest, out, scratch);
        assertThat(out.weight(0, 0)).isCloseTo(0.75f + 0.25f * (0.8f - 0.75f), offset(1e-7f));
    }

    @Test
    void samplingAndBlendingWeightsAllocateNothingOnceWarm() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.assertj.core.api.Assumptions.assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long thread = Thread.currentThread().getId();
        AnimationClip linear = twoWeights(Interpolation.LINEAR);
        AnimationClip cubic = twoWeights(Interpolation.CUBICSPLINE);
        MorphWeights rest = new MorphWeights(3, 2);
        PoseLayers layers = new PoseLayers(new Pose(0), rest);
        int a = layers.addOverride();
        int b = layers.addAdditive(new Pose(0));
        layers.morphMask(a, new float[] {1, 0.5f});
        Pose pose = new Pose(0);
        MorphWeights out = new MorphWeights(3, 2);
        MorphWeights scratch = new MorphWeights(3, 2);
        Playback playback = new Playback(linear, PlaybackMode.LOOP);
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 25 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int frame = 0; frame < 2000; frame++) {
                float time = frame / 60f;
                linear.sampleWeights(time, WrapMode.LOOP, layers.weights(a));
                cubic.sampleWeights(time, WrapMode.CLAMP, layers.weights(b));
                layers.evaluate(pose, out);
                if (frame % 500 == 0) {
                    playback.crossFade(frame % 1000 == 0 ? cubic : linear, AnimationEvents.NONE, PlaybackMode.LOOP,
                            0.3f);
                }
                playback.advance(1 / 60f, IGNORE);
                playback.sampleWeights(rest, out, scratch);
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(thread) - before);
        }
        assertThat(least).as("bytes allocated by 2,000 frames (least of up to 25 windows)").isZero();
    }
}
