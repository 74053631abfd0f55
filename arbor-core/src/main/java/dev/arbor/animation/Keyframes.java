package dev.arbor.animation;

/**
 * The sampling kernel: one channel's keys (flat arrays) and a time in, one value out.
 *
 * <p>Layout: {@code times} holds {@code n ≥ 1} strictly increasing key times; {@code values} holds, per key,
 * {@code components} floats for {@link Interpolation#STEP} and {@link Interpolation#LINEAR}, and
 * {@code 3 × components} floats (in-tangent, value, out-tangent) for {@link Interpolation#CUBICSPLINE}. Rotations
 * ({@code quaternion == true}, 4 components x y z w) are interpolated with slerp along the shorter arc for
 * {@code LINEAR}, and normalised after {@code CUBICSPLINE}; if a spline result is too short to normalise (degenerate
 * tangents), the previous key's rotation is used instead, so the output is always a unit quaternion.
 *
 * <p>Outside the keys the value is clamped: before the first key the first value, after the last key the last value
 * (the middle element for splines). All methods are static, allocation-free and thread-safe (they touch only the
 * arrays given). Cost O(log n) for the key search plus O(components).
 */
public final class Keyframes {
    /** Above this cosine, slerp falls back to normalised linear interpolation (the arc is too short for sin). */
    private static final double SLERP_LINEAR_THRESHOLD = 0.9995;
    /** Squared length under which a spline rotation is considered degenerate. */
    private static final double MIN_QUATERNION_LENGTH_SQUARED = 1e-12;

    private Keyframes() {
    }

    /**
     * Finds the segment that contains time {@code t}: the largest {@code k} in {@code [0, n - 2]} with
     * {@code times[k] <= t}, or 0 when {@code t < times[0]}. Requires {@code n ≥ 2}. O(log n).
     *
     * @param times strictly increasing key times
     * @param n number of keys to consider (at least 2)
     * @param t time
     * @return the index of the segment's first key
     */
    public static int segment(float[] times, int n, float t) {
        return segment(times, n, (double) t);
    }

    /** {@link #segment(float[], int, float)} for a time in double (the key times compared exactly as doubles). */
    static int segment(float[] times, int n, double t) {
        int lo = 0;
        int hi = n - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (times[mid] <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * Samples one channel at time {@code t} into {@code dest[d .. d + components)}.
     *
     * @param times key times, strictly increasing, at least one
     * @param values key values in the layout described in the class comment
     * @param components floats per value (3, or 4 for a quaternion)
     * @param interpolation how to interpolate between keys
     * @param quaternion whether the values are rotations (slerp / normalisation)
     * @param t time; clamped to the keys
     * @param dest destination
     * @param d offset in {@code dest}
     * @throws IllegalArgumentException if {@code times} is empty or {@code values} is shorter than the layout needs
     */
    public static void sample(float[] times, float[] values, int components, Interpolation interpolation,
                              boolean quaternion, float t, float[] dest, int d) {
        sample(times, values, components, interpolation, quaternion, null, t, dest, d);
    }

    /**
     * {@link #sample(float[], float[], int, Interpolation, boolean, float, float[], int)} with the arcs of a
     * {@link Interpolation#LINEAR} rotation channel computed once ({@link #arcs}): the same floats, without the
     * arc cosine and one of the three sines that each slerp between keys costs otherwise.
     *
     * @param times key times, strictly increasing, at least one
     * @param values key values in the layout described in the class comment
     * @param components floats per value (3, or 4 for a quaternion)
     * @param interpolation how to interpolate between keys
     * @param quaternion whether the values are rotations (slerp / normalisation)
     * @param arcs {@link #arcs} of these keys, for a LINEAR rotation channel; {@code null} to compute each arc when
     *     sampled
     * @param t time; clamped to the keys
     * @param dest destination
     * @param d offset in {@code dest}
     * @throws IllegalArgumentException if {@code times} is empty, {@code values} is shorter than the layout needs, or
     *     {@code arcs} does not have 2 entries per segment
     */
    public static void sample(float[] times, float[] values, int components, Interpolation interpolation,
                              boolean quaternion, double[] arcs, float t, float[] dest, int d) {
        sample(times, values, components, interpolation, quaternion, arcs, t, -1, dest, d);
    }

    /**
     * {@link #sample(float[], float[], int, Interpolation, boolean, double[], float, float[], int)} with the segment
     * already found: {@code segment} is {@link #segment segment(times, times.length, t)} (so that channels sharing
     * their key times search them once per time), or -1 to search here. Only read when {@code t} lies strictly
     * between the first and the last key.
     */
    static void sample(float[] times, float[] values, int components, Interpolation interpolation,
                       boolean quaternion, double[] arcs, float t, int segment, float[] dest, int d) {
        int n = times.length;
        if (arcs != null && arcs.length != 2 * Math.max(0, n - 1)) {
            throw new IllegalArgumentException("arcs do not match the keys: arcs.length=" + arcs.length
                    + ", required=" + 2 * Math.max(0, n - 1));
        }
        int perKey = interpolation.valuesPerKey() * components;
        if (n == 0 || values.length < n * perKey) {
            throw new IllegalArgumentException("keys do not match: times.length=" + n + ", values.length="
                    + values.length + ", required=" + (long) n * perKey);
        }
        int mid = interpolation == Interpolation.CUBICSPLINE ? components : 0;
        if (n == 1 || !(t > times[0])) {
            copyValue(values, mid, components, quaternion, dest, d);
            return;
        }
        if (t >= times[n - 1]) {
            copyValue(values, (n - 1) * perKey + mid, components, quaternion, dest, d);
            return;
        }
        int k = segment >= 0 ? segment : segment(times, n, t);
        float t0 = times[k];
        float td = times[k + 1] - t0;
        float s = (t - t0) / td;
        int a = k * perKey;
        int b = a + perKey;
        switch (interpolation) {
            case STEP:
                copyValue(values, a, components, quaternion, dest, d);
                break;
            case LINEAR:
                if (quaternion && arcs != null) {
                    slerp(values, a, values, b, s, dest, d, arcs[2 * k], arcs[2 * k + 1]);
                } else if (quaternion) {
                    slerp(values, a, values, b, s, dest, d);
                } else {
                    for (int c = 0; c < components; c++) {
                        float v0 = values[a + c];
                        dest[d + c] = v0 + (values[b + c] - v0) * s;
                    }
                }
                break;
            case CUBICSPLINE:
                hermite(values, a, b, components, td, s, dest, d);
                if (quaternion && !normalize(dest, d)) {
                    copyValue(values, a + mid, components, true, dest, d);
                }
                break;
            default:
                throw new AssertionError(interpolation);
        }
    }

    /** Cubic Hermite between key a (value at a+c, out-tangent at a+2c) and key b (in-tangent at b, value b+c). */
    private static void hermite(float[] values, int a, int b, int components, float td, float s, float[] dest,
                                int d) {
        float s2 = s * s;
        float s3 = s2 * s;
        float h00 = 2f * s3 - 3f * s2 + 1f;
        float h10 = s3 - 2f * s2 + s;
        float h01 = -2f * s3 + 3f * s2;
        float h11 = s3 - s2;
        for (int c = 0; c < components; c++) {
            float v0 = values[a + components + c];
            float out0 = values[a + 2 * components + c];
            float in1 = values[b + c];
            float v1 = values[b + components + c];
            dest[d + c] = h00 * v0 + td * h10 * out0 + h01 * v1 + td * h11 * in1;
        }
    }

    private static void copyValue(float[] values, int v, int components, boolean quaternion, float[] dest, int d) {
        System.arraycopy(values, v, dest, d, components);
        if (quaternion) {
            normalize(dest, d);
        }
    }

    /**
     * Spherical linear interpolation between two quaternions along the shorter arc, normalised:
     * {@code dest = slerp(q0, q1, s)}. Both inputs should be unit length (they are normalised implicitly by the
     * final normalisation). Computed in double precision. {@code dest} may alias either input.
     *
     * @param q0 first quaternion (x y z w)
     * @param a offset of the first quaternion
     * @param q1 second quaternion
     * @param b offset of the second quaternion
     * @param s weight of the second quaternion, usually in [0, 1]
     * @param dest destination, 4 floats
     * @param d offset in {@code dest}
     */
    public static void slerp(float[] q0, int a, float[] q1, int b, float s, float[] dest, int d) {
        slerp(q0, a, q1, b, s, dest, d, Double.NaN, Double.NaN);
    }

    /**
     * The arcs between consecutive keys of a {@link Interpolation#LINEAR} rotation channel, as {@link #slerp}
     * computes them: for segment k, at {@code [2k]} the angle between keys k and k + 1 along the shorter arc
     * ({@code -1} where slerp interpolates linearly instead) and at {@code [2k + 1]} its sine. Sampling with them
     * ({@link #sample(float[], float[], int, Interpolation, boolean, double[], float, float[], int)}) gives the same
     * floats as without, at about a third of the cost of a slerp (the arc cosine and one sine done once per segment).
     *
     * @param values the keys' quaternions, 4 floats (x y z w) each
     * @param keys number of keys
     * @return 2 doubles per segment ({@code keys - 1} segments; none for a single key)
     * @throws IllegalArgumentException if {@code values} holds fewer than {@code keys} quaternions
     */
    public static double[] arcs(float[] values, int keys) {
        if (keys < 0 || values.length < 4L * keys) {
            throw new IllegalArgumentException("keys do not match: keys=" + keys + ", values.length=" + values.length
                    + ", required=" + 4L * Math.max(0, keys));
        }
        double[] arcs = new double[2 * Math.max(0, keys - 1)];
        for (int k = 0; k + 1 < keys; k++) {
            double angle = arcAngle(Math.abs(cosine(values, 4 * k, values, 4 * k + 4)));
            arcs[2 * k] = angle;
            arcs[2 * k + 1] = arcSine(angle);
        }
        return arcs;
    }

    /**
     * The angle slerp turns through between two quaternions whose dot product is {@code cos ≥ 0}, or -1 where the arc
     * is short enough for slerp to interpolate linearly. Slerp and {@link #arcs} both take it from here, so that they
     * agree to the bit.
     */
    private static double arcAngle(double cos) {
        return cos > SLERP_LINEAR_THRESHOLD ? -1 : Math.acos(Math.min(1.0, cos));
    }

    /** The sine of an {@link #arcAngle}; 0 for the linear case. */
    private static double arcSine(double angle) {
        return angle < 0 ? 0 : Math.sin(angle);
    }

    /** The 4-component dot product of two quaternions, in double, in the order slerp sums it. */
    private static double cosine(float[] q0, int a, float[] q1, int b) {
        return (double) q0[a] * q1[b] + (double) q0[a + 1] * q1[b + 1] + (double) q0[a + 2] * q1[b + 2]
                + (double) q0[a + 3] * q1[b + 3];
    }

    /**
     * Slerp with the arc given ({@code angle ≥ 0} and its {@code sin}; {@code angle < 0} for the linear
     * interpolation of short arcs) or, when {@code angle} is NaN, computed here.
     */
    private static void slerp(float[] q0, int a, float[] q1, int b, float s, float[] dest, int d, double arc,
                              double arcSin) {
        double x0 = q0[a];
        double y0 = q0[a + 1];
        double z0 = q0[a + 2];
        double w0 = q0[a + 3];
        double x1 = q1[b];
        double y1 = q1[b + 1];
        double z1 = q1[b + 2];
        double w1 = q1[b + 3];
        double cos = cosine(q0, a, q1, b);
        if (cos < 0) {
            x1 = -x1;
            y1 = -y1;
            z1 = -z1;
            w1 = -w1;
            cos = -cos;
        }
        double k0;
        double k1;
        double angle = arc;
        double sin = arcSin;
        if (Double.isNaN(angle)) {
            angle = arcAngle(cos);
            sin = arcSine(angle);
        }
        if (angle < 0) {
            k0 = 1.0 - s;
            k1 = s;
        } else {
            k0 = Math.sin((1.0 - s) * angle) / sin;
            k1 = Math.sin(s * angle) / sin;
        }
        double x = k0 * x0 + k1 * x1;
        double y = k0 * y0 + k1 * y1;
        double z = k0 * z0 + k1 * z1;
        double w = k0 * w0 + k1 * w1;
        double len = Math.sqrt(x * x + y * y + z * z + w * w);
        if (!(len * len > MIN_QUATERNION_LENGTH_SQUARED)) {
            System.arraycopy(q0, a, dest, d, 4);
            return;
        }
        dest[d] = (float) (x / len);
        dest[d + 1] = (float) (y / len);
        dest[d + 2] = (float) (z / len);
        dest[d + 3] = (float) (w / len);
    }

    /**
     * Normalises the quaternion at {@code q[o .. o + 4)} in place.
     *
     * @param q array holding the quaternion
     * @param o offset of x
     * @return {@code false} (and nothing written) if its length is zero, too small or not finite
     */
    public static boolean normalize(float[] q, int o) {
        double x = q[o];
        double y = q[o + 1];
        double z = q[o + 2];
        double w = q[o + 3];
        double len2 = x * x + y * y + z * z + w * w;
        if (!(len2 > MIN_QUATERNION_LENGTH_SQUARED) || !Double.isFinite(len2)) {
            return false;
        }
        double inv = 1.0 / Math.sqrt(len2);
        q[o] = (float) (x * inv);
        q[o + 1] = (float) (y * inv);
        q[o + 2] = (float) (z * inv);
        q[o + 3] = (float) (w * inv);
        return true;
    }
}
