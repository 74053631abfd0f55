package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;
import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;

import dev.arbor.kernel.Bits;

/**
 * Moves nodes within the storage: leaves a hole where a node died or moved away, moves a subtree to the end (behind
 * a new parent that lies later), and rewrites the whole storage without holes in breadth-first order, in clusters of
 * trees, optionally with the recently active subtrees first among their siblings. Everything that follows a node
 * (locals, worlds, mode, parent position, slot, version, stale and changed bits, cached inverse) moves with it.
 *
 * <p>Invariant: right after a rewrite, and until the next structural change ({@link StaleMarking#marksByLevels}),
 * every node's children fill {@code [childStarts[n], childStarts[n] + childCount)}: in sibling order, or (after a
 * packing for activity) those whose subtrees changed first, each group in sibling order. Checked by
 * {@link #checkInvariants}. Whoever calls these lists the change set first (they move the nodes it names) and
 * counts the structural and layout change.
 */
final class Relayout {
    private static final int NONE = -1;

    private final SlotTable slots;
    private final NodeStorage store;
    private final WorldVersions versions;
    private final StaleMarking marking;
    private final TrackedBits stale;
    private final TrackedBits changed;
    private final Tuning tuning;
    /** Full rewrites of the storage (a count for tests). */
    long compactions;
    /** Nodes moved to the end by reparents (a count for tests). */
    long movedNodes;
    /** Clusters written by the latest rewrite (1: the whole forest breadth-first). */
    int clusters;
    /** Nodes appended (created or moved to the end) since the latest rewrite. */
    int appendedSinceRewrite;
    /**
     * Storage words per active node that the latest packing achieved ({@link #rewrite} with active nodes); before the
     * first, a quarter-full word is assumed.
     */
    double packedWordsPerActive = 1.0 / 16;

    Relayout(SlotTable slots, NodeStorage store, WorldVersions versions, StaleMarking marking, TrackedBits changed,
            Tuning tuning) {
        this.slots = slots;
        this.store = store;
        this.versions = versions;
        this.marking = marking;
        this.stale = marking.bits;
        this.changed = changed;
        this.tuning = tuning;
    }

    /** A node was appended at the end of the storage (created). */
    void appended() {
        appendedSinceRewrite++;
    }

    /** Turns storage position {@code node} into a hole: no slot, no parent, no flags. */
    void makeHole(int node) {
        store.makeHole(node);
        stale.clear(node);
        changed.clear(node);
    }

    /**
     * Moves slot {@code x}'s subtree, in pre-order, to the end of the storage, leaving holes; room for {@code size}
     * nodes must be reserved.
     */
    void moveSubtreeToEnd(int x, int size) {
        assert store.nodeEnd + size <= store.modes.length;
        for (int s = x; s != NONE; s = slots.nextInPreOrder(s, x)) {
            int from = slots.nodeOfSlot[s];
            int to = store.append(s);
            movedNodes++;
            appendedSinceRewrite++;
            store.moveNode(from, to, s == x ? NONE : slots.nodeOfSlot[slots.parentSlots[s]]);
            versions.setStored(to, versions.stored(from));
            slots.placeNode(s, to);
            if (stale.get(from)) {
                stale.set(to);
            }
            if (changed.get(from)) {
                changed.set(to);
            }
            makeHole(from);
        }
    }

    /**
     * The slots in the order a rewrite writes them: trees in root order, gathered into clusters of at least
     * {@link Tuning#clusterNodes} nodes when the forest allows it ({@link Adaptation#clusterTarget}; otherwise one
     * cluster), of a multiple of 16 trees where the trees are small ({@link Adaptation#clusterTreeMultiple}), each
     * cluster breadth-first with the children of one parent together. Within a cluster every level is then one
     * contiguous run whose parents lie in the run before it, which the vector kernel's batches need, and a subtree is
     * one range per level, which {@link StaleMarking} marks level by level. With {@code active} (one bit per dense
     * position), the roots and the children of each node whose subtree holds an active node are written in three
     * groups, each in sibling order: the active ones, then those with an active descendant, then the others
     * ({@link #activityRanks}). The active nodes then lead every level of their clusters (the children of an active
     * node are active too, when active means stale), so that a refresh of them fills whole vector words. Sets
     * {@link #clusters} and {@link NodeStorage#childStarts}. O(n).
     */
    private int[] breadthFirstClusters(long[] active) {
        byte[] rank = active == null ? null : activityRanks(active);
        // tree sizes by walking the links, which compaction follows (a reparent may compact before it updates the
        // parent indices), roots in the order they are written
        int rootLinks = 0;
        for (int r = slots.firstRootSlot; r != NONE; r = slots.nextSiblingSlots[r]) {
            rootLinks++;
        }
        int[] rootSlots = new int[rootLinks];
        int[] treeSizes = new int[rootLinks];
        int roots = 0;
        int largest = 0;
        for (int pass = rank == null ? 0 : ACTIVE; pass >= 0; pass--) {
            for (int r = slots.firstRootSlot; r != NONE; r = slots.nextSiblingSlots[r]) {
                if (rank == null || rank[r] == pass) {
                    rootSlots[roots] = r;
                    treeSizes[roots] = slots.subtreeSize(r);
                    largest = Math.max(largest, treeSizes[roots++]);
                }
            }
        }
        long target = Adaptation.clusterTarget(tuning, slots.liveCount, largest);
        int treeMultiple = Adaptation.clusterTreeMultiple(target, largest);
        int[] queue = new int[slots.liveCount];
        int tail = 0;
        int clusters = 0;
        int root = 0;
        while (root < roots) {
            int head = tail;
            long size = 0;
            int trees = 0;
            do {
                queue[tail++] = rootSlots[root];
                size += treeSizes[root++];
                trees++;
            } while (root < roots && (size < target || trees % treeMultiple != 0));
            for (; head < tail; head++) {
                store.setChildStart(head, tail); // the queue index is the node's position in the new layout
                int p = queue[head];
                if (rank == null || rank[p] != HOLDS_ACTIVE) { // children of an active node are active, of an
                    for (int c = slots.firstChildSlots[p]; c != NONE; c = slots.nextSiblingSlots[c]) { // idle one idle
                        queue[tail++] = c;
                    }
                } else {
                    for (int pass = ACTIVE; pass >= 0; pass--) {
                        for (int c = slots.firstChildSlots[p]; c != NONE; c = slots.nextSiblingSlots[c]) {
                            if (rank[c] == pass) {
                                queue[tail++] = c;
                            }
                        }
                    }
                }
            }
            clusters++;
        }
        assert tail == slots.liveCount : "queued " + tail + " of " + slots.liveCount;
        this.clusters = clusters;
        return queue;
    }

    /** {@link #activityRanks}: the node is active itself. */
    private static final byte ACTIVE = 2;
    /** {@link #activityRanks}: the node is not active, but a descendant is. */
    private static final byte HOLDS_ACTIVE = 1;

    /**
     * Per slot: {@link #ACTIVE} where the node's bit is set in {@code active} (one bit per dense position),
     * {@link #HOLDS_ACTIVE} where it is not but a descendant's is, else 0. Every ancestor of an active node is ranked
     * once. O(n).
     */
    private byte[] activityRanks(long[] active) {
        byte[] rank = new byte[slots.slotEnd];
        for (int w = 0, end = Bits.words(store.nodeEnd); w < end; w++) {
            for (long bits = active[w]; bits != 0L; bits &= bits - 1) {
                int node = (w << 6) + Long.numberOfTrailingZeros(bits);
                if (node < store.nodeEnd && store.modes[node] != MODE_HOLE) {
                    int s = store.slotOfNode[node];
                    rank[s] = ACTIVE;
                    for (s = slots.parentSlots[s]; s != NONE && rank[s] == 0; s = slots.parentSlots[s]) {
                        rank[s] = HOLDS_ACTIVE;
                    }
                }
            }
        }
        return rank;
    }

    /**
     * Rewrites the storage without holes, in the order of {@link #breadthFirstClusters}: the subtrees that hold a
     * node set in {@code active} (one bit per storage position, or null) first among their siblings. Records the
     * density it packs the active nodes into ({@link #packedWordsPerActive}). O(live nodes); allocates the new
     * arrays. The caller lists the change set first and counts a layout change.
     */
    void rewrite(long[] active) {
        compactions++;
        int cap = store.modes.length;
        NodeStorage rewritten = store.emptyCopy();
        long[] newVersions = new long[cap];
        TrackedBits newStale = new TrackedBits(cap);
        TrackedBits newChanged = new TrackedBits(cap);
        int[] queue = breadthFirstClusters(active);
        int to = 0;
        long activeCount = 0;
        int activeWords = 0;
        int activeWord = -1;
        for (int s : queue) {
            int from = slots.nodeOfSlot[s];
            store.copyTo(rewritten, from, to,
                    slots.parentSlots[s] == NONE ? NONE : slots.nodeOfSlot[slots.parentSlots[s]], s);
            newVersions[to] = versions.stored(from);
            if (stale.get(from)) {
                newStale.set(to);
            }
            if (changed.get(from)) {
                newChanged.set(to);
            }
            if (active != null && Bits.get(active, from)) {
                activeCount++;
                if (to >>> 6 != activeWord) {
                    activeWord = to >>> 6;
                    activeWords++;
                }
            }
            slots.placeNode(s, to);
            to++;
        }
        assert to == slots.liveCount;
        if (activeCount > 0) {
            packedWordsPerActive = (double) activeWords / activeCount;
        }
        store.adopt(rewritten, to);
        versions.replace(newVersions); // every node's version is in newVersions
        stale.replace(newStale);
        changed.replace(newChanged);
        marking.breadthFirstWritten();
        appendedSinceRewrite = 0;
    }

    /**
     * Checks the invariant of the class comment while the layout is the one a rewrite wrote. O(n).
     *
     * @throws IllegalStateException describing the first violation found
     */
    void checkInvariants() {
        if (!marking.marksByLevels()) {
            return;
        }
        for (int n = 0; n < store.nodeEnd; n++) {
            int start = store.childStarts[n];
            int end = start + slots.childCounts[store.slotOfNode[n]];
            for (int c = slots.firstChildSlots[store.slotOfNode[n]]; c != NONE; c = slots.nextSiblingSlots[c]) {
                check(slots.nodeOfSlot[c] >= start && slots.nodeOfSlot[c] < end,
                        "breadth-first layout: a child of node ", n,
                        " lies outside its children's range, at ", slots.nodeOfSlot[c]);
            }
        }
    }
}
