package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.AimIk;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import org.junit.jupiter.api.Test;

/** The flow of docs/animation.md on a real model: playback with events, the pose applied, a joint aimed. */
class PlaybackOnModelTest {
    @Test
    void aLoopingClipFiresItsMarkersOncePerTurnAndPosesTheModelAsSamplingDoes() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        AnimationClip walk = model.animation(0);
        float end = walk.endTime();
        AnimationEvents steps = AnimationEvents.builder(walk).add("left", end / 4).add("right", 3 * end / 4).build();
        Playback playback = new Playback(walk, PlaybackMode.LOOP).play(walk, steps, PlaybackMode.LOOP);
        FiredEvents fired = new FiredEvents();
        Pose rest = model.restPose();
        Pose pose = model.restPose();
        Pose scratch = model.restPose();
        int lefts = 0;
        int rights = 0;
        int loops = 0;
        float dt = 1 / 60f;
        int frames = 600;
        for (int f = 0; f < frames; f++) {
            playback.advance(dt, fired);
            for (int k = 0; k < fired.size(); k++) {
                if (fired.kind(k) == FiredEvents.Kind.LOOP) {
                    loops += fired.loops(k);
                } else if (fired.name(k).equals("left")) {
                    lefts++;
                } else {
                    rights++;
                }
            }
            fired.clear();
        }
        double played = (double) frames * dt;
        assertThat(lefts).isEqualTo((int) Math.floor((played - end / 4) / end) + 1);
        assertThat(rights).isEqualTo((int) Math.floor((played - 3 * end / 4) / end) + 1);
        assertThat(loops).isEqualTo((int) Math.floor(playback.position() / end));
        // the sampled pose is the clip's at the playback's time
        playback.sample(rest, pose, scratch);
        Pose expected = model.restPose();
        walk.sample(playback.time(), WrapMode.CLAMP, expected);
        float[] a = new float[4];
        float[] b = new float[4];
        for (int t = 0; t < pose.size(); t++) {
            assertThat(pose.rotation(t, a, 0)).as("target %d", t).containsExactly(expected.rotation(t, b, 0));
        }
        man.applyPose(pose);
        // aim the skeleton's first joint at a point far along +x of its own position
        Skeleton skeleton = man.skeleton(0);
        long joint = skeleton.joint(0);
        float[] w = h.getWorld(joint, new float[12], 0);
        new AimIk().forward(0, 0, 1).target(w[9] + 100, w[10], w[11]).apply(h, joint);
        h.getWorld(joint, w, 0);
        double length = Math.sqrt(w[6] * w[6] + w[7] * w[7] + w[8] * w[8]);
        assertThat(w[6] / length).as("the joint's z axis along +x").isGreaterThan(0.99999);
    }

    @Test
    void aMaskedLayerMovesItsSubtreeOnlyAndTheOtherTargetsStayAtRest() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        AnimationClip walk = model.animation(0);
        int[] parents = model.animatedParents();
        int[] nodes = model.animatedNodes();
        for (int k = 0; k < parents.length; k++) { // each target's parent target is its node's nearest animated ancestor
            int p = model.parent(nodes[k]);
            while (p >= 0 && indexOf(nodes, p) < 0) {
                p = model.parent(p);
            }
            assertThat(parents[k]).as("target %d", k).isEqualTo(p < 0 ? -1 : indexOf(nodes, p));
        }
        Pose rest = model.restPose();
        PoseLayers layers = new PoseLayers(rest);
        int legs = layers.addOverride();
        int top = walk.target(0); // an animated node; its subtree takes the walk, everything else stays
        float[] mask = PoseLayers.subtreeMask(parents, top, 1f);
        layers.mask(legs, mask);
        walk.sample(0.5f, WrapMode.CLAMP, layers.pose(legs));
        Pose pose = model.restPose();
        layers.evaluate(pose);
        Pose walked = model.restPose();
        walk.sample(0.5f, WrapMode.CLAMP, walked);
        float[] a = new float[4];
        float[] b = new float[4];
        int inside = 0;
        for (int target = 0; target < parents.length; target++) {
            Pose expected = mask[target] == 1f ? walked : rest;
            inside += mask[target] == 1f ? 1 : 0;
            assertThat(pose.rotation(target, a, 0)).as("target %d", target)
                    .containsExactly(expected.rotation(target, b, 0), org.assertj.core.data.Offset.offset(1e-6f));
        }
        assertThat(inside).isPositive();
    }

    private static int indexOf(int[] values, int value) {
        for (int k = 0; k < values.length; k++) {
            if (values[k] == value) {
                return k;
            }
        }
        return -1;
    }
}
