package dev.arbor.hierarchy;

import dev.arbor.kernel.Bits;
import java.util.Arrays;

/**
 * Whether to rewrite the storage with the nodes that keep changing packed together
 * ({@link Hierarchy#setActivityPacking}).
 * Watches the refreshes of an <em>activity window</em> (refreshes that computed {@link Tuning#activityWindowFactor}
 * times the live nodes, with no node moved or destroyed): the nodes they found stale are the active ones. At the end
 * of a window, when those are few and scattered ({@link Adaptation#packsActiveNodes}), it asks for a rewrite with
 * their subtrees first among their siblings ({@link Relayout#rewrite}), so that later refreshes compute whole vector
 * words; then a new window begins. Owns the window's bits and work.
 *
 * <p>Invariant: the bits are those of the current window, which began at {@link #windowLayout}; a window whose
 * layout changed (nodes moved or died) is begun again before it is used.
 */
final class ActivityPacking {
    private final Tuning tuning;
    private boolean enabled = true;
    /** One bit per storage position: found stale by a refresh of the current window; null until the first. */
    private long[] activeBits;
    /** Stale nodes refreshed in the current window. */
    private long work;
    /** {@link NodeStorage#layoutVersion} when the window began. */
    private long windowLayout = -1;
    /** Rewrites asked for (a count for tests). */
    long activityPackings;

    ActivityPacking(Tuning tuning) {
        this.tuning = tuning;
    }

    /** @return whether the storage may be rewritten for activity */
    boolean enabled() {
        return enabled;
    }

    /** Turns packing on or off; off drops the current window. */
    void setEnabled(boolean on) {
        enabled = on;
        if (!on) {
            activeBits = null;
            work = 0;
        }
    }

    /**
     * Before a refresh: the current window's bits, one per storage position, for the refresh to OR its stale words
     * into (then {@link #addWork}); a window whose layout changed begins again first. O(1), or O(words) to begin.
     *
     * @return the bits, or null when packing is off
     */
    long[] windowBits(int words, long layoutVersion) {
        if (!enabled) {
            return null;
        }
        if (activeBits == null || activeBits.length != words || windowLayout != layoutVersion) {
            begin(words, layoutVersion);
        }
        return activeBits;
    }

    /** The refresh marked {@code staleNodes} nodes in the window's bits. */
    void addWork(long staleNodes) {
        work += staleNodes;
    }

    /**
     * After an update: when the window is over, decides whether to pack. O(words) at the end of a window.
     *
     * @param nodeEnd the storage positions in use
     * @param packedWordsPerActive the density the latest packing achieved ({@link Relayout#packedWordsPerActive})
     * @return the window's active bits when the storage should be rewritten with them first (the caller rewrites
     *     and then calls {@link #packed}), else null
     */
    long[] toPack(int nodeEnd, double packedWordsPerActive, int liveCount, long layoutVersion) {
        if (!enabled || activeBits == null || !Adaptation.closesActivityWindow(tuning, work, liveCount)) {
            return null;
        }
        long[] active = activeBits;
        int words = 0;
        long count = 0;
        for (int w = 0, end = Bits.words(nodeEnd); w < end; w++) {
            long bits = active[w];
            if (bits != 0L) {
                words++;
                count += Long.bitCount(bits);
            }
        }
        if (Adaptation.packsActiveNodes(tuning, count, words, packedWordsPerActive, liveCount)) {
            return active;
        }
        begin(active.length, layoutVersion);
        return null;
    }

    /** The rewrite asked for by {@link #toPack} is done: a new window begins at its layout. */
    void packed(long layoutVersion) {
        activityPackings++;
        begin(activeBits.length, layoutVersion);
    }

    private void begin(int words, long layoutVersion) {
        if (activeBits == null || activeBits.length != words) {
            activeBits = new long[words];
        } else {
            Arrays.fill(activeBits, 0L);
        }
        work = 0;
        windowLayout = layoutVersion;
    }
}
