package dev.arbor.kernel;

/**
 * Interpolation of runs of key pairs laid out lane by lane, into component planes: a compiled clip's work per
 * segment for a run of channels on consecutive targets. Records: component {@code c} of lane {@code j}'s first key at
 * {@code r[o + c × n + j]}, of its second key at {@code r[o + (C + c) × n + j]} ({@code C} the components: 3 for
 * vectors, 4 for quaternions), and for quaternions the arc angle at {@code r[o + 8n + j]}; results: component
 * {@code c} of lane {@code j} at {@code dest[d + j × ts + c × cs]} (planes: {@code ts = 1}; a pose's interleaved
 * components: {@code cs = 1}). In planes the vector path ({@code vector}, where {@link VectorSupport#active()})
 * computes whole vectors of lanes with the same operations in the same order as the scalar loop, so both give the
 * same bits.
 */
public final class SlerpRuns {
    /** Coefficients of sin(x)/x = 1 + Σ F[i] x^(2i) in float, the Taylor series to x^10. */
    static final float F1 = (float) (-1.0 / 6);
    static final float F2 = (float) (1.0 / 120);
    static final float F3 = (float) (-1.0 / 5040);
    static final float F4 = (float) (1.0 / 362880);
    static final float F5 = (float) (-1.0 / 39916800);

    private SlerpRuns() {
    }

    /**
     * sin(x)/x for 0 ≤ x ≤ π/2 in float: the series to x^10, truncation below 1e-7 relative.
     *
     * @param x the argument
     * @return sin(x)/x
     */
    public static float sinc(float x) {
        float x2 = x * x;
        return 1f + x2 * (F1 + x2 * (F2 + x2 * (F3 + x2 * (F4 + x2 * F5))));
    }

    /**
     * Slerp of {@code n} lanes at fraction {@code s}: {@code q0 sin((1-s)θ) + q1 sin(sθ)}, the weights as
     * {@code (1-s) sinc((1-s)θ)} and {@code s sinc(sθ)} (the common 1/sin θ cancels), then normalised in float. The
     * second key must lie on the first's hemisphere and θ in [0, π/2]. Bounds are the caller's to check.
     *
     * @param r records
     * @param o index of lane 0's first component
     * @param n lanes
     * @param s fraction, in [0, 1]
     * @param dest results
     * @param d index of lane 0's first component
     * @param ts floats from one lane of {@code dest} to the next
     * @param cs floats from one component of {@code dest} to the next
     * @param vector whether to take the vector path (in planes)
     */
    public static void slerp(float[] r, int o, int n, float s, float[] dest, int d, int ts, int cs, boolean vector) {
        int j = vector && ts == 1 ? SlerpRunsVector.slerpLanes(r, o, n, s, dest, d, cs) : 0;
        float u = 1f - s;
        for (; j < n; j++) {
            int q = o + j;
            float angle = r[q + 8 * n];
            float k0 = u * sinc(u * angle);
            float k1 = s * sinc(s * angle);
            float x = k0 * r[q] + k1 * r[q + 4 * n];
            float y = k0 * r[q + n] + k1 * r[q + 5 * n];
            float z = k0 * r[q + 2 * n] + k1 * r[q + 6 * n];
            float w = k0 * r[q + 3 * n] + k1 * r[q + 7 * n];
            float inv = 1f / (float) Math.sqrt(x * x + y * y + z * z + w * w);
            int at = d + j * ts;
            dest[at] = x * inv;
            dest[at + cs] = y * inv;
            dest[at + 2 * cs] = z * inv;
            dest[at + 3 * cs] = w * inv;
        }
    }

    /**
     * Lerp of {@code n} lanes of 3-vectors at fraction {@code s}: {@code a + (b - a) s} in float. Bounds are the
     * caller's to check.
     *
     * @param r records
     * @param o index of lane 0's first component
     * @param n lanes
     * @param s fraction
     * @param dest results
     * @param d index of lane 0's first component
     * @param ts floats from one lane of {@code dest} to the next
     * @param cs floats from one component of {@code dest} to the next
     * @param vector whether to take the vector path (in planes)
     */
    public static void lerp(float[] r, int o, int n, float s, float[] dest, int d, int ts, int cs, boolean vector) {
        for (int c = 0; c < 3; c++) {
            int from = o + c * n;
            int to = o + (3 + c) * n;
            int at = d + c * cs;
            int j = vector && ts == 1 ? SlerpRunsVector.lerpLanes(r, from, to, n, s, dest, at) : 0;
            for (; j < n; j++) {
                float a = r[from + j];
                dest[at + j * ts] = a + (r[to + j] - a) * s;
            }
        }
    }
}
