package dev.arbor.hierarchy;

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
     * With {@link #inverse}, for lists of at least {@code Hierarchy.TOUCH_MIN_NODES}: for each run of
     * {@code Hierarchy.TOUCH_CHUNK} storage positions, the range of {@link #inverse}'s values in it (lowest, then
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

    @Override
    public String toString() {
        return "NodeList[size=" + handles.length + "]";
    }
}
