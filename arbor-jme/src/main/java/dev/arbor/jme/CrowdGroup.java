package dev.arbor.jme;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.Skeleton;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import java.util.Arrays;

/**
 * The characters of a crowd that share an armature shape and a clip, posed by one {@link CrowdJob} frame
 * per frame: every character's clip sampled at its own time straight into its joints, the joints' world matrices
 * and the palettes computed, on the animator's threads. The only class of the bridge that speaks Arbor's crowd API
 * ({@link ClipSampler}, {@link InstanceNodes}, {@link CrowdSkin}). Joints live in the group's own {@link Hierarchy},
 * each character's root joints as roots (the armature's space). Palettes go into one array, character {@code i}'s at
 * {@code 16 × joints × i}, which the characters' {@link PaletteBinding}s point at. Adding a character rebuilds the
 * crowd's tables on the next frame (allocates); frames allocate nothing. Not thread-safe.
 */
final class CrowdGroup {
    final ArmatureRig rig;
    final AnimationClip clip;
    private final ClipSampler sampler;
    private final Hierarchy hierarchy;
    private BridgedModel[] members = new BridgedModel[0];
    private long[] joints = new long[0];
    private Skeleton[] skeletons = new Skeleton[0];
    /** Per character its position on the loop in seconds, in double as {@code Playback} keeps it. */
    private double[] clocks = new double[0];
    /** The positions as clip times, for the sampler. */
    private float[] times = new float[0];
    private float[] speeds = new float[0];
    private int count;
    private InstanceNodes nodes;
    /** The frame's job, on the animator it was made for. */
    private CrowdJob job;
    private CrowdSkin skin;
    private int[] cursors = new int[0];
    private float[] palettes = new float[0];
    /** Whether characters were added since the tables were built. */
    private boolean stale;

    /**
     * @param rig the armature shape of every member
     * @param clip the clip every member plays
     */
    CrowdGroup(ArmatureRig rig, AnimationClip clip) {
        this.rig = rig;
        this.clip = clip;
        this.sampler = ClipSampler.compile(clip);
        this.hierarchy = new Hierarchy();
    }

    /**
     * Adds a character, its joints made in the group's hierarchy. O(joints); allocates.
     *
     * @param model the bridged model
     * @param time its time on the clip
     * @param speed its speed
     * @return its index in the group
     */
    int add(BridgedModel model, float time, float speed) {
        int size = rig.jointCount();
        if (count == members.length) {
            int grown = Math.max(4, 2 * count);
            members = Arrays.copyOf(members, grown);
            skeletons = Arrays.copyOf(skeletons, grown);
            times = Arrays.copyOf(times, grown);
            clocks = Arrays.copyOf(clocks, grown);
            speeds = Arrays.copyOf(speeds, grown);
            joints = Arrays.copyOf(joints, grown * size);
        }
        long[] made = rig.instantiate(hierarchy, Hierarchy.NULL);
        System.arraycopy(made, 0, joints, count * size, size);
        members[count] = model;
        skeletons[count] = rig.skeleton(made);
        speeds[count] = speed;
        setTime(count, time);
        stale = true;
        return count++;
    }

    /** @return the hierarchy holding the members' joints */
    Hierarchy hierarchy() {
        return hierarchy;
    }

    /**
     * @param member a member index
     * @param joint a joint index
     * @return that joint's node
     */
    long joint(int member, int joint) {
        return joints[member * rig.jointCount() + joint];
    }

    /** @return the member's bridged model */
    BridgedModel member(int member) {
        return members[member];
    }

    /** @return the number of characters */
    int size() {
        return count;
    }

    void setSpeed(int member, float speed) {
        speeds[member] = speed;
    }

    void setTime(int member, float time) {
        clocks[member] = time;
        times[member] = clipTime(time);
    }

    /** A loop position as a clip time in [0, end), as {@code Playback} maps it. */
    private float clipTime(double position) {
        double end = clip.endTime();
        if (!(end > 0)) {
            return 0f;
        }
        float f = (float) (position - Math.floor(position / end) * end);
        return f >= end ? Math.nextDown((float) end) : f;
    }

    float time(int member) {
        return times[member];
    }

    /** @return the palette array (character {@code i} at {@code 16 × joints × i}) */
    float[] palettes() {
        return palettes;
    }

    private void rebuild() {
        int size = rig.jointCount();
        nodes = new InstanceNodes(hierarchy, joints, 0, count, size);
        skin = CrowdSkin.of(Arrays.copyOf(skeletons, count), null);
        cursors = Arrays.copyOf(cursors, count * sampler.cursorCount());
        palettes = new float[count * size * PaletteBinding.ENTRY_FLOATS];
        for (int i = 0; i < count; i++) {
            members[i].binding.moveTo(palettes, i * size * PaletteBinding.ENTRY_FLOATS);
        }
        stale = false;
    }

    /**
     * Advances every character by {@code seconds × speed}, then poses the group and writes its palettes and the
     * skinned geometries' bounds. O(characters × (channels + joints)); allocation-free unless characters were added.
     *
     * @param animator the crowd's animator (its threads)
     * @param seconds the frame's time step
     */
    void frame(CrowdAnimator animator, float seconds) {
        if (count == 0) {
            return;
        }
        if (stale) {
            rebuild();
        }
        if (job == null || job.animator() != animator) {
            job = new CrowdJob(animator);
        }
        double[] c = clocks;
        float[] t = times;
        float[] s = speeds;
        for (int i = 0; i < count; i++) {
            c[i] += (double) seconds * s[i];
            t[i] = clipTime(c[i]);
        }
        // the group's arrays may have been replaced by a rebuild: the job is pointed at them each frame (no allocation)
        job.sample(sampler, t, cursors).intoNodes(nodes, rig.rest()).palettes(skin, palettes, 0).run();
        hierarchy.update();
        int stride = rig.jointCount() * PaletteBinding.ENTRY_FLOATS;
        for (int i = 0; i < count; i++) {
            if (members[i].boundsFollowPose) {
                members[i].bounds.update(palettes, i * stride);
            }
        }
    }
}
