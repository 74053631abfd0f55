package dev.arbor.kernel;

/**
 * Bit sets over dense node indices, stored in {@code long[]} words (node {@code i} is bit {@code i & 63} of word
 * {@code i >>> 6}). Static, allocation-free helpers; callers size the arrays with {@link #words(int)}.
 */
public final class Bits {
    private Bits() {
    }

    /**
     * @param bits number of bits
     * @return the number of words that hold {@code bits} bits
     */
    public static int words(int bits) {
        return (bits + 63) >>> 6;
    }

    /**
     * @param words bit set
     * @param i bit index
     * @return whether bit {@code i} is set
     */
    public static boolean get(long[] words, int i) {
        return (words[i >>> 6] & (1L << i)) != 0L;
    }

    /**
     * Sets bit {@code i}.
     *
     * @param words bit set
     * @param i bit index
     */
    public static void set(long[] words, int i) {
        words[i >>> 6] |= 1L << i;
    }

    /**
     * Clears bit {@code i}.
     *
     * @param words bit set
     * @param i bit index
     */
    public static void clear(long[] words, int i) {
        words[i >>> 6] &= ~(1L << i);
    }

    /**
     * Finds the next set bit.
     *
     * @param words bit set
     * @param from first bit index to look at
     * @param toWord end (exclusive) of the words to search
     * @return the index of the first set bit at or after {@code from}, or {@code -1} if none before word
     *     {@code toWord}
     */
    public static int nextSet(long[] words, int from, int toWord) {
        int w = from >>> 6;
        if (w >= toWord) {
            return -1;
        }
        long word = words[w] & (-1L << from);
        while (true) {
            if (word != 0L) {
                return (w << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++w >= toWord) {
                return -1;
            }
            word = words[w];
        }
    }

    /**
     * The set bits of one word that fall inside a node range.
     *
     * @param word the word's bits
     * @param base the node of the word's bit 0 (a multiple of 64)
     * @param from first node of the range, {@code < base + 64} (it may lie before {@code base})
     * @param to end of the range (exclusive), greater than {@code from} and than {@code base}
     * @return {@code word} with the bits of nodes outside {@code [from, to)} cleared
     */
    public static long within(long word, int base, int from, int to) {
        long mask = from > base ? word & (-1L << (from - base)) : word;
        int end = to - base;
        return end < 64 ? mask & ((1L << end) - 1) : mask;
    }
}
