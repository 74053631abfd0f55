package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.WrapMode;
import dev.arbor.bench.workloads.ForkOptions;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of layering against a single clip, on 1,000 CesiumMan instances per frame, each through the per-instance
 * public API (the issue "The animation features users ask for": a 2-layer masked blend should cost at most twice a
 * single clip). {@link #singleClip}: each instance's clip sampled over its rest pose and applied, then
 * {@code update()}. {@link #twoMaskedLayers}: each instance's {@link Playback} advanced with two footstep markers
 * (fired into a drained list), the clip sampled twice (its own time, and half a cycle on) into two override layers
 * masked on two subtrees of the skeleton, the layers evaluated and applied, then {@code update()}. Scores are ns per
 * frame.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class LayerBench {
    /** 1,000 CesiumMan instances with their playbacks and layers. */
    @State(Scope.Benchmark)
    public static class Subject {
        Hierarchy h;
        GltfModel model;
        AnimationClip clip;
        GltfInstance[] members;
        Playback[] playbacks;
        PoseLayers[] layers;
        float[] phases;
        Pose pose;
        FiredEvents fired;
        float clock;
        long steps;

        /** Builds the crowd and, per instance, a playback with two markers and two masked override layers. */
        @Setup(Level.Trial)
        public void setUp() {
            Crowd crowd = Crowd.of("cesium-1000");
            model = crowd.model();
            clip = crowd.clip();
            int count = crowd.count();
            h = new Hierarchy(count * (model.nodeCount() + 1));
            members = new GltfInstance[count];
            playbacks = new Playback[count];
            layers = new PoseLayers[count];
            phases = new float[count];
            AnimationEvents steps = AnimationEvents.builder(clip).add("left", clip.endTime() / 4)
                    .add("right", 3 * clip.endTime() / 4).build();
            int[] parents = model.animatedParents();
            // two halves of the skeleton: the subtree of the second animated target, and the rest
            float[] first = PoseLayers.subtreeMask(parents, 1, 1f);
            float[] second = new float[first.length];
            for (int k = 0; k < first.length; k++) {
                second[k] = 1 - first[k];
            }
            Pose rest = model.restPose();
            for (int i = 0; i < count; i++) {
                long spot = h.createRoot();
                h.setLocalTranslation(spot, crowd.gridX(i), 0, crowd.gridZ(i));
                members[i] = model.instantiate(h, model.sceneToShow(), spot);
                phases[i] = crowd.phase(i);
                playbacks[i] = new Playback(clip, PlaybackMode.LOOP).play(clip, steps, PlaybackMode.LOOP)
                        .seek(phases[i] % clip.endTime());
                layers[i] = new PoseLayers(rest);
                layers[i].mask(layers[i].addOverride(), first);
                layers[i].mask(layers[i].addOverride(), second);
            }
            h.update();
            pose = model.restPose();
            fired = new FiredEvents();
        }
    }

    /**
     * One frame of the crowd on a single clip.
     *
     * @param s the crowd
     */
    @Benchmark
    public void singleClip(Subject s) {
        s.clock += Crowd.FRAME;
        for (int i = 0; i < s.members.length; i++) {
            s.members[i].applyAnimation(0, s.clock + s.phases[i], WrapMode.LOOP, s.pose);
        }
        s.h.update();
    }

    /**
     * One frame of the crowd on two masked layers with playback and events.
     *
     * @param s the crowd
     * @return the markers fired, so that the work is kept
     */
    @Benchmark
    public long twoMaskedLayers(Subject s) {
        float half = s.clip.endTime() / 2;
        for (int i = 0; i < s.members.length; i++) {
            Playback p = s.playbacks[i];
            p.advance(Crowd.FRAME, s.fired);
            PoseLayers l = s.layers[i];
            float t = p.time();
            s.model.copyRestPose(l.pose(0));
            s.clip.sample(t, WrapMode.LOOP, l.pose(0));
            s.model.copyRestPose(l.pose(1));
            s.clip.sample(t + half, WrapMode.LOOP, l.pose(1));
            l.evaluate(s.pose);
            s.members[i].applyPose(s.pose);
        }
        s.h.update();
        s.steps += s.fired.size();
        s.fired.clear();
        return s.steps;
    }
}
