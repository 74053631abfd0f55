package dev.arbor.animation;

/**
 * Key search, the cubic spline and quaternion normalisation shared by the clip samplers ({@link ClipSampler},
 * {@link MorphKeyframes}) and {@link Pose}. Static, allocation-free and thread-safe.
 */
final class Keyframes {
    /** Squared length under which a quaternion is too short to normalise (a degenerate spline rotation). */
    static final double MIN_QUATERNION_LENGTH_SQUARED = 1e-12;

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
    static int segment(float[] times, int n, float t) {
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
     * One value of glTF's cubic Hermite spline (CUBICSPLINE), in double.
     *
     * @param s the fraction of the segment, in [0, 1]
     * @param td the segment's length in seconds (the tangents are per second)
     * @param v0 the first key's value
     * @param m0 the first key's out-tangent
     * @param m1 the second key's in-tangent
     * @param v1 the second key's value
     * @return {@code h00 v0 + td h10 m0 + td h11 m1 + h01 v1} with the Hermite basis of {@code s}
     */
    static double hermite(double s, double td, double v0, double m0, double m1, double v1) {
        double s2 = s * s;
        double s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * v0 + td * (s3 - 2 * s2 + s) * m0 + td * (s3 - s2) * m1
                + (-2 * s3 + 3 * s2) * v1;
    }

    /**
     * Normalises the quaternion at {@code q[o .. o + 4)} in place.
     *
     * @param q array holding the quaternion
     * @param o offset of x
     * @return {@code false} (and nothing written) if its length is zero, too small or not finite
     */
    static boolean normalize(float[] q, int o) {
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
