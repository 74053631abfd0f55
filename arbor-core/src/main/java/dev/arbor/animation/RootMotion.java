package dev.arbor.animation;

import static dev.arbor.animation.Rotations.wrap;

import dev.arbor.hierarchy.Hierarchy;
import org.joml.Quaternionf;

/**
 * Root motion: the ground a clip's root joint covers (its translation, and optionally its heading about the vertical
 * +Y axis), taken out of the pose and handed to the caller or applied to the instance's node, so that a walk cycle
 * moves the character instead of sliding its skeleton away from it. Works from {@link Playback} positions, which keep
 * growing across a loop: the motion of every whole turn of a looping clip adds up (the clip's end minus its start per
 * turn), so the motion is continuous across the wrap-around. Allocation-free; not thread-safe.
 *
 * <p>Per mode: {@code LOOP} adds the end-to-start motion once per turn crossed; {@code CLAMP} stops with the clip;
 * {@code PING_PONG} goes back over the same ground. Headings are compared as angles wrapped into (−π, π], so a clip
 * may turn less than half a turn from start to end.
 */
public final class RootMotion {
    private static final double[] UP = {0, 1, 0};

    private final AnimationClip clip;
    private final int target;
    private final boolean heading;
    private final Pose scratch;
    private final float[] t = new float[3];
    private final float[] q = new float[4];
    /** Translation and heading at time 0 and at the end time. */
    private final float[] start = new float[4];
    private final float[] end = new float[4];
    private final float[] at0 = new float[4];
    private final float[] at1 = new float[4];
    private final Quaternionf local = new Quaternionf();
    private final double[] yTurn = new double[4];
    private final double[] rotation = new double[4];
    private final org.joml.Vector3f move = new org.joml.Vector3f();
    private final org.joml.Vector3f position = new org.joml.Vector3f();

    /**
     * @param clip the clip
     * @param target the root joint's target index in the clip's poses
     * @param heading whether the heading about +Y is extracted too (else only the translation)
     * @throws IllegalArgumentException if the target is out of the clip's range
     */
    public RootMotion(AnimationClip clip, int target, boolean heading) {
        if (target < 0 || target >= clip.targetCount()) {
            throw new IllegalArgumentException("target out of range: target=" + target + ", targets="
                    + clip.targetCount());
        }
        this.clip = clip;
        this.target = target;
        this.heading = heading;
        this.scratch = new Pose(clip.targetCount());
        read(0, start);
        read(clip.endTime(), end);
    }

    /** @return the clip whose root motion this is */
    public AnimationClip clip() {
        return clip;
    }

    /** @return the root joint's target index in the clip's poses */
    public int target() {
        return target;
    }

    /**
     * The motion between two playback positions ({@link Playback#position()}) in a mode: the translation in the root
     * joint's parent frame, and the heading change in radians (0 unless extracted).
     *
     * @param mode the playback mode
     * @param from the earlier position
     * @param to the later position
     * @param dest receives dx, dy, dz and the heading change at {@code d}
     * @return {@code dest}
     */
    public float[] delta(PlaybackMode mode, double from, double to, float[] dest, int d) {
        double length = clip.endTime();
        double turns = 0;
        read(mode.timeAt(from, length), at0);
        read(mode.timeAt(to, length), at1);
        if (mode == PlaybackMode.LOOP && length > 0) {
            turns = Math.floor(to / length) - Math.floor(from / length);
        }
        for (int k = 0; k < 3; k++) {
            dest[d + k] = (float) (at1[k] - at0[k] + turns * (end[k] - start[k]));
        }
        dest[d + 3] = heading ? (float) (wrap(at1[3] - at0[3]) + turns * wrap(end[3] - start[3])) : 0f;
        return dest;
    }

    /**
     * Takes the motion out of a sampled pose: the root joint keeps its height but stands at its horizontal start
     * position (x and z at time 0), and with heading extraction faces as at time 0.
     *
     * @param pose a pose the clip was sampled into
     * @throws IllegalArgumentException if the pose has fewer entries than the clip's targets
     */
    public void strip(Pose pose) {
        if (pose.size() < clip.targetCount()) {
            throw new IllegalArgumentException("pose too small: size=" + pose.size() + ", required="
                    + clip.targetCount());
        }
        strip(pose.translations, 0, pose.rotations, 0);
    }

    /** As {@link #strip(Pose)} for the pose whose target 0 is at {@code translations[t]} and {@code rotations[r]}. */
    void strip(float[] translations, int t, float[] rotations, int r) {
        translations[t + 3 * target] = start[0];
        translations[t + 3 * target + 2] = start[2];
        if (heading) {
            stripHeading(rotations, r + 4 * target);
        }
    }

    /**
     * As {@link #strip(Pose)} for a pose in planes: element e (translation x y z, rotation x y z w, scale x y z) of
     * target k at {@code planes[base + e × size + k]}.
     */
    void stripPlanes(float[] planes, int base, int size) {
        planes[base + target] = start[0];
        planes[base + 2 * size + target] = start[2];
        if (heading) {
            for (int c = 0; c < 4; c++) {
                q[c] = planes[base + (3 + c) * size + target];
            }
            stripHeading(q, 0);
            for (int c = 0; c < 4; c++) {
                planes[base + (3 + c) * size + target] = q[c];
            }
        }
    }

    /** Turns the rotation at {@code rotations[o..o+4)} about +Y to face as at time 0. */
    private void stripHeading(float[] rotations, int o) {
        double turn = -wrap(headingOf(rotations, o) - start[3]);
        Rotations.axisAngle(UP, turn, yTurn); // a turn about +Y before the rotation: yTurn × q
        for (int k = 0; k < 4; k++) {
            rotation[k] = rotations[o + k];
        }
        Rotations.multiply(yTurn, rotation, rotation);
        Rotations.store(rotation, rotations, o);
    }

    /**
     * Moves a node by a motion: its translation by the motion turned by the node's rotation (the motion is taken in
     * the node's own frame, the frame of the root joint's parent when that is the node), its rotation by the heading
     * change about its own +Y.
     *
     * @param hierarchy the hierarchy
     * @param node the instance's node
     * @param delta dx, dy, dz and the heading change at {@code d}, as {@link #delta} writes them
     * @throws IllegalArgumentException if the handle is stale or a value is not finite (nothing changed)
     */
    public void apply(Hierarchy hierarchy, long node, float[] delta, int d) {
        for (int k = 0; k < 4; k++) {
            if (!Float.isFinite(delta[d + k])) {
                throw new IllegalArgumentException("root motion is not finite: element " + k + " = " + delta[d + k]);
            }
        }
        hierarchy.getLocalRotation(node, local);
        local.transform(delta[d], delta[d + 1], delta[d + 2], move);
        hierarchy.getLocalTranslation(node, position);
        hierarchy.setLocalTranslation(node, position.x + move.x, position.y + move.y, position.z + move.z);
        if (delta[d + 3] != 0f) {
            local.rotateY(delta[d + 3]);
            hierarchy.setLocalRotation(node, local.x, local.y, local.z, local.w);
        }
    }

    // ---- helpers ----

    /** Samples the root joint at a clip time: translation into {@code dest[0..2]}, heading into {@code dest[3]}. */
    private void read(double time, float[] dest) {
        clip.sample((float) time, WrapMode.CLAMP, scratch);
        scratch.translation(target, t, 0);
        scratch.rotation(target, q, 0);
        dest[0] = t[0];
        dest[1] = t[1];
        dest[2] = t[2];
        dest[3] = (float) headingOf(q, 0);
    }

    /** The heading about +Y of a rotation: the angle of its +Z axis in the x-z plane, from +Z towards +X. */
    private static double headingOf(float[] r, int o) {
        double x = r[o];
        double y = r[o + 1];
        double z = r[o + 2];
        double w = r[o + 3];
        double fx = 2 * (x * z + w * y);
        double fz = 1 - 2 * (x * x + y * y);
        return Math.atan2(fx, fz);
    }
}
