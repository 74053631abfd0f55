package dev.arbor.bench.animation;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.asset.DesktopAssetManager;
import com.jme3.math.Matrix4f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What the two jMonkeyEngine crowds share ({@link JmeCrowd}, {@link JmeArborCrowd}): the model loaded by jME's glTF
 * loader with its meshes emptied (see {@link JmeCrowd}), cloned once per instance under one root node at its grid
 * spot; per frame the skinning controls' update and the root's {@code updateGeometricState()} (the hierarchy phase),
 * and each armature's {@link Armature#computeSkinningMatrices()} put column-major into the buffer with
 * {@link Matrix4f#fillFloatBuffer(FloatBuffer, boolean)}, as jME uploads them (the palettes phase).
 */
abstract class JmeGrid implements CrowdSystem {
    private Node root;
    private SkinningControl[] skinnings;
    private Armature[] armatures;
    private Geometry[] meshes;
    /** Per instance its time offset. */
    float[] phases;

    @Override
    public void build(Crowd crowd) {
        Spatial model = loadWithoutMeshes(crowd);
        int count = crowd.count();
        root = new Node("crowd");
        skinnings = new SkinningControl[count];
        armatures = new Armature[count];
        meshes = new Geometry[count];
        phases = new float[count];
        String clipName = crowd.clip().name();
        for (int i = 0; i < count; i++) {
            Spatial member = model.clone();
            member.setLocalTranslation(crowd.gridX(i), 0, crowd.gridZ(i));
            root.attachChild(member);
            skinnings[i] = find(member, SkinningControl.class);
            armatures[i] = skinnings[i].getArmature();
            meshes[i] = skinnedGeometry(member);
            phases[i] = crowd.phase(i);
            AnimComposer composer = find(member, AnimComposer.class);
            String name = clipName != null && composer.hasAnimClip(clipName) ? clipName
                    : composer.getAnimClipsNames().iterator().next();
            setUpMember(i, member, composer, name);
        }
        root.updateLogicalState(0);
        root.updateGeometricState();
    }

    /**
     * Makes instance {@code i} play its clip, once it is on the grid.
     *
     * @param i instance index
     * @param member its clone
     * @param composer its composer
     * @param clip the name of the clip it plays
     */
    abstract void setUpMember(int i, Spatial member, AnimComposer composer, String clip);

    /**
     * @param crowd the crowd
     * @return its model loaded by jME's glTF loader, every geometry's mesh replaced by an empty one (see
     *     {@link JmeCrowd})
     */
    static Spatial loadWithoutMeshes(Crowd crowd) {
        DesktopAssetManager assets = new DesktopAssetManager(true);
        Spatial model = assets.loadModel(Crowd.resource(crowd.modelName()));
        model.depthFirstTraversal(s -> {
            if (s instanceof Geometry) {
                ((Geometry) s).setMesh(new Mesh());
            }
        });
        return model;
    }

    static <T extends com.jme3.scene.control.Control> T find(Spatial member, Class<T> type) {
        List<T> found = new ArrayList<>();
        member.depthFirstTraversal(s -> {
            T c = s.getControl(type);
            if (c != null) {
                found.add(c);
            }
        });
        if (found.size() != 1) {
            throw new IllegalStateException("expected one " + type.getSimpleName() + ", found " + found.size());
        }
        return found.get(0);
    }

    static Geometry skinnedGeometry(Spatial member) {
        List<Geometry> found = new ArrayList<>();
        member.depthFirstTraversal(s -> {
            if (s instanceof Geometry) {
                found.add((Geometry) s);
            }
        });
        return found.get(0);
    }

    @Override
    public void hierarchy() {
        hierarchy(skinnings, root);
    }

    /** The joints' model transforms (each skinning control's update), then the root's geometric state. */
    static void hierarchy(SkinningControl[] skinnings, Node root) {
        for (SkinningControl skinning : skinnings) {
            skinning.update(0);
        }
        root.updateGeometricState();
    }

    @Override
    public void palettes(FloatBuffer dest) {
        palettes(armatures, dest);
    }

    /** Each armature's skinning matrices, column-major, one after another into the buffer, as jME uploads them. */
    static void palettes(Armature[] armatures, FloatBuffer dest) {
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
