package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import dev.arbor.kernel.Bits;
import java.util.Arrays;

/**
 * A set of storage positions as bits ({@link Bits}: position {@code i} is bit {@code i & 63} of word {@code i >>> 6}),
 * with the range of words that may hold set bits, so that a scan reads {@code [loWord, hiWord)} and not the whole
 * capacity. The hierarchy keeps two: the stale bits (world matrix out of date) and the changed bits (world matrix
 * recomputed since the latest update).
 *
 * <p>Invariant: no bit is set outside words {@code [loWord, hiWord)}; the range may be wider than the set bits (a
 * cleared bit does not narrow it). An empty range is {@code loWord = Integer.MAX_VALUE, hiWord = 0}. Hot loops read
 * {@link #words}, {@link #loWord} and {@link #hiWord} directly and widen the range with {@link #include} after
 * setting bits themselves.
 */
final class TrackedBits {
    /** The bits; its length covers the storage's capacity. Replaced on growth and by a relayout. */
    long[] words;
    /** First word that may hold a set bit; {@code Integer.MAX_VALUE} when none may. */
    int loWord = Integer.MAX_VALUE;
    /** End (exclusive) of the words that may hold a set bit; 0 when none may. */
    int hiWord;

    /** @param capacity number of positions, ≥ 0 */
    TrackedBits(int capacity) {
        words = new long[Bits.words(capacity)];
    }

    /** @return whether no word may hold a set bit */
    boolean isEmpty() {
        return loWord >= hiWord;
    }

    /** @return whether position {@code i} is set */
    boolean get(int i) {
        return Bits.get(words, i);
    }

    /** Sets position {@code i} and widens the range to its word. */
    void set(int i) {
        Bits.set(words, i);
        int w = i >>> 6;
        if (w < loWord) {
            loWord = w;
        }
        if (w >= hiWord) {
            hiWord = w + 1;
        }
    }

    /** Clears position {@code i}; the range stays as it is. */
    void clear(int i) {
        Bits.clear(words, i);
    }

    /**
     * Sets positions {@code [from, to)}, {@code from < to}, a word at a time, and widens the range if any was clear.
     *
     * @return whether any of them was clear before
     */
    boolean setRange(int from, int to) {
        long[] bits = words;
        long fresh = 0L;
        for (int w = from >>> 6; w <= (to - 1) >>> 6; w++) {
            long mask = Bits.within(-1L, w << 6, from, to);
            fresh |= mask & ~bits[w];
            bits[w] |= mask;
        }
        if (fresh == 0L) {
            return false;
        }
        includePositions(from, to - 1);
        return true;
    }

    /** Widens the range to words {@code [lo, hi)} (after the caller set bits there itself). */
    void include(int lo, int hi) {
        loWord = Math.min(loWord, lo);
        hiWord = Math.max(hiWord, hi);
    }

    /** Widens the range to the words of positions {@code first} to {@code last}, both included. */
    void includePositions(int first, int last) {
        include(first >>> 6, (last >>> 6) + 1);
    }

    /** Widens the range to end at word {@code hi} at least (after the caller set bits below it itself). */
    void includeUpTo(int hi) {
        hiWord = Math.max(hiWord, hi);
    }

    /**
     * Takes {@code cleared} as the bit words (all zero, as long as the words were) and empties the range: the words
     * were handed over elsewhere ({@link ChangeSet#publish}).
     */
    void takeClearedWords(long[] cleared) {
        words = cleared;
        forgetRange();
    }

    /** ORs every word of this range into {@code into}'s words and clears it here; the ranges stay as they are. */
    void moveWordsInto(TrackedBits into) {
        for (int w = loWord; w < hiWord; w++) {
            into.words[w] |= words[w];
            words[w] = 0L;
        }
    }

    /** Empties the range, after the caller cleared every bit in it (or moved them elsewhere). */
    void forgetRange() {
        loWord = Integer.MAX_VALUE;
        hiWord = 0;
    }

    /** Clears every bit in the range and empties it. O(words in the range). */
    void clearAll() {
        if (loWord < hiWord) {
            Arrays.fill(words, loWord, hiWord, 0L);
        }
        forgetRange();
    }

    /** @return the number of set bits. O(words in the range) */
    int count() {
        int n = 0;
        for (int w = loWord; w < hiWord; w++) {
            n += Long.bitCount(words[w]);
        }
        return n;
    }

    /** Grows (or shrinks) the words to cover {@code capacity} positions, keeping the bits. */
    void resize(int capacity) {
        words = Arrays.copyOf(words, Bits.words(capacity));
    }

    /** Takes the words and range of {@code other}, as a relayout wrote them; {@code other} is not used again. */
    void replace(TrackedBits other) {
        words = other.words;
        loWord = other.loWord;
        hiWord = other.hiWord;
    }

    /**
     * Checks the invariant: no set bit outside the range.
     *
     * @param name what the bits are, for the message
     * @throws IllegalStateException if it does not hold
     */
    void checkInvariants(String name) {
        for (int w = 0; w < words.length; w++) {
            check(words[w] == 0L || w >= loWord && w < hiWord, name + " bit set in word ", w,
                    " outside the tracked words ending at ", hiWord);
        }
    }
}
