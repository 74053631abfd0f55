package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.Animator;
import dev.arbor.animation.FiredEvents;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Pose;
import dev.arbor.animation.PoseLayers;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.util.ArrayList;
import java.util.List;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * An upper-body layer at weight 1 over CesiumMan's walk, masked to both arms: the arms' joints take the upper-body
 * clips' values exactly (a raise, then a queued wave), every other joint the walk's, and each clip's end is reported
 * once, on the frame it is reached.
 */
class UpperBodyOverrideTest {
    @Test
    void theArmsTakeTheUpperBodyClipsExactlyAndTheRestTheWalkWithAQueuedClipAndItsEnd() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("CesiumMan"));
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        AnimationClip walk = model.animation(0).withName("walk");
        int[] parents = model.animatedParents();
        float[] arms = union(PoseLayers.subtreeMask(parents, model.targetOf(node(model, "Skeleton_arm_joint_R")), 1f),
                PoseLayers.subtreeMask(parents, model.targetOf(node(model, "Skeleton_arm_joint_L__4_")), 1f));
        int armTargets = 0;
        for (float m : arms) {
            armTargets += m == 1f ? 1 : 0;
        }
        assertThat(armTargets).as("three joints per arm").isEqualTo(6);
        Pose rest = model.restPose();
        AnimationClip raise = armsClip("raise", rest, arms, new float[] {0, 0.5f}, new float[] {0, 1.4f});
        AnimationClip wave = armsClip("wave", rest, arms, new float[] {0, 0.5f, 1}, new float[] {1.4f, 0.9f, 1.4f});

        Animator animator = new Animator(h, man.animatedHandles(), rest);
        int body = animator.addLayer(walk, PlaybackMode.LOOP);
        int upper = animator.addLayer(raise, PlaybackMode.CLAMP);
        animator.mask(upper, arms);
        animator.playback(upper).queue(wave, AnimationEvents.NONE, PlaybackMode.CLAMP, 0);

        long[] handles = man.animatedHandles();
        Quaternionf q = new Quaternionf();
        Vector3f t = new Vector3f();
        float[] got = new float[4];
        float[] want = new float[4];
        List<String> ends = new ArrayList<>();
        int loops = 0;
        for (int frame = 1; frame <= 150; frame++) {
            animator.update(1 / 60f);
            FiredEvents fired = animator.fired();
            for (int k = 0; k < fired.size(); k++) {
                if (fired.kind(k) == FiredEvents.Kind.END) {
                    ends.add(fired.clip(k).name() + "@" + frame);
                } else if (fired.kind(k) == FiredEvents.Kind.LOOP) {
                    assertThat(fired.clip(k)).isSameAs(walk);
                    loops += fired.loops(k);
                }
            }
            // the two poses sampled independently: the walk's and the upper-body clip's, each over the rest pose
            Pose walked = model.restPose();
            walk.sample(animator.playback(body).time(), WrapMode.CLAMP, walked);
            Pose raised = model.restPose();
            animator.playback(upper).clip().sample(animator.playback(upper).time(), WrapMode.CLAMP, raised);
            for (int target = 0; target < handles.length; target++) {
                Pose expected = arms[target] == 1f ? raised : walked;
                h.getLocalRotation(handles[target], q);
                got[0] = q.x;
                got[1] = q.y;
                got[2] = q.z;
                got[3] = q.w;
                assertThat(got).as("frame %d target %d rotation", frame, target)
                        .containsExactly(expected.rotation(target, want, 0));
                h.getLocalTranslation(handles[target], t);
                assertThat(new float[] {t.x, t.y, t.z}).as("frame %d target %d translation", frame, target)
                        .containsExactly(expected.translation(target, want, 0)[0], want[1], want[2]);
            }
        }
        // 1/60 s frames: the raise ends on frame 30 (0.5 s), the queued wave a second later, on frame 90
        assertThat(ends).containsExactly("raise@30", "wave@90");
        assertThat(animator.playback(upper).clip()).isSameAs(wave);
        assertThat(animator.playback(upper).ended()).isTrue();
        assertThat(loops).isEqualTo((int) Math.floor(animator.playback(body).position() / walk.endTime()));
        assertThat(loops).isPositive();
    }

    /**
     * A clip turning each arm joint about its own x axis from its rest rotation, by the given angles at the given
     * times (LINEAR).
     */
    private static AnimationClip armsClip(String name, Pose rest, float[] mask, float[] times, float[] angles) {
        AnimationClip.Builder b = AnimationClip.builder(name);
        float[] r = new float[4];
        for (int target = 0; target < mask.length; target++) {
            if (mask[target] != 1f) {
                continue;
            }
            rest.rotation(target, r, 0);
            float[] values = new float[4 * times.length];
            for (int k = 0; k < times.length; k++) {
                Quaternionf key = new Quaternionf(r[0], r[1], r[2], r[3]).rotateX(angles[k]);
                values[4 * k] = key.x;
                values[4 * k + 1] = key.y;
                values[4 * k + 2] = key.z;
                values[4 * k + 3] = key.w;
            }
            b.addChannel(target, TargetPath.ROTATION, Interpolation.LINEAR, times, values);
        }
        return b.build();
    }

    private static float[] union(float[] a, float[] b) {
        float[] u = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            u[i] = Math.max(a[i], b[i]);
        }
        return u;
    }

    private static int node(GltfModel model, String name) {
        for (int n = 0; n < model.nodeCount(); n++) {
            if (name.equals(model.nodeName(n))) {
                return n;
            }
        }
        throw new AssertionError("no node " + name);
    }
}
