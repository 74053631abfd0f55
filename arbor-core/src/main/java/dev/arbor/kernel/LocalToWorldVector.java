package dev.arbor.kernel;

import static dev.arbor.kernel.VectorLanes.INDEX_SPECIES;
import static dev.arbor.kernel.VectorLanes.LANES;
import static dev.arbor.kernel.VectorLanes.SPECIES;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;

/**
 * The vector path of {@link LocalToWorld}, on the incubating Vector API. Loaded only when
 * {@link VectorSupport#ENABLED}; never referenced otherwise, so the JVM runs without the module.
 *
 * <p>Works on one word of 64 stale TRS nodes at a time, in batches of {@link VectorLanes#lanes()} consecutive nodes. A batch
 * whose parents all lie before it (always true within one level of a breadth-first layout) is computed lane-wise:
 * the TRS planes are loaded contiguously, and so are the parents' world planes when the parents lie within one or two
 * vectors' width of the first lane's parent (a "window": siblings sit together in a breadth-first layout, so their
 * parents do too); each lane then picks its parent from the loaded vectors by a permutation. Parents spread wider
 * are gathered through the parent indices, which costs about twice as much per batch. A batch of roots composes TRS
 * only. Any other batch (a parent inside the batch, or roots mixed with children) falls back to the scalar code.
 * Every lane performs the scalar kernel's float operations in the same order, so results are bit-identical.
 */
final class LocalToWorldVector {
    private LocalToWorldVector() {
    }

    /** One bit per lane, in the lowest bits. */
    private static final long BATCH_LANES = (1L << LANES) - 1;

    /**
     * Runs each batch method of this class once, on a scratch scene of four batches (part of
     * {@link VectorWarmUp#lookUpEveryOperation}).
     *
     * @param locals local planes of {@code 4 × lanes} nodes, rotations identity
     * @param worlds world planes of as many nodes
     */
    static void warmUp(float[] locals, float[] worlds) {
        int c = 4 * LANES;
        int[] parents = new int[c];
        for (int k = 0; k < c; k++) {
            parents[k] = k < LANES ? -1 : k - LANES; // a batch of roots, then three of children
        }
        rootsBatch(locals, worlds, c, 0);
        windowBatch(locals, parents, worlds, c, LANES);
        windowBatch2(locals, parents, worlds, c, 2 * LANES);
        gatherColumn(locals, parents, worlds, c, 3 * LANES, 0);
    }

    /** Bits per batch in a word plan. */
    private static final int KIND_BITS = 3;
    /** Batch kind: all roots. */
    static final int ROOTS = 0;
    /** Batch kind: all parents before the batch, anywhere; gathered. */
    static final int GATHER = 1;
    /** Batch kind: a parent inside the batch, or roots mixed with children; scalar code. */
    static final int SCALAR = 2;
    /**
     * Batch kind: all parents before the batch and within {@code [p, p + lanes)}, {@code p} the first lane's
     * parent; loaded as one vector per plane and permuted.
     */
    static final int WINDOW = 3;
    /** Batch kind: as {@link #WINDOW}, within {@code [p, p + 2 × lanes)}; two vectors per plane, permuted, blended. */
    static final int WINDOW2 = 4;
    /** The number of batch kinds. */
    static final int BATCH_KINDS = 5;
    /** Set in every known plan, so that a plan is never 0 (at most 16 batches of 3 bits lie below it). */
    private static final long KNOWN = 1L << 63;

    /**
     * Computes the stale nodes of the 64 {@code [base, base + 64)}, all TRS, batch by batch: a batch with a stale
     * node is computed whole (holes and nodes not stale included: see {@link LocalToWorld#DENSE_WORD_MIN}), a batch
     * without one is skipped. A batch whose parents all lie before it
     * is computed lane-wise, its parents loaded as a window or gathered; a batch of roots composes TRS only; any other
     * batch goes to the scalar loop. Which is which depends only on the parent indices, so it is worked out once per
     * word and kept in {@code wordPlans} (when given) until the caller resets it.
     *
     * <p>A batch of a rarer shape not in {@code vectorKinds} takes the scalar loop instead (see
     * {@link LocalToWorld#propagateStale}); one-vector windows always take the vector path.
     *
     * @param stale the word's stale bits
     * @param vectorKinds the batch shapes to compute on the vector path: {@link LocalToWorld#VECTOR_WINDOWS}, with
     *     {@link LocalToWorld#VECTOR_WIDE_WINDOWS} or {@link LocalToWorld#VECTOR_GENERAL} or both
     * @return the word's batches with a stale node, counted by shape and packed into one int: read with
     *     {@link #slowBatches} (in a slow shape: fallen back to scalar code, or with gathered parents),
     *     {@link #wideBatches} and {@link #generalBatches}
     */
    static int computeWord(float[] locals, byte[] modes, int[] parents, float[] worlds, int c, int base,
                           long[] wordPlans, long stale, int vectorKinds) {
        long plan = wordPlans != null ? wordPlans[base >>> 6] : 0L;
        if (plan == 0L) {
            plan = plan(parents, base);
            if (wordPlans != null) {
                wordPlans[base >>> 6] = plan;
            }
        }
        int slow = 0;
        int wide = 0;
        int general = 0;
        for (int b = 0, i = base; i < base + 64; b++, i += LANES) {
            if ((stale >>> (i - base) & BATCH_LANES) == 0L) {
                continue;
            }
            int kind = kindOf(plan, b);
            if (kind == WINDOW) { // the usual shape, always on the vector path
                windowBatch(locals, parents, worlds, c, i);
                continue;
            }
            if (kind == WINDOW2 && parents[i] + 2 * LANES > c) {
                kind = GATHER; // a two-vector window would reach past the end of the last plane
            }
            if (kind == WINDOW2) {
                wide++;
                if ((vectorKinds & LocalToWorld.VECTOR_WIDE_WINDOWS) != 0) {
                    windowBatch2(locals, parents, worlds, c, i);
                    continue;
                }
            } else {
                if (kind != ROOTS) {
                    slow++; // scalar fallback or gathered parents
                }
                if (kind != SCALAR) {
                    general++;
                    if ((vectorKinds & LocalToWorld.VECTOR_GENERAL) != 0) {
                        if (kind == ROOTS) {
                            rootsBatch(locals, worlds, c, i);
                        } else {
                            gatherColumn(locals, parents, worlds, c, i, 0);
                            gatherColumn(locals, parents, worlds, c, i, 1);
                            gatherColumn(locals, parents, worlds, c, i, 2);
                        }
                        continue;
                    }
                }
            }
            LocalToWorld.computeTrsRange(locals, parents, worlds, c, i, i + LANES);
        }
        return slow | wide << 8 | general << 16;
    }

    /** @return the batches in a slow shape, from {@link #computeWord}'s result */
    static int slowBatches(int shapes) {
        return shapes & 0xff;
    }

    /** @return the batches with a stale node in a two-vector window, from {@link #computeWord}'s result */
    static int wideBatches(int shapes) {
        return shapes >>> 8 & 0xff;
    }

    /** @return the batches with a stale node of roots or with gathered parents, from {@link #computeWord}'s result */
    static int generalBatches(int shapes) {
        return shapes >>> 16;
    }

    /**
     * Counts the batches of each kind in the word starting at {@code base}; for tests.
     *
     * @param counts receives {@code counts[kind] += batches}, {@link #BATCH_KINDS} entries
     */
    static void countKinds(int[] parents, int base, int[] counts) {
        long plan = plan(parents, base);
        for (int b = 0; b < 64 / LANES; b++) {
            counts[kindOf(plan, b)]++;
        }
    }

    /** The kind of batch {@code b} in a word plan. */
    private static int kindOf(long plan, int b) {
        return (int) (plan >>> (KIND_BITS * b)) & ((1 << KIND_BITS) - 1);
    }

    /** The batch kinds of the word starting at {@code base}. */
    private static long plan(int[] parents, int base) {
        long plan = KNOWN;
        for (int b = 0, i = base; i < base + 64; b++, i += LANES) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            int first = parents[i];
            for (int k = i; k < i + LANES; k++) {
                int p = parents[k];
                min = Math.min(min, p);
                max = Math.max(max, p);
            }
            int kind;
            if (max < 0) {
                kind = ROOTS;
            } else if (min < 0 || max >= i) {
                kind = SCALAR;
            } else if (min == first && max - first < LANES) {
                kind = WINDOW;
            } else if (min == first && max - first < 2 * LANES) {
                kind = WINDOW2;
            } else {
                kind = GATHER;
            }
            plan |= (long) kind << (KIND_BITS * b);
        }
        return plan;
    }

    /** Computes the batch of roots {@code [i, i + lanes)}: each world is its local matrix. */
    private static void rootsBatch(float[] l, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        b00.intoArray(w, i);
        b01.intoArray(w, c + i);
        b02.intoArray(w, 2 * c + i);
        b10.intoArray(w, 3 * c + i);
        b11.intoArray(w, 4 * c + i);
        b12.intoArray(w, 5 * c + i);
        b20.intoArray(w, 6 * c + i);
        b21.intoArray(w, 7 * c + i);
        b22.intoArray(w, 8 * c + i);
        b30.intoArray(w, 9 * c + i);
        b31.intoArray(w, 10 * c + i);
        b32.intoArray(w, 11 * c + i);
    }

    /**
     * Computes column {@code k} (elements {@code k}, {@code 3 + k}, {@code 6 + k} and {@code 9 + k}) of the batch of
     * nodes {@code [i, i + lanes)}, children whose parents are gathered; {@link #computeWord} calls it for the three
     * columns in turn (a column reads only its parents' column, and the parents lie before the batch). The local
     * matrices are built again for each column, with the same operations. One column per call keeps the compiled
     * method well inside the JIT's limit on a compiled method's nodes ({@code -XX:LiveNodeCountInliningCutoff}): the
     * whole batch in one method, with its twelve gathers, came so close to it on JDK 17 that some JVMs crossed it,
     * stopped inlining there and boxed the gathers' index vectors, so that the update allocated at every call.
     * {@code KernelNodeLimitTest} checks every kernel with a quarter less room.
     */
    private static void gatherColumn(float[] l, int[] parents, float[] w, int c, int i, int k) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        FloatVector a0 = FloatVector.fromArray(SPECIES, w, k * c, parents, i);
        FloatVector a1 = FloatVector.fromArray(SPECIES, w, (3 + k) * c, parents, i);
        FloatVector a2 = FloatVector.fromArray(SPECIES, w, (6 + k) * c, parents, i);
        FloatVector a3 = FloatVector.fromArray(SPECIES, w, (9 + k) * c, parents, i);
        a0.mul(b00).add(a1.mul(b01)).add(a2.mul(b02)).intoArray(w, k * c + i);
        a0.mul(b10).add(a1.mul(b11)).add(a2.mul(b12)).intoArray(w, (3 + k) * c + i);
        a0.mul(b20).add(a1.mul(b21)).add(a2.mul(b22)).intoArray(w, (6 + k) * c + i);
        a0.mul(b30).add(a1.mul(b31)).add(a2.mul(b32)).add(a3).intoArray(w, (9 + k) * c + i);
    }

    /**
     * Computes the batch of nodes {@code [i, i + lanes)}, children whose parents lie within one vector's width from
     * the first lane's parent. The same arithmetic as {@link #rootsBatch}, written out again, and again in
     * {@link #windowBatch2}: a vector passed to or returned from a method the JIT does not inline is boxed
     * (allocated), and a method holding more than one kind of parent load grew too large for the JIT's first tier
     * (2,290 bytes of bytecode on JDK 25; 1,896 on JDK 17, whose first tier ran out of registers). The method then
     * stayed unoptimised, at 100 to 400 ns/node instead of 2.
     */
    private static void windowBatch(float[] l, int[] parents, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        int first = parents[i];
        VectorShuffle<Integer> pick = IntVector.fromArray(INDEX_SPECIES, parents, i).sub(first).toShuffle();
        FloatVector a00 = FloatVector.fromArray(SPECIES, w, first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a01 = FloatVector.fromArray(SPECIES, w, c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a02 = FloatVector.fromArray(SPECIES, w, 2 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a10 = FloatVector.fromArray(SPECIES, w, 3 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a11 = FloatVector.fromArray(SPECIES, w, 4 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a12 = FloatVector.fromArray(SPECIES, w, 5 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a20 = FloatVector.fromArray(SPECIES, w, 6 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a21 = FloatVector.fromArray(SPECIES, w, 7 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a22 = FloatVector.fromArray(SPECIES, w, 8 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a30 = FloatVector.fromArray(SPECIES, w, 9 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a31 = FloatVector.fromArray(SPECIES, w, 10 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        FloatVector a32 = FloatVector.fromArray(SPECIES, w, 11 * c + first).reinterpretAsInts().rearrange(pick)
                .reinterpretAsFloats();
        a00.mul(b00).add(a10.mul(b01)).add(a20.mul(b02)).intoArray(w, i);
        a01.mul(b00).add(a11.mul(b01)).add(a21.mul(b02)).intoArray(w, c + i);
        a02.mul(b00).add(a12.mul(b01)).add(a22.mul(b02)).intoArray(w, 2 * c + i);
        a00.mul(b10).add(a10.mul(b11)).add(a20.mul(b12)).intoArray(w, 3 * c + i);
        a01.mul(b10).add(a11.mul(b11)).add(a21.mul(b12)).intoArray(w, 4 * c + i);
        a02.mul(b10).add(a12.mul(b11)).add(a22.mul(b12)).intoArray(w, 5 * c + i);
        a00.mul(b20).add(a10.mul(b21)).add(a20.mul(b22)).intoArray(w, 6 * c + i);
        a01.mul(b20).add(a11.mul(b21)).add(a21.mul(b22)).intoArray(w, 7 * c + i);
        a02.mul(b20).add(a12.mul(b21)).add(a22.mul(b22)).intoArray(w, 8 * c + i);
        a00.mul(b30).add(a10.mul(b31)).add(a20.mul(b32)).add(a30).intoArray(w, 9 * c + i);
        a01.mul(b30).add(a11.mul(b31)).add(a21.mul(b32)).add(a31).intoArray(w, 10 * c + i);
        a02.mul(b30).add(a12.mul(b31)).add(a22.mul(b32)).add(a32).intoArray(w, 11 * c + i);
    }

    /**
     * Computes the batch of nodes {@code [i, i + lanes)}, children whose parents lie within two vectors' width from
     * the first lane's parent: each plane is loaded as two vectors, each permuted, and the lanes blended. Written out
     * apart from {@link #windowBatch} for the reasons given there.
     */
    private static void windowBatch2(float[] l, int[] parents, float[] w, int c, int i) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, 3 * c + i);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, 4 * c + i);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, 5 * c + i);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, 6 * c + i);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, 7 * c + i);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, 8 * c + i);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, 9 * c + i);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        FloatVector b00 = one.sub(yy.add(zz).mul(2f)).mul(sx);
        FloatVector b01 = xy.add(wz).mul(2f).mul(sx);
        FloatVector b02 = xz.sub(wy).mul(2f).mul(sx);
        FloatVector b10 = xy.sub(wz).mul(2f).mul(sy);
        FloatVector b11 = one.sub(xx.add(zz).mul(2f)).mul(sy);
        FloatVector b12 = yz.add(wx).mul(2f).mul(sy);
        FloatVector b20 = xz.add(wy).mul(2f).mul(sz);
        FloatVector b21 = yz.sub(wx).mul(2f).mul(sz);
        FloatVector b22 = one.sub(xx.add(yy).mul(2f)).mul(sz);
        FloatVector b30 = FloatVector.fromArray(SPECIES, l, i);
        FloatVector b31 = FloatVector.fromArray(SPECIES, l, c + i);
        FloatVector b32 = FloatVector.fromArray(SPECIES, l, 2 * c + i);
        int first = parents[i];
        IntVector offsets = IntVector.fromArray(INDEX_SPECIES, parents, i).sub(first);
        VectorMask<Integer> high = offsets.compare(VectorOperators.GE, LANES);
        VectorShuffle<Integer> pick = offsets.and(LANES - 1).toShuffle();
        int second = first + LANES;
        FloatVector a00 = FloatVector.fromArray(SPECIES, w, first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a01 = FloatVector.fromArray(SPECIES, w, c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a02 = FloatVector.fromArray(SPECIES, w, 2 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 2 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a10 = FloatVector.fromArray(SPECIES, w, 3 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 3 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a11 = FloatVector.fromArray(SPECIES, w, 4 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 4 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a12 = FloatVector.fromArray(SPECIES, w, 5 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 5 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a20 = FloatVector.fromArray(SPECIES, w, 6 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 6 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a21 = FloatVector.fromArray(SPECIES, w, 7 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 7 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a22 = FloatVector.fromArray(SPECIES, w, 8 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 8 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a30 = FloatVector.fromArray(SPECIES, w, 9 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 9 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a31 = FloatVector.fromArray(SPECIES, w, 10 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 10 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        FloatVector a32 = FloatVector.fromArray(SPECIES, w, 11 * c + first).reinterpretAsInts().rearrange(pick)
                .blend(FloatVector.fromArray(SPECIES, w, 11 * c + second).reinterpretAsInts().rearrange(pick), high)
                .reinterpretAsFloats();
        a00.mul(b00).add(a10.mul(b01)).add(a20.mul(b02)).intoArray(w, i);
        a01.mul(b00).add(a11.mul(b01)).add(a21.mul(b02)).intoArray(w, c + i);
        a02.mul(b00).add(a12.mul(b01)).add(a22.mul(b02)).intoArray(w, 2 * c + i);
        a00.mul(b10).add(a10.mul(b11)).add(a20.mul(b12)).intoArray(w, 3 * c + i);
        a01.mul(b10).add(a11.mul(b11)).add(a21.mul(b12)).intoArray(w, 4 * c + i);
        a02.mul(b10).add(a12.mul(b11)).add(a22.mul(b12)).intoArray(w, 5 * c + i);
        a00.mul(b20).add(a10.mul(b21)).add(a20.mul(b22)).intoArray(w, 6 * c + i);
        a01.mul(b20).add(a11.mul(b21)).add(a21.mul(b22)).intoArray(w, 7 * c + i);
        a02.mul(b20).add(a12.mul(b21)).add(a22.mul(b22)).intoArray(w, 8 * c + i);
        a00.mul(b30).add(a10.mul(b31)).add(a20.mul(b32)).add(a30).intoArray(w, 9 * c + i);
        a01.mul(b30).add(a11.mul(b31)).add(a21.mul(b32)).add(a31).intoArray(w, 10 * c + i);
        a02.mul(b30).add(a12.mul(b31)).add(a22.mul(b32)).add(a32).intoArray(w, 11 * c + i);
    }
}
