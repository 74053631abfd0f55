package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The batched kernel — scalar and vector paths — against the one-node-at-a-time reference, bit for bit, on random
 * parent-first layouts: level-ordered (where vector batches are independent), breadth-first with siblings together
 * (where the vector path loads parents as windows), random (where many batches fall back to scalar), with roots
 * mixed in and explicit matrices sprinkled.
 */
class LocalToWorldTest {

    private static final class Layout {
        final int n;
        final int capacity;
        final float[] locals;
        final byte[] modes;
        final int[] parents;
        final long[] matrixBits;
        final long[] wordPlans;

        Layout(long seed, int n, boolean levelOrdered, double matrixShare) {
            this(seed, n, levelOrdered ? LEVELS : RANDOM, matrixShare);
        }

        /**
         * @param order {@link #RANDOM}: any earlier node is a parent; {@link #LEVELS}: parents from the previous
         *     level, in random order; {@link #BREADTH_FIRST}: as {@code LEVELS} but sorted, so that siblings sit
         *     together, with a density per level that varies how far apart the parents of 16 neighbours lie
         */
        Layout(long seed, int n, int order, double matrixShare) {
            SplittableRandom random = new SplittableRandom(seed);
            this.n = n;
            this.capacity = n + 37; // planes longer than the nodes, as in a hierarchy with spare room
            locals = planes(capacity, LocalToWorld.LOCAL_PLANES);
            modes = new byte[capacity];
            parents = new int[capacity];
            matrixBits = new long[Bits.words(capacity)];
            wordPlans = new long[Bits.words(capacity)];
            // positions past the nodes have no parent, as a hierarchy's spare room and holes: a word that is stale
            // enough is computed whole, and they then come out as zero matrices, as in the reference
            Arrays.fill(parents, n, capacity, -1);
            int levelStart = 0;
            int levelEnd = Math.min(n, 100);
            int spread = 1;
            for (int i = 0; i < n; i++) {
                if (order != RANDOM) {
                    if (i == levelEnd) {
                        levelStart = levelEnd;
                        levelEnd = Math.min(n, levelEnd + 100 + random.nextInt(300));
                        spread = 1 + random.nextInt(4); // parents of 16 neighbours span about 4 to 64 nodes
                    }
                    if (levelStart == 0) {
                        parents[i] = -1;
                    } else if (order == BREADTH_FIRST) {
                        int previous = i == levelStart ? Math.max(0, levelStart - 300) : parents[i - 1];
                        parents[i] = Math.min(levelStart - 1, previous + random.nextInt(spread + 1) / 2);
                    } else {
                        parents[i] = random.nextInt(Math.max(1, levelStart - 300), levelStart);
                    }
                } else {
                    parents[i] = i == 0 || random.nextInt(20) == 0 ? -1 : random.nextInt(i);
                }
                boolean matrix = random.nextDouble() < matrixShare;
                modes[i] = matrix ? LocalToWorld.MODE_MATRIX : LocalToWorld.MODE_TRS;
                if (matrix) {
                    Bits.set(matrixBits, i);
                    for (int k = 0; k < 12; k++) {
                        locals[at(k, capacity, i)] = (float) (random.nextDouble() * 2 - 1);
                    }
                } else {
                    double x = random.nextGaussian();
                    double y = random.nextGaussian();
                    double z = random.nextGaussian();
                    double w = random.nextGaussian();
                    double len = Math.sqrt(x * x + y * y + z * z + w * w);
                    float[] trs = {(float) random.nextDouble(), (float) random.nextDouble(), (float) random.nextDouble(),
                        (float) (x / len), (float) (y / len), (float) (z / len), (float) (w / len),
                        (float) (0.5 + random.nextDouble()), (float) (0.5 + random.nextDouble()), -1f};
                    for (int k = 0; k < trs.length; k++) {
                        locals[at(k, capacity, i)] = trs[k];
                    }
                }
            }
        }

        float[] reference() {
            float[] worlds = planes(capacity, LocalToWorld.WORLD_PLANES);
            LocalToWorld.propagateRange(locals, modes, parents, worlds, capacity, 0, n);
            return worlds;
        }

        float[] batched(boolean vector, long[] stale, float[] start) {
            return batched(vector ? LocalToWorld.VECTOR_ALL : 0, stale, start, null);
        }

        float[] batched(int vectorKinds, long[] stale, float[] start, int[] batchStats) {
            float[] worlds = start.clone();
            long[] changed = new long[stale.length];
            long[] bits = stale.clone();
            // the batch plans of the vector path are cached per word: the second call of a layout reuses them
            int count = LocalToWorld.propagateStale(locals, modes, parents, worlds, capacity, bits, 0, bits.length,
                    changed, matrixBits, wordPlans, vectorKinds, batchStats);
            int expected = 0;
            for (long b : stale) {
                expected += Long.bitCount(b);
            }
            assertThat(count).isEqualTo(expected);
            assertThat(changed).containsExactly(stale);
            assertThat(bits).containsOnly(0L);
            return worlds;
        }

        long[] allStale() {
            long[] stale = new long[Bits.words(capacity)];
            for (int i = 0; i < n; i++) {
                Bits.set(stale, i);
            }
            return stale;
        }
    }

    private static final int RANDOM = 0;
    private static final int LEVELS = 1;
    private static final int BREADTH_FIRST = 2;

    private static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    @Test
    void scalarBatchedPathEqualsTheReferenceBitForBit() {
        for (long seed = 1; seed <= 4; seed++) {
            Layout layout = new Layout(seed, 3000, seed % 2 == 0, 0.05);
            float[] expected = layout.reference();
            float[] actual = layout.batched(false, layout.allStale(), new float[expected.length]);
            assertThat(actual).containsExactly(expected);
        }
    }

    @Test
    void vectorPathEqualsTheReferenceBitForBit() {
        assumeThat(vectorModulePresent()).as("jdk.incubator.vector resolved").isTrue();
        int[] kinds = new int[LocalToWorldVector.BATCH_KINDS];
        for (long seed = 1; seed <= 9; seed++) {
            Layout layout = new Layout(seed, 4000, (int) (seed % 3), seed == 5 ? 0.02 : 0.0);
            for (int base = 0; base + 64 <= layout.n; base += 64) {
                LocalToWorldVector.countKinds(layout.parents, base, kinds);
            }
            float[] expected = layout.reference();
            float[] actual = layout.batched(true, layout.allStale(), new float[expected.length]);
            assertThat(actual).as("seed %d", seed).containsExactly(expected);
            assertThat(Arrays.stream(layout.wordPlans).anyMatch(p -> p != 0L)).as("plans cached").isTrue();
            float[] again = layout.batched(true, layout.allStale(), new float[expected.length]); // cached plans
            assertThat(again).as("seed %d, cached plans", seed).containsExactly(expected);
        }
        // every kind of batch was computed: roots, gathered parents, scalar fallback, one-vector and two-vector windows
        assertThat(kinds).as("batches per kind").doesNotContain(0);
    }

    @Test
    void everyChoiceOfVectorShapesEqualsTheReferenceAndCountsTheShapes() {
        assumeThat(vectorModulePresent()).as("jdk.incubator.vector resolved").isTrue();
        for (long seed = 1; seed <= 6; seed++) {
            Layout layout = new Layout(seed, 4096, (int) (seed % 3), 0.0); // whole words, all counted below
            int[] kinds = new int[LocalToWorldVector.BATCH_KINDS];
            for (int base = 0; base + 64 <= layout.n; base += 64) {
                LocalToWorldVector.countKinds(layout.parents, base, kinds);
            }
            float[] expected = layout.reference();
            for (int rarer = 0; rarer <= LocalToWorld.VECTOR_WIDE_WINDOWS + LocalToWorld.VECTOR_GENERAL; rarer += 2) {
                int vectorKinds = LocalToWorld.VECTOR_WINDOWS | rarer;
                int[] stats = new int[LocalToWorld.STATS];
                float[] actual = layout.batched(vectorKinds, layout.allStale(), new float[expected.length], stats);
                assertThat(actual).as("seed %d, vector kinds %d", seed, vectorKinds).containsExactly(expected);
                // whole words only (no matrices here): the counts are those of the plans, whichever path ran
                int wide = stats[LocalToWorld.STAT_WIDE];
                int general = stats[LocalToWorld.STAT_GENERAL];
                assertThat(general).as("seed %d: roots and gathered batches", seed)
                        .isGreaterThanOrEqualTo(kinds[LocalToWorldVector.ROOTS] + kinds[LocalToWorldVector.GATHER]);
                assertThat(wide + general).as("seed %d: wide, roots and gathered batches", seed).isEqualTo(
                        kinds[LocalToWorldVector.ROOTS] + kinds[LocalToWorldVector.GATHER]
                                + kinds[LocalToWorldVector.WINDOW2]);
                // slow: the scalar fallbacks, and every gathered batch (two-vector windows at the planes' end too)
                assertThat(stats[LocalToWorld.STAT_SLOW]).as("seed %d: slow batches", seed)
                        .isEqualTo(kinds[LocalToWorldVector.SCALAR] + general - kinds[LocalToWorldVector.ROOTS]);
            }
        }
    }

    @Test
    void recordLayoutKernelsEqualThePlaneKernelsBitForBit() {
        for (long seed = 1; seed <= 4; seed++) {
            Layout layout = new Layout(seed, 3000, (int) (seed % 3), 0.05);
            float[] expected = layout.reference();
            int n = layout.n;
            float[] localRecords = new float[layout.capacity * LocalToWorld.RECORD];
            LocalToWorld.toRecords(layout.locals, layout.capacity, n, localRecords);

            // a sparse refresh: a random third of the nodes stale, with every descendant of a stale node stale too
            SplittableRandom random = new SplittableRandom(seed);
            long[] stale = new long[Bits.words(layout.capacity)];
            for (int i = 0; i < n; i++) {
                int p = layout.parents[i];
                if (random.nextInt(3) == 0 || p >= 0 && Bits.get(stale, p)) {
                    Bits.set(stale, i);
                }
            }
            float[] start = expected.clone();
            for (int i = 0; i < n; i++) {
                if (Bits.get(stale, i)) {
                    for (int k = 0; k < 12; k++) {
                        start[at(k, layout.capacity, i)] = Float.NaN; // stale values must not be read
                    }
                }
            }
            float[] worldRecords = new float[layout.capacity * LocalToWorld.RECORD];
            LocalToWorld.toRecords(start, layout.capacity, n, worldRecords);
            long[] bits = stale.clone();
            long[] changed = new long[stale.length];
            int count = LocalToWorld.propagateStaleRecords(localRecords, layout.modes, layout.parents, worldRecords,
                    bits, 0, bits.length, changed);
            assertThat(count).isEqualTo(Arrays.stream(stale).map(Long::bitCount).sum());
            assertThat(changed).containsExactly(stale);
            assertThat(bits).containsOnly(0L);
            float[] back = new float[expected.length];
            LocalToWorld.toPlanes(worldRecords, n, back, layout.capacity);
            assertThat(back).as("seed %d", seed).containsExactly(expected);

            // the per-thread share, over an uneven range, and single nodes with their second destination
            Arrays.fill(worldRecords, Float.NaN);
            int split = 1000 + random.nextInt(100);
            assertThat(LocalToWorld.computeStaleRecords(localRecords, layout.modes, layout.parents, worldRecords,
                    layout.allStale(), 0, split)
                    + LocalToWorld.computeStaleRecords(localRecords, layout.modes, layout.parents, worldRecords,
                    layout.allStale(), split, n)).isEqualTo(n);
            float[] copy = new float[14];
            float[] into = new float[13];
            for (int i = 0; i < n; i++) {
                float[] want = new float[12];
                for (int k = 0; k < 12; k++) {
                    want[k] = expected[at(k, layout.capacity, i)];
                }
                assertThat(Arrays.copyOfRange(worldRecords, i * 12, i * 12 + 12)).as("node %d", i)
                        .containsExactly(want);
                LocalToWorld.computeNodeRecords(localRecords, layout.modes, layout.parents, worldRecords, i, copy, 2);
                assertThat(Arrays.copyOfRange(copy, 2, 14)).containsExactly(want);
                LocalToWorld.computeNodeIntoRecords(localRecords, layout.modes, layout.parents, worldRecords, i,
                        into, 1);
                assertThat(Arrays.copyOfRange(into, 1, 13)).containsExactly(want);
            }
        }
    }

    @Test
    void layoutConversionsRoundTripAndCheckTheirSizes() {
        int capacity = 200;
        float[] planes = planes(capacity, 12);
        for (int k = 0; k < planes.length; k++) {
            planes[k] = k * 0.5f;
        }
        float[] records = new float[capacity * 12];
        LocalToWorld.toRecords(planes, capacity, 150, records);
        assertThat(records[7 * 12 + 3]).isEqualTo(planes[at(3, capacity, 7)]);
        assertThat(records[149 * 12 + 11]).isEqualTo(planes[at(11, capacity, 149)]);
        assertThat(records[150 * 12]).as("past the used nodes").isZero();
        float[] back = planes(capacity, 12);
        LocalToWorld.toPlanes(records, 150, back, capacity);
        for (int k = 0; k < 12; k++) {
            assertThat(Arrays.copyOfRange(back, at(k, capacity, 0), at(k, capacity, 150)))
                    .containsExactly(Arrays.copyOfRange(planes, at(k, capacity, 0), at(k, capacity, 150)));
            assertThat(back[at(k, capacity, 150)]).isZero();
        }
        float[] short1 = new float[(int) LocalToWorld.planesLength(capacity, 12) - 1];
        assertThatThrownBy(() -> LocalToWorld.toPlanes(records, 150, short1, capacity))
                .as("planes without room for the offset").isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LocalToWorld.toRecords(planes, capacity, 201, records))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("used=201, capacity=200");
        assertThatThrownBy(() -> LocalToWorld.toPlanes(new float[12], 2, back, capacity))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("records=12");
        assertThatThrownBy(() -> LocalToWorld.propagateStaleRecords(records, new byte[capacity], new int[capacity],
                records, new long[4], 0, 5, new long[4])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("toWord=5");
    }

    /** Plane arrays have the offset before plane 0; one too large for a Java array is refused with its sizes. */
    @Test
    void planeArraysHoldTheOffsetAndRefuseLengthsPastTheLargestArray() {
        assertThat(LocalToWorld.newPlanes(48, 12)).hasSize(576);
        assertThat(LocalToWorld.planesLength(48, 12)).isEqualTo(576L);
        assertThatThrownBy(() -> LocalToWorld.newPlanes(Integer.MAX_VALUE / 4, 12))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("plane array too large: capacity=536870911, planes=12, length="
                        + (536870911L * 12) + ", maximum=2147483631");
        assertThatThrownBy(() -> LocalToWorld.newPlanes(-1, 12)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity=-1");
        // the largest capacity fits the largest array, one more does not
        int max = LocalToWorld.maxCapacity(12);
        assertThat(max).isEqualTo(2147483631 / 12);
        assertThat(LocalToWorld.planesLength(max, 12)).isLessThanOrEqualTo(2147483631L);
        assertThatThrownBy(() -> LocalToWorld.newPlanes(max + 1, 12)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity=" + (max + 1));
    }

    @Test
    void vectorBatchesWithoutAStaleNodeAreSkipped() {
        assumeThat(vectorModulePresent()).as("jdk.incubator.vector resolved").isTrue();
        Layout layout = new Layout(4, 2000, true, 0.0);
        float[] expected = layout.reference();
        int lanes = VectorLanes.lanes();
        boolean[] hasChild = new boolean[layout.n];
        for (int i = 0; i < layout.n; i++) {
            if (layout.parents[i] >= 0) {
                hasChild[layout.parents[i]] = true;
            }
        }
        // every full word stale, except its second batch where none of that batch's nodes has children: that batch
        // is up to date but poisoned, and must come out as it went in
        long[] stale = new long[Bits.words(layout.capacity)];
        float[] start = expected.clone();
        boolean[] skipped = new boolean[layout.n];
        int skippedBatches = 0;
        for (int w = 0; w < layout.n / 64; w++) {
            stale[w] = -1L;
            int first = w * 64 + lanes;
            boolean leaves = true;
            for (int i = first; i < first + lanes; i++) {
                leaves &= !hasChild[i];
            }
            if (leaves) {
                stale[w] &= ~(((1L << lanes) - 1) << lanes);
                skippedBatches++;
                for (int i = first; i < first + lanes; i++) {
                    skipped[i] = true;
                    for (int k = 0; k < 12; k++) {
                        start[at(k, layout.capacity, i)] = Float.NaN;
                    }
                }
            }
        }
        assertThat(skippedBatches).as("batches of leaves").isPositive();
        float[] actual = layout.batched(true, stale, start);
        for (int i = 0; i < layout.n; i++) {
            for (int k = 0; k < 12; k++) {
                float value = actual[at(k, layout.capacity, i)];
                if (skipped[i]) {
                    assertThat(value).as("node %d element %d, in a batch without a stale node", i, k).isNaN();
                } else {
                    assertThat(value).as("node %d element %d", i, k).isEqualTo(expected[at(k, layout.capacity, i)]);
                }
            }
        }
    }

    @Test
    void partiallyStaleWordsRecomputeExactlyTheirNodes() {
        Layout layout = new Layout(9, 2000, true, 0.0);
        float[] expected = layout.reference();
        // stale: one node in three, not closed under descendants; the vector path computes most words whole, and a node
        // that is not stale comes out as it went in because its stored world is current
        long[] stale = new long[Bits.words(layout.capacity)];
        SplittableRandom random = new SplittableRandom(3);
        float[] start = expected.clone();
        for (int i = 0; i < layout.n; i++) {
            if (random.nextInt(3) == 0) {
                Bits.set(stale, i);
                for (int k = 0; k < 12; k++) {
                    start[at(k, layout.capacity, i)] = Float.NaN; // must be overwritten
                }
            }
        }
        Arrays.fill(stale, 5, 9, -1L); // some full words too
        for (int w = 5; w < 9; w++) {
            for (int b = 0; b < 64; b++) {
                int i = w * 64 + b;
                for (int k = 0; k < 12; k++) {
                    start[at(k, layout.capacity, i)] = Float.NaN;
                }
            }
        }
        assertThat(layout.batched(false, stale, start)).containsExactly(expected);
        if (vectorModulePresent()) {
            assertThat(layout.batched(true, stale, start)).containsExactly(expected);
        }
    }

    @Test
    void kernelEqualsAffineComposeThenMultiplyBitForBit() {
        // a root holding an explicit matrix, and a TRS child: the child's world is parent × T × R × S
        SplittableRandom random = new SplittableRandom(21);
        int c = 2;
        float[] locals = planes(c, LocalToWorld.LOCAL_PLANES);
        float[] worlds = planes(c, LocalToWorld.WORLD_PLANES);
        byte[] modes = {LocalToWorld.MODE_MATRIX, LocalToWorld.MODE_TRS};
        int[] parents = {-1, 0};
        float[] parent = new float[12];
        float[] trs = new float[10];
        float[] local = new float[12];
        float[] expected = new float[12];
        float[] actual = new float[12];
        for (int trial = 0; trial < 1000; trial++) {
            for (int k = 0; k < 12; k++) {
                parent[k] = (float) (random.nextDouble() * 4 - 2);
            }
            double x = random.nextGaussian();
            double y = random.nextGaussian();
            double z = random.nextGaussian();
            double w = random.nextGaussian();
            double len = Math.sqrt(x * x + y * y + z * z + w * w);
            float[] values = {(float) random.nextDouble(), (float) random.nextDouble(), (float) random.nextDouble(),
                (float) (x / len), (float) (y / len), (float) (z / len), (float) (w / len),
                (float) (0.5 + random.nextDouble()), -1f, (float) (0.5 + random.nextDouble())};
            System.arraycopy(values, 0, trs, 0, 10);
            for (int k = 0; k < 12; k++) {
                locals[at(k, c, 0)] = parent[k];
                locals[at(k, c, 1)] = k < 10 ? trs[k] : 0f;
            }
            LocalToWorld.propagateRange(locals, modes, parents, worlds, c, 0, 2);
            dev.arbor.math.Affine.composeTrs(trs, 0, local, 0);
            dev.arbor.math.Affine.multiply(parent, 0, local, 0, expected, 0);
            for (int k = 0; k < 12; k++) {
                actual[k] = worlds[at(k, c, 1)];
            }
            assertThat(actual).containsExactly(expected);
        }
    }

    @Test
    void rangesOutsideTheArraysAreRejected() {
        Layout layout = new Layout(1, 10, false, 0);
        float[] worlds = planes(layout.capacity, 12);
        assertThatThrownBy(() -> LocalToWorld.propagateStale(layout.locals, layout.modes, layout.parents, worlds,
                layout.capacity, new long[1], 0, 2, new long[1], new long[1], null, 0, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("word range out of bounds: fromWord=0, toWord=2, staleWords=1, changedWords=1");
        assertThatThrownBy(() -> LocalToWorld.propagateRange(layout.locals, layout.modes, layout.parents, worlds,
                layout.capacity, 0, layout.capacity + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("node range out of bounds");
    }

    @Test
    void vectorSupportDescribesItself() {
        assertThat(VectorSupport.describe()).startsWith(VectorSupport.ENABLED ? "vector, " : "scalar");
    }

    /** Where element {@code k} of node {@code i} lies in planes of {@code capacity} nodes. */
    private static int at(int k, int capacity, int i) {
        return k * capacity + i;
    }

    /** A new array for {@code count} planes of {@code capacity} nodes. */
    private static float[] planes(int capacity, int count) {
        return LocalToWorld.newPlanes(capacity, count);
    }
}
