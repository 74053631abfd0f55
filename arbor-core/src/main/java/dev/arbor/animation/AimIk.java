package dev.arbor.animation;

import static dev.arbor.animation.Rotations.axisAngle;
import static dev.arbor.animation.Rotations.dot;
import static dev.arbor.animation.Rotations.multiply;
import static dev.arbor.animation.Rotations.normalize;
import static dev.arbor.animation.Rotations.rotate;
import static dev.arbor.animation.Rotations.rotationOf;
import static dev.arbor.animation.Rotations.shortestArc;
import static dev.arbor.animation.Rotations.sub;
import static dev.arbor.animation.Rotations.translation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import org.joml.Quaternionf;

/**
 * Aim inverse kinematics: turns a joint (a head, an eye, a gun) so that one of its axes points at a target, and its
 * up axis towards a pole direction; or turns a chain of joints (a spine, a neck and a head) a share each, so that the
 * last one aims. A job in the manner of ozz-animation: inputs set once and kept, {@link #solve} reads a world matrix
 * and writes a correction, {@link #apply} and {@link #applyChain} do it on a {@link Hierarchy}. Allocation-free; not
 * thread-safe (one job per thread).
 *
 * <p>The aim ray starts at {@link #offset} in the aimed joint's frame (an eye's position in the head, at world
 * scale) and runs along {@link #forward}. The solve finds the smallest turn about the joint that puts the target on
 * the ray (exact with an offset too, as long as the target lies farther from the joint than the offset; closer
 * targets are aimed at from the joint itself), then turns about the joint-to-target axis so that the {@link #up}
 * axis lies on the side the pole points to (skipped when the pole is along that axis), then by the twist angle.
 * Corrections are in the joint's own frame ({@code newLocalRotation = localRotation × correction}); a weight below
 * 1 takes that fraction of the turn. Joints are taken by their rotation alone (scale and shear are left out).
 */
public final class AimIk {
    private static final double EPSILON = 1e-12;

    private final double[] target = new double[3];
    private final double[] forward = {0, 0, 1};
    private final double[] up = {0, 1, 0};
    private final double[] offset = new double[3];
    private final double[] pole = {0, 1, 0};
    private double twist;
    private double weight = 1;

    // scratch
    private final double[] position = new double[3];
    private final double[] rotation = new double[4];
    private final double[] toTarget = new double[3];
    private final double[] ray = new double[3];
    private final double[] turn = new double[4];
    private final double[] q = new double[4];
    private final double[] v = new double[3];
    private final double[] poleLocal = new double[3];
    private final double[] upTurned = new double[3];
    private final double[] chainForward = new double[3];
    private final double[] chainUp = new double[3];
    private final double[] chainOffset = new double[3];
    private final double[] tipRotation = new double[4];
    private final double[] tipPosition = new double[3];
    private final float[] trs = new float[Affine.TRS_STRIDE];
    private final float[] world = new float[Affine.STRIDE];
    private final float[] tipWorld = new float[Affine.STRIDE];
    private final float[] correction = new float[4];
    private final Quaternionf local = new Quaternionf();

    /**
     * Sets the point to aim at, in world space.
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite (nothing changed)
     */
    public AimIk target(float x, float y, float z) {
        set(target, "target", x, y, z, false);
        return this;
    }

    /**
     * Sets the axis that aims, in the joint's own frame. Default (0, 0, 1).
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite or the vector is zero (nothing changed)
     */
    public AimIk forward(float x, float y, float z) {
        set(forward, "forward", x, y, z, true);
        normalize(forward);
        return this;
    }

    /**
     * Sets the joint's up axis, in its own frame, which the solve turns towards the pole. Default (0, 1, 0).
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite or the vector is zero (nothing changed)
     */
    public AimIk up(float x, float y, float z) {
        set(up, "up", x, y, z, true);
        normalize(up);
        return this;
    }

    /**
     * Sets where the aim ray starts, in the joint's own frame at world scale (an eye in a head). Default the joint's
     * origin.
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite (nothing changed)
     */
    public AimIk offset(float x, float y, float z) {
        set(offset, "offset", x, y, z, false);
        return this;
    }

    /**
     * Sets the direction, in world space, that the up axis should point to. Default (0, 1, 0).
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite or the vector is zero (nothing changed)
     */
    public AimIk pole(float x, float y, float z) {
        set(pole, "pole", x, y, z, true);
        return this;
    }

    /**
     * Sets an extra turn about the joint-to-target axis, in radians (right-handed). Default 0.
     *
     * @return this job
     * @throws IllegalArgumentException if {@code radians} is not finite (nothing changed)
     */
    public AimIk twist(float radians) {
        if (!Float.isFinite(radians)) {
            throw new IllegalArgumentException("twist is not finite: twist=" + radians);
        }
        twist = radians;
        return this;
    }

    /**
     * Sets how much of the correction is applied: 0 none, 1 (the default) all of it.
     *
     * @param weight in [0, 1]
     * @return this job
     * @throws IllegalArgumentException if {@code weight} is outside [0, 1] (nothing changed)
     */
    public AimIk weight(float weight) {
        Rotations.requireWeight("weight", weight);
        this.weight = weight;
        return this;
    }

    /**
     * Solves for one joint given its world matrix (12 floats column-major, {@code worldFromJoint}) and writes the
     * correction as a quaternion (x, y, z, w) in the joint's own frame.
     *
     * @param jointWorld the joint's world matrix at {@code o}
     * @param dest receives the correction at {@code d}
     */
    public void solve(float[] jointWorld, int o, float[] dest, int d) {
        translation(jointWorld, o, position);
        rotationOf(jointWorld, o, trs, rotation);
        solveLocal(forward, up, offset, weight, dest, d);
    }

    /**
     * Aims one joint of a hierarchy: applies the correction to its local rotation ({@code local × correction}).
     * Reads its world matrix (exact at any time); its subtree turns stale.
     *
     * @param hierarchy the hierarchy
     * @param joint the joint (its local transform must be TRS-compatible: no shear)
     * @throws IllegalArgumentException if the handle is stale (nothing changed)
     */
    public void apply(Hierarchy hierarchy, long joint) {
        hierarchy.getWorld(joint, world, 0);
        solve(world, 0, correction, 0);
        Rotations.correct(hierarchy, joint, local, correction, 0);
    }

    /**
     * Aims a chain: {@code joints[0]} is the joint whose axes ({@link #forward}, {@link #up}, {@link #offset}) aim,
     * and each next one an ancestor of the one before (not necessarily its parent). The joints turn from the last
     * (the one nearest the root) to the first, each by its weight's share of the turn that would aim the first joint's
     * ray from there, given what the joints before it did; with {@code weights[0] = 1} the first joint ends up aiming
     * exactly. The job's own weight scales every share.
     *
     * @param hierarchy the hierarchy
     * @param joints the chain, aimed joint first, at least one
     * @param weights one per joint, each in [0, 1]
     * @throws IllegalArgumentException if the arrays' lengths differ or are 0, a weight is outside [0, 1] or a handle
     *     is stale (nothing changed)
     */
    public void applyChain(Hierarchy hierarchy, long[] joints, float[] weights) {
        if (joints.length == 0 || joints.length != weights.length) {
            throw new IllegalArgumentException("joints and weights must be as long and not empty: joints="
                    + joints.length + ", weights=" + weights.length);
        }
        for (int k = 0; k < weights.length; k++) {
            Rotations.requireWeight("weights[" + k + "]", weights[k]);
        }
        for (long joint : joints) {
            hierarchy.getWorld(joint, world, 0); // checks every handle before anything changes
        }
        for (int k = joints.length - 1; k >= 0; k--) {
            // the aimed joint's ray and up axis, expressed in joint k's frame
            hierarchy.getWorld(joints[0], tipWorld, 0);
            translation(tipWorld, 0, tipPosition);
            rotationOf(tipWorld, 0, trs, tipRotation);
            hierarchy.getWorld(joints[k], world, 0);
            translation(world, 0, position);
            rotationOf(world, 0, trs, rotation);
            // tip frame → world → joint k frame
            rotate(tipRotation, forward, chainForward);
            inverseRotate(rotation, chainForward, chainForward);
            rotate(tipRotation, up, chainUp);
            inverseRotate(rotation, chainUp, chainUp);
            rotate(tipRotation, offset, chainOffset);
            chainOffset[0] += tipPosition[0] - position[0];
            chainOffset[1] += tipPosition[1] - position[1];
            chainOffset[2] += tipPosition[2] - position[2];
            inverseRotate(rotation, chainOffset, chainOffset);
            solveLocal(chainForward, chainUp, chainOffset, weight * weights[k], correction, 0);
            Rotations.correct(hierarchy, joints[k], local, correction, 0);
        }
    }

    /**
     * The solve in the joint's frame ({@link #position}, {@link #rotation} set): the turn that puts the target on the
     * ray {@code rayOffset + k × rayForward}, then the up axis towards the pole, the twist, the weight.
     */
    private void solveLocal(double[] rayForward, double[] rayUp, double[] rayOffset, double share, float[] dest,
                            int d) {
        // the target in the joint's frame
        sub(target, position, toTarget);
        inverseRotate(rotation, toTarget, toTarget);
        double distance2 = dot(toTarget, toTarget);
        // the ray point at the target's distance: |o + k f|² = |t|², k ≥ 0 (f unit)
        double of = dot(rayOffset, rayForward);
        double discriminant = of * of - dot(rayOffset, rayOffset) + distance2;
        if (discriminant >= 0 && -of + Math.sqrt(discriminant) >= 0) {
            double k = -of + Math.sqrt(discriminant);
            ray[0] = rayOffset[0] + k * rayForward[0];
            ray[1] = rayOffset[1] + k * rayForward[1];
            ray[2] = rayOffset[2] + k * rayForward[2];
        } else { // the target is nearer than the offset: aim from the joint itself
            ray[0] = rayForward[0];
            ray[1] = rayForward[1];
            ray[2] = rayForward[2];
        }
        shortestArc(ray, toTarget, turn);
        double length = Math.sqrt(distance2);
        if (length > EPSILON) {
            // about the joint → target axis: the up axis towards the pole, then the twist
            v[0] = toTarget[0] / length;
            v[1] = toTarget[1] / length;
            v[2] = toTarget[2] / length;
            inverseRotate(rotation, pole, poleLocal);
            double angle = upAngle(rayUp, v) + twist;
            axisAngle(v, angle, q);
            multiply(q, turn, turn);
        }
        Rotations.weighted(turn, share);
        Rotations.store(turn, dest, d);
    }

    /**
     * The angle about {@code axis} (unit) that brings the up axis, after {@link #turn}, to the side of the pole
     * (both in the joint's frame); 0 when either lies along the axis.
     */
    private double upAngle(double[] rayUp, double[] axis) {
        double[] u = upTurned;
        rotate(turn, rayUp, u);
        double ua = dot(u, axis);
        double ux = u[0] - ua * axis[0];
        double uy = u[1] - ua * axis[1];
        double uz = u[2] - ua * axis[2];
        double pa = dot(poleLocal, axis);
        double px = poleLocal[0] - pa * axis[0];
        double py = poleLocal[1] - pa * axis[1];
        double pz = poleLocal[2] - pa * axis[2];
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        double pl = Math.sqrt(px * px + py * py + pz * pz);
        if (ul < 1e-9 || pl < 1e-9 * Math.sqrt(dot(poleLocal, poleLocal))) {
            return 0;
        }
        double cos = ux * px + uy * py + uz * pz;
        double sin = (uy * pz - uz * py) * axis[0] + (uz * px - ux * pz) * axis[1] + (ux * py - uy * px) * axis[2];
        return Math.atan2(sin, cos);
    }

    /** {@code dest = conj(r) v}: a world vector in the frame {@code r}. */
    private void inverseRotate(double[] r, double[] vector, double[] dest) {
        q[0] = -r[0];
        q[1] = -r[1];
        q[2] = -r[2];
        q[3] = r[3];
        rotate(q, vector, dest);
    }

    private static void set(double[] dest, String what, float x, float y, float z, boolean direction) {
        if (direction) {
            Rotations.requireDirection(what, x, y, z);
        } else {
            Rotations.requireFinite(what, x, y, z);
        }
        dest[0] = x;
        dest[1] = y;
        dest[2] = z;
    }
}
