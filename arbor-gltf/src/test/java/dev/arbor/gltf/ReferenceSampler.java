package dev.arbor.gltf;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.TargetPath;
import dev.arbor.animation.WrapMode;

/**
 * A double-precision reference sampler for {@link AnimationClip}, written for the tests from the glTF 2.0
 * specification (Appendix C, "Interpolation") and the decisions in {@code docs/gltf.md}, sharing no code with the
 * sampler under test. It reads a clip only through its public API (key times, key values, interpolation, path) and
 * computes every value in double from the stored floats taken as exact:
 *
 * <ul>
 *   <li>time: {@link WrapMode#CLAMP} uses it as given; {@link WrapMode#LOOP} wraps it into {@code [0, endTime)}
 *       ({@code t mod endTime}, also for negative times; a clip whose end time is not positive is not wrapped);
 *   <li>before a channel's first key its first value, at or after its last key its last value (the middle element
 *       of a spline key);
 *   <li>STEP: the value of the last key at or before the time;
 *   <li>LINEAR: {@code v0 + (v1 - v0) s} with {@code s = (t - t0) / (t1 - t0)}; rotations by slerp of the
 *       normalised keys along the shorter arc (the second key negated when the dot product is negative), exact for
 *       every arc (no linear fallback except below 1e-9 rad, where slerp and lerp agree to far below a float);
 *   <li>CUBICSPLINE: the Hermite polynomial with the tangents scaled by the key interval, {@code p(s) = (2s³ - 3s² + 1)
 *       v0 + td (s³ - 2s² + s) b0 + (-2s³ + 3s²) v1 + td (s³ - s²) a1}; rotations normalised afterwards, and a
 *       result too short to normalise (squared length ≤ 1e-12) replaced by the previous key's value, as the
 *       library documents;
 *   <li>every key rotation is normalised before use, so the reference is the rotation the key stands for.
 * </ul>
 *
 * <p>{@link #scale(int)} is the value's scale that errors are measured against: 1 for rotations (unit quaternions),
 * else the largest magnitude any component of the channel's curve can reach from its keys (key values, and for
 * splines also the tangents times the longest key interval).
 */
final class ReferenceSampler {
    /** Arcs shorter than this (radians) are interpolated linearly: sin(x)/x is 1 within 1e-18 there. */
    private static final double TINY_ARC = 1e-9;
    /** The library's rule for a degenerate spline rotation (see {@code Keyframes}). */
    private static final double MIN_QUATERNION_LENGTH_SQUARED = 1e-12;

    private final AnimationClip clip;
    private final double[][] times;
    private final double[][] values;
    private final double[] scales;

    ReferenceSampler(AnimationClip clip) {
        this.clip = clip;
        int n = clip.channelCount();
        times = new double[n][];
        values = new double[n][];
        scales = new double[n];
        for (int c = 0; c < n; c++) {
            times[c] = toDouble(clip.times(c));
            values[c] = toDouble(clip.values(c));
            int components = clip.path(c).components();
            int perKey = clip.interpolation(c).valuesPerKey() * components;
            if (clip.path(c) == TargetPath.ROTATION) {
                int mid = clip.interpolation(c) == Interpolation.CUBICSPLINE ? components : 0;
                for (int k = 0; k < times[c].length; k++) {
                    normalize(values[c], k * perKey + mid);
                }
            }
            scales[c] = clip.path(c) == TargetPath.ROTATION ? 1.0 : curveScale(c, components, perKey);
        }
    }

    private double curveScale(int c, int components, int perKey) {
        boolean spline = clip.interpolation(c) == Interpolation.CUBICSPLINE;
        double longest = 0;
        for (int k = 0; k + 1 < times[c].length; k++) {
            longest = Math.max(longest, times[c][k + 1] - times[c][k]);
        }
        double scale = 0;
        for (int i = 0; i < values[c].length; i++) {
            boolean tangent = spline && (i % perKey) / components != 1;
            scale = Math.max(scale, Math.abs(values[c][i]) * (tangent ? longest : 1.0));
        }
        return Math.max(scale, Float.MIN_NORMAL);
    }

    /** @return the clip this samples */
    AnimationClip clip() {
        return clip;
    }

    /**
     * @param channel channel index
     * @return the scale errors of this channel's values are measured against
     */
    double scale(int channel) {
        return scales[channel];
    }

    /**
     * The time a clip samples at, in double.
     *
     * @param time time as given to {@link AnimationClip#sample}
     * @param wrap wrap mode
     * @return the time within the keys' time line
     */
    double wrap(float time, WrapMode wrap) {
        double end = clip.endTime();
        if (wrap == WrapMode.CLAMP || !(end > 0) || Float.isInfinite(time)) {
            return time;
        }
        double r = time % end; // exact for doubles
        if (r < 0) {
            r += end;
            // a negative time closer to a multiple of the end than a double resolves lies just below the end:
            // the limit from below, not the end itself (which the loop never reaches)
            if (r >= end) {
                r = Math.nextDown(end);
            }
        }
        return r;
    }

    /**
     * Samples one channel.
     *
     * @param channel channel index
     * @param time time as given to {@link AnimationClip#sample}
     * @param wrap wrap mode
     * @return the channel's value (3 or 4 components)
     */
    double[] sample(int channel, float time, WrapMode wrap) {
        double t = wrap(time, wrap);
        double[] keyTimes = times[channel];
        double[] keys = values[channel];
        int components = clip.path(channel).components();
        boolean quaternion = clip.path(channel) == TargetPath.ROTATION;
        Interpolation interpolation = clip.interpolation(channel);
        int perKey = interpolation.valuesPerKey() * components;
        int mid = interpolation == Interpolation.CUBICSPLINE ? components : 0;
        int n = keyTimes.length;
        double[] out = new double[components];
        if (n == 1 || t <= keyTimes[0]) {
            System.arraycopy(keys, mid, out, 0, components);
            return out;
        }
        if (t >= keyTimes[n - 1]) {
            System.arraycopy(keys, (n - 1) * perKey + mid, out, 0, components);
            return out;
        }
        int k = 0;
        while (keyTimes[k + 1] <= t) {
            k++;
        }
        double td = keyTimes[k + 1] - keyTimes[k];
        double s = (t - keyTimes[k]) / td;
        int a = k * perKey;
        int b = a + perKey;
        switch (interpolation) {
            case STEP:
                System.arraycopy(keys, a, out, 0, components);
                break;
            case LINEAR:
                if (quaternion) {
                    slerp(keys, a, b, s, out);
                } else {
                    for (int i = 0; i < components; i++) {
                        out[i] = keys[a + i] + (keys[b + i] - keys[a + i]) * s;
                    }
                }
                break;
            case CUBICSPLINE:
                double s2 = s * s;
                double s3 = s2 * s;
                for (int i = 0; i < components; i++) {
                    double v0 = keys[a + components + i];
                    double out0 = keys[a + 2 * components + i];
                    double in1 = keys[b + i];
                    double v1 = keys[b + components + i];
                    out[i] = (2 * s3 - 3 * s2 + 1) * v0 + td * (s3 - 2 * s2 + s) * out0 + (-2 * s3 + 3 * s2) * v1
                            + td * (s3 - s2) * in1;
                }
                if (quaternion && !normalize(out, 0)) {
                    System.arraycopy(keys, a + mid, out, 0, components);
                }
                break;
            default:
                throw new AssertionError(interpolation);
        }
        return out;
    }

    /** Slerp of the unit quaternions at a and b along the shorter arc, written normalised into out. */
    private static void slerp(double[] q, int a, int b, double s, double[] out) {
        double dot = 0;
        for (int i = 0; i < 4; i++) {
            dot += q[a + i] * q[b + i];
        }
        double sign = dot < 0 ? -1 : 1;
        double angle = Math.acos(Math.min(1.0, Math.abs(dot)));
        double k0;
        double k1;
        if (angle < TINY_ARC) {
            k0 = 1 - s;
            k1 = s;
        } else {
            k0 = Math.sin((1 - s) * angle) / Math.sin(angle);
            k1 = Math.sin(s * angle) / Math.sin(angle);
        }
        for (int i = 0; i < 4; i++) {
            out[i] = k0 * q[a + i] + sign * k1 * q[b + i];
        }
        normalize(out, 0);
    }

    /** Normalises the quaternion at q[o ..] in place; false (unchanged) if its squared length is at most 1e-12. */
    private static boolean normalize(double[] q, int o) {
        double len2 = q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3];
        if (!(len2 > MIN_QUATERNION_LENGTH_SQUARED)) {
            return false;
        }
        double len = Math.sqrt(len2);
        for (int i = 0; i < 4; i++) {
            q[o + i] /= len;
        }
        return true;
    }

    private static double[] toDouble(float[] f) {
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
