package dev.arbor.animation;

/**
 * Slerp of many quaternion pairs with one weight, in double, as {@link Pose#blend} and {@link PoseBatch#blend} define
 * it: along the shorter arc, normalised. Without a sine per pair where the weight allows: at weight 1/2 the slerp is
 * the normalised sum (sin(θ/2)/sin θ is the same for both), and for weights in [0, 1] the weights
 * {@code (1-w) sinc((1-w)θ)} and {@code w sinc(wθ)} come from {@link ClipSampler#sinc}; other weights (extrapolation)
 * call {@link Math#sin}.
 */
final class Slerp {
    private Slerp() {
    }

    /** dest[i..] = slerp(a[i..], b[i..], weight) for quaternions at i = from, from + 4, … below to. */
    static void range(float[] a, float[] b, float weight, float[] dest, int from, int to) {
        double w = weight;
        boolean half = weight == 0.5f;
        boolean inside = weight >= 0f && weight <= 1f;
        for (int i = from; i < to; i += 4) {
            double x0 = a[i];
            double y0 = a[i + 1];
            double z0 = a[i + 2];
            double w0 = a[i + 3];
            double x1 = b[i];
            double y1 = b[i + 1];
            double z1 = b[i + 2];
            double w1 = b[i + 3];
            double dot = x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1;
            if (dot < 0) {
                x1 = -x1;
                y1 = -y1;
                z1 = -z1;
                w1 = -w1;
                dot = -dot;
            }
            double k0;
            double k1;
            if (half) {
                k0 = 1;
                k1 = 1;
            } else {
                // the angle between the normalised inputs
                double len = Math.sqrt((x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0) * (x1 * x1 + y1 * y1 + z1 * z1
                        + w1 * w1));
                double angle = Math.acos(Math.min(1.0, dot / len));
                if (inside) {
                    k0 = (1 - w) * ClipSampler.sinc((1 - w) * angle);
                    k1 = w * ClipSampler.sinc(w * angle);
                } else if (angle > 1e-9) {
                    k0 = Math.sin((1 - w) * angle);
                    k1 = Math.sin(w * angle);
                } else {
                    k0 = 1 - w;
                    k1 = w;
                }
            }
            double x = k0 * x0 + k1 * x1;
            double y = k0 * y0 + k1 * y1;
            double z = k0 * z0 + k1 * z1;
            double q = k0 * w0 + k1 * w1;
            double len2 = x * x + y * y + z * z + q * q;
            if (!(len2 > 1e-12)) { // opposite inputs at weight 1/2: keep the first
                dest[i] = a[i];
                dest[i + 1] = a[i + 1];
                dest[i + 2] = a[i + 2];
                dest[i + 3] = a[i + 3];
                continue;
            }
            double inv = 1 / Math.sqrt(len2);
            dest[i] = (float) (x * inv);
            dest[i + 1] = (float) (y * inv);
            dest[i + 2] = (float) (z * inv);
            dest[i + 3] = (float) (q * inv);
        }
    }
}
