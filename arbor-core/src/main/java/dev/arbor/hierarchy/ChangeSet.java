package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import dev.arbor.kernel.LocalToWorld;
import java.util.Arrays;

/**
 * The change set of the latest {@link Hierarchy#update()} and the listeners told about it. An update publishes the
 * nodes whose world matrix it (or a lazy read before it) recomputed as bits by storage position; they are turned into
 * handles, parents before children, only when someone asks ({@link #list}), or before anything moves nodes in the
 * storage, since the bits name storage positions.
 *
 * <p>Invariant ({@link #checkInvariants}): until the set is listed, its bits are exactly {@link #count()} live
 * storage positions inside the published word range; once listed, every bit is clear and the first {@link #count()}
 * handles are the set.
 */
final class ChangeSet {
    private long[] handles = new long[0];
    private int count;
    /** The latest update's change set as bits by storage position, until it is listed. */
    private long[] bits;
    /** Words of {@link #bits} that may hold set bits: [loWord, hiWord). */
    private int loWord = Integer.MAX_VALUE;
    private int hiWord;
    /** Whether {@link #handles} holds the latest change set (else it is still in {@link #bits}). */
    private boolean listed = true;
    private WorldChangeListener[] listeners = new WorldChangeListener[0];
    private TopologyListener[] topologyListeners = new TopologyListener[0];
    /** True while world-change listeners are being told, when {@code update()} must not be called. */
    private boolean notifying;

    /** @param words words of 64 storage positions to make room for */
    ChangeSet(int words) {
        bits = new long[words];
    }

    /** Makes room for {@code words} words of storage positions, keeping the bits. */
    void resize(int words) {
        bits = Arrays.copyOf(bits, words);
    }

    /**
     * Publishes the nodes recomputed since the previous update, dropping that update's set if nobody listed it.
     *
     * @param changed bits of the recomputed storage positions; taken over as the published set
     * @param lo first word of {@code changed} that may hold set bits
     * @param hi end of the words that may hold set bits; {@code lo >= hi} when nothing changed
     * @return a cleared array of the same length, for the hierarchy to collect the next changes in: the previous
     *     set's, or {@code changed} itself when nothing changed
     */
    long[] publish(long[] changed, int lo, int hi) {
        Arrays.fill(bits, Math.min(loWord, hiWord), hiWord, 0L);
        loWord = Integer.MAX_VALUE;
        hiWord = 0;
        int n = 0;
        long[] next = changed;
        if (lo < hi) {
            for (int w = lo; w < hi; w++) {
                n += Long.bitCount(changed[w]);
            }
            next = bits;
            bits = changed;
            loWord = lo;
            hiWord = hi;
        }
        count = n;
        listed = n == 0;
        return next;
    }

    /** @return the number of nodes in the latest change set */
    int count() {
        return count;
    }

    /**
     * Turns the published bits into handles, parents before children (storage order). O(published words + changed).
     *
     * @param slotOfNode the slot at each storage position
     * @param generations the generation of each slot
     */
    void list(int[] slotOfNode, int[] generations) {
        if (listed) {
            return;
        }
        if (handles.length < count) {
            handles = new long[Math.max(count, handles.length * 3 / 2)];
        }
        long[] out = handles;
        int k = 0;
        for (int w = loWord; w < hiWord; w++) {
            long word = bits[w];
            if (word == 0L) {
                continue;
            }
            bits[w] = 0L;
            int base = w << 6;
            while (word != 0L) {
                int slot = slotOfNode[base + Long.numberOfTrailingZeros(word)];
                out[k++] = Handles.of(slot, generations[slot]);
                word &= word - 1;
            }
        }
        assert k == count : "listed " + k + " of " + count;
        loWord = Integer.MAX_VALUE;
        hiWord = 0;
        listed = true;
    }

    /** @return the handle at {@code index} of the listed set; {@link #list} must have run since the update */
    long handle(int index) {
        return handles[index];
    }

    /** Copies the listed set into {@code dest}; {@link #list} must have run since the update. */
    void copy(long[] dest, int offset) {
        System.arraycopy(handles, 0, dest, offset, count);
    }

    // ---- listeners ----

    boolean notifying() {
        return notifying;
    }

    void addListener(WorldChangeListener listener) {
        listeners = withAdded(listeners, listener);
    }

    boolean removeListener(WorldChangeListener listener) {
        WorldChangeListener[] next = withRemoved(listeners, listener);
        boolean removed = next != listeners;
        listeners = next;
        return removed;
    }

    void addTopologyListener(TopologyListener listener) {
        topologyListeners = withAdded(topologyListeners, listener);
    }

    boolean removeTopologyListener(TopologyListener listener) {
        TopologyListener[] next = withRemoved(topologyListeners, listener);
        boolean removed = next != topologyListeners;
        topologyListeners = next;
        return removed;
    }

    /** @return whether any world-change listener is registered */
    boolean hasListeners() {
        return listeners.length > 0;
    }

    /**
     * Tells every world-change listener about every node of the listed set that is still alive (a listener may
     * destroy nodes: those are not reported afterwards); {@code update()} is refused meanwhile.
     */
    void notifyListeners(Hierarchy hierarchy) {
        notifying = true;
        try {
            for (int k = 0; k < count; k++) {
                long h = handles[k];
                for (WorldChangeListener l : listeners) {
                    if (!hierarchy.isAlive(h)) {
                        break;
                    }
                    l.worldChanged(hierarchy, h);
                }
            }
        } finally {
            notifying = false;
        }
    }

    /** Tells every topology listener that {@code handle} is about to leave its parent. */
    void fireDetaching(Hierarchy hierarchy, long handle) {
        for (TopologyListener l : topologyListeners) {
            l.detaching(hierarchy, handle);
        }
    }

    /** @return a copy of {@code array} with {@code item} appended */
    private static <T> T[] withAdded(T[] array, T item) {
        T[] next = Arrays.copyOf(array, array.length + 1);
        next[array.length] = item;
        return next;
    }

    /** @return a copy of {@code array} without the first element identical to {@code item}, or {@code array} */
    private static <T> T[] withRemoved(T[] array, T item) {
        for (int k = 0; k < array.length; k++) {
            if (array[k] == item) {
                T[] next = Arrays.copyOf(array, array.length - 1);
                System.arraycopy(array, k + 1, next, k, array.length - k - 1);
                return next;
            }
        }
        return array;
    }

    // ---- invariant ----

    /**
     * Checks the invariant of the class comment. O(words).
     *
     * @param nodeEnd end of the storage positions in use
     * @param modes each storage position's mode ({@link LocalToWorld#MODE_HOLE} for a hole)
     * @throws IllegalStateException describing the first violation found
     */
    void checkInvariants(int nodeEnd, byte[] modes) {
        int published = 0;
        for (int w = 0; w < bits.length; w++) {
            long word = bits[w];
            if (word != 0L) {
                check(!listed && w >= loWord && w < hiWord, "published bits in word ", w,
                        " outside the published range or after listing; listed=", listed ? 1 : 0);
                for (long b = word; b != 0L; b &= b - 1) {
                    int node = (w << 6) + Long.numberOfTrailingZeros(b);
                    check(node < nodeEnd && modes[node] != LocalToWorld.MODE_HOLE,
                            "published bit on a hole at node ", node, "", 0);
                }
            }
            published += Long.bitCount(word);
        }
        check(listed || published == count, "published bits ", published, " but changedCount=", count);
    }
}
