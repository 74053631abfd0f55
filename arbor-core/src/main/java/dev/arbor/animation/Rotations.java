package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import org.joml.Quaternionf;

/**
 * Vector and quaternion arithmetic in double precision on small arrays (vectors x y z, quaternions x y z w), for the
 * inverse-kinematics jobs. Static and allocation-free; a destination may be one of the inputs.
 */
final class Rotations {
    private static final double EPSILON = 1e-12;

    private Rotations() {
    }

    /** The translation column of a 3×4 matrix. */
    static void translation(float[] world, int o, double[] dest) {
        dest[0] = world[o + 9];
        dest[1] = world[o + 10];
        dest[2] = world[o + 11];
    }

    /**
     * The rotation of a world matrix (its columns normalised) as a unit quaternion; {@code trs}: 10 floats of scratch.
     */
    static void rotationOf(float[] world, int o, float[] trs, double[] dest) {
        Affine.decompose(world, o, trs, 0);
        double x = trs[Affine.TRS_Q];
        double y = trs[Affine.TRS_Q + 1];
        double z = trs[Affine.TRS_Q + 2];
        double qw = trs[Affine.TRS_Q + 3];
        double length = Math.sqrt(x * x + y * y + z * z + qw * qw);
        dest[0] = x / length;
        dest[1] = y / length;
        dest[2] = z / length;
        dest[3] = qw / length;
    }

    /** @return the distance between two points */
    static double distance(double[] a, double[] b) {
        double x = a[0] - b[0];
        double y = a[1] - b[1];
        double z = a[2] - b[2];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /** @return the dot product */
    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /** {@code dest = a − b}. */
    static void sub(double[] a, double[] b, double[] dest) {
        dest[0] = a[0] - b[0];
        dest[1] = a[1] - b[1];
        dest[2] = a[2] - b[2];
    }

    /** {@code dest = a + b}. */
    static void add(double[] a, double[] b, double[] dest) {
        dest[0] = a[0] + b[0];
        dest[1] = a[1] + b[1];
        dest[2] = a[2] + b[2];
    }

    /** Scales {@code a} to unit length. */
    static void normalize(double[] a) {
        double length = Math.sqrt(dot(a, a));
        a[0] /= length;
        a[1] /= length;
        a[2] /= length;
    }

    /** @return the angle in [−π, π] */
    static double wrap(double angle) {
        return Math.IEEEremainder(angle, 2 * Math.PI);
    }

    /** The unit quaternion of a turn by {@code angle} radians about the unit {@code axis}. */
    static void axisAngle(double[] axis, double angle, double[] dest) {
        double sine = Math.sin(angle / 2);
        dest[0] = axis[0] * sine;
        dest[1] = axis[1] * sine;
        dest[2] = axis[2] * sine;
        dest[3] = Math.cos(angle / 2);
    }

    /** {@code dest = a × b} (Hamilton product; {@code dest} may be either). */
    static void multiply(double[] a, double[] b, double[] dest) {
        dev.arbor.math.Affine.quaternionProduct(a, b, dest);
    }

    /** {@code v} rotated by the unit quaternion {@code r} (written to {@code dest}, which may be {@code v}). */
    static void rotate(double[] r, double[] v, double[] dest) {
        // t = 2 (r.xyz × v); v' = v + r.w t + r.xyz × t
        double tx = 2 * (r[1] * v[2] - r[2] * v[1]);
        double ty = 2 * (r[2] * v[0] - r[0] * v[2]);
        double tz = 2 * (r[0] * v[1] - r[1] * v[0]);
        double x = v[0] + r[3] * tx + (r[1] * tz - r[2] * ty);
        double y = v[1] + r[3] * ty + (r[2] * tx - r[0] * tz);
        double z = v[2] + r[3] * tz + (r[0] * ty - r[1] * tx);
        dest[0] = x;
        dest[1] = y;
        dest[2] = z;
    }

    /** The shortest-arc rotation taking the direction of {@code from} to that of {@code to}. */
    static void shortestArc(double[] from, double[] to, double[] dest) {
        double lf = Math.sqrt(dot(from, from));
        double lt = Math.sqrt(dot(to, to));
        if (lf < EPSILON || lt < EPSILON) {
            dest[0] = 0;
            dest[1] = 0;
            dest[2] = 0;
            dest[3] = 1;
            return;
        }
        double cx = from[1] * to[2] - from[2] * to[1];
        double cy = from[2] * to[0] - from[0] * to[2];
        double cz = from[0] * to[1] - from[1] * to[0];
        double d = dot(from, to) / (lf * lt);
        if (d < -1 + 1e-12) { // opposite: half a turn about any axis across
            double ax = Math.abs(from[0]) < 0.9 * lf ? 1 : 0;
            double ay = 1 - ax;
            cx = from[1] * 0 - from[2] * ay;
            cy = from[2] * ax - from[0] * 0;
            cz = from[0] * ay - from[1] * ax;
            double l = Math.sqrt(cx * cx + cy * cy + cz * cz);
            dest[0] = cx / l;
            dest[1] = cy / l;
            dest[2] = cz / l;
            dest[3] = 0;
            return;
        }
        double x = cx / (lf * lt);
        double y = cy / (lf * lt);
        double z = cz / (lf * lt);
        double qw = 1 + d;
        double length = Math.sqrt(x * x + y * y + z * z + qw * qw);
        dest[0] = x / length;
        dest[1] = y / length;
        dest[2] = z / length;
        dest[3] = qw / length;
    }

    /**
     * Takes the unit quaternion {@code r} the shorter way and then {@code weight} of the way from the identity
     * (spherical), in place.
     */
    static void weighted(double[] r, double weight) {
        if (r[3] < 0) {
            r[0] = -r[0];
            r[1] = -r[1];
            r[2] = -r[2];
            r[3] = -r[3];
        }
        if (weight < 1) {
            double sine = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
            double angle = 2 * Math.atan2(sine, r[3]) * weight;
            double scale = sine < EPSILON ? 0 : Math.sin(angle / 2) / sine;
            r[0] *= scale;
            r[1] *= scale;
            r[2] *= scale;
            r[3] = Math.cos(angle / 2);
        }
    }

    /** {@code dest = conj(rotation) × turn × rotation}: a turn given in world space, in the frame {@code rotation}. */
    static void inFrame(double[] turn, double[] rotation, double[] dest) {
        dest[0] = -rotation[0];
        dest[1] = -rotation[1];
        dest[2] = -rotation[2];
        dest[3] = rotation[3];
        multiply(dest, turn, dest);
        multiply(dest, rotation, dest);
    }

    /** Writes a quaternion as floats, normalised. */
    static void store(double[] r, float[] dest, int d) {
        double length = Math.sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
        for (int k = 0; k < 4; k++) {
            dest[d + k] = (float) (r[k] / length);
        }
    }

    /** Checks that a vector is finite; {@code what} names it in the message. */
    static void requireFinite(String what, float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException(what + " is not finite: (" + x + ", " + y + ", " + z + ")");
        }
    }

    /** Checks that a vector is finite and not zero; {@code what} names it in the message. */
    static void requireDirection(String what, float x, float y, float z) {
        requireFinite(what, x, y, z);
        if ((double) x * x + (double) y * y + (double) z * z == 0) {
            throw new IllegalArgumentException(what + " is the zero vector: (" + x + ", " + y + ", " + z + ")");
        }
    }

    /**
     * Applies a correction (a quaternion at {@code c}) to a joint's local rotation: {@code local × correction}.
     *
     * @param scratch a quaternion to read the local rotation into
     */
    static void correct(Hierarchy hierarchy, long joint, Quaternionf scratch, float[] corrections, int c) {
        hierarchy.getLocalRotation(joint, scratch);
        scratch.mul(corrections[c], corrections[c + 1], corrections[c + 2], corrections[c + 3]);
        hierarchy.setLocalRotation(joint, scratch.x, scratch.y, scratch.z, scratch.w);
    }

    /** Checks a job's weight: in [0, 1]. */
    static void requireWeight(String what, float weight) {
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException("weight out of range: " + what + "=" + weight + ", allowed=[0, 1]");
        }
    }
}
