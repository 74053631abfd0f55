package dev.arbor.bench.animation;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import dev.arbor.jme.ArborCrowdState;
import java.nio.FloatBuffer;

/**
 * jMonkeyEngine 3.9 animated through the {@code arbor-jme} bridge: the models of {@link JmeCrowd} (jME's glTF loader,
 * one clone per instance on the grid, meshes emptied), each added to one {@link ArborCrowdState} playing the clip at
 * {@code clock + phase(i)}; jME's {@code SkinningControl}s and {@code Armature}s stay, and read Arbor's palettes.
 *
 * <p>Per frame: sample = per instance {@code crowd.setTime(i, clock + phase)}, then the crowd's whole frame
 * ({@code crowd.update(0)}: sampling, joints, palettes, in one Arbor crowd frame); hierarchy = per instance the
 * skinning control's update (jME's walk of the armature, which the bridge makes do nothing per joint) and the root's
 * {@code updateGeometricState()}, as {@link JmeCrowd} does; palettes = per instance
 * {@link Armature#computeSkinningMatrices()} (each matrix copied from Arbor's palette) put into the buffer as
 * {@link JmeCrowd} puts them. The frame is the three in order: the work a jME application does per frame with the
 * bridge, beside what {@link JmeCrowd} measures without it. The skinned bounds the bridge keeps cost nothing here:
 * the meshes are empty. Not for blend crowds (the bridge's crowd plays one clip per character).
 */
final class JmeArborCrowd implements CrowdSystem {
    private final ArborCrowdState state = new ArborCrowdState();
    private Node root;
    private SkinningControl[] skinnings;
    private Armature[] armatures;
    private Geometry[] meshes;
    private float[] phases;

    @Override
    public String id() {
        return "jme-arbor";
    }

    @Override
    public void setThreads(int threads) {
        state.setThreads(threads);
    }

    @Override
    public void build(Crowd crowd) {
        if (crowd.blend()) {
            throw new IllegalArgumentException("jme-arbor plays one clip per character: crowd=" + crowd.id()
                    + " blends two");
        }
        Spatial model = JmeCrowd.loadWithoutMeshes(crowd);
        int count = crowd.count();
        root = new Node("crowd");
        skinnings = new SkinningControl[count];
        armatures = new Armature[count];
        meshes = new Geometry[count];
        phases = new float[count];
        for (int i = 0; i < count; i++) {
            Spatial member = model.clone();
            member.setLocalTranslation(crowd.gridX(i), 0, crowd.gridZ(i));
            root.attachChild(member);
            skinnings[i] = JmeCrowd.find(member, SkinningControl.class);
            armatures[i] = skinnings[i].getArmature();
            meshes[i] = JmeCrowd.skinnedGeometry(member);
            phases[i] = crowd.phase(i);
            AnimComposer composer = JmeCrowd.find(member, AnimComposer.class);
            String clipName = crowd.clip().name();
            String name = clipName != null && composer.hasAnimClip(clipName) ? clipName
                    : composer.getAnimClipsNames().iterator().next();
            state.add(member, name, phases[i]);
        }
        state.update(0);
        root.updateLogicalState(0);
        root.updateGeometricState();
    }

    @Override
    public void sample(float clock) {
        for (int i = 0; i < phases.length; i++) {
            state.setTime(i, clock + phases[i]);
        }
        state.update(0);
    }

    @Override
    public void hierarchy() {
        for (SkinningControl skinning : skinnings) {
            skinning.update(0);
        }
        root.updateGeometricState();
    }

    @Override
    public void palettes(FloatBuffer dest) {
        int index = 0;
        for (Armature armature : armatures) {
            Matrix4f[] matrices = armature.computeSkinningMatrices();
            dest.position(index);
            for (Matrix4f m : matrices) {
                m.fillFloatBuffer(dest, true);
            }
            index += matrices.length * 16;
        }
        dest.position(0);
    }

    @Override
    public void renderWorld(int instance, float[] dest) {
        meshes[instance].getWorldMatrix().get(dest, false);
    }
}
