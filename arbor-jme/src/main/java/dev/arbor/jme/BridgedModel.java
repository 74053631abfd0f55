package dev.arbor.jme;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.Armature;
import com.jme3.anim.SkinningControl;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.Node;
import com.jme3.scene.Spatial;
import dev.arbor.animation.AnimationClip;
import dev.arbor.hierarchy.Hierarchy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One jME model taken over by the bridge: its {@link SkinningControl} and {@link Armature} (read into an
 * {@link ArmatureRig} and bound to a {@link PaletteBinding}), its clips converted from the model's
 * {@link AnimComposer} when first asked for (the composer is disabled: Arbor plays them now) and the bounds of its skinned geometries
 * ({@link SkinBounds}). Made once per model; allocates.
 */
final class BridgedModel {
    final Spatial model;
    final SkinningControl skinning;
    final Armature armature;
    final ArmatureRig rig;
    final PaletteBinding binding;
    final SkinBounds bounds;
    final AnimComposer composer;
    /** The first geometry the skinning control deforms, or null: the space the joints' model transforms are in. */
    final Geometry skinnedGeometry;
    /** Whether each frame sets the skinned geometries' bounds from the pose ({@link SkinBounds}). */
    boolean boundsFollowPose = true;
    /** The composer's clips converted so far, by name. */
    private final Map<String, AnimationClip> clips = new LinkedHashMap<>();

    /**
     * Takes a model over.
     *
     * @param model a model with one {@link SkinningControl} on it or below it (a jME glTF model has one per skin: the
     *     first found depth-first is taken)
     * @throws IllegalArgumentException if there is none, or the armature is not one the bridge can read
     */
    BridgedModel(Spatial model) {
        this.model = model;
        this.skinning = find(model, SkinningControl.class);
        if (skinning == null) {
            throw new IllegalArgumentException("no SkinningControl on or below spatial=" + model.getName());
        }
        this.armature = skinning.getArmature();
        this.rig = new ArmatureRig(armature);
        this.composer = find(model, AnimComposer.class);
        if (composer != null) {
            composer.setEnabled(false);
        }
        this.binding = rig.bind(armature);
        List<Geometry> targets = targets(skinning.getSpatial());
        this.skinnedGeometry = targets.isEmpty() ? null : targets.get(0);
        this.bounds = new SkinBounds(targets, rig.jointCount());
    }

    /**
     * @param name a clip name
     * @return the converted clip
     * @throws IllegalArgumentException naming the clip and the names there are, if the model has none of that name
     */
    AnimationClip clip(String name) {
        AnimationClip clip = clips.get(name);
        if (clip == null) {
            requireClip(name);
            clip = JmeClips.toArbor(composer.getAnimClip(name), armature);
            clips.put(name, clip);
        }
        return clip;
    }

    /**
     * @param name a clip name
     * @throws IllegalArgumentException naming the clip and the names there are, if the model has none of that name
     */
    void requireClip(String name) {
        if (composer == null || !composer.hasAnimClip(name)) {
            throw new IllegalArgumentException("no clip named " + name + " on spatial=" + model.getName()
                    + ", clips=" + clipNames());
        }
    }

    /** @return the names of the composer's clips (empty without a composer) */
    Set<String> clipNames() {
        return composer == null ? Set.of() : composer.getAnimClipsNames();
    }

    /**
     * Attaches a spatial so that it follows a joint: as a child of the skinned geometry's parent, with the geometry's
     * local transform as offset (skinned vertices are in the geometry's space), as jME's own attachment nodes are.
     *
     * @param spatial the spatial
     * @param hierarchy the hierarchy holding the joint
     * @param joint the joint's node
     * @return the control added to the spatial, already applied once
     */
    SpatialFollowsNode attach(Spatial spatial, Hierarchy hierarchy, long joint) {
        SpatialFollowsNode follower = new SpatialFollowsNode(hierarchy, joint, Hierarchy.NULL);
        Node parent;
        if (skinnedGeometry != null && skinnedGeometry.getParent() != null) {
            parent = skinnedGeometry.getParent();
            follower.setOffset(skinnedGeometry.getLocalTransform());
        } else {
            Spatial s = skinning.getSpatial();
            parent = s instanceof Node ? (Node) s : s.getParent();
        }
        parent.attachChild(spatial);
        spatial.addControl(follower);
        follower.follow();
        return follower;
    }

    /**
     * @param name a joint name
     * @return its joint index
     * @throws IllegalArgumentException if the armature has none of that name
     */
    int requireJoint(String name) {
        int j = rig.jointIndex(name);
        if (j < 0) {
            throw new IllegalArgumentException("no joint named " + name + " in the armature of spatial="
                    + model.getName());
        }
        return j;
    }

    /** Gives the model back to jME: its armature reads its own joints again and its composer is enabled. */
    void release() {
        ArmatureRig.unbind(armature);
        if (composer != null) {
            composer.setEnabled(true);
        }
    }

    static <T extends com.jme3.scene.control.Control> T find(Spatial root, Class<T> type) {
        List<T> found = new ArrayList<>(1);
        root.depthFirstTraversal(s -> {
            T c = s.getControl(type);
            if (c != null && found.isEmpty()) {
                found.add(c);
            }
        });
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Geometry> targets(Spatial root) {
        List<Geometry> found = new ArrayList<>();
        root.depthFirstTraversal(s -> {
            if (s instanceof Geometry) {
                Mesh mesh = ((Geometry) s).getMesh();
                if (mesh != null && mesh.isAnimated()) {
                    found.add((Geometry) s);
                }
            }
        });
        return found;
    }
}
