package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.TwoBoneIk;
import dev.arbor.animation.WrapMode;
import dev.arbor.bench.workloads.ForkOptions;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.util.ArrayList;
import java.util.List;
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
import org.joml.Vector3f;

/**
 * The cost of layering against a single clip, on 1,000 CesiumMan instances per frame, each through the per-instance
 * public API (the target: two masked layers at most twice a single clip). {@link #singleClip}: each instance's
 * clip sampled over its rest pose and applied, then {@code update()}. {@link #twoMaskedLayers}: each instance's {@link Playback} advanced with two footstep markers
 * (fired into a drained list), the clip sampled for two override layers masked on two parts of the skeleton (each
 * layer sampling only its part's channels, one at its own time and one half a cycle on), the layers evaluated and
 * applied, then {@code update()}.
 * {@link #twoLegIk}: the single clip, then after applying each instance's pose a {@link TwoBoneIk} on both legs (hip,
 * knee, ankle: {@link #legs}) holding each ankle on a ground plane (15% of the leg above the ankles' rest height, so
 * that the knees bend and nearly every leg reaches), the knee bending towards the
 * side the animation bends it, then {@code update()}. Scores are ns per frame.
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
        /** The clip's channels of the first layer's targets, and of the second's ({@link AnimationClip#restrictedTo}). */
        AnimationClip firstHalf;
        AnimationClip secondHalf;
        GltfInstance[] members;
        Playback[] playbacks;
        PoseLayers[] layers;
        float[] phases;
        Pose pose;
        FiredEvents fired;
        float clock;
        long steps;
        /** Per instance, the hip, knee and ankle handles of the left leg, then of the right. */
        long[][] legHandles;
        /** The ground: the ankles' world height at rest raised by 15% of the leg, so that the knees bend. */
        float ground;
        TwoBoneIk ik;
        Vector3f hip;
        Vector3f knee;
        Vector3f ankle;

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
            // each layer samples only the targets its mask keeps
            firstHalf = clip.restrictedTo(first);
            secondHalf = clip.restrictedTo(second);
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
            int[][] legs = legs(model);
            legHandles = new long[count][6];
            for (int i = 0; i < count; i++) {
                for (int j = 0; j < 3; j++) {
                    legHandles[i][j] = members[i].handle(legs[0][j]);
                    legHandles[i][3 + j] = members[i].handle(legs[1][j]);
                }
            }
            hip = new Vector3f();
            knee = new Vector3f();
            ankle = new Vector3f();
            float restAnkle = h.getWorldTranslation(legHandles[0][2], ankle).y;
            float legLength = h.getWorldTranslation(legHandles[0][0], hip).distance(ankle);
            ground = restAnkle + 0.15f * legLength;
            ik = new TwoBoneIk().midAxis(0, 1, 0);
        }
    }

    /**
     * The legs of a skeleton, found by its structure and names: the children of the first skin's root joint whose
     * subtree starts with a chain of three joints (each with one child) and whose name contains "leg", in the order of
     * the root's children.
     *
     * @param model the model
     * @return two legs, each {hip, knee, ankle} as glTF node indices
     * @throws IllegalStateException if the skeleton does not have exactly two such chains
     */
    static int[][] legs(GltfModel model) {
        int root = model.skin(0).joint(0);
        while (model.parent(root) >= 0 && isJoint(model, model.parent(root))) {
            root = model.parent(root);
        }
        List<int[]> legs = new ArrayList<>();
        for (int hip : model.children(root)) {
            String name = model.nodeName(hip);
            int[] chain = {hip, -1, -1};
            for (int k = 1; k < 3 && chain[k - 1] >= 0; k++) {
                int[] below = model.children(chain[k - 1]);
                chain[k] = below.length == 1 ? below[0] : -1;
            }
            if (chain[2] >= 0 && name != null && name.toLowerCase(java.util.Locale.ROOT).contains("leg")) {
                legs.add(chain);
            }
        }
        if (legs.size() != 2) {
            throw new IllegalStateException("expected 2 legs under joint " + root + ", found " + legs.size());
        }
        return legs.toArray(new int[0][]);
    }

    private static boolean isJoint(GltfModel model, int node) {
        for (int j = 0; j < model.skin(0).jointCount(); j++) {
            if (model.skin(0).joint(j) == node) {
                return true;
            }
        }
        return false;
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
     * One frame of the crowd on a single clip with two-bone IK on both legs: each ankle held on the ground plane
     * below where the clip puts it, the knee bending towards where the clip bends it.
     *
     * @param s the crowd
     * @return how many legs reached their target, so that the work is kept
     */
    @Benchmark
    public long twoLegIk(Subject s) {
        s.clock += Crowd.FRAME;
        long reached = 0;
        for (int i = 0; i < s.members.length; i++) {
            s.members[i].applyAnimation(0, s.clock + s.phases[i], WrapMode.LOOP, s.pose);
            long[] legs = s.legHandles[i];
            for (int leg = 0; leg < 6; leg += 3) {
                reached += holdOnGround(s, legs[leg], legs[leg + 1], legs[leg + 2]) ? 1 : 0;
            }
        }
        s.h.update();
        return reached;
    }

    /** One leg's IK: the ankle to the ground below it, the pole from the middle of hip and ankle to the knee. */
    static boolean holdOnGround(Subject s, long hip, long knee, long ankle) {
        Vector3f a = s.h.getWorldTranslation(ankle, s.ankle);
        Vector3f h = s.h.getWorldTranslation(hip, s.hip);
        Vector3f k = s.h.getWorldTranslation(knee, s.knee);
        float px = k.x - 0.5f * (h.x + a.x);
        float py = k.y - 0.5f * (h.y + a.y);
        float pz = k.z - 0.5f * (h.z + a.z);
        if (px * px + py * py + pz * pz > 1e-12f) {
            s.ik.pole(px, py, pz);
        }
        return s.ik.target(a.x, s.ground, a.z).apply(s.h, hip, knee, ankle);
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
            s.firstHalf.sample(t, WrapMode.LOOP, l.pose(0));
            s.model.copyRestPose(l.pose(1));
            s.secondHalf.sample(t + half, WrapMode.LOOP, l.pose(1));
            l.evaluate(s.pose);
            s.members[i].applyPose(s.pose);
        }
        s.h.update();
        s.steps += s.fired.size();
        s.fired.clear();
        return s.steps;
    }
}
