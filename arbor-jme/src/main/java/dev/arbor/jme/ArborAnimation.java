package dev.arbor.jme;

import com.jme3.anim.AnimComposer;
import com.jme3.anim.SkinningControl;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Spatial;
import com.jme3.scene.control.AbstractControl;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationEvents;
import dev.arbor.animation.Animator;
import dev.arbor.animation.Playback;
import dev.arbor.animation.PlaybackMode;
import dev.arbor.animation.Skeleton;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.util.Set;

/**
 * Animates one jME model with Arbor. {@link #attach} reads the model's {@link SkinningControl}'s armature into an
 * Arbor {@link Hierarchy} of its own (one node per joint, named as the joint, in the armature's space), converts the
 * clips of its {@link AnimComposer} ({@link JmeClips}) and disables the composer; from then on each frame
 * ({@link #controlUpdate}) Arbor's {@link Animator} plays, fades and layers the clips, and the skinning palette it
 * writes is what jME's {@code SkinningControl} uploads (or applies in software). jME keeps the scene graph, the
 * materials, lights and the renderer; the bounds of the skinned geometries follow the pose, for jME's culling.
 *
 * <p>Who owns what: Arbor owns the joints' pose (the jME joints' local transforms are no longer read or written);
 * jME owns the model's place in the world (its spatials' transforms). The control runs before the model's other
 * controls, so that jME's attachment nodes and any control after it see this frame's pose.
 *
 * <p>Playback: {@link #play}, {@link #crossFade} and {@link #setSpeed} act on the base layer; {@link #addLayer} stacks
 * more, and {@link #animator()} reaches every part of Arbor's {@link Animator} (weights, masks, additive layers,
 * root motion, IK). Allocation-free per frame once set up. Not thread-safe: jME's update thread.
 */
public final class ArborAnimation extends AbstractControl {
    private final BridgedModel bridged;
    private final Hierarchy hierarchy;
    private final long[] joints;
    private final Skeleton skeleton;
    private final Animator animator;

    private ArborAnimation(BridgedModel bridged) {
        this.bridged = bridged;
        ArmatureRig rig = bridged.rig;
        this.hierarchy = new Hierarchy(rig.jointCount());
        this.joints = rig.instantiate(hierarchy, Hierarchy.NULL);
        this.skeleton = rig.skeleton(joints);
        this.animator = new Animator(hierarchy, joints, rig.rest());
        hierarchy.update();
        writePalette();
    }

    /**
     * Takes a model over and adds the control to the spatial that holds its {@link SkinningControl}, before its other
     * controls. O(joints + keys + skinned vertices); allocates.
     *
     * @param model a model as jME's asset manager loads it (glTF, j3o, ...), with a {@link SkinningControl} on it or
     *     below it; its {@link AnimComposer}, if any, gives the clips
     * @return the control, playing nothing (the armature's pose as loaded) until {@link #play}
     * @throws IllegalArgumentException if the model has no skinning control or its armature cannot be read
     */
    public static ArborAnimation attach(Spatial model) {
        ArborAnimation control = new ArborAnimation(new BridgedModel(model));
        control.bridged.skinning.getSpatial().addControlAt(0, control);
        return control;
    }

    /**
     * Plays a clip on the base layer from its start, at once, looping. O(1) (allocates the layer on the first call).
     *
     * @param clip the clip's name, as in the model's {@link AnimComposer}
     * @return the base layer's playback
     * @throws IllegalArgumentException if there is no clip of that name (the message lists the names)
     */
    public Playback play(String clip) {
        return play(clip, PlaybackMode.LOOP);
    }

    /**
     * Plays a clip on the base layer from its start, at once.
     *
     * @param clip the clip's name
     * @param mode loop, clamp or back and forth
     * @return the base layer's playback
     * @throws IllegalArgumentException if there is no clip of that name
     */
    public Playback play(String clip, PlaybackMode mode) {
        AnimationClip c = bridged.clip(clip);
        if (animator.layerCount() == 0) {
            animator.addLayer(c, mode);
            return animator.playback(0);
        }
        return animator.playback(0).play(c, AnimationEvents.NONE, mode);
    }

    /**
     * Fades the base layer from what it plays to a clip over {@code seconds}.
     *
     * @param clip the clip's name
     * @param seconds fade duration, ≥ 0
     * @return the base layer's playback
     * @throws IllegalArgumentException if there is no clip of that name or the duration is negative
     */
    public Playback crossFade(String clip, float seconds) {
        if (animator.layerCount() == 0) {
            return play(clip);
        }
        return animator.playback(0).crossFade(bridged.clip(clip), AnimationEvents.NONE, PlaybackMode.LOOP, seconds);
    }

    /**
     * Sets the base layer's speed (1 = as authored, negative plays backwards).
     *
     * @param speed the speed
     * @return this control
     * @throws IllegalStateException if nothing was played yet
     */
    public ArborAnimation setSpeed(float speed) {
        if (animator.layerCount() == 0) {
            throw new IllegalStateException("no clip playing: call play first");
        }
        animator.playback(0).speed(speed);
        return this;
    }

    /**
     * Adds a layer over the ones before it, at weight 1 and no mask ({@link Animator#addLayer}); set its weight and
     * mask through {@link #animator()}.
     *
     * @param clip the clip's name
     * @param mode loop, clamp or back and forth
     * @return the layer's index
     * @throws IllegalArgumentException if there is no clip of that name
     */
    public int addLayer(String clip, PlaybackMode mode) {
        return animator.addLayer(bridged.clip(clip), mode);
    }

    /** @return the names of the model's clips (those of its composer) */
    public Set<String> clipNames() {
        return bridged.clipNames();
    }

    /**
     * @param name a clip's name
     * @return the clip converted for Arbor (converted on the first call, O(keys), then kept)
     * @throws IllegalArgumentException if there is no clip of that name
     */
    public AnimationClip clip(String name) {
        return bridged.clip(name);
    }

    /** @return Arbor's animator of this character: layers, weights, masks, root motion, IK */
    public Animator animator() {
        return animator;
    }

    /** @return the hierarchy holding the joints, in the armature's space (the model's space in jME) */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * @param name a joint's name
     * @return its node in {@link #hierarchy()}, or {@link Hierarchy#NULL} if the armature has no joint of that name
     */
    public long joint(String name) {
        int j = bridged.rig.jointIndex(name);
        return j < 0 ? Hierarchy.NULL : joints[j];
    }

    /**
     * Attaches a spatial (a sword, a hat) to a joint: the spatial becomes a child of the skinned geometry's parent and
     * follows the joint through a {@link SpatialFollowsNode} added to it, which owns its local transform from then on
     * (see that class). Allocates the control.
     *
     * @param spatial the spatial to attach (detached from its parent first)
     * @param joint the joint's name
     * @return the control that moves the spatial, already applied to this frame's pose
     * @throws IllegalArgumentException if the armature has no joint of that name
     */
    public SpatialFollowsNode attachToJoint(Spatial spatial, String joint) {
        return bridged.attach(spatial, hierarchy, joints[bridged.requireJoint(joint)]);
    }

    /** @return the joints' nodes in the armature's joint order (a copy) */
    public long[] joints() {
        return joints.clone();
    }

    /**
     * The palette jME uploads, entry {@code j} at {@code 16 × j}, 4×4 column-major ({@code armatureFromBind}).
     *
     * @return the array itself (read it, do not keep it across frames)
     */
    public float[] palette() {
        return bridged.binding.palettes;
    }

    /**
     * Advances the animator by {@code tpf}, writes the palette and the skinned geometries' bounds. O(joints + channels),
     * allocation-free.
     */
    @Override
    protected void controlUpdate(float tpf) {
        animator.update(tpf);
        writePalette();
    }

    private void writePalette() {
        skeleton.writePalette(hierarchy, Hierarchy.NULL, MatrixLayout.COLUMN_MAJOR_4X4, bridged.binding.palettes, 0);
        if (bridged.boundsFollowPose) {
            bridged.bounds.update(bridged.binding.palettes, 0);
        }
    }

    /**
     * Sets whether each frame sets the skinned geometries' model bounds from the pose (on by default). On: jME culls
     * the character where it is posed, at the cost of one box transformed per joint per frame (27 multiply-adds; within the noise of a crowd frame in the measurements of the lab notebook). Off: jME
     * keeps the bounds it had (the bind pose's, for a model skinned on the GPU), which may cull an arm stretched out
     * of the box or keep an off-screen character.
     *
     * @param follow whether the bounds follow the pose
     * @return this control
     */
    public ArborAnimation setBoundsFollowPose(boolean follow) {
        bridged.boundsFollowPose = follow;
        return this;
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
    }

    /**
     * Removes the control and gives the model back to jME: the armature reads its own joints again and the composer
     * is enabled.
     */
    public void detach() {
        Spatial s = getSpatial();
        if (s != null) {
            s.removeControl(this);
        }
        bridged.release();
    }

    BridgedModel bridged() {
        return bridged;
    }
}
