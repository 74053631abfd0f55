package dev.arbor.animation;

/**
 * The weights of a blend space's points at a parameter value, over flat arrays: every weight in [0, 1], summing to 1,
 * continuous in the value.
 */
final class BlendWeights {
    private BlendWeights() {
    }

    /**
     * 1D: the two points either side of {@code x} get {@code 1 - f} and {@code f}, {@code f} the fraction of the way
     * from the lower to the upper; below the first point the first alone, above the last the last alone.
     *
     * @param positions strictly increasing positions, n ≥ 1
     * @param x the parameter's value, finite
     * @param weights receives n weights
     */
    static void oneD(float[] positions, float x, float[] weights) {
        int n = positions.length;
        java.util.Arrays.fill(weights, 0, n, 0f);
        if (!(x > positions[0])) {
            weights[0] = 1f;
            return;
        }
        if (x >= positions[n - 1]) {
            weights[n - 1] = 1f;
            return;
        }
        int i = 0;
        while (positions[i + 1] <= x) { // invariant: positions[i] < x < positions[n - 1]
            i++;
        }
        float f = (x - positions[i]) / (positions[i + 1] - positions[i]);
        weights[i] = 1f - f;
        weights[i + 1] = f;
    }

    /**
     * 2D gradient bands (cartesian): point i's influence is the least, over every other point j, of
     * {@code 1 - ((p - p_i)·(p_j - p_i)) / |p_j - p_i|²} clamped at 0 (1 at p_i, falling linearly to 0 at p_j
     * along the line from p_i to p_j, constant across it); the weights are the influences divided by their
     * sum. Each influence is continuous (a minimum of clamped linear functions), and the sum is never 0 (the point
     * nearest along any band keeps a positive influence), so the weights are continuous; at a point its weight is 1.
     * Computed in double, rounded once.
     *
     * @param xs points' x, n ≥ 1, no two points at the same place
     * @param ys points' y
     * @param x the value along x
     * @param y the value along y
     * @param weights receives n weights
     */
    static void gradientBand(float[] xs, float[] ys, float x, float y, float[] weights) {
        int n = xs.length;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double h = influence(xs, ys, i, x, y);
            weights[i] = (float) h;
            sum += h;
        }
        if (!(sum > 0)) { // not reached for distinct points; the nearest point alone as a guard
            nearest(xs, ys, x, y, weights);
            return;
        }
        double inv = 1 / sum;
        for (int i = 0; i < n; i++) {
            weights[i] = (float) (influence(xs, ys, i, x, y) * inv);
        }
    }

    private static double influence(float[] xs, float[] ys, int i, float x, float y) {
        double px = x - (double) xs[i];
        double py = y - (double) ys[i];
        double h = 1;
        for (int j = 0; j < xs.length; j++) {
            if (j == i) {
                continue;
            }
            double dx = (double) xs[j] - xs[i];
            double dy = (double) ys[j] - ys[i];
            double v = 1 - (px * dx + py * dy) / (dx * dx + dy * dy);
            if (v < h) {
                h = v;
            }
        }
        return Math.max(0, h);
    }

    private static void nearest(float[] xs, float[] ys, float x, float y, float[] weights) {
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < xs.length; i++) {
            double dx = x - (double) xs[i];
            double dy = y - (double) ys[i];
            double d = dx * dx + dy * dy;
            weights[i] = 0f;
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        weights[best] = 1f;
    }
}
