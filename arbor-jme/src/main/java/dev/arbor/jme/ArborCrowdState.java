package dev.arbor.jme;

import com.jme3.app.Application;
import com.jme3.app.state.BaseAppState;
import com.jme3.scene.Spatial;
import dev.arbor.animation.CrowdAnimator;
import java.util.ArrayList;
import java.util.List;

/**
 * Animates many jME models as one Arbor crowd: each frame ({@link #update}, which jME calls before the scene's
 * controls) every character's clip is sampled at the character's own time, its joints posed, and every skinning
 * palette written, in one {@link CrowdAnimator} frame per group of characters that share an armature shape and a clip,
 * on {@link #setThreads} threads (the same results on any number). jME's {@code SkinningControl}s upload the
 * palettes as for {@link ArborAnimation}; the skinned geometries' bounds follow the pose, for jME's culling. Instead of
 * a control per character: the crowd path is the fast one (see the module's README for the figures).
 *
 * <p>Each character plays one clip, looping, at its own time and speed; for fades, layers and IK per character use
 * {@link ArborAnimation}. A character's clip is the one of that name converted from its own model's composer; a group
 * plays the clip of its first character (clones of one model have equal clips).
 *
 * <p>Allocation-free per frame except the frame after characters were added, which rebuilds the crowd's tables. Not
 * thread-safe: jME's update thread; the crowd's worker threads run only inside {@link #update} and stop on
 * {@link #cleanup}.
 */
public final class ArborCrowdState extends BaseAppState {
    private final CrowdAnimator animator = new CrowdAnimator();
    private final List<CrowdGroup> groups = new ArrayList<>();
    /** Per character: its group and its index there. */
    private CrowdGroup[] groupOf = new CrowdGroup[16];
    private int[] indexInGroup = new int[16];
    private int count;

    /** A crowd that runs on the update thread alone; see {@link #setThreads}. */
    public ArborCrowdState() {
    }

    /**
     * Sets the threads of the crowd's frame: the update thread and {@code threads - 1} workers. Results do not depend
     * on it. On a machine with other work for its cores (jME's renderer), one fewer than the cores.
     *
     * @param threads 1 to {@link CrowdAnimator#MAX_THREADS}
     * @return this state
     * @throws IllegalArgumentException if out of range
     */
    public ArborCrowdState setThreads(int threads) {
        animator.setThreads(threads);
        return this;
    }

    /** @return the threads of the crowd's frame */
    public int threads() {
        return animator.threads();
    }

    /**
     * Takes a model over and adds it to the crowd, playing a clip in a loop from {@code time}. The model keeps its
     * place in jME's scene; the crowd poses its armature. O(joints + keys + skinned vertices); allocates, and the next
     * frame rebuilds its group's tables.
     *
     * @param model a model with a {@code SkinningControl} on or below it and an {@code AnimComposer} with the clip
     * @param clip the clip's name
     * @param time where on the clip it starts, seconds (wrapped into the clip)
     * @return the character's index in this crowd
     * @throws IllegalArgumentException if the model has no skinning control or no clip of that name (the message lists
     *     the names)
     */
    public int add(Spatial model, String clip, float time) {
        BridgedModel bridged = new BridgedModel(model);
        try {
            bridged.requireClip(clip);
        } catch (IllegalArgumentException e) {
            bridged.release();
            throw e;
        }
        CrowdGroup group = null;
        for (CrowdGroup g : groups) {
            if (g.rig.sameShape(bridged.rig) && clip.equals(g.clip.name())) {
                group = g;
                break;
            }
        }
        if (group == null) {
            // the clip is converted once per group: its members' clips of that name are the same
            group = new CrowdGroup(bridged.rig, bridged.clip(clip));
            groups.add(group);
        }
        if (count == groupOf.length) {
            groupOf = java.util.Arrays.copyOf(groupOf, 2 * count);
            indexInGroup = java.util.Arrays.copyOf(indexInGroup, 2 * count);
        }
        groupOf[count] = group;
        indexInGroup[count] = group.add(bridged, time, 1f);
        return count++;
    }

    /**
     * Adds a model playing the first clip of its composer, as {@link #add(Spatial, String, float)} does.
     *
     * @param model a model with a {@code SkinningControl} and an {@code AnimComposer} with at least one clip
     * @param time where on the clip it starts, seconds
     * @return the character's index in this crowd
     * @throws IllegalArgumentException if the model has no skinning control or no clip
     */
    public int add(Spatial model, float time) {
        com.jme3.anim.AnimComposer composer = BridgedModel.find(model, com.jme3.anim.AnimComposer.class);
        if (composer == null || composer.getAnimClipsNames().isEmpty()) {
            throw new IllegalArgumentException("no clip on spatial=" + model.getName());
        }
        return add(model, composer.getAnimClipsNames().iterator().next(), time);
    }

    /**
     * Sets whether a character's skinned geometries' model bounds follow its pose each frame (on by default), with the
     * trade-off {@link ArborAnimation#setBoundsFollowPose} describes.
     *
     * @param character a character index
     * @param follow whether the bounds follow the pose
     * @return this state
     * @throws IndexOutOfBoundsException if there is no such character
     */
    public ArborCrowdState setBoundsFollowPose(int character, boolean follow) {
        groupOf(character).member(indexInGroup[character]).boundsFollowPose = follow;
        return this;
    }

    /** @return the number of characters */
    public int size() {
        return count;
    }

    /**
     * @param character a character index from {@link #add}
     * @param speed its speed (1 = as authored)
     * @return this state
     * @throws IndexOutOfBoundsException if there is no such character
     */
    public ArborCrowdState setSpeed(int character, float speed) {
        groupOf(character).setSpeed(indexInGroup[character], speed);
        return this;
    }

    /**
     * @param character a character index
     * @param time its new time on its clip, seconds (wrapped into the clip)
     * @return this state
     * @throws IndexOutOfBoundsException if there is no such character
     */
    public ArborCrowdState setTime(int character, float time) {
        groupOf(character).setTime(indexInGroup[character], time);
        return this;
    }

    /**
     * @param character a character index
     * @return its time on its clip after the latest frame, seconds
     * @throws IndexOutOfBoundsException if there is no such character
     */
    public float time(int character) {
        return groupOf(character).time(indexInGroup[character]);
    }

    /**
     * The palette jME uploads for a character: {@code 16 × joints} floats from the returned offset, 4×4 column-major.
     *
     * @param character a character index
     * @param dest receives the palette
     * @param offset where in {@code dest}
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if there is no such character or {@code dest} is too short
     */
    public float[] palette(int character, float[] dest, int offset) {
        CrowdGroup g = groupOf(character);
        int floats = g.rig.jointCount() * PaletteBinding.ENTRY_FLOATS;
        System.arraycopy(g.palettes(), indexInGroup[character] * floats, dest, offset, floats);
        return dest;
    }

    /**
     * Attaches a spatial to a character's joint, as {@link ArborAnimation#attachToJoint} does; the crowd's frame runs
     * before the scene's controls, so the spatial follows this frame's pose.
     *
     * @param character a character index
     * @param spatial the spatial to attach
     * @param joint the joint's name
     * @return the control that moves the spatial
     * @throws IndexOutOfBoundsException if there is no such character
     * @throws IllegalArgumentException if its armature has no joint of that name
     */
    public SpatialFollowsNode attachToJoint(int character, Spatial spatial, String joint) {
        CrowdGroup g = groupOf(character);
        int member = indexInGroup[character];
        BridgedModel model = g.member(member);
        return model.attach(spatial, g.hierarchy(), g.joint(member, model.requireJoint(joint)));
    }

    private CrowdGroup groupOf(int character) {
        if (character < 0 || character >= count) {
            throw new IndexOutOfBoundsException("character=" + character + ", characters=" + count);
        }
        return groupOf[character];
    }

    /**
     * One crowd frame: advances every character by {@code tpf × speed} and poses them all. jME calls it; call it
     * yourself to run the crowd without an application. O(characters × (channels + joints)).
     *
     * @param tpf seconds since the previous frame
     */
    @Override
    public void update(float tpf) {
        for (int g = 0; g < groups.size(); g++) {
            groups.get(g).frame(animator, tpf);
        }
    }

    @Override
    protected void initialize(Application app) {
    }

    /** Stops the crowd's worker threads. */
    @Override
    protected void cleanup(Application app) {
        animator.close();
    }

    @Override
    protected void onEnable() {
    }

    @Override
    protected void onDisable() {
    }
}
