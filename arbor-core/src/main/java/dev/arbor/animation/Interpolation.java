package dev.arbor.animation;

/**
 * How a channel's value is computed between two keys (the glTF 2.0 sampler modes).
 */
public enum Interpolation {
    /** The value of the previous key holds until the next key. One value per key. */
    STEP,
    /**
     * Straight-line interpolation between the two surrounding keys; rotations use spherical linear interpolation
     * (slerp) along the shorter arc. One value per key.
     */
    LINEAR,
    /**
     * Cubic Hermite spline with explicit tangents. Three values per key, in this order: in-tangent, value,
     * out-tangent. Between keys {@code k} and {@code k+1} with {@code td = t[k+1] - t[k]} and
     * {@code s = (t - t[k]) / td}: {@code p(s) = (2s³ - 3s² + 1) v[k] + td (s³ - 2s² + s) out[k]
     * + (-2s³ + 3s²) v[k+1] + td (s³ - s²) in[k+1]}. Rotations are normalised afterwards.
     */
    CUBICSPLINE;

    /**
     * Values stored per key for each component.
     *
     * @return 3 for {@link #CUBICSPLINE} (in-tangent, value, out-tangent), else 1
     */
    public int valuesPerKey() {
        return this == CUBICSPLINE ? 3 : 1;
    }
}
