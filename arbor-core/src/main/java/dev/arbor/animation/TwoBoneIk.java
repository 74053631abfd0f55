package dev.arbor.animation;

import static dev.arbor.animation.Rotations.add;
import static dev.arbor.animation.Rotations.axisAngle;
import static dev.arbor.animation.Rotations.distance;
import static dev.arbor.animation.Rotations.dot;
import static dev.arbor.animation.Rotations.multiply;
import static dev.arbor.animation.Rotations.normalize;
import static dev.arbor.animation.Rotations.rotate;
import static dev.arbor.animation.Rotations.rotationOf;
import static dev.arbor.animation.Rotations.shortestArc;
import static dev.arbor.animation.Rotations.sub;
import static dev.arbor.animation.Rotations.translation;
import static dev.arbor.animation.Rotations.wrap;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import org.joml.Quaternionf;

/**
 * Two-bone inverse kinematics: turns a start joint (a hip, a shoulder) and a middle joint (a knee, an elbow) so that
 * the end joint (an ankle, a wrist) reaches a target, with the middle joint bending towards a pole direction. A job
 * in the manner of ozz-animation: the inputs are set once and kept (target, pole, the middle joint's bend axis,
 * softening, twist, weight), {@link #solve} reads three world matrices and writes two rotation corrections, and
 * {@link #apply} does the same on three joints of a {@link Hierarchy}. Allocation-free; not thread-safe (one job per
 * thread).
 *
 * <p>The solve, in world space and double precision:
 * <ol>
 *   <li>The distance to reach: the target's distance from the start joint, limited to what the two bones can span
 *   ({@code |a − b|} to {@code a + b}, bone lengths {@code a} and {@code b}) and, with softening {@code σ < 1},
 *   approached smoothly beyond {@code σ(a + b)}: a reach {@code r} past {@code d = σ(a + b)} becomes
 *   {@code d + (a + b − d)(1 − e^{−(r − d)/(a + b − d)})}, so the limb never snaps straight.</li>
 *   <li>The middle joint turns about its bend axis ({@link #midAxis}, in the middle joint's own frame) by the
 *   smallest angle that puts the end joint at that distance from the start joint (exact for any axis; when no angle
 *   can, the closest one).</li>
 *   <li>The start joint turns by the shortest arc that points the limb (start → end) at the target.</li>
 *   <li>The start joint turns about the limb's axis so that the middle joint lies on the side the pole direction
 *   points to (skipped when the pole is parallel to the limb or the limb is straight: the bend plane stays), then
 *   by the twist angle about the same axis.</li>
 * </ol>
 * The corrections are expressed in each joint's own frame, so that {@code newLocalRotation = localRotation ×
 * correction} (see {@link #apply}); with a weight below 1 each is taken that fraction of the way from the identity
 * (spherical interpolation). Joints with non-uniform scale or shear in their world matrices are treated by their
 * rotation alone.
 */
public final class TwoBoneIk {
    private static final double EPSILON = 1e-12;

    private final double[] target = new double[3];
    private final double[] pole = {0, 1, 0};
    private final double[] midAxis = {0, 0, 1};
    private double soften = 1;
    private double twist;
    private double weight = 1;
    private boolean reached;

    // scratch: positions, the joints' world rotations, the corrections in world space
    private final double[] s = new double[3];
    private final double[] m = new double[3];
    private final double[] e = new double[3];
    private final double[] startRotation = new double[4];
    private final double[] midRotation = new double[4];
    private final double[] midTurn = new double[4];
    private final double[] startTurn = new double[4];
    private final double[] q = new double[4];
    private final double[] v = new double[3];
    private final double[] w = new double[3];
    private final float[] trs = new float[Affine.TRS_STRIDE];
    private final float[] startWorld = new float[Affine.STRIDE];
    private final float[] midWorld = new float[Affine.STRIDE];
    private final float[] endWorld = new float[Affine.STRIDE];
    private final float[] corrections = new float[8];
    private final Quaternionf local = new Quaternionf();

    /**
     * Sets the point the end joint should reach, in world space.
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite (nothing changed)
     */
    public TwoBoneIk target(float x, float y, float z) {
        Rotations.requireFinite("target", x, y, z);
        target[0] = x;
        target[1] = y;
        target[2] = z;
        return this;
    }

    /**
     * Sets the direction, in world space, that the middle joint should bend towards (a knee's forward, an elbow's
     * back). Default (0, 1, 0).
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite or the vector is zero (nothing changed)
     */
    public TwoBoneIk pole(float x, float y, float z) {
        Rotations.requireDirection("pole", x, y, z);
        pole[0] = x;
        pole[1] = y;
        pole[2] = z;
        return this;
    }

    /**
     * Sets the axis the middle joint bends about, in the middle joint's own frame (a knee's hinge). Default (0, 0, 1).
     *
     * @return this job
     * @throws IllegalArgumentException if a value is not finite or the vector is zero (nothing changed)
     */
    public TwoBoneIk midAxis(float x, float y, float z) {
        Rotations.requireDirection("midAxis", x, y, z);
        double length = Math.sqrt((double) x * x + (double) y * y + (double) z * z);
        midAxis[0] = x / length;
        midAxis[1] = y / length;
        midAxis[2] = z / length;
        return this;
    }

    /**
     * Sets the softening: the fraction of the limb's full length from which the reach is eased in (see the class
     * comment). 1 (the default) reaches full extension exactly when the target is that far.
     *
     * @param soften in (0, 1]
     * @return this job
     * @throws IllegalArgumentException if {@code soften} is outside (0, 1] (nothing changed)
     */
    public TwoBoneIk soften(float soften) {
        if (!(soften > 0 && soften <= 1)) {
            throw new IllegalArgumentException("soften out of range: soften=" + soften + ", allowed=(0, 1]");
        }
        this.soften = soften;
        return this;
    }

    /**
     * Sets an extra turn of the whole limb about the start → target axis, in radians (right-handed). Default 0.
     *
     * @return this job
     * @throws IllegalArgumentException if {@code radians} is not finite (nothing changed)
     */
    public TwoBoneIk twist(float radians) {
        if (!Float.isFinite(radians)) {
            throw new IllegalArgumentException("twist is not finite: twist=" + radians);
        }
        this.twist = radians;
        return this;
    }

    /**
     * Sets how much of the correction is applied: 0 none, 1 (the default) all of it.
     *
     * @param weight in [0, 1]
     * @return this job
     * @throws IllegalArgumentException if {@code weight} is outside [0, 1] (nothing changed)
     */
    public TwoBoneIk weight(float weight) {
        Rotations.requireWeight("weight", weight);
        this.weight = weight;
        return this;
    }

    /** @return whether the latest solve put the end joint on the target (false when it was out of reach) */
    public boolean reached() {
        return reached;
    }

    /**
     * Solves for three joints given their world matrices (12 floats column-major each, {@code worldFromJoint}), and
     * writes the two corrections as quaternions (x, y, z, w) in each joint's own frame.
     *
     * @param startWorld the start joint's world matrix at {@code so}
     * @param midWorld the middle joint's at {@code mo}
     * @param endWorld the end joint's at {@code eo}
     * @param dest receives the start joint's correction at {@code d} and the middle joint's at {@code d + 4}
     * @return whether the target was reached
     * @throws IllegalArgumentException if a bone has zero length (nothing written)
     */
    public boolean solve(float[] startWorld, int so, float[] midWorld, int mo, float[] endWorld, int eo,
                         float[] dest, int d) {
        translation(startWorld, so, s);
        translation(midWorld, mo, m);
        translation(endWorld, eo, e);
        double a = distance(s, m);
        double b = distance(m, e);
        if (a < EPSILON || b < EPSILON) {
            throw new IllegalArgumentException("a bone of zero length: start to middle=" + a + ", middle to end=" + b);
        }
        rotationOf(startWorld, so, trs, startRotation);
        rotationOf(midWorld, mo, trs, midRotation);
        double reach = reachTo(a, b, distance(s, target));
        reached = Math.abs(reach - distance(s, target)) <= 1e-6 * (a + b);
        // 1. the middle joint about its bend axis (in world space) so that |end − start| = reach
        rotate(midRotation, midAxis, w);
        bendAngle(w, reach, midTurn);
        // the end joint after the bend
        sub(e, m, v);
        rotate(midTurn, v, v);
        add(m, v, e);
        // 2. the start joint: the shortest arc from (end − start) to (target − start)
        sub(e, s, v);
        sub(target, s, w);
        shortestArc(v, w, startTurn);
        // 3. about the limb: the middle joint towards the pole, then the twist
        if (Math.sqrt(dot(w, w)) > EPSILON * (a + b)) { // else the target is the start joint: no limb axis
            sub(m, s, v);
            rotate(startTurn, v, v); // the middle joint after the start turn
            normalize(w); // the limb's axis
            double angle = poleAngle(v, w) + twist;
            axisAngle(w, angle, q);
            multiply(q, startTurn, startTurn);
        }
        // in each joint's own frame, weighted
        toLocal(startTurn, startRotation, dest, d);
        toLocal(midTurn, midRotation, dest, d + 4);
        return reached;
    }

    /**
     * Solves for three joints of a hierarchy and applies the corrections to the start and middle joints' local
     * rotations ({@code local × correction}). Reads the three world matrices (exact at any time), so it can run right
     * after a pose is set and before skinning palettes are written; the joints' subtrees turn stale.
     *
     * @param hierarchy the hierarchy
     * @param start the start joint (its local transform must be TRS-compatible: no shear)
     * @param mid the middle joint, a descendant of {@code start}
     * @param end the end joint, a descendant of {@code mid}
     * @return whether the target was reached
     * @throws IllegalArgumentException if a handle is stale or a bone has zero length (nothing changed)
     */
    public boolean apply(Hierarchy hierarchy, long start, long mid, long end) {
        hierarchy.getWorld(start, startWorld, 0);
        hierarchy.getWorld(mid, midWorld, 0);
        hierarchy.getWorld(end, endWorld, 0);
        boolean result = solve(startWorld, 0, midWorld, 0, endWorld, 0, corrections, 0);
        Rotations.correct(hierarchy, start, local, corrections, 0);
        Rotations.correct(hierarchy, mid, local, corrections, 4);
        return result;
    }

    // ---- the steps ----

    /** The distance the end joint should end up from the start joint, for a target at {@code distance}. */
    private double reachTo(double a, double b, double distance) {
        double full = a + b;
        double reach = Math.max(Math.abs(a - b), Math.min(distance, full));
        double soft = soften * full;
        if (soften < 1 && distance > soft) {
            reach = soft + (full - soft) * (1 - Math.exp(-(distance - soft) / (full - soft)));
        }
        return reach;
    }

    /**
     * The turn about {@code axis} (world, unit) through the middle joint, of smallest magnitude, that puts the end
     * joint at {@code reach} from the start joint: with the end's offset split into {@code p} along the axis and
     * {@code r} across it, and {@code u = (m − s) + p}, the squared distance is
     * {@code |u|² + |r|² + 2(u·r cos θ + u·(axis × r) sin θ)}; solved for θ, the closest angle when none fits.
     */
    private void bendAngle(double[] axis, double reach, double[] dest) {
        double ex = e[0] - m[0];
        double ey = e[1] - m[1];
        double ez = e[2] - m[2];
        double along = ex * axis[0] + ey * axis[1] + ez * axis[2];
        double rx = ex - along * axis[0];
        double ry = ey - along * axis[1];
        double rz = ez - along * axis[2];
        double ux = m[0] - s[0] + along * axis[0];
        double uy = m[1] - s[1] + along * axis[1];
        double uz = m[2] - s[2] + along * axis[2];
        // axis × r
        double cx = axis[1] * rz - axis[2] * ry;
        double cy = axis[2] * rx - axis[0] * rz;
        double cz = axis[0] * ry - axis[1] * rx;
        double bigA = ux * rx + uy * ry + uz * rz;
        double bigB = ux * cx + uy * cy + uz * cz;
        double k = (reach * reach - (ux * ux + uy * uy + uz * uz) - (rx * rx + ry * ry + rz * rz)) / 2;
        double amplitude = Math.hypot(bigA, bigB);
        double theta = 0;
        if (amplitude > EPSILON) {
            double phase = Math.atan2(bigB, bigA);
            double spread = Math.acos(Math.max(-1, Math.min(1, k / amplitude)));
            double first = wrap(phase + spread);
            double second = wrap(phase - spread);
            theta = Math.abs(first) <= Math.abs(second) ? first : second;
        }
        axisAngle(axis, theta, dest);
    }

    /**
     * The angle about the limb's axis {@code limb} (unit) that brings the middle joint's offset {@code mid} to the
     * side of the pole; 0 when either has no part across the axis.
     */
    private double poleAngle(double[] mid, double[] limb) {
        double[] across = v; // mid's part across the limb (mid is v)
        double along = dot(mid, limb);
        across[0] = mid[0] - along * limb[0];
        across[1] = mid[1] - along * limb[1];
        across[2] = mid[2] - along * limb[2];
        double poleAlong = dot(pole, limb);
        double px = pole[0] - poleAlong * limb[0];
        double py = pole[1] - poleAlong * limb[1];
        double pz = pole[2] - poleAlong * limb[2];
        double acrossLength = Math.sqrt(dot(across, across));
        double poleLength = Math.sqrt(px * px + py * py + pz * pz);
        if (acrossLength < 1e-9 || poleLength < 1e-9 * Math.sqrt(dot(pole, pole))) {
            return 0; // a straight limb, or a pole along the limb: the bend plane stays
        }
        double cos = (across[0] * px + across[1] * py + across[2] * pz);
        // (across × pole) · limb
        double sin = (across[1] * pz - across[2] * py) * limb[0] + (across[2] * px - across[0] * pz) * limb[1]
                + (across[0] * py - across[1] * px) * limb[2];
        return Math.atan2(sin, cos);
    }

    /** Writes {@code rotation⁻¹ × turn × rotation} (a world-space turn in the joint's frame), weighted, as floats. */
    private void toLocal(double[] turn, double[] rotation, float[] dest, int d) {
        Rotations.inFrame(turn, rotation, q);
        Rotations.weighted(q, weight);
        Rotations.store(q, dest, d);
    }
}
