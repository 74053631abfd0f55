package dev.arbor.bench.animation;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.anim.tween.action.ClipAction;
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
 * jMonkeyEngine 3.9: the same {@code .glb} loaded by jME's own glTF loader ({@code jme3-plugins}) through a
 * {@link DesktopAssetManager} with its default desktop configuration (class-path locator; no display or context is
 * created), then cloned once per instance under one root node, each clone moved to its grid spot. Each clone has
 * its own {@link AnimComposer} playing the clip as a {@link ClipAction} with no transition (so a sample is the
 * clip's value, not a cross-fade from the previous frame) and its own {@link SkinningControl} and {@link Armature}.
 *
 * <p>Per frame: sample = per instance {@code composer.setTime(layer, clock + phase)} and {@code composer.update(0)}
 * (the layer interpolates every track into the joints' local transforms); hierarchy = per instance the skinning
 * control's update ({@code armature.update()}: the joints' model transforms) and the root's
 * {@code updateGeometricState()}; palettes = per instance {@link Armature#computeSkinningMatrices()} (the joints' model
 * transforms × their inverse model bind matrices), each matrix put column-major into the buffer with
 * {@link Matrix4f#fillFloatBuffer(FloatBuffer, boolean)}, as jME uploads them. The controls are called directly, not
 * through {@code updateLogicalState}, which would also walk the rest of the scene graph: this is jME at its cheapest.
 * Headless jME never renders, and its skinning control computes the matrices only when rendering, so the benchmark
 * calls {@code computeSkinningMatrices()} itself.
 *
 * <p>A blend crowd plays a second {@link ClipAction} of the same clip on a second layer at the second time, with a
 * constant weight of {@link Crowd#BLEND_WEIGHT} ({@code setMaxTransitionWeight}); jME blends layers with
 * {@code Transform.interpolateTransforms} (nlerp for rotations, equal to slerp at weight 0.5).
 *
 * <p>The meshes' vertex data is dropped from the loaded model before cloning (an empty {@link Mesh} in each
 * geometry): no implementation skins vertices here, and a skinned mesh is deep-copied per clone otherwise
 * (gigabytes for 10,000 instances).
 */
final class JmeCrowd implements CrowdSystem {
    private static final String SECOND_LAYER = "second";
    private Crowd crowd;
    private Node root;
    private AnimComposer[] composers;
    private SkinningControl[] skinnings;
    private Armature[] armatures;
    private Geometry[] meshes;
    private float[] phases;

    @Override
    public String id() {
        return "jme";
    }

    @Override
    public void build(Crowd crowd) {
        this.crowd = crowd;
        Spatial model = load(crowd);
        int count = crowd.count();
        root = new Node("crowd");
        composers = new AnimComposer[count];
        skinnings = new SkinningControl[count];
        armatures = new Armature[count];
        meshes = new Geometry[count];
        phases = new float[count];
        String clipName = crowd.clip().name();
        for (int i = 0; i < count; i++) {
            Spatial member = model.clone();
            member.setLocalTranslation(crowd.gridX(i), 0, crowd.gridZ(i));
            root.attachChild(member);
            composers[i] = find(member, AnimComposer.class);
            skinnings[i] = find(member, SkinningControl.class);
            armatures[i] = skinnings[i].getArmature();
            meshes[i] = skinnedGeometry(member);
            phases[i] = crowd.phase(i);
            AnimComposer composer = composers[i];
            String name = clipName != null && composer.hasAnimClip(clipName) ? clipName
                    : composer.getAnimClipsNames().iterator().next();
            ((ClipAction) composer.action(name)).setTransitionLength(0);
            composer.setCurrentAction(name);
            if (crowd.blend()) {
                ClipAction second = new ClipAction(composer.getAnimClip(name));
                second.setTransitionLength(0);
                second.setMaxTransitionWeight(Crowd.BLEND_WEIGHT);
                composer.addAction(SECOND_LAYER, second);
                composer.makeLayer(SECOND_LAYER, null);
                composer.setCurrentAction(SECOND_LAYER, SECOND_LAYER);
            }
        }
        root.updateLogicalState(0);
        root.updateGeometricState();
    }

    /** The crowd's model loaded by jME, its meshes' vertex data dropped (see the class comment). */
    static Spatial load(Crowd crowd) {
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
    public void sample(float clock) {
        boolean blend = crowd.blend();
        float offset = crowd.blendOffset();
        for (int i = 0; i < composers.length; i++) {
            AnimComposer composer = composers[i];
            float t = clock + phases[i];
            composer.setTime(AnimComposer.DEFAULT_LAYER, t);
            if (blend) {
                composer.setTime(SECOND_LAYER, t + offset);
            }
            composer.update(0);
        }
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
