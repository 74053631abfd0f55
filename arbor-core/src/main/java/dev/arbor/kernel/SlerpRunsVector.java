package dev.arbor.kernel;

import static dev.arbor.kernel.VectorLanes.LANES;
import static dev.arbor.kernel.VectorLanes.SPECIES;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;

/**
 * The vector path of {@link SlerpRuns}: a compiled clip's slerps and lerps, a vector of channels at a time, on the
 * incubating Vector API. Loaded only when {@link VectorSupport#ENABLED}.
 */
final class SlerpRunsVector {
    private SlerpRunsVector() {
    }

    /**
     * The vector part of {@link SlerpRuns#slerp}: whole vectors of lanes, the scalar loop's operations in its order.
     *
     * @return the first lane not computed
     */
    static int slerpLanes(float[] r, int o, int n, float s, float[] dest, int d, int cs) {
        // everything inline, no helper returning a vector: a vector returned from a call the JIT does not inline is
        // boxed, and the warm-up then never sees a round without allocation
        FloatVector u = FloatVector.broadcast(SPECIES, 1f - s);
        FloatVector sv = FloatVector.broadcast(SPECIES, s);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector f1 = FloatVector.broadcast(SPECIES, SlerpRuns.F1);
        FloatVector f2 = FloatVector.broadcast(SPECIES, SlerpRuns.F2);
        FloatVector f3 = FloatVector.broadcast(SPECIES, SlerpRuns.F3);
        FloatVector f4 = FloatVector.broadcast(SPECIES, SlerpRuns.F4);
        FloatVector f5 = FloatVector.broadcast(SPECIES, SlerpRuns.F5);
        int j = 0;
        for (; j + LANES <= n; j += LANES) {
            int q = o + j;
            FloatVector angle = FloatVector.fromArray(SPECIES, r, q + 8 * n);
            // SlerpRuns.sinc of u θ and of s θ, the same operations in the same order
            FloatVector a = u.mul(angle);
            FloatVector a2 = a.mul(a);
            FloatVector k0 = u.mul(a2.mul(a2.mul(a2.mul(a2.mul(a2.mul(f5).add(f4)).add(f3)).add(f2)).add(f1))
                    .add(one));
            FloatVector b = sv.mul(angle);
            FloatVector b2 = b.mul(b);
            FloatVector k1 = sv.mul(b2.mul(b2.mul(b2.mul(b2.mul(b2.mul(f5).add(f4)).add(f3)).add(f2)).add(f1))
                    .add(one));
            FloatVector x = k0.mul(FloatVector.fromArray(SPECIES, r, q))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 4 * n)));
            FloatVector y = k0.mul(FloatVector.fromArray(SPECIES, r, q + n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 5 * n)));
            FloatVector z = k0.mul(FloatVector.fromArray(SPECIES, r, q + 2 * n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 6 * n)));
            FloatVector w = k0.mul(FloatVector.fromArray(SPECIES, r, q + 3 * n))
                    .add(k1.mul(FloatVector.fromArray(SPECIES, r, q + 7 * n)));
            FloatVector len2 = x.mul(x).add(y.mul(y)).add(z.mul(z)).add(w.mul(w));
            FloatVector inv = one.div(len2.lanewise(VectorOperators.SQRT));
            x.mul(inv).intoArray(dest, d + j);
            y.mul(inv).intoArray(dest, d + cs + j);
            z.mul(inv).intoArray(dest, d + 2 * cs + j);
            w.mul(inv).intoArray(dest, d + 3 * cs + j);
        }
        return j;
    }

    /**
     * The vector part of one component of {@link SlerpRuns#lerp}: {@code a + (b - a) s} for whole vectors of lanes,
     * {@code a} from {@code from}, {@code b} from {@code to}, results from {@code at}.
     *
     * @return the first lane not computed
     */
    static int lerpLanes(float[] r, int from, int to, int n, float s, float[] dest, int at) {
        FloatVector sv = FloatVector.broadcast(SPECIES, s);
        int j = 0;
        for (; j + LANES <= n; j += LANES) {
            FloatVector a = FloatVector.fromArray(SPECIES, r, from + j);
            FloatVector b = FloatVector.fromArray(SPECIES, r, to + j);
            a.add(b.sub(a).mul(sv)).intoArray(dest, at + j);
        }
        return j;
    }

    /** Runs each vector method of this class once (part of {@link VectorWarmUp#lookUpEveryOperation}). */
    static void warmUp() {
        float[] keys = new float[9 * LANES];
        slerpLanes(keys, 0, LANES, 0.5f, keys, 0, LANES);
        lerpLanes(keys, 0, LANES, LANES, 0.5f, keys, 2 * LANES);
    }
}
