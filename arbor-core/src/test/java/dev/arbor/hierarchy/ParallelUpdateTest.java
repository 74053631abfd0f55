package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Updates split between threads give bit-identical world matrices to sequential updates, on random scenes large
 * enough to go parallel, through frames of edits and topology changes.
 */
class ParallelUpdateTest {
    private static final int PARALLEL_MIN = Hierarchy.PARALLEL_MIN_NODES;
    private Hierarchy parallel;

    @AfterEach
    void stopThreads() {
        if (parallel != null) {
            parallel.setUpdateThreads(1);
        }
    }

    /** Builds the same random forest in both hierarchies. */
    private static long[][] build(SplittableRandom random, int n, int roots, Hierarchy... targets) {
        return build(random, n, roots, 50, targets);
    }

    /** As above, one node in {@code matrixEvery} (on average) with an explicit matrix; none if 0. */
    private static long[][] build(SplittableRandom random, int n, int roots, int matrixEvery, Hierarchy... targets) {
        long[][] handles = new long[targets.length][n];
        for (int i = 0; i < n; i++) {
            int parent = i < roots ? -1 : random.nextInt(Math.max(0, i - 5000), i);
            float tx = (float) random.nextDouble();
            float qz = (float) random.nextGaussian();
            float s = 0.9f + 0.2f * (float) random.nextDouble();
            boolean matrix = matrixEvery > 0 && random.nextInt(matrixEvery) == 0;
            for (int k = 0; k < targets.length; k++) {
                Hierarchy h = targets[k];
                long node = parent < 0 ? h.createRoot() : h.createChild(handles[k][parent]);
                handles[k][i] = node;
                if (matrix) {
                    h.setLocalMatrix(node, new float[] {s, 0, 0, 0.1f, s, 0, 0, 0, s, tx, 0, 0}, 0);
                } else {
                    h.setLocalTranslation(node, tx, 0.5f, 0);
                    h.setLocalRotation(node, 0, 0, qz, 1);
                    h.setLocalScale(node, s, s, s);
                }
            }
        }
        return handles;
    }

    /**
     * Builds the same forest in both hierarchies: trees created one after another, each of {@code minSize} plus a
     * random number below {@code spread} nodes (so that no boundary falls exactly on a third or a half), each node's
     * parent drawn from the {@code window} nodes before it in its tree.
     */
    private static long[][] treeAfterTree(SplittableRandom random, int n, int minSize, int spread, int window,
                                          Hierarchy... targets) {
        long[][] handles = new long[targets.length][n];
        int first = 0;
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (i == next) {
                first = i;
                next = i + minSize + random.nextInt(spread);
            }
            int parent = i == first ? -1 : random.nextInt(Math.max(first, i - window), i);
            float tx = (float) random.nextDouble();
            for (int k = 0; k < targets.length; k++) {
                Hierarchy h = targets[k];
                handles[k][i] = parent < 0 ? h.createRoot() : h.createChild(handles[k][parent]);
                h.setLocalTranslation(handles[k][i], tx, 0.25f, 0);
            }
        }
        return handles;
    }

    private static void assertSameWorlds(Hierarchy a, long[] ha, Hierarchy b, long[] hb) {
        float[] wa = new float[12];
        float[] wb = new float[12];
        for (int i = 0; i < ha.length; i++) {
            if (!a.isAlive(ha[i])) {
                assertThat(b.isAlive(hb[i])).isFalse();
                continue;
            }
            a.getWorld(ha[i], wa, 0);
            b.getWorld(hb[i], wb, 0);
            assertThat(wa).as("node %d", i).containsExactly(wb);
        }
    }

    /**
     * One frame on both twins: every live TRS node gets a new rotation through a bulk set, then, if {@code topology},
     * a few random destructions, creations and reparentings (often across trees); then both update and must agree
     * bit for bit.
     */
    private static void frame(SplittableRandom random, Hierarchy sequential, long[] hs, Hierarchy parallel, long[] hp,
                              int frame, boolean topology) {
        int n = hs.length;
        float[] rotations = new float[n * 4];
        for (int i = 0; i < n; i++) {
            double angle = 0.01 * frame + i * 1e-4;
            rotations[i * 4 + 1] = (float) Math.sin(angle);
            rotations[i * 4 + 3] = (float) Math.cos(angle);
        }
        long[] liveS = new long[n];
        long[] liveP = new long[n];
        int live = 0;
        for (int i = 0; i < n; i++) {
            if (sequential.isAlive(hs[i]) && !sequential.hasLocalMatrix(hs[i])) {
                liveS[live] = hs[i];
                liveP[live] = hp[i];
                live++;
            }
        }
        sequential.setLocalRotations(liveS, 0, live, rotations, 0);
        parallel.setLocalRotations(liveP, 0, live, rotations, 0);
        for (int k = 0; topology && k < 20; k++) {
            int x = random.nextInt(n);
            int y = random.nextInt(n);
            if (!sequential.isAlive(hs[x]) || !sequential.isAlive(hs[y]) || x == y
                    || sequential.isAncestor(hs[x], hs[y])) {
                continue;
            }
            if (k % 5 == 0) {
                sequential.destroy(hs[x]);
                parallel.destroy(hp[x]);
            } else if (k % 5 == 1) {
                sequential.createChild(hs[y]);
                parallel.createChild(hp[y]);
            } else {
                sequential.reparent(hs[x], hs[y], false);
                parallel.reparent(hp[x], hp[y], false);
            }
        }
        sequential.update();
        parallel.update();
        parallel.checkInvariants();
        assertThat(parallel.changedCount()).isEqualTo(sequential.changedCount());
        assertSameWorlds(sequential, hs, parallel, hp);
    }

    @Test
    void parallelUpdatesMatchSequentialBitForBitThroughEditsAndTopologyChanges() {
        for (int threads = 2; threads <= 3; threads++) {
            SplittableRandom random = new SplittableRandom(40 + threads);
            Hierarchy sequential = new Hierarchy();
            parallel = new Hierarchy();
            parallel.setUpdateThreads(threads);
            assertThat(parallel.updateThreads()).isEqualTo(threads);
            int n = 60_000;
            long[][] handles = build(random, n, 40 + random.nextInt(200), sequential, parallel);
            long[] hs = handles[0];
            long[] hp = handles[1];
            for (int frame = 0; frame < 8; frame++) {
                frame(random, sequential, hs, parallel, hp, frame, frame % 3 == 2);
            }
            assertThat(parallel.refresh().parallelUpdates).as("updates split between %d threads", threads).isGreaterThan(3);
            parallel.setUpdateThreads(1);
        }
    }

    /**
     * In the record layout the threads compute one node at a time, and the bulk setters write records on the
     * threads: still the bits of a sequential update in planes.
     */
    @Test
    void parallelUpdatesInTheRecordLayoutMatchSequentialPlanesBitForBit() {
        SplittableRandom random = new SplittableRandom(47);
        Hierarchy sequential = new Hierarchy();
        sequential.setStorageLayout(StorageLayout.PLANES);
        parallel = new Hierarchy();
        parallel.setStorageLayout(StorageLayout.RECORDS);
        parallel.setUpdateThreads(2);
        long[][] handles = build(random, 40_000, 100, sequential, parallel);
        for (int frame = 0; frame < 5; frame++) {
            frame(random, sequential, handles[0], parallel, handles[1], frame, frame == 2);
        }
        assertThat(parallel.refresh().parallelUpdates).isGreaterThan(2);
        assertThat(parallel.bulk().parallelBulkSets).isGreaterThan(2);
        assertThat(parallel.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
    }

    /**
     * Trees created one after another (each tree contiguous, not breadth-first): the update splits into independent
     * stretches without rewriting the layout, and stays bit-identical to the sequential update through edits,
     * reparenting across trees, destruction and creation.
     */
    @Test
    void independentStretchesSplitWithoutARewrite() {
        for (int threads = 2; threads <= 3; threads++) {
            SplittableRandom random = new SplittableRandom(70 + threads);
            Hierarchy sequential = new Hierarchy();
            parallel = new Hierarchy();
            parallel.setUpdateThreads(threads);
            long[][] handles = treeAfterTree(random, 54_000, 200, 3000, 40, sequential, parallel);
            long[] hs = handles[0];
            long[] hp = handles[1];
            sequential.update();
            parallel.update();
            assertThat(parallel.refresh().parallelUpdates).as("the first update, every node stale, split").isEqualTo(1);
            long compactionsBefore = parallel.relayout().compactions;
            for (int frame = 0; frame < 8; frame++) {
                frame(random, sequential, hs, parallel, hp, frame, frame >= 3);
                if (frame == 2) {
                    assertThat(parallel.refresh().parallelUpdates).as("split updates before any topology change").isEqualTo(4);
                    assertThat(parallel.relayout().compactions).as("no rewrite was needed").isEqualTo(compactionsBefore);
                }
            }
            assertThat(parallel.refresh().parallelUpdates).isGreaterThan(6);
            parallel.setUpdateThreads(1);
        }
    }

    /**
     * A large forest of many trees, compacted into clusters of trees (each cluster breadth-first): the update splits at
     * cluster boundaries, and stays bit-identical to the sequential update through edits, reparenting across trees,
     * destruction and creation.
     */
    @Test
    void clusteredLayoutsSplitAtClusterBoundaries() {
        for (int threads = 2; threads <= 3; threads++) {
            SplittableRandom random = new SplittableRandom(80 + threads);
            Hierarchy sequential = new Hierarchy();
            parallel = new Hierarchy(64, Tuning.DEFAULT.withClusters(2000, 0));
            parallel.setUpdateThreads(threads);
            long[][] handles = treeAfterTree(random, 50_000, 100, 1500, Integer.MAX_VALUE, sequential, parallel);
            long[] hs = handles[0];
            long[] hp = handles[1];
            parallel.compactNow();
            assertThat(parallel.relayout().clusters).as("clusters of at least 2,000 nodes").isBetween(10, 25);
            sequential.update();
            parallel.update();
            assertThat(parallel.refresh().parallelUpdates).as("the first update, every node stale, split").isEqualTo(1);
            for (int frame = 0; frame < 8; frame++) {
                frame(random, sequential, hs, parallel, hp, frame, frame >= 3);
            }
            assertThat(parallel.refresh().parallelUpdates).isGreaterThan(6);
            parallel.setUpdateThreads(1);
        }
    }

    /**
     * The range planner on its own: on forests of trees created one after another, every boundary it picks has no
     * node after it whose parent lies before it, the ranges are within an eighth of an equal split, and a layout
     * without such a boundary near the middle gets no plan.
     */
    @Test
    void rangePlansCutOnlyBetweenIndependentStretches() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1000 + random.nextInt(20_000);
            int[] parents = new int[n];
            int first = 0;
            int next = 0;
            int maxTree = 1 + random.nextInt(n / 3);
            for (int i = 0; i < n; i++) {
                if (i == next) {
                    first = i;
                    next = i + 1 + random.nextInt(maxTree);
                }
                parents[i] = i == first ? -1 : random.nextInt(first, i);
                if (random.nextInt(50) == 0) {
                    parents[i] = -1; // a hole or a root inside a tree's stretch
                }
            }
            for (int threads = 2; threads <= 4; threads++) {
                ParallelUpdate.Plan plan = ParallelUpdate.rangePlan(parents, n, threads);
                if (plan == null) {
                    continue;
                }
                int[] bounds = plan.splits[0];
                assertThat(bounds[0]).isZero();
                assertThat(bounds[threads]).isEqualTo(n);
                for (int t = 0; t < threads; t++) {
                    assertThat(bounds[t + 1]).isGreaterThan(bounds[t]);
                    assertThat(Math.abs(bounds[t] - (long) n * t / threads)).isLessThanOrEqualTo(n / 8);
                    for (int i = bounds[t]; i < bounds[t + 1]; i++) {
                        assertThat(parents[i] < 0 || parents[i] >= bounds[t]).as("trial %d node %d", trial, i)
                                .isTrue();
                    }
                }
            }
        }
        int[] chain = new int[5000];
        for (int i = 0; i < chain.length; i++) {
            chain[i] = i - 1; // one long chain: no independent stretch
        }
        assertThat(ParallelUpdate.rangePlan(chain, chain.length, 2)).isNull();
    }

    /**
     * Large bulk setters split between threads: plain and non-unit rotations, translations onto explicit matrices,
     * scales, a node in two threads' shares, an explicit matrix in a rotation batch, a bad value at the end and a
     * batch too small for the sweep all leave exactly what the sequential setter leaves.
     */
    @Test
    void parallelBulkSettersMatchSequentialBitForBit() {
        for (int threads = 2; threads <= 3; threads++) {
            SplittableRandom random = new SplittableRandom(70 + threads);
            Hierarchy sequential = new Hierarchy();
            parallel = new Hierarchy();
            parallel.setUpdateThreads(threads);
            int n = threads == 2 ? 280_000 : 50_000; // 280k: a 1/8 batch of 35k stays below the sweep threshold
            long[][] handles = build(random, n, 100, sequential, parallel);
            long[] hs = handles[0];
            long[] hp = handles[1];
            int trsCount = 0;
            long[] trsS = new long[n];
            long[] trsP = new long[n];
            for (int i = 0; i < n; i++) {
                if (!sequential.hasLocalMatrix(hs[i])) {
                    trsS[trsCount] = hs[i];
                    trsP[trsCount++] = hp[i];
                }
            }
            sequential.update();
            parallel.update();
            long before = parallel.bulk().parallelBulkSets;
            for (int round = 0; round < 7; round++) {
                float[] values = new float[n * 4 + 4];
                for (int k = 0; k < values.length; k++) {
                    values[k] = (float) random.nextGaussian();
                }
                int count = round == 6 ? PARALLEL_MIN + random.nextInt(1000) : trsCount;
                long[] batchS = trsS;
                long[] batchP = trsP;
                if (round == 0) { // unit quaternions: the copy-only write
                    for (int k = 0; k < count; k++) {
                        double norm = Math.sqrt(values[k * 4] * values[k * 4] + values[k * 4 + 1] * values[k * 4 + 1]
                                + values[k * 4 + 2] * values[k * 4 + 2] + values[k * 4 + 3] * values[k * 4 + 3]);
                        for (int c = 0; c < 4; c++) {
                            values[k * 4 + c] = (float) (values[k * 4 + c] / norm);
                        }
                    }
                }
                if (round == 3) { // the same node at both ends of the batch, with different values
                    batchS = trsS.clone();
                    batchP = trsP.clone();
                    batchS[count - 1] = batchS[0];
                    batchP[count - 1] = batchP[0];
                }
                if (round == 4) { // every node, explicit matrices included
                    batchS = hs;
                    batchP = hp;
                    count = n;
                }
                if (round == 6) { // distinct TRS nodes in random order
                    batchS = new long[count];
                    batchP = new long[count];
                    int[] order = new int[trsCount];
                    for (int k = 0; k < trsCount; k++) {
                        order[k] = k;
                    }
                    for (int k = 0; k < count; k++) { // partial shuffle: distinct nodes
                        int j = k + random.nextInt(trsCount - k);
                        int i = order[j];
                        order[j] = order[k];
                        batchS[k] = trsS[i];
                        batchP[k] = trsP[i];
                    }
                }
                int c = count;
                long[] bs = batchS;
                long[] bp = batchP;
                switch (round) {
                    case 2:
                    case 5:
                        sequential.setLocalScales(bs, 0, c, values, 1);
                        parallel.setLocalScales(bp, 0, c, values, 1);
                        break;
                    case 4:
                        sequential.setLocalTranslations(bs, 0, c, values, 2);
                        parallel.setLocalTranslations(bp, 0, c, values, 2);
                        // the explicit matrices have shear: the parallel check hands over to the sequential one
                        Throwable shear = catchThrowable(() -> sequential.setLocalRotations(bs, 0, c, values, 0));
                        assertThat(shear).isInstanceOf(IllegalStateException.class);
                        assertThatThrownBy(() -> parallel.setLocalRotations(bp, 0, c, values, 0))
                                .isInstanceOf(IllegalStateException.class).hasMessage(shear.getMessage());
                        break;
                    default:
                        sequential.setLocalRotations(bs, 0, c, values, 0);
                        parallel.setLocalRotations(bp, 0, c, values, 0);
                        break;
                }
                // a bad value at the very end: the same error, and nothing changes
                float[] bad = values.clone();
                bad[(c - 1) * 3 + 1] = Float.NaN;
                Throwable expected = catchThrowable(() -> sequential.setLocalTranslations(bs, 0, c, bad, 0));
                assertThatThrownBy(() -> parallel.setLocalTranslations(bp, 0, c, bad, 0))
                        .isInstanceOf(IllegalArgumentException.class).hasMessage(expected.getMessage());
                parallel.checkInvariants();
                sequential.update();
                parallel.update();
                assertThat(parallel.changedCount()).as("round %d", round).isEqualTo(sequential.changedCount());
                assertSameWorlds(sequential, hs, parallel, hp);
            }
            // rounds 0-2, 5 and 6 run in parallel; 3 (a node in two shares) and 4 (explicit matrices) fall back,
            // except the translations of round 4, which explicit matrices accept
            assertThat(parallel.bulk().parallelBulkSets - before).as("%d threads", threads).isEqualTo(6);
            parallel.setUpdateThreads(1);
        }
    }

    /** Node lists take the same parallel path, without resolving their handles again. */
    @Test
    void parallelNodeListSetsMatchSequential() {
        SplittableRandom random = new SplittableRandom(90);
        Hierarchy sequential = new Hierarchy();
        parallel = new Hierarchy();
        parallel.setUpdateThreads(2);
        int n = 50_000;
        long[][] handles = build(random, n, 60, sequential, parallel);
        long[] hs = handles[0];
        long[] hp = handles[1];
        int trs = 0;
        long[] trsS = new long[n];
        long[] trsP = new long[n];
        for (int i = 0; i < n; i++) {
            if (!sequential.hasLocalMatrix(hs[i])) {
                trsS[trs] = hs[i];
                trsP[trs++] = hp[i];
            }
        }
        NodeList all = parallel.nodeList(hp, 0, n);
        NodeList trsList = parallel.nodeList(trsP, 0, trs);
        long before = parallel.bulk().parallelBulkSets;
        for (int round = 0; round < 3; round++) {
            float[] values = new float[n * 4];
            for (int k = 0; k < values.length; k++) {
                values[k] = (float) random.nextGaussian();
            }
            sequential.setLocalRotations(trsS, 0, trs, values, 0);
            parallel.setLocalRotations(trsList, values, 0);
            sequential.setLocalTranslations(hs, 0, n, values, 1);
            parallel.setLocalTranslations(all, values, 1);
            sequential.setLocalScales(trsS, 0, trs, values, 2);
            parallel.setLocalScales(trsList, values, 2);
            sequential.update();
            parallel.update();
            assertThat(parallel.changedCount()).isEqualTo(sequential.changedCount());
            assertSameWorlds(sequential, hs, parallel, hp);
        }
        assertThat(parallel.bulk().parallelBulkSets - before).isEqualTo(9);

        // a TRS-only scene: every node in one contiguous list, written run-wise on both threads
        Hierarchy sequentialRun = new Hierarchy();
        Hierarchy parallelRun = new Hierarchy();
        parallelRun.setUpdateThreads(2);
        try {
            long[][] runHandles = build(random, 40_000, 30, 0, sequentialRun, parallelRun);
            NodeList run = parallelRun.nodeList(runHandles[1], 0, 40_000);
            long[] reversedS = new long[40_000];
            long[] reversedP = new long[40_000];
            for (int k = 0; k < 40_000; k++) {
                reversedS[k] = runHandles[0][40_000 - 1 - k];
                reversedP[k] = runHandles[1][40_000 - 1 - k];
            }
            NodeList reversed = parallelRun.nodeList(reversedP, 0, 40_000); // the same run, in the other order
            long runsBefore = parallelRun.bulk().parallelBulkSets;
            for (int round = 0; round < 2; round++) {
                float[] values = new float[40_000 * 4];
                for (int k = 0; k < values.length; k++) {
                    values[k] = (float) random.nextGaussian();
                }
                sequentialRun.setLocalRotations(round == 0 ? runHandles[0] : reversedS, 0, 40_000, values, 0);
                parallelRun.setLocalRotations(round == 0 ? run : reversed, values, 0);
                sequentialRun.update();
                parallelRun.update();
                parallelRun.checkInvariants();
                assertThat(parallelRun.changedCount()).isEqualTo(sequentialRun.changedCount());
                assertSameWorlds(sequentialRun, runHandles[0], parallelRun, runHandles[1]);
            }
            assertThat(parallelRun.bulk().parallelBulkSets - runsBefore).isEqualTo(2);
        } finally {
            parallelRun.setUpdateThreads(1);
        }
    }

    @Test
    void smallUpdatesStayOnTheCallersThread() {
        parallel = new Hierarchy();
        parallel.setUpdateThreads(2);
        long root = parallel.createRoot();
        for (int i = 0; i < 1000; i++) {
            parallel.createChild(root);
        }
        parallel.update();
        parallel.setLocalTranslation(root, 1, 0, 0);
        parallel.update();
        assertThat(parallel.refresh().parallelUpdates).isZero();
        assertThat(parallel.changedCount()).isEqualTo(1001);
    }

    @Test
    void threadCountIsChecked() {
        Hierarchy h = new Hierarchy();
        assertThatThrownBy(() -> h.setUpdateThreads(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads out of range: threads=0, allowed=[1, 64]");
        assertThatThrownBy(() -> h.setUpdateThreads(65)).isInstanceOf(IllegalArgumentException.class);
        assertThat(h.updateThreads()).isEqualTo(1);
    }
}
