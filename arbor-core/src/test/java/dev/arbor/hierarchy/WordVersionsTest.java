package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

/**
 * World versions when an update recomputes whole words of 64 nodes, which it stamps with one store per word: every
 * node still reports the version of the update that last changed its world, through later sparse updates,
 * compaction, and a node moved into a word stamped later than the node itself.
 */
class WordVersionsTest {

    private static int changedSince(Hierarchy h, long since) {
        int n = h.size();
        return h.writeChangedSince(since, MatrixLayout.COLUMN_MAJOR_4X4, FloatBuffer.allocate(16 * n), new long[n]);
    }

    @Test
    void wholeWordsStampedAtOnceReportExactVersions() {
        Hierarchy h = new Hierarchy();
        int n = 300; // four whole words and a partial one
        long[] nodes = new long[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = i < 10 ? h.createRoot() : h.createChild(nodes[(i - 10) / 3]);
        }
        h.update();
        float[] t = new float[3 * n];
        for (int i = 0; i < n; i++) {
            t[3 * i] = i;
        }
        h.setLocalTranslations(nodes, 0, n, t, 0);
        h.update();
        long all = h.version();
        for (long node : nodes) {
            assertThat(h.worldVersion(node)).isEqualTo(all);
        }
        assertThat(changedSince(h, all - 1)).isEqualTo(n);
        assertThat(changedSince(h, all)).isZero();

        // one leaf changes: it alone gets the next version, its word's other nodes keep the word's
        h.setLocalTranslation(nodes[n - 1], 5, 5, 5);
        h.update();
        long one = h.version();
        for (int i = 0; i < n; i++) {
            assertThat(h.worldVersion(nodes[i])).as("node %d", i).isEqualTo(i == n - 1 ? one : all);
        }
        assertThat(changedSince(h, all)).isEqualTo(1);

        h.compactNow(); // new arrays: every node's version carried over
        for (int i = 0; i < n; i++) {
            assertThat(h.worldVersion(nodes[i])).as("node %d after compaction", i).isEqualTo(i == n - 1 ? one : all);
        }
        assertThat(changedSince(h, all)).isEqualTo(1);
        h.checkInvariants();
    }

    @Test
    void aNodeStampedIntoAWordWithALaterWordStampKeepsItsOwnVersionAndTheOthersTheirs() {
        Hierarchy h = new Hierarchy();
        int n = 128;
        long[] nodes = new long[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = h.createRoot();
        }
        h.update();
        long created = h.version();
        float[] t = new float[3 * 64];
        long[] second = java.util.Arrays.copyOfRange(nodes, 64, 128);
        h.setLocalTranslations(second, 0, 64, t, 0); // roots in creation order: storage positions 64–127
        h.update();
        long word = h.version();
        assertThat(word).isGreaterThan(created);
        assertThat(h.storedVersion(100)).isEqualTo(word);
        // what a move into position 100 stamps: an older version than the word's
        h.setStoredVersion(100, created);
        assertThat(h.storedVersion(100)).isEqualTo(created);
        for (int k = 64; k < 128; k++) {
            if (k != 100) {
                assertThat(h.storedVersion(k)).as("position %d", k).isEqualTo(word);
            }
        }
        for (int k = 0; k < 64; k++) {
            assertThat(h.storedVersion(k)).as("position %d", k).isEqualTo(created);
        }
    }

    @Test
    void nodesCompactedIntoAWordStampedLaterKeepTheirOwnVersions() {
        Hierarchy h = new Hierarchy();
        long[] nodes = new long[128];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = h.createRoot();
        }
        h.update();
        long created = h.version();
        h.setLocalTranslations(nodes, 0, 64, new float[3 * 64], 0); // storage positions 0–63: one whole word
        h.update();
        long first = h.version();
        for (int i = 0; i < 64; i++) {
            h.destroy(nodes[i]);
        }
        h.compactNow(); // the other 64 move to positions 0–63, whose word was stamped later than them
        for (int i = 64; i < 128; i++) {
            assertThat(h.worldVersion(nodes[i])).as("node %d", i).isEqualTo(created).isLessThan(first);
        }
        assertThat(changedSince(h, created)).isZero();
        h.checkInvariants();
    }
}
