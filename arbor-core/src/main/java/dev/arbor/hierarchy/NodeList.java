package dev.arbor.hierarchy;

import dev.arbor.kernel.Bits;

/**
 * A fixed list of nodes of one {@link Hierarchy}, resolved once for repeated bulk sets: the joints of a skeleton, the
 * animated nodes of a clip, every node of a scene. The handle-based bulk setters check each handle on every call; a
 * list checks its handles when it is made and again only after nodes moved in the hierarchy's storage or were
 * destroyed (a reparent or a compaction), so a frame pays for the values alone. When the list's nodes fill one
 * contiguous run of the storage, in any order (typical for a list of every node, or of a subtree built in one go,
 * also after the hierarchy reordered its storage), staleness is marked run-wise, and a run in storage order is also
 * written with counted loops.
 *
 * <p>Made by {@link Hierarchy#nodeList(long[], int, int)}; used by {@link Hierarchy#setLocalRotations(NodeList,
 * float[], int)}, {@link Hierarchy#setLocalTranslations(NodeList, float[], int)} and
 * {@link Hierarchy#setLocalScales(NodeList, float[], int)}. Not thread-safe (like its hierarchy). A list holds a copy
 * of the handles: changing the caller's array afterwards does not change the list.
 */
public final class NodeList {
    final Hierarchy owner;
    final long[] handles;
    /** Dense index of each handle's node, valid while {@link #layout} equals the owner's layout version. */
    final int[] nodes;
    /** The owner's layout version {@link #nodes} was resolved at; -1 before the first resolution. */
    long layout = -1;
    /**
     * The first node of the run when the list's nodes are exactly the positions {@code [runFirst, runFirst + size)},
     * each once, in any order; -1 otherwise.
     */
    int runFirst = -1;
    /** Whether, in a run, list position k holds node {@code runFirst + k}. */
    boolean runInOrder;
    /**
     * For a run out of order whose rotations were copied by gathers: at {@code s - runFirst}, 4 × the list position of
     * node {@code s}. Valid at {@link #inverseLayout}; null until first needed.
     */
    int[] inverse;
    /**
     * With {@link #inverse}, for lists that read ahead ({@link Tuning#touchMinNodes} nodes and more): for each run of
     * {@link Tuning#touchChunk} storage positions, the range of {@link #inverse}'s values in it (lowest, then
     * highest + 4), or an empty range where that run's quaternions lie too far apart to be worth reading ahead; null
     * for shorter lists.
     */
    int[] inverseSpans;
    /** The owner's layout version {@link #inverse} was computed at; -1 for none. */
    long inverseLayout = -1;
    /** How the list's run copies its rotations (see the owner's copyRunOutOfOrder); null until first needed. */
    TwoWayChoice copyChoice;
    /**
     * The stale closure of the list's nodes (the nodes and their subtrees) as the owner's stale-bit words it sets, in
     * increasing order, with their bits: the first {@link #closureCount} entries. Valid at {@link #closureLayout} and
     * {@link #closureStructure}; see {@code Hierarchy.markClosure}. Null until first recorded; reused after.
     */
    int[] closureWords;
    /** The bits of each word of {@link #closureWords}. */
    long[] closureBits;
    /** Entries of {@link #closureWords} in use; -1 while no closure is recorded for the current versions. */
    int closureCount = -1;
    /** The owner's layout version when the list was last marked stale node by node; -1 before. */
    long closureLayout = -1;
    /** The owner's structure version when the list was last marked stale node by node; -1 before. */
    long closureStructure = -1;

    NodeList(Hierarchy owner, long[] handles) {
        this.owner = owner;
        this.handles = handles;
        this.nodes = new int[handles.length];
    }

    /**
     * How the list's run copies its rotations, made on first use with {@code probationRuns}.
     *
     * @return the list's choice
     */
    TwoWayChoice copyChoice(int probationRuns) {
        if (copyChoice == null) {
            copyChoice = new TwoWayChoice(probationRuns);
        }
        return copyChoice;
    }

    /** @return the number of nodes in the list */
    public int size() {
        return handles.length;
    }

    /**
     * @param index position in the list
     * @return the handle at that position, as given when the list was made
     * @throws IndexOutOfBoundsException if {@code index} is outside {@code [0, size())}
     */
    public long handle(int index) {
        if (index < 0 || index >= handles.length) {
            throw new IndexOutOfBoundsException("index out of range: index=" + index + ", size=" + handles.length);
        }
        return handles[index];
    }

    // ---- resolution: valid while the owner's layout version is the one it was made at ----

    /**
     * The storage position of each listed node, resolved again if nodes moved or died since the last time, and whether
     * they fill one run of storage ({@link #runFirst}, {@link #runInOrder}). O(1), or O(size) to resolve.
     *
     * @param slots the owner's handle table
     * @param layoutVersion the owner's layout version now
     * @return {@link #nodes}
     * @throws IllegalArgumentException naming the list position of a handle that is no longer live
     */
    int[] resolved(SlotTable slots, long layoutVersion) {
        if (layout != layoutVersion) {
            resolve(slots, layoutVersion); // rare: kept out of this method so that callers inline the check
        }
        return nodes;
    }

    private void resolve(SlotTable slots, long layoutVersion) {
        int min = Integer.MAX_VALUE;
        int max = -1;
        for (int k = 0; k < handles.length; k++) {
            nodes[k] = slots.nodeOrNone(handles[k]);
            if (nodes[k] == SlotTable.NONE) {
                layout = -1;
                throw new IllegalArgumentException("node list position " + k + ": "
                        + slots.badHandle(handles[k]).getMessage());
            }
            min = Math.min(min, nodes[k]);
            max = Math.max(max, nodes[k]);
        }
        runFirst = -1;
        runInOrder = false;
        if (max >= 0 && max - min + 1 == nodes.length) {
            // as many positions as nodes: they fill [min, max] unless a node repeats
            long[] seen = new long[Bits.words(nodes.length)];
            boolean run = true;
            boolean inOrder = true;
            for (int k = 0; k < nodes.length && run; k++) {
                int j = nodes[k] - min;
                run = !Bits.get(seen, j);
                Bits.set(seen, j);
                inOrder &= j == k;
            }
            if (run) {
                runFirst = min;
                runInOrder = inOrder;
            }
        }
        layout = layoutVersion;
    }

    /**
     * For a run out of order: at {@code s - runFirst}, 4 × the list position of storage position {@code s}, computed
     * again when the layout changed; with {@code chunk > 0} also {@link #inverseSpans} for reading ahead in runs of
     * that many positions. Allocates the inverse once.
     */
    int[] inverse(long layoutVersion, int chunk) {
        if (inverseLayout != layoutVersion) {
            int count = nodes.length;
            if (inverse == null) {
                inverse = new int[count];
            }
            for (int k = 0; k < count; k++) {
                inverse[nodes[k] - runFirst] = 4 * k;
            }
            inverseSpans = chunk > 0 ? sourceSpans(inverse, count, chunk) : null;
            inverseLayout = layoutVersion;
        }
        return inverse;
    }

    /**
     * The spans of {@link #inverseSpans}: for each run of {@link Tuning#touchChunk} entries of {@code inverse}, its
     * lowest value and its highest + 4 (the quaternions the run gathers), or an empty span (0, 0) when they lie more
     * than four times a run's own span of floats apart.
     */
    static int[] sourceSpans(int[] inverse, int count, int chunk) {
        int runs = (count + chunk - 1) / chunk;
        int[] spans = new int[2 * runs];
        for (int r = 0; r < runs; r++) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (int k = r * chunk, end = Math.min(count, k + chunk); k < end; k++) {
                lo = Math.min(lo, inverse[k]);
                hi = Math.max(hi, inverse[k] + 4);
            }
            if ((long) hi - lo <= 4L * 4 * chunk) {
                spans[2 * r] = lo;
                spans[2 * r + 1] = hi;
            }
        }
        return spans;
    }

    // ---- the recorded stale closure: valid while the owner's layout and structure versions hold ----

    /**
     * @return whether a closure recorded (or about to be recorded) at these versions still holds; when it does not,
     *     forgets it and starts over from these versions
     */
    boolean closureHolds(long layoutVersion, long structureVersion) {
        if (closureLayout != layoutVersion || closureStructure != structureVersion) {
            closureLayout = layoutVersion;
            closureStructure = structureVersion;
            closureCount = -1;
            return false;
        }
        return true;
    }

    /** @return whether a closure is recorded for the current versions */
    boolean closureRecorded() {
        return closureCount >= 0;
    }

    /**
     * Records the closure from the words {@code [from, to)} of {@code marked} (the bits that marking the list's nodes
     * and their subtrees set, on otherwise clear bits), and clears those words again. Allocates only when the list's
     * arrays are too short.
     */
    void recordClosure(long[] marked, int from, int to) {
        int n = 0;
        for (int w = from; w < to; w++) {
            n += marked[w] != 0L ? 1 : 0;
        }
        if (closureWords == null || closureWords.length < n) {
            closureWords = new int[n];
            closureBits = new long[n];
        }
        n = 0;
        for (int w = from; w < to; w++) {
            if (marked[w] != 0L) {
                closureWords[n] = w;
                closureBits[n++] = marked[w];
                marked[w] = 0L;
            }
        }
        closureCount = n;
    }

    /**
     * Sets the recorded closure's bits in {@code staleBits}. O(words of the closure).
     *
     * @return the words touched as {@code (first << 32) | (last + 1)}, or -1 for an empty closure
     */
    long markClosure(long[] staleBits) {
        int n = closureCount;
        if (n == 0) {
            return -1;
        }
        int[] words = closureWords;
        long[] closure = closureBits;
        for (int i = 0; i < n; i++) {
            staleBits[words[i]] |= closure[i];
        }
        return (long) words[0] << 32 | (words[n - 1] + 1);
    }

    @Override
    public String toString() {
        return "NodeList[size=" + handles.length + "]";
    }
}
