package dev.arbor.hierarchy;

import dev.arbor.kernel.Bits;
import java.util.Arrays;

/**
 * The version of the update that published each node's latest world change, by storage position. A whole word of 64
 * nodes recomputed together gets one stamp for the word instead of 64 (at a million nodes all-dirty, 8 MB less to
 * write per update): a node's version is the larger of its own entry and its word's.
 *
 * <p>Invariant: a word's stamp, where set, is later than the own entries of the nodes it covers that were stamped
 * before it; {@link #setStored} hands a word's stamp down to its nodes before stamping one node earlier than it.
 */
final class WorldVersions {
    /** Each node's own stamp. */
    long[] nodes;
    /** Each word's stamp of all its nodes at once; 0 where none. */
    long[] words;

    /** @param capacity positions to make room for */
    WorldVersions(int capacity) {
        nodes = new long[capacity];
        words = new long[Bits.words(capacity)];
    }

    /** @return the version stamped on a node: its own entry or its word's, whichever is later */
    long stored(int node) {
        return Math.max(nodes[node], words[node >>> 6]);
    }

    /**
     * Stamps one node's version where its word may carry a later stamp of all its nodes (a node moved into the word):
     * the word's stamp is first handed down to its nodes, so that it no longer covers this one.
     */
    void setStored(int node, long stamp) {
        int w = node >>> 6;
        long wordStamp = words[w];
        if (wordStamp > stamp) {
            for (int k = w << 6, end = Math.min(k + 64, nodes.length); k < end; k++) {
                nodes[k] = Math.max(nodes[k], wordStamp);
            }
            words[w] = 0L;
        }
        nodes[node] = stamp;
    }

    /** Stamps {@code stamp} on every node of {@code [from, to)} whose bit is set in {@code bits}; see {@link #stamp}. */
    void stamp(long[] bits, long stamp, int from, int to) {
        stamp(bits, nodes, words, stamp, from, to);
    }

    /**
     * Stamps {@code stamp} on the world version of every node in {@code [from, to)} whose bit is set in {@code bits}
     * (stale, or changed): the version of the update that will publish the matrices about to be computed, or computed
     * since the latest update. A whole word of set bits gets one stamp in {@code wordStamps} instead ({@code stamp}
     * is later than every stamp of its nodes, so it covers them all). Static so that update threads stamp their
     * shares of the same arrays.
     */
    static void stamp(long[] bits, long[] stamps, long[] wordStamps, long stamp, int from, int to) {
        if (from >= to) {
            return;
        }
        int first = from >>> 6;
        int last = (to - 1) >>> 6;
        for (int w = first; w <= last; w++) {
            long word = bits[w];
            if (word == 0L) { // most words of a sparse update's range
                continue;
            }
            int base = w << 6;
            if (w == first || w == last) {
                word = Bits.within(word, base, from, to);
            }
            if (word == -1L) {
                wordStamps[w] = stamp;
                continue;
            }
            while (word != 0L) {
                stamps[base + Long.numberOfTrailingZeros(word)] = stamp;
                word &= word - 1;
            }
        }
    }

    /** Grows to {@code capacity} positions, keeping every stamp. */
    void grow(int capacity) {
        nodes = Arrays.copyOf(nodes, capacity);
        words = Arrays.copyOf(words, Bits.words(capacity));
    }

    /** Takes over {@code rewritten} (every node's version, in a rewritten storage order) with no word stamps. */
    void replace(long[] rewritten) {
        nodes = rewritten;
        words = new long[Bits.words(rewritten.length)];
    }
}
