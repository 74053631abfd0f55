package dev.arbor.hierarchy;

import dev.arbor.math.Affine;
import org.joml.Quaternionf;
import org.joml.Quaternionfc;
import org.joml.Vector3f;
import org.joml.Vector3fc;

/**
 * Moves relative to the current pose in any {@link Space}, world rotations and look-at, and points and directions
 * between a node's frame and the world: the arithmetic in double precision over the exact matrices the hierarchy
 * reads ({@link Hierarchy#getWorld}), the results written through the hierarchy's own setters, so that their checks,
 * forms and exactness bounds apply unchanged. Owns only scratch.
 */
final class SpaceMoves {
    /** Below this sine of the angle between the view direction and the up vector, up counts as parallel. */
    static final double PARALLEL_SINE = 1e-6;

    private final Hierarchy hierarchy;
    private final float[] world = new float[Affine.STRIDE];
    private final float[] local = new float[Affine.STRIDE];
    private final double[] rotation = new double[9];
    private final double[] quaternion = new double[4];
    private final double[] parentQuaternion = new double[4];
    private final double[] turn = new double[4];
    private final double[] localForward = new double[3];
    private final double[] localUpAxis = new double[3];
    private final double[] localThird = new double[3];
    private final double[] worldUp = new double[3];
    private final double[] view = new double[3];
    private final double[] side = new double[3];
    private final float[] rounded = new float[4];
    private final Quaternionf readRotation = new Quaternionf();
    private final Vector3f readVector = new Vector3f();

    SpaceMoves(Hierarchy hierarchy) {
        this.hierarchy = hierarchy;
    }

    // ---- relative moves ----

    void translate(long handle, float x, float y, float z, Space space) {
        Arguments.requireFinite3("translation", handle, x, y, z);
        switch (space) {
            case PARENT -> {
                Vector3f t = hierarchy.getLocalTranslation(handle, readVector);
                setTranslation(handle, t.x + (double) x, t.y + (double) y, t.z + (double) z);
            }
            case LOCAL -> {
                Vector3f t = hierarchy.getLocalTranslation(handle, readVector);
                double tx = t.x;
                double ty = t.y;
                double tz = t.z;
                localRotation(handle, quaternion);
                rotateVector(quaternion, x, y, z, rotation);
                setTranslation(handle, tx + rotation[0], ty + rotation[1], tz + rotation[2]);
            }
            case WORLD -> {
                hierarchy.getWorld(handle, world, 0);
                hierarchy.setWorldTranslation(handle, (float) (world[9] + (double) x), (float) (world[10] + (double) y),
                        (float) (world[11] + (double) z));
            }
            default -> throw new IllegalArgumentException("space=" + space);
        }
    }

    private void setTranslation(long handle, double x, double y, double z) {
        float fx = (float) x;
        float fy = (float) y;
        float fz = (float) z;
        Arguments.requireFinite3("translation", handle, fx, fy, fz);
        hierarchy.setLocalTranslation(handle, fx, fy, fz);
    }

    void rotate(long handle, Quaternionfc q, Space space) {
        Arguments.checkRotation(handle, q.x(), q.y(), q.z(), q.w());
        double[] r = normalized(q.x(), q.y(), q.z(), q.w(), turn);
        if (space == Space.WORLD) { // the parent's frame seen from the world: r' = p⁻¹ × r × p
            parentRotation(handle, parentQuaternion);
            double[] p = parentQuaternion;
            multiply(r, p, r);
            conjugate(p);
            multiply(p, r, r);
        }
        if (hierarchy.hasLocalMatrix(handle)) {
            // the linear part turns: on the right for LOCAL (after the node's own linear part), else on the left
            hierarchy.getLocalMatrix(handle, local, 0);
            toMatrix(r, rotation);
            float[] out = world;
            for (int col = 0; col < 3; col++) {
                for (int row = 0; row < 3; row++) {
                    double sum = 0;
                    for (int k = 0; k < 3; k++) {
                        sum += space == Space.LOCAL ? local[k * 3 + row] * rotation[col * 3 + k]
                                : rotation[k * 3 + row] * local[col * 3 + k];
                    }
                    out[col * 3 + row] = (float) sum;
                }
            }
            System.arraycopy(local, 9, out, 9, 3);
            hierarchy.setLocalMatrix(handle, out, 0);
            return;
        }
        localRotation(handle, quaternion);
        if (space == Space.LOCAL) {
            multiply(quaternion, r, quaternion);
        } else {
            multiply(r, quaternion, quaternion);
        }
        setRotation(handle, quaternion);
    }

    // ---- world rotation and look-at ----

    void setWorldRotation(long handle, double[] q) {
        double[] local = parentRotation(handle, parentQuaternion);
        conjugate(local);
        multiply(local, q, local);
        setRotation(handle, local);
    }

    void setWorldRotation(long handle, Quaternionfc q) {
        Arguments.checkRotation(handle, q.x(), q.y(), q.z(), q.w());
        setWorldRotation(handle, normalized(q.x(), q.y(), q.z(), q.w(), quaternion));
    }

    void setWorldTrs(long handle, Vector3fc t, Quaternionfc q, Vector3fc s) {
        Arguments.requireFinite3("world translation", handle, t.x(), t.y(), t.z());
        Arguments.requireFinite3("world scale", handle, s.x(), s.y(), s.z());
        Arguments.checkRotation(handle, q.x(), q.y(), q.z(), q.w());
        toMatrix(normalized(q.x(), q.y(), q.z(), q.w(), quaternion), rotation);
        float[] m = world;
        for (int col = 0; col < 3; col++) {
            double scale = col == 0 ? s.x() : col == 1 ? s.y() : s.z();
            for (int row = 0; row < 3; row++) {
                m[col * 3 + row] = (float) (rotation[col * 3 + row] * scale);
            }
        }
        m[9] = t.x();
        m[10] = t.y();
        m[11] = t.z();
        hierarchy.setWorld(handle, m, 0);
    }

    /**
     * Turns the node so that its local {@code forward} axis points at {@code target} and its local {@code up} axis
     * leans toward {@code up}, both in the world.
     *
     * @return false when the target is at the node's world position (nothing changed)
     */
    boolean lookAt(long handle, Vector3fc target, Vector3fc up, Vector3fc forward, Vector3fc localUp) {
        Arguments.requireFinite3("look-at target", handle, target.x(), target.y(), target.z());
        Arguments.requireFinite3("up", handle, up.x(), up.y(), up.z());
        Arguments.requireFinite3("forward axis", handle, forward.x(), forward.y(), forward.z());
        Arguments.requireFinite3("up axis", handle, localUp.x(), localUp.y(), localUp.z());
        double[] f = unit(set(localForward, forward), "forward axis");
        double[] u = unit(set(localUpAxis, localUp), "up axis");
        double cosine = dot(f, u);
        if (Math.abs(cosine) > 1e-4) {
            throw new IllegalArgumentException("forward and up axes are not perpendicular: forward=" + forward
                    + ", up=" + localUp + ", cosine=" + cosine);
        }
        unit(addScaled(u, f, -cosine), "up axis");
        double[] worldUp = unit(set(this.worldUp, up), "up");
        hierarchy.getWorld(handle, world, 0);
        double[] d = view;
        d[0] = target.x() - (double) world[9];
        d[1] = target.y() - (double) world[10];
        d[2] = target.z() - (double) world[11];
        double length = Math.sqrt(dot(d, d));
        if (length == 0 || (float) length == 0f) {
            return false;
        }
        addScaled(d, d, 1 / length - 1);
        double[] side = cross(d, worldUp, this.side);
        if (Math.sqrt(dot(side, side)) < PARALLEL_SINE) {
            // up is along the view: keep the node's current up (its up axis in the world) if it is not, else take
            // the world axis least aligned with the view
            Quaternionf current = hierarchy.getWorldRotation(handle, readRotation);
            normalized(current.x, current.y, current.z, current.w, quaternion);
            rotateVector(quaternion, u[0], u[1], u[2], worldUp);
            cross(d, worldUp, side);
            if (Math.sqrt(dot(side, side)) < 1e-3) {
                int axis = Math.abs(d[0]) <= Math.abs(d[1]) && Math.abs(d[0]) <= Math.abs(d[2]) ? 0
                        : Math.abs(d[1]) <= Math.abs(d[2]) ? 1 : 2;
                worldUp[0] = axis == 0 ? 1 : 0;
                worldUp[1] = axis == 1 ? 1 : 0;
                worldUp[2] = axis == 2 ? 1 : 0;
            }
        }
        double[] upInPlane = unit(addScaled(worldUp, d, -dot(worldUp, d)), "up");
        double[] third = cross(d, upInPlane, side);
        double[] localThird = cross(f, u, this.localThird);
        // R = [d upInPlane third] × [f u localThird]ᵀ: maps forward to d, up to upInPlane
        for (int col = 0; col < 3; col++) {
            for (int row = 0; row < 3; row++) {
                rotation[col * 3 + row] = d[row] * f[col] + upInPlane[row] * u[col] + third[row] * localThird[col];
            }
        }
        fromMatrix(rotation, quaternion);
        setWorldRotation(handle, quaternion);
        return true;
    }

    // ---- points and directions ----

    Vector3f localToWorld(long handle, Vector3fc v, boolean point, Vector3f dest) {
        hierarchy.getWorld(handle, world, 0);
        return transform(world, v, point, dest);
    }

    Vector3f worldToLocal(long handle, Vector3fc v, boolean point, Vector3f dest) {
        hierarchy.getWorldInverse(handle, world, 0);
        return transform(world, v, point, dest);
    }

    private static Vector3f transform(float[] m, Vector3fc v, boolean point, Vector3f dest) {
        double x = v.x();
        double y = v.y();
        double z = v.z();
        double w = point ? 1 : 0;
        return dest.set((float) (m[0] * x + m[3] * y + m[6] * z + m[9] * w),
                (float) (m[1] * x + m[4] * y + m[7] * z + m[10] * w),
                (float) (m[2] * x + m[5] * y + m[8] * z + m[11] * w));
    }

    // ---- helpers ----

    /** The local rotation in double; for a matrix local, its nearest rotation ({@link Affine#decompose}). */
    private void localRotation(long handle, double[] dest) {
        Quaternionf q = hierarchy.getLocalRotation(handle, readRotation);
        normalized(q.x, q.y, q.z, q.w, dest);
    }

    /** The parent's world rotation ({@link Hierarchy#getWorldRotation}), the identity for a root. */
    private double[] parentRotation(long handle, double[] dest) {
        long parent = hierarchy.parent(handle);
        if (parent == Hierarchy.NULL) {
            dest[0] = 0;
            dest[1] = 0;
            dest[2] = 0;
            dest[3] = 1;
            return dest;
        }
        Quaternionf q = hierarchy.getWorldRotation(parent, readRotation);
        return normalized(q.x, q.y, q.z, q.w, dest);
    }

    /** Inverts a unit quaternion in place. */
    private static void conjugate(double[] q) {
        q[0] = -q[0];
        q[1] = -q[1];
        q[2] = -q[2];
    }

    private void setRotation(long handle, double[] q) {
        double[] n = normalized(q[0], q[1], q[2], q[3], q);
        hierarchy.setLocalRotation(handle, (float) n[0], (float) n[1], (float) n[2], (float) n[3]);
    }

    private static double[] normalized(double x, double y, double z, double w, double[] dest) {
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        dest[0] = x / n;
        dest[1] = y / n;
        dest[2] = z / n;
        dest[3] = w / n;
        return dest;
    }

    private static void multiply(double[] a, double[] b, double[] out) {
        Affine.quaternionProduct(a, b, out);
    }

    /** Writes {@code q × (x, y, z)} (q unit) to the first three entries of {@code out}. */
    private static void rotateVector(double[] q, double x, double y, double z, double[] out) {
        double qx = q[0];
        double qy = q[1];
        double qz = q[2];
        double qw = q[3];
        // t = 2 q.xyz × v; v' = v + w t + q.xyz × t
        double tx = 2 * (qy * z - qz * y);
        double ty = 2 * (qz * x - qx * z);
        double tz = 2 * (qx * y - qy * x);
        out[0] = x + qw * tx + (qy * tz - qz * ty);
        out[1] = y + qw * ty + (qz * tx - qx * tz);
        out[2] = z + qw * tz + (qx * ty - qy * tx);
    }

    /** The rotation matrix of a unit quaternion, 9 doubles column-major. */
    static void toMatrix(double[] q, double[] m) {
        double x = q[0];
        double y = q[1];
        double z = q[2];
        double w = q[3];
        m[0] = 1 - 2 * (y * y + z * z);
        m[1] = 2 * (x * y + w * z);
        m[2] = 2 * (x * z - w * y);
        m[3] = 2 * (x * y - w * z);
        m[4] = 1 - 2 * (x * x + z * z);
        m[5] = 2 * (y * z + w * x);
        m[6] = 2 * (x * z + w * y);
        m[7] = 2 * (y * z - w * x);
        m[8] = 1 - 2 * (x * x + y * y);
    }

    /** The unit quaternion of a rotation matrix (9 doubles column-major), in {@code q}. */
    private void fromMatrix(double[] m, double[] q) {
        Affine.quaternionOf(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], rounded, 0);
        normalized(rounded[0], rounded[1], rounded[2], rounded[3], q);
    }

    private static double[] set(double[] dest, Vector3fc v) {
        dest[0] = v.x();
        dest[1] = v.y();
        dest[2] = v.z();
        return dest;
    }

    /** Scales {@code d} to unit length in place. */
    private static double[] unit(double[] d, String what) {
        double n = Math.sqrt(dot(d, d));
        if (!(n > 0)) {
            throw new IllegalArgumentException(what + " is zero: (" + d[0] + ", " + d[1] + ", " + d[2] + ")");
        }
        return addScaled(d, d, 1 / n - 1);
    }

    /** {@code a += b × s} in place; returns {@code a}. */
    private static double[] addScaled(double[] a, double[] b, double s) {
        double x = a[0] + b[0] * s;
        double y = a[1] + b[1] * s;
        double z = a[2] + b[2] * s;
        a[0] = x;
        a[1] = y;
        a[2] = z;
        return a;
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double[] cross(double[] a, double[] b, double[] out) {
        double x = a[1] * b[2] - a[2] * b[1];
        double y = a[2] * b[0] - a[0] * b[2];
        double z = a[0] * b[1] - a[1] * b[0];
        out[0] = x;
        out[1] = y;
        out[2] = z;
        return out;
    }
}
