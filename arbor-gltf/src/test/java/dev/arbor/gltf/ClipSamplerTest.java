package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseBatch;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ClipSampler} against the double-precision {@link ReferenceSampler}: every value it writes, for random clips
 * of all three interpolations and every clip of the sample models, along {@link SamplerAccuracyTest#script} (frame by
 * frame, backward jumps, random times, key times and their neighbours, the loop's seam) with LOOP and CLAMP, through
 * one row of cursors that is never reset; and a crowd of instances at their own random times (seeded
 * {@link Random}) through {@link CrowdAnimator}. Exact compilation keeps every value within 1e-6 of the reference
 * (relative to the value's scale); folding within a tolerance keeps them within the tolerance plus that.
 */
class ClipSamplerTest {
    /** The exactness target. */
    static final double TARGET = 1e-6;

    @Test
    void exactSamplerMatchesTheReferenceOnRandomClips() {
        double max = 0;
        for (long seed = 1; seed <= 300; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
            AnimationClip clip = SamplerAccuracyTest.randomClip(random, "random-" + seed);
            max = Math.max(max, maxError(ClipSampler.compile(clip), clip, random));
        }
        System.out.println("# ClipSampler, random clips: max error " + max);
        assertThat(max).isLessThanOrEqualTo(TARGET);
    }

    @Test
    void exactSamplerMatchesTheReferenceOnTheSampleModels() throws Exception {
        double max = 0;
        SplittableRandom random = new SplittableRandom(0xC1A55L);
        for (AnimationClip clip : modelClips()) {
            max = Math.max(max, maxError(ClipSampler.compile(clip), clip, random));
        }
        System.out.println("# ClipSampler, sample models: max error " + max);
        assertThat(max).isLessThanOrEqualTo(TARGET);
    }

    @Test
    void foldingWithinAToleranceStaysWithinIt() throws Exception {
        List<AnimationClip> clips = new ArrayList<>(modelClips());
        for (long seed = 1; seed <= 100; seed++) {
            clips.add(SamplerAccuracyTest.randomClip(new SplittableRandom(seed), "random-" + seed));
        }
        // a channel that moves by less than the tolerance: folded, and still within the bound
        clips.add(AnimationClip.builder("small").addChannel(0, TargetPath.TRANSLATION, Interpolation.LINEAR,
                new float[] {0, 1, 2}, new float[] {10, 0, 0, 10.0005f, 0, 0, 9.9995f, 0, 0}).build());
        for (float tolerance : new float[] {1e-6f, 1e-4f}) {
            double max = 0;
            int folded = 0;
            SplittableRandom random = new SplittableRandom(7);
            for (AnimationClip clip : clips) {
                ClipSampler sampler = ClipSampler.compile(clip, tolerance);
                folded += sampler.constantChannelCount() - ClipSampler.compile(clip).constantChannelCount();
                max = Math.max(max, maxError(sampler, clip, random));
            }
            System.out.println("# ClipSampler, folded within " + tolerance + ": " + folded + " more channels, max"
                    + " error " + max);
            assertThat(folded).isPositive();
            assertThat(max).isLessThanOrEqualTo(tolerance + TARGET);
        }
    }

    @Test
    void constantChannelsAreFoundAtCompileTime() throws Exception {
        AnimationClip cesium = Gltf.read(SampleModels.model("CesiumMan")).animation(0);
        AnimationClip rigged = Gltf.read(SampleModels.model("RiggedFigure")).animation(0);
        ClipSampler exact = ClipSampler.compile(cesium);
        ClipSampler folded = ClipSampler.compile(cesium, 1e-6f);
        // CesiumMan: no channel bitwise constant; 25 within 1e-6 of their scale, 36 within 1e-5 (every scale too)
        assertThat(exact.constantChannelCount()).isZero();
        assertThat(exact.movingChannelCount()).isEqualTo(57);
        assertThat(folded.constantChannelCount()).isEqualTo(25);
        ClipSampler coarser = ClipSampler.compile(cesium, 1e-5f);
        assertThat(coarser.constantChannelCount()).isEqualTo(36);
        assertThat(coarser.animates(TargetPath.SCALE)).isFalse();
        assertThat(coarser.animates(TargetPath.ROTATION)).isTrue();
        // RiggedFigure: 43 of 57 bitwise constant, 8 more within 1e-6
        assertThat(ClipSampler.compile(rigged).constantChannelCount()).isEqualTo(43);
        assertThat(ClipSampler.compile(rigged, 1e-6f).constantChannelCount()).isEqualTo(51);
    }

    @Test
    void aCrowdAtItsOwnTimesMatchesTheReferenceOnAnyThreadCount() throws Exception {
        AnimationClip clip = Gltf.read(SampleModels.model("CesiumMan")).animation(0);
        ReferenceSampler reference = new ReferenceSampler(clip);
        ClipSampler sampler = ClipSampler.compile(clip);
        int n = 37;
        Random random = new Random(31);
        float[] times = new float[n];
        for (int i = 0; i < n; i++) {
            times[i] = random.nextFloat() * 3 * clip.endTime();
        }
        try (CrowdAnimator animator = new CrowdAnimator()) {
            PoseBatch[] results = new PoseBatch[3];
            for (int threads = 1; threads <= 3; threads++) {
                animator.setThreads(threads);
                int[] cursors = sampler.newCursors(n);
                PoseBatch batch = new PoseBatch(n, clip.targetCount());
                double max = 0;
                float[] t = times.clone();
                Random steps = new Random(33); // the same times for every thread count
                for (int frame = 0; frame < 200; frame++) {
                    for (int i = 0; i < n; i++) {
                        // forward at 60 Hz, now and then a jump backwards
                        t[i] = steps.nextInt(40) == 0 ? t[i] - steps.nextFloat() * clip.endTime() : t[i] + 1 / 60f;
                    }
                    animator.sample(sampler, t, WrapMode.LOOP, cursors, batch);
                    for (int i = 0; i < n; i += 6) {
                        max = Math.max(max, poseError(reference, clip, batch, i, t[i], WrapMode.LOOP));
                    }
                }
                assertThat(max).as("threads=%d", threads).isLessThanOrEqualTo(TARGET);
                results[threads - 1] = batch;
            }
            for (int k = 1; k < 3; k++) {
                assertThat(results[k].translations()).isEqualTo(results[0].translations());
                assertThat(results[k].rotations()).isEqualTo(results[0].rotations());
                assertThat(results[k].scales()).isEqualTo(results[0].scales());
            }
        }
    }

    @Test
    void blendingTwoSamplesMatchesADoubleSlerpOfTheReference() throws Exception {
        AnimationClip clip = Gltf.read(SampleModels.model("CesiumMan")).animation(0);
        ReferenceSampler reference = new ReferenceSampler(clip);
        ClipSampler sampler = ClipSampler.compile(clip);
        int n = 20;
        Random random = new Random(32);
        try (CrowdAnimator animator = new CrowdAnimator()) {
            for (float weight : new float[] {0.5f, 0.25f, 0.9f}) {
                float[] a = new float[n];
                float[] b = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = random.nextFloat() * 2;
                    b[i] = random.nextFloat() * 2;
                }
                PoseBatch dest = new PoseBatch(n, clip.targetCount());
                PoseBatch scratch = new PoseBatch(n, clip.targetCount());
                new CrowdJob(animator).sample(sampler, a, sampler.newCursors(n))
                        .blend(sampler, b, sampler.newCursors(n), weight).intoPoses(dest, scratch).run();
                double max = 0;
                float[] got = new float[4];
                for (int i = 0; i < n; i++) {
                    for (int c = 0; c < clip.channelCount(); c++) {
                        double[] x = reference.sample(c, a[i], WrapMode.LOOP);
                        double[] y = reference.sample(c, b[i], WrapMode.LOOP);
                        double[] want = x.length == 4 ? slerp(x, y, weight) : lerp(x, y, weight);
                        read(dest, i, clip.target(c), clip.path(c), got);
                        max = Math.max(max, error(got, want, clip.path(c)) / reference.scale(c));
                    }
                }
                System.out.println("# ClipSampler, blend weight " + weight + ": max error " + max);
                assertThat(max).as("weight %s", weight).isLessThanOrEqualTo(TARGET);
            }
        }
    }

    @Test
    void badInputIsRefusedAndChangesNothing() throws Exception {
        AnimationClip clip = Gltf.read(SampleModels.model("CesiumMan")).animation(0);
        ClipSampler sampler = ClipSampler.compile(clip);
        assertThatThrownBy(() -> ClipSampler.compile(clip, Float.NaN)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tolerance=NaN is outside [0, 0.01]");
        assertThatThrownBy(() -> ClipSampler.compile(clip, 0.5f)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tolerance=0.5 is outside [0, 0.01]");
        assertThatThrownBy(() -> sampler.newCursors(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("instances=-1 is negative");
        PoseBatch batch = new PoseBatch(2, clip.targetCount());
        float[] before = batch.rotations().clone();
        int[] cursors = sampler.newCursors(2);
        assertThatThrownBy(() -> sampler.sample(Float.NaN, WrapMode.LOOP, cursors, batch, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("time=NaN");
        assertThatThrownBy(() -> sampler.sample(0f, WrapMode.LOOP, cursors, batch, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pose=2 is out of range, poses=2");
        assertThatThrownBy(() -> sampler.sample(0f, WrapMode.LOOP, new int[0], batch, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("cursors too short: length=0");
        assertThatThrownBy(() -> sampler.sample(0f, WrapMode.LOOP, cursors, 0, new Pose(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pose too small: size=3, required="
                        + clip.targetCount());
        try (CrowdAnimator animator = new CrowdAnimator()) {
            assertThatThrownBy(() -> animator.setThreads(0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("threads=0 is outside [1, 256]");
            assertThatThrownBy(() -> animator.sample(sampler, new float[] {0, Float.NaN}, WrapMode.LOOP, cursors,
                    batch)).isInstanceOf(IllegalArgumentException.class).hasMessage("times[1]=NaN");
            assertThatThrownBy(() -> animator.sample(sampler, new float[1], WrapMode.LOOP, cursors, batch))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("times too short: length=1, required=2");
            assertThatThrownBy(() -> animator.blend(batch, new PoseBatch(3, clip.targetCount()), 0.5f, batch))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("batch shapes differ");
            assertThatThrownBy(() -> animator.blend(batch, batch, Float.POSITIVE_INFINITY, batch))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("weight=Infinity is not finite");
            assertThat(animator.threads()).isEqualTo(1);
        }
        assertThat(batch.rotations()).isEqualTo(before);
        assertThat(cursors).containsOnly(0);
        assertThatThrownBy(() -> new PoseBatch(-1, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("negative batch: poses=-1, size=2");
        dev.arbor.hierarchy.Hierarchy h = new dev.arbor.hierarchy.Hierarchy();
        long[] nodes = {h.createRoot(), h.createRoot()};
        dev.arbor.hierarchy.NodeList two = h.nodeList(nodes, 0, 2);
        PoseBatch small = new PoseBatch(2, 1);
        assertThatThrownBy(() -> small.applyTo(h, new dev.arbor.hierarchy.NodeList[] {two}, true, true, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("lists.length=1, required=2");
        assertThatThrownBy(() -> small.applyTo(h, new dev.arbor.hierarchy.NodeList[] {two, two}, true, true, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("lists[0].size=2, required=1");
        assertThatThrownBy(() -> small.applyTo(h, h.nodeList(nodes, 0, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("node list size=1, required=2 (poses=2 × size=1)");
    }

    static List<AnimationClip> modelClips() throws Exception {
        List<AnimationClip> clips = new ArrayList<>();
        for (String name : SampleModels.MODELS) {
            GltfModel model = Gltf.read(SampleModels.model(name));
            for (int a = 0; a < model.animationCount(); a++) {
                clips.add(model.animation(a));
            }
        }
        return clips;
    }

    /** The largest error of the values the sampler leaves in one pose along the script, both wrap modes. */
    private static double maxError(ClipSampler sampler, AnimationClip clip, SplittableRandom random) {
        ReferenceSampler reference = new ReferenceSampler(clip);
        float[] script = SamplerAccuracyTest.script(clip, random);
        double max = 0;
        for (WrapMode wrap : WrapMode.values()) {
            int[] cursors = sampler.newCursors(1);
            PoseBatch batch = new PoseBatch(1, clip.targetCount());
            for (float time : script) {
                sampler.sample(time, wrap, cursors, batch, 0);
                max = Math.max(max, poseError(reference, clip, batch, 0, time, wrap));
            }
        }
        return max;
    }

    /** The largest error over the channels of pose p (the last channel per target and path is the one left). */
    static double poseError(ReferenceSampler reference, AnimationClip clip, PoseBatch batch, int p, float time,
                            WrapMode wrap) {
        double max = 0;
        float[] got = new float[4];
        for (int c = 0; c < clip.channelCount(); c++) {
            if (overwritten(clip, c)) {
                continue;
            }
            read(batch, p, clip.target(c), clip.path(c), got);
            double[] want = reference.sample(c, time, wrap);
            max = Math.max(max, error(got, want, clip.path(c)) / reference.scale(c));
        }
        return max;
    }

    private static boolean overwritten(AnimationClip clip, int c) {
        for (int d = c + 1; d < clip.channelCount(); d++) {
            if (clip.target(d) == clip.target(c) && clip.path(d) == clip.path(c)) {
                return true;
            }
        }
        return false;
    }

    static void read(PoseBatch batch, int p, int target, TargetPath path, float[] got) {
        int e = p * batch.size() + target;
        switch (path) {
            case TRANSLATION:
                System.arraycopy(batch.translations(), 3 * e, got, 0, 3);
                break;
            case ROTATION:
                System.arraycopy(batch.rotations(), 4 * e, got, 0, 4);
                break;
            default:
                System.arraycopy(batch.scales(), 3 * e, got, 0, 3);
        }
    }

    /** Largest component difference; a quaternion compared up to its sign. */
    static double error(float[] got, double[] want, TargetPath path) {
        double error = 0;
        double negated = 0;
        for (int i = 0; i < want.length; i++) {
            error = Math.max(error, Math.abs(got[i] - want[i]));
            negated = Math.max(negated, Math.abs(got[i] + want[i]));
        }
        return path == TargetPath.ROTATION ? Math.min(error, negated) : error;
    }

    private static double[] lerp(double[] a, double[] b, double w) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + (b[i] - a[i]) * w;
        }
        return out;
    }

    /** Textbook slerp in double along the shorter arc, with Math.sin and Math.acos. */
    private static double[] slerp(double[] a, double[] b, double w) {
        double dot = 0;
        for (int i = 0; i < 4; i++) {
            dot += a[i] * b[i];
        }
        double sign = dot < 0 ? -1 : 1;
        double angle = Math.acos(Math.min(1, Math.abs(dot)));
        double k0 = angle < 1e-9 ? 1 - w : Math.sin((1 - w) * angle) / Math.sin(angle);
        double k1 = angle < 1e-9 ? w : Math.sin(w * angle) / Math.sin(angle);
        double[] out = new double[4];
        double len = 0;
        for (int i = 0; i < 4; i++) {
            out[i] = k0 * a[i] + sign * k1 * b[i];
            len += out[i] * out[i];
        }
        for (int i = 0; i < 4; i++) {
            out[i] /= Math.sqrt(len);
        }
        return out;
    }
}
