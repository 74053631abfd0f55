package dev.arbor.animation;

/**
 * The sampling kernel of a morph-target weights channel: one channel's keys (flat arrays) and a time in, one node's
 * weights out, evaluated in double and rounded once.
 *
 * <p>Layout: {@code times} holds {@code n ≥ 1} strictly increasing key times; {@code values} holds, per key, the
 * {@code count} weights for {@link Interpolation#STEP} and {@link Interpolation#LINEAR}, and for
 * {@link Interpolation#CUBICSPLINE} three runs of {@code count}: the in-tangents, the weights, the out-tangents (the
 * glTF layout of a {@code weights} sampler's output). LINEAR is the plain {@code v0 + (v1 − v0) s} per weight (glTF
 * does not normalise weights), CUBICSPLINE the Hermite spline of {@link Interpolation}. Before the first key the
 * first key's weights, at or after the last key the last key's.
 *
 * <p>Static, allocation-free and thread-safe; O(log n) for the key search plus O(count).
 */
final class MorphKeyframes {
    private MorphKeyframes() {
    }

    /**
     * Samples one channel at time {@code t} into {@code dest[d .. d + count)}. The caller has checked the layout.
     *
     * @param times key times
     * @param values key values, layout as in the class comment
     * @param count weights per key
     * @param interpolation how to interpolate between keys
     * @param t time, already wrapped
     * @param dest destination
     * @param d offset in {@code dest}
     */
    static void sample(float[] times, float[] values, int count, Interpolation interpolation, double t, float[] dest,
                       int d) {
        int n = times.length;
        boolean cubic = interpolation == Interpolation.CUBICSPLINE;
        int perKey = cubic ? 3 * count : count;
        int mid = cubic ? count : 0;
        // the keys' order (strictly increasing, checked when the clip was built) makes the segment search valid
        if (n == 1 || !(t > times[0])) {
            System.arraycopy(values, mid, dest, d, count);
            return;
        }
        if (t >= times[n - 1]) {
            System.arraycopy(values, (n - 1) * perKey + mid, dest, d, count);
            return;
        }
        int k = Keyframes.segment(times, n, t);
        double t0 = times[k];
        double td = (double) times[k + 1] - t0;
        double s = (t - t0) / td;
        int a = k * perKey;
        int b = a + perKey;
        switch (interpolation) {
            case STEP:
                System.arraycopy(values, a, dest, d, count);
                break;
            case LINEAR:
                for (int j = 0; j < count; j++) {
                    double v0 = values[a + j];
                    dest[d + j] = (float) (v0 + (values[b + j] - v0) * s);
                }
                break;
            default:
                for (int j = 0; j < count; j++) {
                    dest[d + j] = (float) Keyframes.hermite(s, td, values[a + count + j], values[a + 2 * count + j],
                            values[b + j], values[b + count + j]);
                }
        }
    }
}
