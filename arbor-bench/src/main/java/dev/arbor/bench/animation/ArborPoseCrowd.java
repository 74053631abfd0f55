package dev.arbor.bench.animation;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;

/**
 * Arbor through its per-instance API (the path before {@link ArborCrowd}, kept to compare them in one run): one
 * {@link Hierarchy} holding every instance under its own grid spot; per frame {@link GltfInstance#applyAnimation} (rest pose, sample, apply) per instance,
 * {@link Hierarchy#update()}, then {@link Skeleton#writePalette} per instance into the buffer. A blend crowd samples
 * twice into two poses reset to rest, {@link Pose#blend}s them and {@link GltfInstance#applyPose}s the result.
 */
final class ArborPoseCrowd implements CrowdSystem {
    private Crowd crowd;
    private GltfModel model;
    private AnimationClip clip;
    private Hierarchy h;
    private GltfInstance[] members;
    private Skeleton[] skeletons;
    private long[] meshes;
    private float[] phases;
    private Pose pose;
    private Pose second;
    private int joints;
    private final float[] world = new float[12];

    @Override
    public String id() {
        return "arbor-pose";
    }

    @Override
    public void build(Crowd crowd) {
        this.crowd = crowd;
        model = crowd.model();
        clip = crowd.clip();
        int count = crowd.count();
        h = new Hierarchy(count * (model.nodeCount() + 1));
        members = new GltfInstance[count];
        skeletons = new Skeleton[count];
        meshes = new long[count];
        phases = new float[count];
        int scene = model.sceneToShow();
        int meshNode = crowd.meshNode();
        for (int i = 0; i < count; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, crowd.gridX(i), 0, crowd.gridZ(i));
            members[i] = model.instantiate(h, scene, spot);
            skeletons[i] = members[i].skeleton(0);
            meshes[i] = members[i].handle(meshNode);
            phases[i] = crowd.phase(i);
        }
        h.update();
        joints = crowd.joints();
        pose = model.restPose();
        second = model.restPose();
    }

    @Override
    public void sample(float clock) {
        if (!crowd.blend()) {
            for (int i = 0; i < members.length; i++) {
                members[i].applyAnimation(0, clock + phases[i], WrapMode.LOOP, pose);
            }
            return;
        }
        float offset = crowd.blendOffset();
        for (int i = 0; i < members.length; i++) {
            float t = clock + phases[i];
            model.copyRestPose(pose);
            clip.sample(t, WrapMode.LOOP, pose);
            model.copyRestPose(second);
            clip.sample(t + offset, WrapMode.LOOP, second);
            pose.blend(pose, second, Crowd.BLEND_WEIGHT);
            members[i].applyPose(pose);
        }
    }

    @Override
    public void hierarchy() {
        h.update();
    }

    @Override
    public void palettes(FloatBuffer dest) {
        for (int i = 0; i < skeletons.length; i++) {
            skeletons[i].writePalette(h, meshes[i], MatrixLayout.COLUMN_MAJOR_4X4, dest, i * joints * 16);
        }
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        h.getWorld(meshes[instance], world, 0);
        MatrixLayout.COLUMN_MAJOR_4X4.convert(world, 0, 1, dest, 0);
    }
}
