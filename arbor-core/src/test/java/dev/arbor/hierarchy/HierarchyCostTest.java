package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cost of operations, checked by counting work (nodes recomputed, bit words scanned, nodes moved, compactions)
 * rather than by timing. The scene: 100 roots with fan-out 4, 4, 3, 3, 2, 2 (107,700 nodes, game-100k's shape).
 */
class HierarchyCostTest {
    private static final int[] FAN_OUT = {4, 4, 3, 3, 2, 2};
    private Hierarchy h;
    private long[] handles;
    private int count;

    @BeforeEach
    void buildGameScene() {
        h = new Hierarchy();
        handles = new long[107_700];
        count = 0;
        for (int r = 0; r < 100; r++) {
            add(Hierarchy.NULL, 0);
        }
        assertThat(count).isEqualTo(107_700);
        h.update();
        resetCounters();
    }

    private void add(long parent, int depth) {
        long node = parent == Hierarchy.NULL ? h.createRoot() : h.createChild(parent);
        handles[count++] = node;
        h.setLocalTranslation(node, 1, 0, 0);
        if (depth < FAN_OUT.length) {
            for (int c = 0; c < FAN_OUT[depth]; c++) {
                add(node, depth + 1);
            }
        }
    }

    private long recomputedBase;
    private long scannedBase;
    private long movedBase;
    private long compactionsBase;

    /** Starts counting work from now: the parts' counters only grow, so the counts below are differences. */
    private void resetCounters() {
        recomputedBase = h.refresh().recomputedNodes;
        scannedBase = h.refresh().scannedWords;
        movedBase = h.relayout().movedNodes;
        compactionsBase = h.relayout().compactions;
    }

    private long recomputed() {
        return h.refresh().recomputedNodes - recomputedBase;
    }

    private long scanned() {
        return h.refresh().scannedWords - scannedBase;
    }

    private long moved() {
        return h.relayout().movedNodes - movedBase;
    }

    private long compactions() {
        return h.relayout().compactions - compactionsBase;
    }

    /**
     * Capacities are kept ≡ 16 (mod 32), whatever was asked for and however the arrays grew, so that a node's planes
     * never share one cache set (a multiple of 1,024 made every update several times slower).
     */
    @Test
    void capacitiesKeepPlanesInDifferentCacheSets() {
        for (int asked = 0; asked < 5000; asked++) {
            int c = Structure.setFriendly(asked);
            assertThat(c).as("asked %d", asked).isGreaterThanOrEqualTo(asked).isLessThan(asked + 48);
            assertThat(c % 32).as("asked %d", asked).isEqualTo(16);
        }
        for (int asked : new int[] {1, 1024, 8192, 65_536, 1 << 20}) {
            assertThat(new Hierarchy(asked).denseCapacity() % 32).as("new Hierarchy(%d)", asked).isEqualTo(16);
        }
        assertThat(h.denseCapacity() % 32).as("grown from the default").isEqualTo(16);
        assertThat(h.denseCapacity()).isGreaterThanOrEqualTo(107_700);
    }

    @Test
    void staticFrameRecomputesAndScansNothing() {
        h.update();
        assertThat(recomputed()).isZero();
        assertThat(scanned()).isZero();
        assertThat(h.changedCount()).isZero();
    }

    @Test
    void changingOneLeafCostsOneNode() {
        long leaf = handles[count - 1];
        assertThat(h.childCount(leaf)).isZero();
        h.setLocalTranslation(leaf, 0, 1, 0);
        h.update();
        assertThat(recomputed()).isEqualTo(1);
        assertThat(scanned()).isEqualTo(1);
        assertThat(h.changedCount()).isEqualTo(1);
        assertThat(h.changedHandle(0)).isEqualTo(leaf);
    }

    @Test
    void movingARootRecomputesExactlyItsSubtree() {
        long root = handles[0];
        h.setLocalTranslation(root, 0, 0, 9);
        h.update();
        assertThat(recomputed()).isEqualTo(1077);
        assertThat(h.changedCount()).isEqualTo(1077);
        // at most the words between its first and last node (contiguous in a depth-first layout, one run per
        // level in the breadth-first layout the vector path rewrites to), never more than the whole bit set
        assertThat(scanned()).isLessThanOrEqualTo(107_700 / 64 + 1);
    }

    @Test
    void readingADeepNodeRecomputesOnlyItsChainUntilTheUpdate() {
        long root = handles[0];
        long deepest = handles[6]; // root, then first child at each of the 6 levels
        assertThat(h.depth(deepest)).isEqualTo(6);
        h.setLocalTranslation(root, 0, 0, 9);
        h.getWorld(deepest, new float[12], 0);
        assertThat(recomputed()).isEqualTo(7);
        h.update();
        assertThat(recomputed()).isEqualTo(1077);
    }

    @Test
    void reparentUnderALaterNodeMovesOnlyTheSubtree() {
        long early = handles[1]; // first child of the first root: 269 nodes
        long late = handles[count - 1];
        int size = h.subtreeSize(early);
        assertThat(size).isEqualTo(269);
        h.reparent(early, late, false);
        assertThat(moved()).isEqualTo(size);
        assertThat(compactions()).isZero();
        h.update();
        assertThat(recomputed()).isEqualTo(size);
        h.checkInvariants();

        resetCounters();
        long earlierParent = handles[0];
        h.reparent(late, earlierParent, false); // parent comes first: nothing moves
        assertThat(moved()).isZero();
    }

    @Test
    void churnIsAmortisedNeverAFullResortPerChange() {
        SplittableRandom random = new SplittableRandom(99);
        long work = 0;
        int operations = 2000;
        for (int op = 0; op < operations; op++) {
            long node = handles[random.nextInt(count)];
            long parent = handles[random.nextInt(count)];
            if (!h.isAlive(node) || !h.isAlive(parent) || node == parent || h.isAncestor(node, parent)) {
                continue;
            }
            if (op % 3 == 0) {
                work += h.subtreeSize(node);
                h.destroy(node);
            } else {
                work += h.subtreeSize(node);
                h.reparent(node, parent, op % 2 == 0);
            }
            if (op % 100 == 0) {
                h.update();
            }
        }
        h.checkInvariants();
        // moves are bounded by the subtrees touched, and every compaction (O(n)) is paid for by at least n/2
        // holes left by those same operations
        assertThat(moved()).isLessThanOrEqualTo(work);
        assertThat(compactions() * (long) h.size()).isLessThanOrEqualTo(2 * work + h.size());
    }
}
