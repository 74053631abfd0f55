package dev.arbor.kernel;

import static dev.arbor.kernel.VectorLanes.HIGH_PAIRS;
import static dev.arbor.kernel.VectorLanes.INDEX_SPECIES;
import static dev.arbor.kernel.VectorLanes.LANES;
import static dev.arbor.kernel.VectorLanes.ODD_LANES;
import static dev.arbor.kernel.VectorLanes.SPECIES;
import static dev.arbor.kernel.VectorLanes.SWAP_HALVES;
import static dev.arbor.kernel.VectorLanes.SWAP_PAIRS;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;

/**
 * The vector path of {@link Palettes}: the skinning products over planes of joints (one left matrix broadcast, per
 * lane, or picked from a block by a permutation; the middle matrices loaded, gathered or loaded as a window) and the
 * transposition of palette entries to 4×4 in registers, on the incubating Vector API. Loaded only when
 * {@link VectorSupport#ENABLED}. Each lane performs the scalar path's operations in its order, so both give the same
 * bits. The 3×4 product is written out in every method rather than shared: a vector passed to or returned from a
 * method the JIT does not inline is boxed, and each method here is sized so that the JIT compiles it whole.
 */
final class PalettesVector {
    private PalettesVector() {
    }

    /**
     * {@link Palettes#chain} a vector of joints at a time, up to {@code count} rounded up to whole vectors (within the
     * plane stride, a multiple of {@link Palettes#STRIDE_MULTIPLE}). Each lane performs the scalar path's operations in
     * its order. {@code m}'s elements are broadcast once; only this class's own vector type is used, so the bulk
     * kernel's type profiles stay as they are ({@link VectorSupport}).
     */
    static void chainPlanes(float[] m, int mo, float[] w, float[] b, float[] p, int s, int count) {
        FloatVector m00 = FloatVector.broadcast(SPECIES, m[mo]);
        FloatVector m01 = FloatVector.broadcast(SPECIES, m[mo + 1]);
        FloatVector m02 = FloatVector.broadcast(SPECIES, m[mo + 2]);
        FloatVector m10 = FloatVector.broadcast(SPECIES, m[mo + 3]);
        FloatVector m11 = FloatVector.broadcast(SPECIES, m[mo + 4]);
        FloatVector m12 = FloatVector.broadcast(SPECIES, m[mo + 5]);
        FloatVector m20 = FloatVector.broadcast(SPECIES, m[mo + 6]);
        FloatVector m21 = FloatVector.broadcast(SPECIES, m[mo + 7]);
        FloatVector m22 = FloatVector.broadcast(SPECIES, m[mo + 8]);
        FloatVector m30 = FloatVector.broadcast(SPECIES, m[mo + 9]);
        FloatVector m31 = FloatVector.broadcast(SPECIES, m[mo + 10]);
        FloatVector m32 = FloatVector.broadcast(SPECIES, m[mo + 11]);
        for (int j = 0; j < count; j += LANES) {
            FloatVector w00 = FloatVector.fromArray(SPECIES, w, j);
            FloatVector w01 = FloatVector.fromArray(SPECIES, w, s + j);
            FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * s + j);
            FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * s + j);
            FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * s + j);
            FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * s + j);
            FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * s + j);
            FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * s + j);
            FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * s + j);
            FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * s + j);
            FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * s + j);
            FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * s + j);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            FloatVector b00 = FloatVector.fromArray(SPECIES, b, j);
            FloatVector b01 = FloatVector.fromArray(SPECIES, b, s + j);
            FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * s + j);
            FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * s + j);
            FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * s + j);
            FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * s + j);
            FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * s + j);
            FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * s + j);
            FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * s + j);
            FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * s + j);
            FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * s + j);
            FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * s + j);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, s + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * s + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * s + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * s + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * s + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * s + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * s + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * s + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * s + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * s + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * s + j);
        }
    }

    /**
     * {@link Palettes#chainLanes}'s vector path: lanes {@code [from, to)} rounded out to whole vectors ({@code from} is
     * a multiple of the lane count; the planes' padding takes the lanes past {@code to}). Same operations in the same
     * order as {@link #chainPlanes}, with the left matrix per lane and the right one broadcast.
     */
    static void chainLanes(float[] m, int ms, float[] w, float[] p, int o, int s, float[] b, int bo, int from,
                           int to) {
        FloatVector b00 = FloatVector.broadcast(SPECIES, b[bo]);
        FloatVector b01 = FloatVector.broadcast(SPECIES, b[bo + 1]);
        FloatVector b02 = FloatVector.broadcast(SPECIES, b[bo + 2]);
        FloatVector b10 = FloatVector.broadcast(SPECIES, b[bo + 3]);
        FloatVector b11 = FloatVector.broadcast(SPECIES, b[bo + 4]);
        FloatVector b12 = FloatVector.broadcast(SPECIES, b[bo + 5]);
        FloatVector b20 = FloatVector.broadcast(SPECIES, b[bo + 6]);
        FloatVector b21 = FloatVector.broadcast(SPECIES, b[bo + 7]);
        FloatVector b22 = FloatVector.broadcast(SPECIES, b[bo + 8]);
        FloatVector b30 = FloatVector.broadcast(SPECIES, b[bo + 9]);
        FloatVector b31 = FloatVector.broadcast(SPECIES, b[bo + 10]);
        FloatVector b32 = FloatVector.broadcast(SPECIES, b[bo + 11]);
        for (int r = from; r < to; r += LANES) {
            int j = o + r;
            FloatVector m00 = FloatVector.fromArray(SPECIES, m, r);
            FloatVector m01 = FloatVector.fromArray(SPECIES, m, ms + r);
            FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * ms + r);
            FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * ms + r);
            FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * ms + r);
            FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * ms + r);
            FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * ms + r);
            FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * ms + r);
            FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * ms + r);
            FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * ms + r);
            FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * ms + r);
            FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * ms + r);
            FloatVector w00 = FloatVector.fromArray(SPECIES, w, j);
            FloatVector w01 = FloatVector.fromArray(SPECIES, w, s + j);
            FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * s + j);
            FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * s + j);
            FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * s + j);
            FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * s + j);
            FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * s + j);
            FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * s + j);
            FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * s + j);
            FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * s + j);
            FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * s + j);
            FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * s + j);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, s + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * s + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * s + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * s + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * s + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * s + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * s + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * s + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * s + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * s + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * s + j);
        }
    }

    /**
     * {@link Palettes#chainGathered} a vector of lanes at a time, lanes {@code [0, lanes)} rounded up to whole vectors,
     * for members {@code k < members}: the left matrices in planes ({@code m[e × ms + r]}), each member's right matrix
     * broadcast (12 floats from {@code 12 × k}), the middle ones gathered ({@code w[index[wo + k × wk + r] + e × ws]}),
     * the results to {@code p[po + k × pk + e × pe + r]}. Each lane performs the scalar path's operations in its order.
     */
    static void chainGathered(float[] m, int ms, float[] w, int ws, int[] index, int wo, int wk, float[] b,
                              float[] p, int po, int pk, int pe, int members, int lanes) {
        for (int r = 0; r < lanes; r += LANES) {
            FloatVector m00 = FloatVector.fromArray(SPECIES, m, r);
            FloatVector m01 = FloatVector.fromArray(SPECIES, m, ms + r);
            FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * ms + r);
            FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * ms + r);
            FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * ms + r);
            FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * ms + r);
            FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * ms + r);
            FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * ms + r);
            FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * ms + r);
            FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * ms + r);
            FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * ms + r);
            FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * ms + r);
            for (int k = 0; k < members; k++) {
                int x = wo + k * wk + r;
                FloatVector w00 = FloatVector.fromArray(SPECIES, w, 0, index, x);
                FloatVector w01 = FloatVector.fromArray(SPECIES, w, ws, index, x);
                FloatVector w02 = FloatVector.fromArray(SPECIES, w, 2 * ws, index, x);
                FloatVector w10 = FloatVector.fromArray(SPECIES, w, 3 * ws, index, x);
                FloatVector w11 = FloatVector.fromArray(SPECIES, w, 4 * ws, index, x);
                FloatVector w12 = FloatVector.fromArray(SPECIES, w, 5 * ws, index, x);
                FloatVector w20 = FloatVector.fromArray(SPECIES, w, 6 * ws, index, x);
                FloatVector w21 = FloatVector.fromArray(SPECIES, w, 7 * ws, index, x);
                FloatVector w22 = FloatVector.fromArray(SPECIES, w, 8 * ws, index, x);
                FloatVector w30 = FloatVector.fromArray(SPECIES, w, 9 * ws, index, x);
                FloatVector w31 = FloatVector.fromArray(SPECIES, w, 10 * ws, index, x);
                FloatVector w32 = FloatVector.fromArray(SPECIES, w, 11 * ws, index, x);
                FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
                FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
                FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
                FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
                FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
                FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
                FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
                FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
                FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
                FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
                FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
                FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
                int bk = 12 * k;
                float b32 = b[bk + 11]; // the highest index first: one bounds check covers the rest
                int d = po + k * pk + r;
                t00.mul(b[bk]).add(t10.mul(b[bk + 1])).add(t20.mul(b[bk + 2])).intoArray(p, d);
                t01.mul(b[bk]).add(t11.mul(b[bk + 1])).add(t21.mul(b[bk + 2])).intoArray(p, pe + d);
                t02.mul(b[bk]).add(t12.mul(b[bk + 1])).add(t22.mul(b[bk + 2])).intoArray(p, 2 * pe + d);
                t00.mul(b[bk + 3]).add(t10.mul(b[bk + 4])).add(t20.mul(b[bk + 5])).intoArray(p, 3 * pe + d);
                t01.mul(b[bk + 3]).add(t11.mul(b[bk + 4])).add(t21.mul(b[bk + 5])).intoArray(p, 4 * pe + d);
                t02.mul(b[bk + 3]).add(t12.mul(b[bk + 4])).add(t22.mul(b[bk + 5])).intoArray(p, 5 * pe + d);
                t00.mul(b[bk + 6]).add(t10.mul(b[bk + 7])).add(t20.mul(b[bk + 8])).intoArray(p, 6 * pe + d);
                t01.mul(b[bk + 6]).add(t11.mul(b[bk + 7])).add(t21.mul(b[bk + 8])).intoArray(p, 7 * pe + d);
                t02.mul(b[bk + 6]).add(t12.mul(b[bk + 7])).add(t22.mul(b[bk + 8])).intoArray(p, 8 * pe + d);
                t00.mul(b[bk + 9]).add(t10.mul(b[bk + 10])).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + d);
                t01.mul(b[bk + 9]).add(t11.mul(b[bk + 10])).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + d);
                t02.mul(b[bk + 9]).add(t12.mul(b[bk + 10])).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + d);
            }
        }
    }

    /**
     * The first step of a window of {@link Palettes#chainWindows}, on 8-lane vectors only (AVX2): each lane's left
     * matrix picked from the block's 16 ({@code m}, 12 planes of 16) by its instance, into the window's lanes of
     * {@code p} ({@code p[e × pe + o + r]}), where {@link #windowProducts} reads it: an instance may lie in either half
     * of the block, so two permutations and a blend, as the update's two-vector window batch picks parents
     * ({@link LocalToWorldVector}). On 16 lanes {@link #chainWindow} picks in registers instead (the two steps cost
     * 20 µs more a frame of 1,000 CesiumMan there, measured). Only moves values.
     */
    static void pickWindowLanes(int[] lanes, float[] m, float[] p, int pe, int o) {
        for (int r = 0; r < Palettes.STRIDE_MULTIPLE; r += LANES) {
            IntVector instance = IntVector.fromArray(INDEX_SPECIES, lanes, o + r).and(Palettes.STRIDE_MULTIPLE - 1);
            VectorShuffle<Integer> pick = instance.and(LANES - 1).toShuffle();
            VectorMask<Integer> high = instance.compare(VectorOperators.GE, LANES);
            for (int e = 0; e < 12; e++) {
                int plane = Palettes.STRIDE_MULTIPLE * e;
                FloatVector.fromArray(SPECIES, m, plane).reinterpretAsInts().rearrange(pick)
                        .blend(FloatVector.fromArray(SPECIES, m, plane + LANES).reinterpretAsInts().rearrange(pick),
                                high)
                        .reinterpretAsFloats().intoArray(p, e * pe + o + r);
            }
        }
    }

    /**
     * The second step of a window of {@link Palettes#chainWindows}: {@code p = p × W × b} lane by lane, the left
     * matrices as {@link #pickWindowLanes} left them in {@code p}, the worlds loaded contiguously from {@code x}, the
     * right matrices per lane; each lane read before it is written. Each lane performs the scalar path's operations in
     * its order.
     */
    static void windowProducts(float[] worlds, int es, int x, float[] b, float[] p, int pe, int o) {
        for (int r = 0; r < Palettes.STRIDE_MULTIPLE; r += LANES) {
            int j = o + r;
            int y = x + r;
            FloatVector m00 = FloatVector.fromArray(SPECIES, p, j);
            FloatVector m01 = FloatVector.fromArray(SPECIES, p, pe + j);
            FloatVector m02 = FloatVector.fromArray(SPECIES, p, 2 * pe + j);
            FloatVector m10 = FloatVector.fromArray(SPECIES, p, 3 * pe + j);
            FloatVector m11 = FloatVector.fromArray(SPECIES, p, 4 * pe + j);
            FloatVector m12 = FloatVector.fromArray(SPECIES, p, 5 * pe + j);
            FloatVector m20 = FloatVector.fromArray(SPECIES, p, 6 * pe + j);
            FloatVector m21 = FloatVector.fromArray(SPECIES, p, 7 * pe + j);
            FloatVector m22 = FloatVector.fromArray(SPECIES, p, 8 * pe + j);
            FloatVector m30 = FloatVector.fromArray(SPECIES, p, 9 * pe + j);
            FloatVector m31 = FloatVector.fromArray(SPECIES, p, 10 * pe + j);
            FloatVector m32 = FloatVector.fromArray(SPECIES, p, 11 * pe + j);
            FloatVector w00 = FloatVector.fromArray(SPECIES, worlds, y);
            FloatVector w01 = FloatVector.fromArray(SPECIES, worlds, es + y);
            FloatVector w02 = FloatVector.fromArray(SPECIES, worlds, 2 * es + y);
            FloatVector w10 = FloatVector.fromArray(SPECIES, worlds, 3 * es + y);
            FloatVector w11 = FloatVector.fromArray(SPECIES, worlds, 4 * es + y);
            FloatVector w12 = FloatVector.fromArray(SPECIES, worlds, 5 * es + y);
            FloatVector w20 = FloatVector.fromArray(SPECIES, worlds, 6 * es + y);
            FloatVector w21 = FloatVector.fromArray(SPECIES, worlds, 7 * es + y);
            FloatVector w22 = FloatVector.fromArray(SPECIES, worlds, 8 * es + y);
            FloatVector w30 = FloatVector.fromArray(SPECIES, worlds, 9 * es + y);
            FloatVector w31 = FloatVector.fromArray(SPECIES, worlds, 10 * es + y);
            FloatVector w32 = FloatVector.fromArray(SPECIES, worlds, 11 * es + y);
            FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
            FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
            FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
            FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
            FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
            FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
            FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
            FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
            FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
            FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
            FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
            FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
            FloatVector b00 = FloatVector.fromArray(SPECIES, b, j);
            FloatVector b01 = FloatVector.fromArray(SPECIES, b, pe + j);
            FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * pe + j);
            FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * pe + j);
            FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * pe + j);
            FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * pe + j);
            FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * pe + j);
            FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * pe + j);
            FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * pe + j);
            FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * pe + j);
            FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * pe + j);
            FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * pe + j);
            t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, j);
            t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, pe + j);
            t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * pe + j);
            t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * pe + j);
            t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * pe + j);
            t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * pe + j);
            t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * pe + j);
            t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * pe + j);
            t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * pe + j);
            t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + j);
            t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + j);
            t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + j);
        }
    }

    /**
     * One window of {@link Palettes#chainWindows} on 16-lane vectors, its lanes from {@code o} in {@code lanes},
     * {@code b} and {@code p}, its positions from {@code x}: the 12 world planes loaded contiguously, each lane's left
     * matrix picked from the block's 16 by a permutation (the lane's instance, as the update's window batch picks
     * parents), the right matrices loaded per lane. Each lane performs the scalar path's operations in its order. One window
     * per call, as one batch per call in the update: a loop around this body made the method large enough for the
     * JIT to stop inlining the vector operations in some JVMs, whose boxed vectors then allocated. Bounds are checked
     * by the caller.
     */
    static void chainWindow(float[] worlds, int es, int x, int[] lanes, float[] m, float[] b, float[] p, int pe,
                            int o) {
        VectorShuffle<Integer> pick = IntVector.fromArray(INDEX_SPECIES, lanes, o).and(LANES - 1).toShuffle();
        FloatVector m00 = FloatVector.fromArray(SPECIES, m, 0).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m01 = FloatVector.fromArray(SPECIES, m, LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m02 = FloatVector.fromArray(SPECIES, m, 2 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m10 = FloatVector.fromArray(SPECIES, m, 3 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m11 = FloatVector.fromArray(SPECIES, m, 4 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m12 = FloatVector.fromArray(SPECIES, m, 5 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m20 = FloatVector.fromArray(SPECIES, m, 6 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m21 = FloatVector.fromArray(SPECIES, m, 7 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m22 = FloatVector.fromArray(SPECIES, m, 8 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m30 = FloatVector.fromArray(SPECIES, m, 9 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m31 = FloatVector.fromArray(SPECIES, m, 10 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector m32 = FloatVector.fromArray(SPECIES, m, 11 * LANES).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector w00 = FloatVector.fromArray(SPECIES, worlds, x);
        FloatVector w01 = FloatVector.fromArray(SPECIES, worlds, es + x);
        FloatVector w02 = FloatVector.fromArray(SPECIES, worlds, 2 * es + x);
        FloatVector w10 = FloatVector.fromArray(SPECIES, worlds, 3 * es + x);
        FloatVector w11 = FloatVector.fromArray(SPECIES, worlds, 4 * es + x);
        FloatVector w12 = FloatVector.fromArray(SPECIES, worlds, 5 * es + x);
        FloatVector w20 = FloatVector.fromArray(SPECIES, worlds, 6 * es + x);
        FloatVector w21 = FloatVector.fromArray(SPECIES, worlds, 7 * es + x);
        FloatVector w22 = FloatVector.fromArray(SPECIES, worlds, 8 * es + x);
        FloatVector w30 = FloatVector.fromArray(SPECIES, worlds, 9 * es + x);
        FloatVector w31 = FloatVector.fromArray(SPECIES, worlds, 10 * es + x);
        FloatVector w32 = FloatVector.fromArray(SPECIES, worlds, 11 * es + x);
        FloatVector t00 = m00.mul(w00).add(m10.mul(w01)).add(m20.mul(w02));
        FloatVector t01 = m01.mul(w00).add(m11.mul(w01)).add(m21.mul(w02));
        FloatVector t02 = m02.mul(w00).add(m12.mul(w01)).add(m22.mul(w02));
        FloatVector t10 = m00.mul(w10).add(m10.mul(w11)).add(m20.mul(w12));
        FloatVector t11 = m01.mul(w10).add(m11.mul(w11)).add(m21.mul(w12));
        FloatVector t12 = m02.mul(w10).add(m12.mul(w11)).add(m22.mul(w12));
        FloatVector t20 = m00.mul(w20).add(m10.mul(w21)).add(m20.mul(w22));
        FloatVector t21 = m01.mul(w20).add(m11.mul(w21)).add(m21.mul(w22));
        FloatVector t22 = m02.mul(w20).add(m12.mul(w21)).add(m22.mul(w22));
        FloatVector t30 = m00.mul(w30).add(m10.mul(w31)).add(m20.mul(w32)).add(m30);
        FloatVector t31 = m01.mul(w30).add(m11.mul(w31)).add(m21.mul(w32)).add(m31);
        FloatVector t32 = m02.mul(w30).add(m12.mul(w31)).add(m22.mul(w32)).add(m32);
        FloatVector b00 = FloatVector.fromArray(SPECIES, b, o);
        FloatVector b01 = FloatVector.fromArray(SPECIES, b, pe + o);
        FloatVector b02 = FloatVector.fromArray(SPECIES, b, 2 * pe + o);
        FloatVector b10 = FloatVector.fromArray(SPECIES, b, 3 * pe + o);
        FloatVector b11 = FloatVector.fromArray(SPECIES, b, 4 * pe + o);
        FloatVector b12 = FloatVector.fromArray(SPECIES, b, 5 * pe + o);
        FloatVector b20 = FloatVector.fromArray(SPECIES, b, 6 * pe + o);
        FloatVector b21 = FloatVector.fromArray(SPECIES, b, 7 * pe + o);
        FloatVector b22 = FloatVector.fromArray(SPECIES, b, 8 * pe + o);
        FloatVector b30 = FloatVector.fromArray(SPECIES, b, 9 * pe + o);
        FloatVector b31 = FloatVector.fromArray(SPECIES, b, 10 * pe + o);
        FloatVector b32 = FloatVector.fromArray(SPECIES, b, 11 * pe + o);
        t00.mul(b00).add(t10.mul(b01)).add(t20.mul(b02)).intoArray(p, o);
        t01.mul(b00).add(t11.mul(b01)).add(t21.mul(b02)).intoArray(p, pe + o);
        t02.mul(b00).add(t12.mul(b01)).add(t22.mul(b02)).intoArray(p, 2 * pe + o);
        t00.mul(b10).add(t10.mul(b11)).add(t20.mul(b12)).intoArray(p, 3 * pe + o);
        t01.mul(b10).add(t11.mul(b11)).add(t21.mul(b12)).intoArray(p, 4 * pe + o);
        t02.mul(b10).add(t12.mul(b11)).add(t22.mul(b12)).intoArray(p, 5 * pe + o);
        t00.mul(b20).add(t10.mul(b21)).add(t20.mul(b22)).intoArray(p, 6 * pe + o);
        t01.mul(b20).add(t11.mul(b21)).add(t21.mul(b22)).intoArray(p, 7 * pe + o);
        t02.mul(b20).add(t12.mul(b21)).add(t22.mul(b22)).intoArray(p, 8 * pe + o);
        t00.mul(b30).add(t10.mul(b31)).add(t20.mul(b32)).add(t30).intoArray(p, 9 * pe + o);
        t01.mul(b30).add(t11.mul(b31)).add(t21.mul(b32)).add(t31).intoArray(p, 10 * pe + o);
        t02.mul(b30).add(t12.mul(b31)).add(t22.mul(b32)).add(t32).intoArray(p, 11 * pe + o);
    }

    /**
     * The constants of {@link #toColumnMajor4x4}, in a class of their own: made at its first use only, so that a JVM
     * that never transposes in registers (JDK 17: {@link VectorSupport#CROWD_PALETTE_VECTORS}) never makes them.
     */
    private static final class Transpose {
        /** Lane i takes lane i ^ 4, and i ^ 8; and the lanes with i & 4 set, and with i & 8 (16-lane vectors). */
        static final VectorShuffle<Float> XOR_4 = VectorShuffle.fromOp(SPECIES, i -> i ^ 4);
        static final VectorShuffle<Float> XOR_8 = VectorShuffle.fromOp(SPECIES, i -> i ^ 8);
        static final VectorMask<Float> LANES_4 = VectorMask.fromLong(SPECIES, 0xF0F0_F0F0_F0F0_F0F0L);
        static final VectorMask<Float> LANES_8 = VectorMask.fromLong(SPECIES, 0xFF00_FF00_FF00_FF00L);
        /** Row 3, 7, 11 and 15 of a 4×4 entry transposition after two rounds: 1 in lanes 12–15, else 0. */
        static final FloatVector K = FloatVector.broadcast(SPECIES, 0f)
                .blend(1f, VectorMask.fromLong(SPECIES, 0xF000L));

        private Transpose() {
        }
    }

    /**
     * The vector part of {@link Palettes#toColumnMajor4x4} for {@link Palettes#STRIDE_MULTIPLE} lanes, on 16-lane
     * vectors only: the 12 planes (element {@code e} of lane {@code r} at {@code planes[po + e × pe + r]}) seen as
     * rows 0–2, 4–6, 8–10 and 12–14 of a 16 × 16 matrix whose rows 3, 7 and 11 are 0 and row 15 is 1, transposed by
     * four rounds that each swap one bit of the row index with the lane index (per pair of rows one one-vector
     * permutation and one blend per result), so that row {@code r} is lane {@code r}'s 4×4 entry, written at
     * {@code dest[d + r × ds]}, or with rows at {@code dest[d + rows[ro + r]]} where that row lies in
     * {@code [0, limit - 16]} (else not written). Only moves values: the bits are the scalar conversion's.
     */
    static void toColumnMajor4x4(float[] planes, int po, int pe, float[] dest, int d, int ds, int[] rows, int ro,
                                 int limit) {
        // each row's place computed here, not by a call: the JIT does not inline calls into a method this large
        int last = rows == null ? Integer.MAX_VALUE : limit - 16;
        FloatVector a0 = FloatVector.fromArray(SPECIES, planes, po);
        FloatVector a1 = FloatVector.fromArray(SPECIES, planes, pe + po);
        FloatVector a2 = FloatVector.fromArray(SPECIES, planes, 2 * pe + po);
        FloatVector a4 = FloatVector.fromArray(SPECIES, planes, 3 * pe + po);
        FloatVector a5 = FloatVector.fromArray(SPECIES, planes, 4 * pe + po);
        FloatVector a6 = FloatVector.fromArray(SPECIES, planes, 5 * pe + po);
        FloatVector a8 = FloatVector.fromArray(SPECIES, planes, 6 * pe + po);
        FloatVector a9 = FloatVector.fromArray(SPECIES, planes, 7 * pe + po);
        FloatVector a10 = FloatVector.fromArray(SPECIES, planes, 8 * pe + po);
        FloatVector a12 = FloatVector.fromArray(SPECIES, planes, 9 * pe + po);
        FloatVector a13 = FloatVector.fromArray(SPECIES, planes, 10 * pe + po);
        FloatVector a14 = FloatVector.fromArray(SPECIES, planes, 11 * pe + po);
        // the rows swap index bit 3 with the lanes, then bit 2: rows 3, 7, 11 and 15 become K
        FloatVector b0 = a0.blend(a8.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b8 = a0.rearrange(Transpose.XOR_8).blend(a8, Transpose.LANES_8);
        FloatVector b1 = a1.blend(a9.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b9 = a1.rearrange(Transpose.XOR_8).blend(a9, Transpose.LANES_8);
        FloatVector b2 = a2.blend(a10.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b10 = a2.rearrange(Transpose.XOR_8).blend(a10, Transpose.LANES_8);
        FloatVector b4 = a4.blend(a12.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b12 = a4.rearrange(Transpose.XOR_8).blend(a12, Transpose.LANES_8);
        FloatVector b5 = a5.blend(a13.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b13 = a5.rearrange(Transpose.XOR_8).blend(a13, Transpose.LANES_8);
        FloatVector b6 = a6.blend(a14.rearrange(Transpose.XOR_8), Transpose.LANES_8);
        FloatVector b14 = a6.rearrange(Transpose.XOR_8).blend(a14, Transpose.LANES_8);
        FloatVector c0 = b0.blend(b4.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c4 = b0.rearrange(Transpose.XOR_4).blend(b4, Transpose.LANES_4);
        FloatVector c1 = b1.blend(b5.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c5 = b1.rearrange(Transpose.XOR_4).blend(b5, Transpose.LANES_4);
        FloatVector c2 = b2.blend(b6.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c6 = b2.rearrange(Transpose.XOR_4).blend(b6, Transpose.LANES_4);
        FloatVector c8 = b8.blend(b12.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c12 = b8.rearrange(Transpose.XOR_4).blend(b12, Transpose.LANES_4);
        FloatVector c9 = b9.blend(b13.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c13 = b9.rearrange(Transpose.XOR_4).blend(b13, Transpose.LANES_4);
        FloatVector c10 = b10.blend(b14.rearrange(Transpose.XOR_4), Transpose.LANES_4);
        FloatVector c14 = b10.rearrange(Transpose.XOR_4).blend(b14, Transpose.LANES_4);
        // bit 1 (K.rearrange(SWAP_HALVES) is K)
        FloatVector d0 = c0.blend(c2.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d2 = c0.rearrange(SWAP_HALVES).blend(c2, HIGH_PAIRS);
        FloatVector d4 = c4.blend(c6.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d6 = c4.rearrange(SWAP_HALVES).blend(c6, HIGH_PAIRS);
        FloatVector d8 = c8.blend(c10.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d10 = c8.rearrange(SWAP_HALVES).blend(c10, HIGH_PAIRS);
        FloatVector d12 = c12.blend(c14.rearrange(SWAP_HALVES), HIGH_PAIRS);
        FloatVector d14 = c12.rearrange(SWAP_HALVES).blend(c14, HIGH_PAIRS);
        FloatVector d1 = c1.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d3 = c1.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d5 = c5.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d7 = c5.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d9 = c9.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d11 = c9.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        FloatVector d13 = c13.blend(Transpose.K, HIGH_PAIRS);
        FloatVector d15 = c13.rearrange(SWAP_HALVES).blend(Transpose.K, HIGH_PAIRS);
        // bit 0: row r is entry r
        int at0 = rows == null ? 0 : rows[ro];
        if (at0 >= 0 && at0 <= last) {
            d0.blend(d1.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at0);
        }
        int at1 = rows == null ? ds : rows[ro + 1];
        if (at1 >= 0 && at1 <= last) {
            d0.rearrange(SWAP_PAIRS).blend(d1, ODD_LANES).intoArray(dest, d + at1);
        }
        int at2 = rows == null ? 2 * ds : rows[ro + 2];
        if (at2 >= 0 && at2 <= last) {
            d2.blend(d3.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at2);
        }
        int at3 = rows == null ? 3 * ds : rows[ro + 3];
        if (at3 >= 0 && at3 <= last) {
            d2.rearrange(SWAP_PAIRS).blend(d3, ODD_LANES).intoArray(dest, d + at3);
        }
        int at4 = rows == null ? 4 * ds : rows[ro + 4];
        if (at4 >= 0 && at4 <= last) {
            d4.blend(d5.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at4);
        }
        int at5 = rows == null ? 5 * ds : rows[ro + 5];
        if (at5 >= 0 && at5 <= last) {
            d4.rearrange(SWAP_PAIRS).blend(d5, ODD_LANES).intoArray(dest, d + at5);
        }
        int at6 = rows == null ? 6 * ds : rows[ro + 6];
        if (at6 >= 0 && at6 <= last) {
            d6.blend(d7.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at6);
        }
        int at7 = rows == null ? 7 * ds : rows[ro + 7];
        if (at7 >= 0 && at7 <= last) {
            d6.rearrange(SWAP_PAIRS).blend(d7, ODD_LANES).intoArray(dest, d + at7);
        }
        int at8 = rows == null ? 8 * ds : rows[ro + 8];
        if (at8 >= 0 && at8 <= last) {
            d8.blend(d9.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at8);
        }
        int at9 = rows == null ? 9 * ds : rows[ro + 9];
        if (at9 >= 0 && at9 <= last) {
            d8.rearrange(SWAP_PAIRS).blend(d9, ODD_LANES).intoArray(dest, d + at9);
        }
        int at10 = rows == null ? 10 * ds : rows[ro + 10];
        if (at10 >= 0 && at10 <= last) {
            d10.blend(d11.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at10);
        }
        int at11 = rows == null ? 11 * ds : rows[ro + 11];
        if (at11 >= 0 && at11 <= last) {
            d10.rearrange(SWAP_PAIRS).blend(d11, ODD_LANES).intoArray(dest, d + at11);
        }
        int at12 = rows == null ? 12 * ds : rows[ro + 12];
        if (at12 >= 0 && at12 <= last) {
            d12.blend(d13.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at12);
        }
        int at13 = rows == null ? 13 * ds : rows[ro + 13];
        if (at13 >= 0 && at13 <= last) {
            d12.rearrange(SWAP_PAIRS).blend(d13, ODD_LANES).intoArray(dest, d + at13);
        }
        int at14 = rows == null ? 14 * ds : rows[ro + 14];
        if (at14 >= 0 && at14 <= last) {
            d14.blend(d15.rearrange(SWAP_PAIRS), ODD_LANES).intoArray(dest, d + at14);
        }
        int at15 = rows == null ? 15 * ds : rows[ro + 15];
        if (at15 >= 0 && at15 <= last) {
            d14.rearrange(SWAP_PAIRS).blend(d15, ODD_LANES).intoArray(dest, d + at15);
        }
    }

    /**
     * Runs once each vector method of this class that this JVM uses (part of
     * {@link VectorWarmUp#lookUpEveryOperation}).
     */
    static void warmUp() {
        float[] palette = new float[12 * Palettes.STRIDE_MULTIPLE];
        chainPlanes(palette, 0, palette, palette, palette, Palettes.STRIDE_MULTIPLE, 1);
        int[] nodes = new int[LANES];
        chainLanes(palette, LANES, palette, palette, 0, LANES, palette, 0, 0, 1);
        if (LANES == Palettes.STRIDE_MULTIPLE) {
            chainWindow(palette, LANES, 0, nodes, palette, palette, palette, LANES, 0);
        }
        if (LANES == 8) {
            pickWindowLanes(new int[Palettes.STRIDE_MULTIPLE], palette, palette, Palettes.STRIDE_MULTIPLE, 0);
            windowProducts(palette, Palettes.STRIDE_MULTIPLE, 0, palette, palette, Palettes.STRIDE_MULTIPLE, 0);
        }
        if (VectorSupport.CROWD_PALETTE_VECTORS) { // else never called: no gathered products, no transposition
            chainGathered(palette, LANES, palette, LANES, nodes, 0, 0, palette, palette, 0, 0, LANES, 1, 1);
            if (LANES == Palettes.STRIDE_MULTIPLE) {
                toColumnMajor4x4(palette, 0, 1, new float[16 * LANES], 0, 16, null, 0, 0);
            }
        }
    }
}
