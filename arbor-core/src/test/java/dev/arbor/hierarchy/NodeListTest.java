package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.arbor.kernel.VectorSupport;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bulk sets through a {@link NodeList} leave exactly what the handle-based bulk setters leave: on contiguous and
 * scattered lists, with duplicates, non-unit quaternions and explicit matrices, after nodes moved, and on errors.
 */
class NodeListTest {
    private static final int N = 3000;

    /** Two identical random forests of N nodes; see {@link #build(SplittableRandom, Hierarchy, Hierarchy, int)}. */
    private static long[][] build(SplittableRandom random, Hierarchy a, Hierarchy b) {
        return build(random, a, b, N);
    }

    /**
     * Two identical random forests of {@code n} nodes, updated; about one in ten of the last tenth holds an explicit
     * (shear-free) local matrix (other tests of this package use it).
     */
    static long[][] build(SplittableRandom random, Hierarchy a, Hierarchy b, int n) {
        long[][] handles = new long[2][n];
        Hierarchy[] targets = {a, b};
        for (int i = 0; i < n; i++) {
            int parent = i < 7 ? -1 : random.nextInt(i);
            boolean matrix = i >= n - n / 10 && random.nextInt(10) == 0;
            float t = (float) random.nextDouble();
            for (int k = 0; k < 2; k++) {
                Hierarchy h = targets[k];
                long node = parent < 0 ? h.createRoot() : h.createChild(handles[k][parent]);
                handles[k][i] = node;
                if (matrix) {
                    h.setLocalMatrix(node, new float[] {2, 0, 0, 0, 2, 0, 0, 0, 2, t, 1, 0}, 0);
                } else {
                    h.setLocalTranslation(node, t, 0.25f, 0);
                }
            }
        }
        a.update();
        b.update();
        return handles;
    }

    /**
     * @return {@code count * 4 + 8} Gaussian floats, normalised four by four into unit quaternions when asked (other
     *     tests of this package use it for random rotations)
     */
    static float[] randomValues(SplittableRandom random, int count, boolean unitQuaternions) {
        float[] v = new float[count * 4 + 8];
        for (int k = 0; k < v.length; k++) {
            v[k] = (float) random.nextGaussian();
        }
        if (unitQuaternions) {
            for (int k = 0; k + 4 <= v.length; k += 4) {
                double norm = Math.sqrt((double) v[k] * v[k] + (double) v[k + 1] * v[k + 1]
                        + (double) v[k + 2] * v[k + 2] + (double) v[k + 3] * v[k + 3]);
                for (int c = 0; c < 4; c++) {
                    v[k + c] = (float) (v[k + c] / norm);
                }
            }
        }
        return v;
    }

    private static void assertSame(Hierarchy a, long[] ha, Hierarchy b, long[] hb) {
        a.update();
        b.update();
        assertThat(b.changedCount()).isEqualTo(a.changedCount());
        for (int i = 0; i < ha.length; i++) {
            if (!a.isAlive(ha[i])) {
                assertThat(b.isAlive(hb[i])).isFalse();
                continue;
            }
            assertThat(b.getWorld(hb[i], new float[12], 0)).as("node %d", i)
                    .containsExactly(a.getWorld(ha[i], new float[12], 0));
        }
        b.checkInvariants();
    }

    /**
     * Rewrites both twins breadth-first, so that their layout does not depend on whether the vector kernel asked for
     * the rewrite, and maps the second twin's handles to the first's.
     */
    private static java.util.Map<Long, Long> compactTwins(Hierarchy a, long[] ha, Hierarchy b, long[] hb) {
        a.compactNow();
        b.compactNow();
        java.util.Map<Long, Long> twin = new java.util.HashMap<>();
        for (int i = 0; i < N; i++) {
            twin.put(hb[i], ha[i]);
        }
        return twin;
    }

    @Test
    void listsSetExactlyWhatHandleBatchesSet() {
        SplittableRandom random = new SplittableRandom(11);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[][] handles = build(random, byHandles, byList);
        long[] ha = handles[0];
        long[] hb = handles[1];
        // the longest stretch of TRS nodes in storage, in storage order: one contiguous run
        java.util.Map<Long, Long> twin = compactTwins(byHandles, ha, byList, hb);
        int start = 0;
        int trs = 0;
        for (int from = 0, to = 0; from < N; from = to + 1) {
            to = from;
            while (to < N && !byList.matrixAtStorage(to)) {
                to++;
            }
            if (to - from > trs) {
                start = from;
                trs = to - from;
            }
        }
        assertThat(trs).as("longest stretch of TRS nodes in storage").isGreaterThan(200);
        long[] runA = new long[trs];
        long[] runB = new long[trs];
        for (int k = 0; k < trs; k++) {
            runB[k] = byList.handleAtStorage(start + k);
            runA[k] = twin.get(runB[k]);
        }
        // a scattered list with duplicates, explicit matrices included
        int scattered = 900;
        long[] someA = new long[scattered];
        long[] someB = new long[scattered];
        for (int k = 0; k < scattered; k++) {
            int i = random.nextInt(N);
            someA[k] = ha[i];
            someB[k] = hb[i];
        }
        NodeList all = byList.nodeList(hb, 0, N);
        NodeList run = byList.nodeList(runB, 0, trs);
        NodeList some = byList.nodeList(someB, 0, scattered);
        assertThat(all.size()).isEqualTo(N);
        assertThat(some.handle(5)).isEqualTo(someB[5]);
        long runsBefore = byList.bulk().bulkRuns;
        for (int round = 0; round < 6; round++) {
            boolean unit = round % 2 == 0;
            float[] q = randomValues(random, N, unit);
            float[] v = randomValues(random, N, false);
            byHandles.setLocalRotations(runA, 0, trs, q, 4);
            byList.setLocalRotations(run, q, 4);
            assertSame(byHandles, ha, byList, hb);
            byHandles.setLocalRotations(someA, 0, scattered, q, 0);
            byList.setLocalRotations(some, q, 0);
            byHandles.setLocalTranslations(ha, 0, N, v, 1);
            byList.setLocalTranslations(all, v, 1);
            byHandles.setLocalScales(someA, 0, scattered, v, 2);
            byList.setLocalScales(some, v, 2);
            assertSame(byHandles, ha, byList, hb);
        }
        assertThat(byList.bulk().bulkRuns - runsBefore).as("contiguous rotations written run-wise").isEqualTo(6);
        // lengths at the edge of the unit test (squared length 1 ± 3e-7 … 8e-7): whichever path decides, the same
        // floats are stored (the vector check sums the squares in another order)
        for (int round = 0; round < 3; round++) {
            float[] q = randomValues(random, N, true);
            for (int k = 0; k + 4 <= q.length; k += 4) {
                double d = (3e-7 + 5e-7 * random.nextDouble()) * (random.nextBoolean() ? 1 : -1);
                float scale = (float) Math.sqrt(1 + d);
                for (int c = 0; c < 4; c++) {
                    q[k + c] *= scale;
                }
            }
            byHandles.setLocalRotations(runA, 0, trs, q, 0);
            byList.setLocalRotations(run, q, 0);
            assertSame(byHandles, ha, byList, hb);
        }
        // a list of every node holds explicit matrices: rotations split them into TRS, as the handle path does
        float[] q = randomValues(random, N, true);
        byHandles.setLocalRotations(ha, 0, N, q, 0);
        byList.setLocalRotations(all, q, 0);
        assertSame(byHandles, ha, byList, hb);
        assertThat(byList.hasLocalMatrix(hb[0])).isEqualTo(byHandles.hasLocalMatrix(ha[0]));
    }

    /** A list whose nodes fill one run of storage in another order (reversed, shuffled, after a compaction). */
    @Test
    void listsOverOneRunInAnyOrderAreWrittenRunWise() {
        SplittableRandom random = new SplittableRandom(14);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[] ha = new long[N];
        long[] hb = new long[N];
        for (int i = 0; i < N; i++) {
            int parent = i < 5 ? -1 : random.nextInt(i);
            ha[i] = parent < 0 ? byHandles.createRoot() : byHandles.createChild(ha[parent]);
            hb[i] = parent < 0 ? byList.createRoot() : byList.createChild(hb[parent]);
            float t = (float) random.nextDouble();
            byHandles.setLocalTranslation(ha[i], t, 1, 0);
            byList.setLocalTranslation(hb[i], t, 1, 0);
        }
        int[] order = new int[N];
        for (int i = 0; i < N; i++) {
            order[i] = N - 1 - i;
        }
        int[] shuffled = order.clone();
        for (int i = N - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = x;
        }
        long runsBefore = byList.bulk().bulkRuns;
        int calls = 0;
        for (int[] perm : new int[][] {order, shuffled}) {
            long[] pa = new long[N];
            long[] pb = new long[N];
            for (int k = 0; k < N; k++) {
                pa[k] = ha[perm[k]];
                pb[k] = hb[perm[k]];
            }
            NodeList list = byList.nodeList(pb, 0, N);
            for (int round = 0; round < 4; round++) {
                if (round == 2) { // storage rewritten breadth-first: the list is resolved again, still one run
                    byList.compactNow();
                    byHandles.compactNow();
                }
                float[] q = randomValues(random, N, round % 2 == 0);
                byHandles.setLocalRotations(pa, 0, N, q, 4);
                byList.setLocalRotations(list, q, 4);
                calls++;
                assertSame(byHandles, ha, byList, hb);
            }
        }
        assertThat(byList.bulk().bulkRuns - runsBefore).isEqualTo(calls);
    }

    @Test
    void listsFollowMovedNodesAndRefuseDestroyedOnes() {
        SplittableRandom random = new SplittableRandom(12);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[][] handles = build(random, byHandles, byList);
        long[] ha = handles[0];
        long[] hb = handles[1];
        NodeList all = byList.nodeList(hb, 0, N);
        for (int round = 0; round < 20; round++) {
            int x = 7 + random.nextInt(N - 7);
            int y = random.nextInt(N);
            if (!byHandles.isAlive(ha[x]) || !byHandles.isAlive(ha[y]) || x == y
                    || byHandles.isAncestor(ha[x], ha[y])) {
                continue;
            }
            byHandles.reparent(ha[x], ha[y], round % 2 == 0);
            byList.reparent(hb[x], hb[y], round % 2 == 0);
            float[] v = randomValues(random, N, false);
            byHandles.setLocalTranslations(ha, 0, N, v, 0);
            byList.setLocalTranslations(all, v, 0);
            assertSame(byHandles, ha, byList, hb);
        }
        long movesBefore = byList.relayout().movedNodes;
        byList.compactNow();
        byHandles.compactNow();
        float[] v = randomValues(random, N, false);
        byHandles.setLocalTranslations(ha, 0, N, v, 3);
        byList.setLocalTranslations(all, v, 3);
        assertSame(byHandles, ha, byList, hb);
        assertThat(movesBefore).as("reparenting moved nodes in storage").isPositive();

        // destroy one listed node: the list refuses, naming the position, and nothing changes
        int victim = N - 1;
        byList.destroy(hb[victim]);
        byHandles.destroy(ha[victim]);
        float[] before = byList.getWorld(hb[0], new float[12], 0);
        assertThatThrownBy(() -> byList.setLocalTranslations(all, randomValues(random, N, false), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("node list position " + victim + ": stale handle");
        byList.update();
        assertThat(byList.getWorld(hb[0], new float[12], 0)).containsExactly(before);
        assertThat(byList.changedCount()).isZero();
    }

    /**
     * Lists set frame after frame mark their subtrees from a recorded closure; children created under their nodes,
     * reparents into and out of their subtrees, destructions, sibling moves and compactions between the frames must
     * each make them record anew, so that the worlds stay bit for bit those of handle batches, which walk (a small
     * list) or sweep (a large one).
     */
    @Test
    void aListSetEveryFrameMarksWhatWalksMarkThroughEveryStructuralChange() {
        SplittableRandom random = new SplittableRandom(13);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[][] handles = build(random, byHandles, byList);
        java.util.List<long[]> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < N; i++) {
            pairs.add(new long[] {handles[0][i], handles[1][i]});
        }
        int listed = 25;
        long[] la = new long[listed];
        long[] lb = new long[listed];
        java.util.Set<Long> inList = new java.util.HashSet<>();
        for (int k = 0; k < listed; k++) {
            int i = 7 + random.nextInt(N / 2); // early nodes: most have subtrees
            la[k] = handles[0][i];
            lb[k] = handles[1][i];
            inList.add(la[k]);
        }
        NodeList list = byList.nodeList(lb, 0, listed);
        // a list large enough to be marked by a sweep rather than walks (an eighth of the hierarchy)
        int many = N / 6;
        long[] ma = new long[many];
        long[] mb = new long[many];
        for (int k = 0; k < many; k++) {
            int i = 7 + random.nextInt(N - 7);
            ma[k] = handles[0][i];
            mb[k] = handles[1][i];
            inList.add(ma[k]);
        }
        NodeList large = byList.nodeList(mb, 0, many);
        int[] kinds = new int[6];
        for (int frame = 0; frame < 400; frame++) {
            int kind = random.nextInt(12);
            long[] x = pairs.get(random.nextInt(pairs.size()));
            long[] y = pairs.get(random.nextInt(pairs.size()));
            boolean alive = byHandles.isAlive(x[0]) && byHandles.isAlive(y[0]);
            if (kind == 0 && alive) { // a new child under a listed node or anywhere
                long[] parent = random.nextBoolean() ? new long[] {la[random.nextInt(listed)], 0} : x;
                long pb = parent == x ? x[1] : lb[java.util.Arrays.asList(box(la)).indexOf(parent[0])];
                pairs.add(new long[] {byHandles.createChild(parent[0]), byList.createChild(pb)});
                kinds[0]++;
            } else if (kind == 1 && alive && x[0] != y[0] && !byHandles.isAncestor(x[0], y[0])) {
                byHandles.reparent(x[0], y[0], frame % 2 == 0);
                byList.reparent(x[1], y[1], frame % 2 == 0);
                kinds[1]++;
            } else if (kind == 2 && alive && byHandles.childCount(x[0]) == 0 && !inList.contains(x[0])) {
                byHandles.destroy(x[0]);
                byList.destroy(x[1]);
                kinds[2]++;
            } else if (kind == 3 && alive && byHandles.childCount(y[0]) > 1) {
                long[] cy = new long[byHandles.childCount(y[0])];
                byHandles.children(y[0], cy, 0);
                int from = random.nextInt(cy.length);
                int to = random.nextInt(cy.length);
                long[] cb = new long[cy.length];
                byList.children(y[1], cb, 0);
                byHandles.moveToIndex(cy[from], to);
                byList.moveToIndex(cb[from], to);
                kinds[3]++;
            } else if (kind == 4) {
                byHandles.compactNow();
                byList.compactNow();
                kinds[4]++;
            }
            float[] q = randomValues(random, listed, true);
            byHandles.setLocalRotations(la, 0, listed, q, 0);
            byList.setLocalRotations(list, q, 0);
            if (frame % 5 == 0) {
                float[] v = randomValues(random, listed, false);
                byHandles.setLocalTranslations(la, 0, listed, v, 1);
                byList.setLocalTranslations(list, v, 1);
            }
            if (frame % 2 == 0) {
                float[] v = randomValues(random, many, true);
                byHandles.setLocalRotations(ma, 0, many, v, 2);
                byList.setLocalRotations(large, v, 2);
            }
            if (frame % 3 == 0) { // reads between sets and updates: lazily recomputed nodes leave the closure intact
                assertThat(byList.getWorld(lb[frame % listed], new float[12], 0))
                        .containsExactly(byHandles.getWorld(la[frame % listed], new float[12], 0));
            }
            assertSamePairs(byHandles, byList, pairs, frame);
        }
        assertThat(java.util.Arrays.copyOf(kinds, 5)).as("creations, reparents, destructions, sibling moves, compactions")
                .doesNotContain(0, 1, 2, 3, 4, 5);
        assertThat(byList.marking().closureMarkings).as("sets marked from the recorded closure").isGreaterThan(250);
        assertThat(byHandles.marking().closureMarkings).isZero();
    }

    private static Long[] box(long[] values) {
        Long[] boxed = new Long[values.length];
        for (int k = 0; k < values.length; k++) {
            boxed[k] = values[k];
        }
        return boxed;
    }

    private static void assertSamePairs(Hierarchy a, Hierarchy b, java.util.List<long[]> pairs, int frame) {
        a.update();
        b.update();
        assertThat(b.changedCount()).as("frame %d: changed", frame).isEqualTo(a.changedCount());
        for (long[] pair : pairs) {
            if (a.isAlive(pair[0])) {
                assertThat(b.getWorld(pair[1], new float[12], 0)).as("frame %d", frame)
                        .containsExactly(a.getWorld(pair[0], new float[12], 0));
            }
        }
        b.checkInvariants();
    }

    @Test
    void badValuesAndMisuseChangeNothing() {
        SplittableRandom random = new SplittableRandom(13);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[][] handles = build(random, byHandles, byList);
        long[] ha = handles[0];
        long[] hb = handles[1];
        long[] run = new long[100];
        long[] runA = new long[100];
        int k = 0;
        for (int i = 0; k < 100; i++) {
            if (!byList.hasLocalMatrix(hb[i])) {
                runA[k] = ha[i];
                run[k++] = hb[i];
            }
        }
        NodeList list = byList.nodeList(run, 0, 100);
        for (float bad : new float[] {Float.NaN, Float.POSITIVE_INFINITY}) {
            float[] q = randomValues(random, 100, true);
            q[99 * 4 + 2] = bad;
            Throwable expected = catchThrowable(() -> byHandles.setLocalRotations(runA, 0, 100, q, 0));
            assertThat(expected).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> byList.setLocalRotations(list, q, 0))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage(expected.getMessage());
        }
        float[] zero = randomValues(random, 100, true);
        java.util.Arrays.fill(zero, 40, 44, 0f);
        Throwable expected = catchThrowable(() -> byHandles.setLocalRotations(runA, 0, 100, zero, 0));
        assertThatThrownBy(() -> byList.setLocalRotations(list, zero, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(expected.getMessage())
                .hasMessageContaining("zero quaternion");
        assertThatThrownBy(() -> byList.setLocalTranslations(list, new float[299], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("translations");
        Hierarchy other = new Hierarchy();
        assertThatThrownBy(() -> other.setLocalScales(list, new float[300], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another hierarchy");
        assertThatThrownBy(() -> list.handle(100)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("index out of range: index=100, size=100");
        assertThatThrownBy(() -> byList.nodeList(run, 50, 51)).isInstanceOf(IllegalArgumentException.class);
        assertSame(byHandles, ha, byList, hb);
        byList.update();
        assertThat(byList.changedCount()).isZero();
    }

    /**
     * Lists filling a run of storage that starts anywhere (not at a word boundary) and spans several 64-node words,
     * in order and reversed, with and without an explicit matrix inside (in a later word than the first): the run
     * paths mark the same subtrees stale and store the same locals as per-handle bulk sets. (Runs starting
     * mid-word once left the low bits of every later word unmarked and unchecked.)
     */
    @Test
    void runsAnywhereInStorageMatchHandleSets() {
        SplittableRandom random = new SplittableRandom(29);
        Hierarchy byHandles = new Hierarchy();
        Hierarchy byList = new Hierarchy();
        long[][] handles = build(random, byHandles, byList);
        long[] ha = handles[0];
        long[] hb = handles[1];
        java.util.Map<Long, Long> twin = compactTwins(byHandles, ha, byList, hb);
        int[][] runs = {{1000, 500}, {37, 200}, {64, 128}, {130, 70}, {2001, 999}};
        for (int[] r : runs) {
            for (int variant = 0; variant < 4; variant++) {
                int first = r[0];
                int count = r[1];
                boolean reversed = variant % 2 == 1;
                if (variant >= 2) {
                    // an explicit matrix (no shear, so the setter splits it) a word or more after the first node
                    int at = Math.min(first + count - 1, ((first >>> 6) + 1) * 64 + 5);
                    float[] m = {2, 0, 0, 0, 2, 0, 0, 0, 2, 0.5f, 1, 0};
                    byList.setLocalMatrix(byList.handleAtStorage(at), m, 0);
                    byHandles.setLocalMatrix(twin.get(byList.handleAtStorage(at)), m, 0);
                }
                long[] runA = new long[count];
                long[] runB = new long[count];
                for (int k = 0; k < count; k++) {
                    runB[k] = byList.handleAtStorage(reversed ? first + count - 1 - k : first + k);
                    runA[k] = twin.get(runB[k]);
                }
                NodeList list = byList.nodeList(runB, 0, count);
                float[] q = randomValues(random, count, true);
                byHandles.setLocalRotations(runA, 0, count, q, 0);
                byList.setLocalRotations(list, q, 0);
                assertSame(byHandles, ha, byList, hb);
                float[] v = randomValues(random, count, false);
                byHandles.setLocalScales(runA, 0, count, v, 0);
                byList.setLocalScales(list, v, 0);
                assertSame(byHandles, ha, byList, hb);
                for (int k = 0; k < count; k++) {
                    assertThat(byList.getLocalMatrix(runB[k], new float[12], 0))
                            .as("run %d+%d node %d", first, count, k).containsExactly(byHandles.getLocalMatrix(runA[k], new float[12], 0));
                }
            }
        }
        byList.checkInvariants();
    }

    /**
     * A list that fills a run of storage out of order copies its unit rotations by scattered stores or by gathers
     * through its inverse, whichever the timed trials find faster: both ways, and the timed choice, store exactly
     * what handle batches store, for the whole storage and for a run in its middle, through compactions and a
     * reparenting that change the layout (and so the inverse). The fourth twin gathers run by run, reading each run's
     * quaternions ahead, as lists of {@link Tuning#touchMinNodes} and more do.
     */
    @Test
    void outOfOrderRunsStoreTheSameFloatsByScatteredStoresAndByGathers() {
        SplittableRandom random = new SplittableRandom(41);
        Hierarchy reference = new Hierarchy();
        // by timing, stores, gathers, gathers run by run
        Tuning tuning = Tuning.DEFAULT;
        Hierarchy[] twins = {new Hierarchy(),
            new Hierarchy(64, tuning.withCopyWay(Tuning.COPY_SCATTER, tuning.touchMinNodes())),
            new Hierarchy(64, tuning.withCopyWay(Tuning.COPY_GATHER, tuning.touchMinNodes())),
            new Hierarchy(64, tuning.withCopyWay(Tuning.COPY_GATHER, 1))};
        long[] hr = new long[N];
        long[][] ht = new long[twins.length][N];
        for (int i = 0; i < N; i++) {
            int parent = i < 9 ? -1 : random.nextInt(i);
            float t = (float) random.nextDouble();
            hr[i] = parent < 0 ? reference.createRoot() : reference.createChild(hr[parent]);
            reference.setLocalTranslation(hr[i], t, 1, 0);
            for (int k = 0; k < twins.length; k++) {
                ht[k][i] = parent < 0 ? twins[k].createRoot() : twins[k].createChild(ht[k][parent]);
                twins[k].setLocalTranslation(ht[k][i], t, 1, 0);
            }
        }
        int[] whole = new int[N];
        for (int i = 0; i < N; i++) {
            whole[i] = i;
        }
        for (int i = N - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = whole[i];
            whole[i] = whole[j];
            whole[j] = x;
        }
        reference.update();
        java.util.Map<Long, Integer> index = new java.util.HashMap<>();
        for (int k = 0; k < twins.length; k++) {
            twins[k].update();
            twins[k].compactNow();
        }
        for (int i = 0; i < N; i++) {
            index.put(ht[0][i], i);
        }
        for (int pass = 0; pass < 2; pass++) {
            int[] nodes = whole;
            if (pass == 1) {
                // storage positions [1000, 1300) of the first twin, reversed: a run out of order not starting at 0
                nodes = new int[300];
                for (int k = 0; k < nodes.length; k++) {
                    nodes[k] = index.get(twins[0].handleAtStorage(1299 - k));
                }
            }
            int count = nodes.length;
            long[] ref = new long[count];
            NodeList[] lists = new NodeList[twins.length];
            for (int k = 0; k < twins.length; k++) {
                long[] h = new long[count];
                for (int j = 0; j < count; j++) {
                    h[j] = ht[k][nodes[j]];
                    ref[j] = hr[nodes[j]];
                }
                lists[k] = twins[k].nodeList(h, 0, count);
            }
            long[] gathersBefore = {twins[0].bulk().gatherCopies, twins[1].bulk().gatherCopies, twins[2].bulk().gatherCopies,
                twins[3].bulk().gatherCopies};
            for (int frame = 0; frame < 600; frame++) {
                if (frame == 200) { // a new layout: the inverse is computed again
                    reference.compactNow();
                    for (Hierarchy h : twins) {
                        h.compactNow();
                    }
                }
                if (frame == 400 && count == N) { // a node moves, then storage is rewritten around it
                    int node = nodes[count / 2];
                    int target = random.nextInt(9);
                    reference.reparent(hr[node], hr[target], true);
                    for (int k = 0; k < twins.length; k++) {
                        twins[k].reparent(ht[k][node], ht[k][target], true);
                        twins[k].compactNow();
                    }
                    reference.compactNow();
                }
                float[] q = randomValues(random, count, frame % 7 != 3);
                reference.setLocalRotations(ref, 0, count, q, 8);
                for (int k = 0; k < twins.length; k++) {
                    twins[k].setLocalRotations(lists[k], q, 8);
                    assertThat(lists[k].runFirst).as("twin %d frame %d", k, frame)
                            .isEqualTo(count == N ? 0 : 1000);
                    assertThat(lists[k].runInOrder).isFalse();
                }
                if (frame % 50 == 49 || frame == 200 || frame == 400 || frame == 1) {
                    reference.update();
                    for (int k = 0; k < twins.length; k++) {
                        twins[k].update();
                        assertThat(twins[k].changedCount()).isEqualTo(reference.changedCount());
                        for (int i = 0; i < N; i++) {
                            assertThat(twins[k].getWorld(ht[k][i], new float[12], 0)).as("twin %d node %d", k, i)
                                    .containsExactly(reference.getWorld(hr[i], new float[12], 0));
                        }
                        twins[k].checkInvariants();
                    }
                }
            }
            if (VectorSupport.ENABLED) {
                assertThat(twins[2].bulk().gatherCopies - gathersBefore[2]).as("gathers of %d nodes", count).isEqualTo(514);
                assertThat(twins[3].bulk().gatherCopies - gathersBefore[3]).isEqualTo(514);
                assertThat(lists[2].inverseSpans).isNull();
                int runs = (count + Tuning.DEFAULT.touchChunk() - 1) / Tuning.DEFAULT.touchChunk();
                assertThat(lists[3].inverseSpans).hasSize(2 * runs);
                // the whole list's first trial ends after 64 + 349 + 4 of its 514 unit copies; the short one's probation is longer
                assertThat(lists[0].copyChoice.trials).isEqualTo(count == N ? 1 : 0);
            }
            assertThat(twins[1].bulk().gatherCopies).isEqualTo(gathersBefore[1]).isZero();
        }
    }

    /**
     * The spans a large list reads ahead: each run of {@link Hierarchy#TOUCH_CHUNK} inverse entries gives its lowest
     * value and its highest + 4, or nothing when its quaternions lie more than four times the run's own size apart;
     * the last run may be short.
     */
    @Test
    void sourceSpansCoverEachRunsQuaternionsOrNothingWhenTheyLieFarApart() {
        int chunk = Tuning.DEFAULT.touchChunk();
        int count = 2 * chunk + 10;
        int[] inverse = new int[count];
        for (int k = 0; k < chunk; k++) { // run 0: positions 100 .. 100 + chunk - 1, reversed
            inverse[k] = 4 * (100 + chunk - 1 - k);
        }
        for (int k = chunk; k < 2 * chunk; k++) { // run 1: close together except one quaternion far away
            inverse[k] = 4 * (k - chunk);
        }
        inverse[chunk + 7] = 4 * (4 * chunk + 1);
        for (int k = 2 * chunk; k < count; k++) { // run 2, short: exactly four times a run's size apart
            inverse[k] = 4 * (k - 2 * chunk);
        }
        inverse[count - 1] = 4 * (4 * chunk - 1);
        int[] spans = NodeList.sourceSpans(inverse, count, Tuning.DEFAULT.touchChunk());
        assertThat(spans).containsExactly(4 * 100, 4 * (100 + chunk), 0, 0, 0, 4 * 4 * chunk);
    }
}
