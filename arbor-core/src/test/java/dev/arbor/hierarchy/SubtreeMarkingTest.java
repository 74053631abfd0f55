package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Marking a subtree stale level by level (in the breadth-first layout compaction writes) against the link walk used
 * elsewhere: twin hierarchies of the same random forest, one freshly compacted, the other with the same layout but
 * marked as reordered, get the same single and bulk sets; after every update both recomputed the same nodes and hold
 * the same world matrices, bit for bit.
 */
class SubtreeMarkingTest {
    private static final int N = 4000;

    @Test
    void levelMarkingMatchesTheLinkWalk() {
        SplittableRandom random = new SplittableRandom(41);
        Hierarchy byLevels = new Hierarchy();
        Hierarchy byWalks = new Hierarchy();
        long[] ha = new long[N];
        long[] hb = new long[N];
        for (int i = 0; i < N; i++) {
            // a few deep chains and wide fans: parents drawn from the last 50 nodes or from anywhere
            int parent = i < 5 ? -1 : random.nextInt(3) == 0 ? random.nextInt(i) : i - 1 - random.nextInt(Math.min(i, 50));
            ha[i] = parent < 0 ? byLevels.createRoot() : byLevels.createChild(ha[parent]);
            hb[i] = parent < 0 ? byWalks.createRoot() : byWalks.createChild(hb[parent]);
            float t = (float) random.nextDouble();
            byLevels.setLocalTranslation(ha[i], t, 1, 0);
            byWalks.setLocalTranslation(hb[i], t, 1, 0);
        }
        byLevels.compactNow();
        byWalks.compactNow();
        byWalks.moveToIndex(hb[0], 0); // the same place: the layout is unchanged, but no longer known to be pure
        byLevels.update();
        byWalks.update();
        assertThat(byLevels.marksByLevels()).isTrue();
        assertThat(byWalks.marksByLevels()).isFalse();
        for (int round = 0; round < 60; round++) {
            int sets = 1 + random.nextInt(round % 3 == 0 ? 200 : 5);
            for (int k = 0; k < sets; k++) {
                int i = random.nextInt(10) == 0 ? random.nextInt(5) : random.nextInt(N); // roots now and then
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
        assertThat(byLevels.marksByLevels()).isTrue();
        byLevels.createChild(ha[7]); // any structural change ends the pure layout
        assertThat(byLevels.marksByLevels()).isFalse();
        byLevels.checkInvariants();
    }
}
