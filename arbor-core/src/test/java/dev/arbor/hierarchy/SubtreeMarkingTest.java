package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.kernel.VectorSupport;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Marking a subtree stale by ranges against the link walk used elsewhere: level by level in the breadth-first layout
 * compaction writes (whole or in clusters of trees), and as one range in a pre-order or, for a root, where every tree
 * is contiguous. Twin hierarchies of the same random forest, one marking by ranges, the other with the same layout
 * but always walking, get the same sets; after every update both recomputed the same nodes and hold the same world
 * matrices, bit for bit.
 */
class SubtreeMarkingTest {
    private static final int N = 4000;

    @Test
    void levelMarkingMatchesTheLinkWalk() {
        SplittableRandom random = new SplittableRandom(41);
        Hierarchy byLevels = new Hierarchy();
        Hierarchy byWalks = new Hierarchy(64, Tuning.DEFAULT.withRangeMarking(false));
        long[] ha = new long[N];
        long[] hb = new long[N];
        for (int i = 0; i < N; i++) {
            // a few deep chains and wide fans: parents drawn from the last 50 nodes or from anywhere
            int parent = i < 5 ? -1 : random.nextInt(3) == 0 ? random.nextInt(i) : i - 1 - random.nextInt(Math.min(i, 50));
            add(random, byLevels, ha, byWalks, hb, i, parent);
        }
        compareAfterCompaction(random, byLevels, ha, byWalks, hb, new int[] {0, 1, 2, 3, 4});
        assertThat(byLevels.relayout().clusters).as("one breadth-first cluster").isEqualTo(1);
    }

    /**
     * A forest of many small trees, laid out by compaction as clusters of trees, each cluster breadth-first: every
     * drop in depth along the storage order starts a cluster at a root, and level marking still matches the walk.
     */
    @Test
    void levelMarkingMatchesTheLinkWalkInClusters() {
        SplittableRandom random = new SplittableRandom(42);
        Hierarchy byLevels = new Hierarchy(64, Tuning.DEFAULT.withClusters(300, 0));
        Hierarchy byWalks = new Hierarchy(64, Tuning.DEFAULT.withClusters(300, 0).withRangeMarking(false));
        long[] ha = new long[N];
        long[] hb = new long[N];
        java.util.List<Integer> roots = treesOneAfterAnother(random, byLevels, ha, byWalks, hb, 100);
        compareAfterCompaction(random, byLevels, ha, byWalks, hb, roots.stream().mapToInt(Integer::intValue).toArray());
        byLevels.compactNow();
        int clusters = byLevels.relayout().clusters;
        assertThat(clusters).as("about N / 300 clusters").isBetween(N / 400, N / 300 + 1);
        // the storage order: depth never decreases within a cluster, and drops to a root exactly at each new one
        int drops = 0;
        int last = 0;
        for (int i = 0; i < N; i++) {
            int depth = byLevels.depth(byLevels.handleAtStorage(i));
            if (depth < last) {
                assertThat(depth).as("storage position %d starts a cluster", i).isZero();
                drops++;
            }
            last = depth;
        }
        assertThat(drops).isEqualTo(clusters - 1);
    }

    /**
     * Builds N nodes in both twins as trees one after another, of 50 to {@code 49 + spread} nodes, each node's parent
     * drawn from anywhere earlier in its tree (so trees are contiguous, their subtrees not).
     *
     * @return the roots
     */
    private static java.util.List<Integer> treesOneAfterAnother(SplittableRandom random, Hierarchy a, long[] ha,
                                                               Hierarchy b, long[] hb, int spread) {
        java.util.List<Integer> roots = new java.util.ArrayList<>();
        int first = 0;
        for (int i = 0; i < N; i++) {
            if (i == first + 50 + (first * 7919) % spread || i == 0) {
                first = i;
                roots.add(i);
            }
            add(random, a, ha, b, hb, i, i == first ? -1 : random.nextInt(first, i));
        }
        return roots;
    }

    private static void add(SplittableRandom random, Hierarchy a, long[] ha, Hierarchy b, long[] hb, int i,
                            int parent) {
        ha[i] = parent < 0 ? a.createRoot() : a.createChild(ha[parent]);
        hb[i] = parent < 0 ? b.createRoot() : b.createChild(hb[parent]);
        float t = (float) random.nextDouble();
        a.setLocalTranslation(ha[i], t, 1, 0);
        b.setLocalTranslation(hb[i], t, 1, 0);
    }

    /**
     * Compacts both twins, marks {@code byWalks} as walking, then runs 60 rounds of single sets (roots now and then)
     * and scattered bulk sets; after each update both recomputed the same nodes and agree bit for bit.
     */
    private static void compareAfterCompaction(SplittableRandom random, Hierarchy byLevels, long[] ha,
                                               Hierarchy byWalks, long[] hb, int[] roots) {
        byLevels.compactNow();
        byWalks.compactNow();
        byLevels.update();
        byWalks.update();
        assertThat(byLevels.marking().marksByLevels()).isTrue();
        byLevels.checkInvariants();
        for (int round = 0; round < 60; round++) {
            int sets = 1 + random.nextInt(round % 3 == 0 ? 200 : 5);
            for (int k = 0; k < sets; k++) {
                int i = random.nextInt(10) == 0 ? roots[random.nextInt(roots.length)] : random.nextInt(N);
                float a = (float) random.nextDouble();
                if (random.nextBoolean()) {
                    byLevels.setLocalRotation(ha[i], 0, a, 0, 1);
                    byWalks.setLocalRotation(hb[i], 0, a, 0, 1);
                } else {
                    byLevels.setLocalTranslation(ha[i], a, 0, 2);
                    byWalks.setLocalTranslation(hb[i], a, 0, 2);
                }
            }
            if (round % 5 == 4) { // a bulk set of scattered nodes, below the sweep threshold: subtree marking
                int count = 100;
                long[] someA = new long[count];
                long[] someB = new long[count];
                float[] q = new float[count * 4];
                for (int k = 0; k < count; k++) {
                    int i = random.nextInt(N);
                    someA[k] = ha[i];
                    someB[k] = hb[i];
                    q[4 * k + 3] = 1;
                    q[4 * k] = (float) random.nextDouble();
                }
                byLevels.setLocalRotations(someA, 0, count, q, 0);
                byWalks.setLocalRotations(someB, 0, count, q, 0);
            }
            byLevels.update();
            byWalks.update();
            assertThat(byLevels.changedCount()).as("round %d", round).isEqualTo(byWalks.changedCount());
            for (int i = 0; i < N; i++) {
                assertThat(byLevels.getWorld(ha[i], new float[12], 0)).as("round %d node %d", round, i)
                        .containsExactly(byWalks.getWorld(hb[i], new float[12], 0));
            }
        }
        assertThat(byLevels.marking().marksByLevels()).isTrue();
        byLevels.createChild(ha[7]); // any structural change ends the pure layout
        assertThat(byLevels.marking().marksByLevels()).isFalse();
        byLevels.checkInvariants();
    }

    /**
     * A forest built depth-first (every subtree contiguous, as a glTF import leaves it): once walks have visited as
     * many nodes as the hierarchy holds, the layout is checked once and subtrees are marked as ranges; any structural
     * change sends it back to walks. Against a twin that always walks, through sets, creations and a destruction.
     */
    @Test
    void preOrderRangesMatchTheLinkWalk() {
        SplittableRandom random = new SplittableRandom(43);
        Hierarchy byRanges = new Hierarchy();
        Hierarchy byWalks = new Hierarchy(64, Tuning.DEFAULT.withRangeMarking(false));
        long[] ha = new long[N];
        long[] hb = new long[N];
        int[] count = {0};
        java.util.List<Integer> roots = new java.util.ArrayList<>();
        while (count[0] < N) {
            roots.add(count[0]);
            grow(random, byRanges, ha, byWalks, hb, -1, 0, count);
        }
        rangesMatchTheLinkWalk(random, byRanges, ha, byWalks, hb, roots, true);
    }

    /**
     * Trees built one after another, each in random parent-first order (every tree contiguous, its subtrees not):
     * once walks have visited as many nodes as the hierarchy holds, a root's subtree is marked as one range. As the
     * pre-order test, through sets, a creation that breaks the order and a destruction.
     */
    @Test
    void treeRangesMatchTheLinkWalk() {
        SplittableRandom random = new SplittableRandom(44);
        Hierarchy byRanges = new Hierarchy();
        Hierarchy byWalks = new Hierarchy(64, Tuning.DEFAULT.withRangeMarking(false));
        long[] ha = new long[N];
        long[] hb = new long[N];
        java.util.List<Integer> roots = treesOneAfterAnother(random, byRanges, ha, byWalks, hb, 300);
        rangesMatchTheLinkWalk(random, byRanges, ha, byWalks, hb, roots, false);
    }

    /**
     * 60 rounds on twins of a forest laid out with contiguous subtrees ({@code preOrder}) or contiguous trees: every
     * root moved in a few rounds (so that walks add up to the hierarchy's size and the layout is checked), random
     * rotations, an early node given a child at the end (round 30: no longer contiguous) and a destruction; after
     * each update both agree bit for bit.
     */
    private static void rangesMatchTheLinkWalk(SplittableRandom random, Hierarchy byRanges, long[] ha,
                                               Hierarchy byWalks, long[] hb, java.util.List<Integer> roots,
                                               boolean preOrder) {
        byRanges.update();
        byWalks.update();
        for (int round = 0; round < 60; round++) {
            if (round < 3 || round > 30 && round < 34) { // every tree moved: walks soon add up to the hierarchy's size
                for (int r : roots) {
                    byRanges.setLocalTranslation(ha[r], round, 0, 0);
                    byWalks.setLocalTranslation(hb[r], round, 0, 0);
                }
            }
            int sets = 1 + random.nextInt(6);
            for (int k = 0; k < sets; k++) {
                int i = random.nextInt(4) == 0 ? roots.get(random.nextInt(roots.size())) : random.nextInt(N);
                float a = (float) random.nextDouble();
                byRanges.setLocalRotation(ha[i], a, 0, 0, 1);
                byWalks.setLocalRotation(hb[i], a, 0, 0, 1);
            }
            if (round == 30) { // a child for an early node, created at the end: no longer a pre-order
                byRanges.createChild(ha[5]);
                byWalks.createChild(hb[5]);
                assertThat(byRanges.marking().marksPreOrderRanges() || byRanges.marking().marksTreeRanges()).isFalse();
            }
            if (round == 45) {
                byRanges.destroy(ha[N / 2]);
                byWalks.destroy(hb[N / 2]);
            }
            byRanges.update();
            byWalks.update();
            assertThat(byRanges.changedCount()).as("round %d", round).isEqualTo(byWalks.changedCount());
            for (int i = 0; i < N; i++) {
                if (byRanges.isAlive(ha[i])) {
                    assertThat(byRanges.getWorld(ha[i], new float[12], 0)).as("round %d node %d", round, i)
                            .containsExactly(byWalks.getWorld(hb[i], new float[12], 0));
                }
            }
            if (round == 34) {
                assertThat(byRanges.marking().marksPreOrderRanges() || byRanges.marking().marksTreeRanges())
                        .as("checked again, and found out of order").isFalse();
            }
            if (round == 20 && !VectorSupport.ENABLED) {
                // the scalar kernel leaves the layout as it is, so the ranges are in use
                assertThat(byRanges.marking().marksPreOrderRanges()).as("pre-order found").isEqualTo(preOrder);
                assertThat(byRanges.marking().marksTreeRanges()).as("contiguous trees found").isEqualTo(!preOrder);
            }
        }
        byRanges.checkInvariants();
    }

    /** Adds a random tree below {@code parent} (or a root) depth-first, to both twins. */
    private static void grow(SplittableRandom random, Hierarchy a, long[] ha, Hierarchy b, long[] hb, int parent,
                             int depth, int[] count) {
        if (count[0] == N) {
            return;
        }
        int i = count[0]++;
        ha[i] = parent < 0 ? a.createRoot() : a.createChild(ha[parent]);
        hb[i] = parent < 0 ? b.createRoot() : b.createChild(hb[parent]);
        float t = (float) random.nextDouble();
        a.setLocalTranslation(ha[i], t, 1, 0);
        b.setLocalTranslation(hb[i], t, 1, 0);
        int children = depth < 7 ? random.nextInt(4) : 0;
        for (int c = 0; c < children; c++) {
            grow(random, a, ha, b, hb, i, depth + 1, count);
        }
    }
}
