package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import dev.arbor.kernel.LocalToWorld;
import java.util.Arrays;

/**
 * The stale bits (which world matrices are out of date) and every way of marking a changed node's subtree stale:
 * a walk of the links, one range in a pre-order layout, a range per level in a breadth-first layout, a sweep over
 * the storage for large batches, or a {@link NodeList}'s recorded closure.
 *
 * <p>Invariant, the <em>stale closure</em>: a stale node's children are stale (so every marking stops at a node
 * that is stale already), and no hole or position past the end is stale; the bits' own range invariant holds
 * ({@link TrackedBits}). Checked by {@link #checkInvariants}.
 *
 * <p>What it knows of the layout's shape (breadth-first as a relayout wrote it; subtrees or whole trees contiguous)
 * is forgotten by {@link #shapeUnknown} on every structural change and learnt again: breadth-first from the
 * relayout ({@link #breadthFirstWritten}), contiguity by an O(n) check once subtree walks have visited as many nodes
 * as the hierarchy holds, so that the check costs O(1) per walked node.
 */
final class StaleMarking {
    private static final int NONE = -1;
    /** {@link #contiguity}: not checked since the last structural change. */
    private static final int CONTIGUITY_UNKNOWN = 0;
    /** {@link #contiguity}: a pre-order; every subtree is one contiguous range. */
    private static final int CONTIGUOUS_SUBTREES = 1;
    /** {@link #contiguity}: every tree is one contiguous range (trees built one after another), subtrees are not. */
    private static final int CONTIGUOUS_TREES = 2;
    /** {@link #contiguity}: neither. */
    private static final int NOT_CONTIGUOUS = 3;

    /** Set where the world matrix is out of date. */
    final TrackedBits bits;
    private final SlotTable slots;
    private final NodeStorage store;
    private final Tuning tuning;
    /** {@link Tuning#rangeMarking}, read on every subtree marking. */
    private final boolean rangeMarking;
    /**
     * True while the storage order is exactly the breadth-first order that a relayout writes: each node's children
     * together, levels in order, nothing created, moved, reordered or destroyed since. Then a subtree is one range
     * per level.
     */
    private boolean breadthFirst;
    /** Which ranges of the storage order are whole subtrees ({@code CONTIGUOUS_*}), or unknown. */
    private int contiguity = CONTIGUITY_UNKNOWN;
    /** Nodes visited by subtree walks since the last contiguity check. */
    private long walkedSinceCheck;
    /** The ancestor path of {@link #checkContiguity}. */
    private int[] path = new int[64];
    /** Empty between uses: what {@link #recordClosure} marks a list's closure on; null until first needed. */
    private TrackedBits closureScratch;
    /** Bulk sets of a {@link NodeList} marked from the list's recorded closure (a count for tests). */
    long closureMarkings;

    StaleMarking(SlotTable slots, NodeStorage store, Tuning tuning, int capacity) {
        this.slots = slots;
        this.store = store;
        this.tuning = tuning;
        this.rangeMarking = tuning.rangeMarking();
        this.bits = new TrackedBits(capacity);
    }

    /** @return whether node {@code node}'s world matrix is out of date */
    boolean isStale(int node) {
        return bits.get(node);
    }

    /** Forgets the layout's shape: called on every creation, move, reorder and destruction. */
    void shapeUnknown() {
        breadthFirst = false;
        contiguity = CONTIGUITY_UNKNOWN;
    }

    /** The storage order is now exactly breadth-first, as a relayout wrote it. */
    void breadthFirstWritten() {
        breadthFirst = true;
        contiguity = CONTIGUITY_UNKNOWN;
    }

    /** @return whether subtrees are marked level by level (the layout is breadth-first) */
    boolean marksByLevels() {
        return breadthFirst;
    }

    /** @return whether the layout was last found to be a pre-order, so that subtrees are marked as ranges */
    boolean marksPreOrderRanges() {
        return contiguity == CONTIGUOUS_SUBTREES;
    }

    /** @return whether the layout was last found to hold each tree contiguously, so that roots mark ranges */
    boolean marksTreeRanges() {
        return contiguity == CONTIGUOUS_TREES;
    }

    // ---- single subtrees ----

    /** Marks slot {@code x}'s node and its descendants stale. */
    void markSubtree(int x) {
        markSubtree(bits, x, slots.nodeOfSlot[x]);
    }

    /** {@link #markSubtree(int)} of slot {@code x}, whose node the caller has at hand. */
    void markSubtree(int x, int node) {
        markSubtree(bits, x, node);
    }

    /**
     * Marks a node and its descendants on {@code into}. Relies on the stale closure: stops at the node if it is
     * marked already, and skips every marked subtree below it.
     */
    private void markSubtree(TrackedBits into, int x, int node) {
        if (into.get(node)) {
            return;
        }
        if (rangeMarking) {
            if (breadthFirst) {
                int children = slots.childCounts[x];
                into.set(node);
                if (children > 0) { // a leaf has no child range to look up
                    int from = store.childStarts[node];
                    markLevels(into, from, from + children - 1);
                }
                return;
            }
            if (contiguity == CONTIGUITY_UNKNOWN && walkedSinceCheck >= slots.liveCount) {
                checkContiguity();
            }
            if (contiguity == CONTIGUOUS_SUBTREES
                    || contiguity == CONTIGUOUS_TREES && store.parentNodes[node] < 0) {
                markContiguousSubtree(into, node);
                return;
            }
        }
        into.set(node);
        markDescendantsByWalk(into, x);
    }

    /**
     * Marks the subtree of {@code node} in a layout where it is one range: {@code [node, end)}, ending at the first
     * later node whose parent lies before {@code node} (a root's -1 included).
     */
    private void markContiguousSubtree(TrackedBits into, int node) {
        int[] parents = store.parentNodes;
        int nodeEnd = store.nodeEnd;
        int end = node + 1;
        while (end < nodeEnd && parents[end] >= node) {
            end++;
        }
        into.setRange(node, end);
    }

    /** Marks the descendants of slot {@code x} by a walk of the links, skipping subtrees that are marked already. */
    private void markDescendantsByWalk(TrackedBits into, int x) {
        int[] firstChild = slots.firstChildSlots;
        int s = firstChild[x];
        if (s == NONE) {
            return;
        }
        int[] nextSibling = slots.nextSiblingSlots;
        int[] parent = slots.parentSlots;
        int[] nodeOf = slots.nodeOfSlot;
        while (true) {
            int n = nodeOf[s];
            walkedSinceCheck++;
            if (!into.get(n)) {
                into.set(n);
                if (firstChild[s] != NONE) {
                    s = firstChild[s];
                    continue;
                }
            }
            while (nextSibling[s] == NONE) {
                s = parent[s];
                if (s == x) {
                    return;
                }
            }
            s = nextSibling[s];
        }
    }

    /**
     * Decides {@link #contiguity}, for a layout without holes: a pre-order when every node's parent lies on the path
     * from the latest root to the node before it (so that every subtree is contiguous); whole trees contiguous when
     * every node's parent lies at or after the latest root. O(n).
     */
    private void checkContiguity() {
        walkedSinceCheck = 0;
        boolean subtrees = store.holeCount == 0;
        boolean trees = subtrees;
        int top = 0;
        int root = 0;
        int[] parents = store.parentNodes;
        for (int j = 0; j < store.nodeEnd && trees; j++) {
            int p = parents[j];
            if (p < 0) {
                top = 0;
                root = j;
            } else {
                trees = p >= root;
                while (subtrees && top > 0 && path[top - 1] != p) {
                    top--;
                }
                subtrees &= top > 0;
            }
            if (subtrees) {
                if (top == path.length) {
                    path = Arrays.copyOf(path, path.length * 2);
                }
                path[top++] = j;
            }
        }
        contiguity = subtrees ? CONTIGUOUS_SUBTREES : trees ? CONTIGUOUS_TREES : NOT_CONTIGUOUS;
    }

    /**
     * Marks below a node in a breadth-first layout: its subtree is one range per level, starting with its children
     * {@code [lo, hi]}, and the range below a range {@code [lo, hi]} runs from {@code childStarts[lo]} to the end of
     * the children of {@code hi} (children follow their parents' order). Each range is marked word-wise:
     * O(depth + subtree / 64), three loads per level where a walk chases pointers node by node. A level found marked
     * already ends the marking.
     */
    private void markLevels(TrackedBits into, int lo, int hi) {
        int[] starts = store.childStarts;
        while (true) {
            if (!into.setRange(lo, hi + 1)) {
                return; // the whole level was marked already, and so, by the closure, is everything below it
            }
            // the children of [lo, hi] are the positions whose parent lies in it
            int from = starts[lo];
            int to = starts[hi] + slots.childCounts[store.slotOfNode[hi]];
            if (from >= to) {
                return;
            }
            lo = from;
            hi = to - 1;
        }
    }

    // ---- batches ----

    /**
     * Whether a batch of {@code count} nodes is marked by setting the nodes' own bits and closing them with one sweep
     * ({@link #closeFrom}) rather than one subtree walk per node ({@link Adaptation#sweepsStaleness}).
     */
    boolean sweeps(int count) {
        return Adaptation.sweepsStaleness(tuning, count, slots.liveCount);
    }

    /**
     * Marks the subtrees of a bulk setter's nodes stale: from the list's recorded closure when the list was marked
     * before at the same layout and structure versions ({@link #markClosure}), else by a sweep or by subtree walks.
     *
     * @param list the node list the batch came from, or null
     */
    void markBatch(int[] nodes, int count, NodeList list) {
        if (list == null || !markClosure(list, nodes, count)) {
            markNodes(bits, nodes, count);
        }
    }

    /** Marks the subtrees of the nodes on {@code into}: subtree walks or a sweep ({@link #sweeps}). */
    private void markNodes(TrackedBits into, int[] nodes, int count) {
        if (!sweeps(count)) {
            for (int k = 0; k < count; k++) {
                int node = nodes[k];
                if (!into.get(node)) { // else its subtree is marked already: its slot is not needed
                    markSubtree(into, store.slotOfNode[node], node);
                }
            }
            return;
        }
        long[] words = into.words;
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (int k = 0; k < count; k++) {
            int node = nodes[k];
            int w = node >>> 6;
            long m = 1L << node;
            long b = words[w];
            if ((b & m) == 0L) {
                words[w] = b | m;
                lo = Math.min(lo, node);
                hi = Math.max(hi, node);
            }
        }
        if (hi < 0) {
            return;
        }
        into.includePositions(lo, hi);
        closeFrom(into, lo);
    }

    /**
     * Marks a node list's subtrees from its recorded closure (the stale-bit words that marking its nodes sets), when
     * the list was marked before at the same layout and structure versions: the second marking records the closure,
     * and every marking from then on ORs the recorded words in, O(words of the closure) instead of subtree walks with
     * their scattered loads or a sweep over every node after the first listed one (an animation that sets the same
     * joints every frame). Returns false, having done nothing, when the caller must mark: the first marking at this
     * layout and structure. Recording allocates the closure's arrays, once per layout and structure.
     */
    private boolean markClosure(NodeList list, int[] nodes, int count) {
        if (!list.closureHolds(store.layoutVersion, slots.structureVersion)) {
            return false;
        }
        if (!list.closureRecorded()) {
            recordClosure(list, nodes, count);
        }
        closureMarkings++;
        long words = list.markClosure(bits.words);
        if (words >= 0) {
            bits.include((int) (words >>> 32), (int) words);
        }
        return true;
    }

    /**
     * Records which stale-bit words marking the list's subtrees sets, whatever is stale now: the nodes are marked on
     * an empty scratch set ({@link #closureScratch}), whose words the list takes and clears. Allocates only
     * when the scratch or the list's arrays are too short, so that a hierarchy whose structure changes every other
     * frame does not allocate every other frame.
     */
    private void recordClosure(NodeList list, int[] nodes, int count) {
        TrackedBits scratch = closureScratch;
        if (scratch == null || scratch.words.length != bits.words.length) {
            scratch = closureScratch = new TrackedBits(bits.words.length << 6);
        }
        try {
            markNodes(scratch, nodes, count);
        } catch (RuntimeException | Error e) {
            scratch.clearAll(); // leave the scratch empty for the next recording
            throw e;
        }
        list.recordClosure(scratch.words, scratch.loWord, scratch.hiWord); // takes the marked words, clearing them
        scratch.forgetRange();
    }

    /**
     * Marks the subtrees of the nodes {@code [first, first + count)}: as {@link #markBatch}, with the run's own bits
     * set a word at a time when the batch is large enough for the sweep.
     */
    void markRun(int first, int count) {
        if (!sweeps(count)) {
            for (int node = first; node < first + count; node++) {
                markSubtree(bits, store.slotOfNode[node], node);
            }
            return;
        }
        bits.setRange(first, first + count);
        closeFrom(bits, first);
    }

    /**
     * Completes the stale closure after a batch set its nodes' own bits (widening the range to them) from the first
     * of them, {@code Integer.MAX_VALUE} for none.
     */
    void closeFrom(int first) {
        closeFrom(bits, first);
    }

    /**
     * Completes the closure on {@code into} from position {@code first}: one pass over the storage order (every
     * parent precedes its children, so one pass suffices), skipping fully marked words.
     */
    private void closeFrom(TrackedBits into, int first) {
        if (first == Integer.MAX_VALUE) {
            return;
        }
        long[] words = into.words;
        int[] parents = store.parentNodes;
        int end = store.nodeEnd;
        int hiWord = into.hiWord;
        for (int w = (first + 1) >>> 6; w << 6 < end; w++) {
            long word = words[w];
            if (word == -1L) {
                continue; // a fully stale word has nothing left to close
            }
            long before = word;
            int to = Math.min(end, (w << 6) + 64);
            // without branches on the bits, which are random where the dirty nodes are: each node ORs in its
            // parent's bit (0 for a root or a hole, parent -1), read from this word as it grows when the parent is
            // in it
            for (int i = Math.max(first + 1, w << 6); i < to; i++) {
                int p = parents[i];
                int pw = p >> 6;
                long parentWord = words[Math.max(pw, 0)];
                if (pw == w) {
                    parentWord = word;
                }
                word |= ((parentWord >>> p) & ((p >>> 31) ^ 1L)) << i;
            }
            if (word != before) {
                words[w] = word;
                hiWord = Math.max(hiWord, w + 1);
            }
        }
        into.includeUpTo(hiWord);
    }

    /**
     * Checks the stale closure and the bits' range: every child of a stale node stale, no hole or position past the
     * storage's end stale. O(capacity).
     *
     * @throws IllegalStateException describing the first violation found
     */
    void checkInvariants() {
        bits.checkInvariants("stale");
        int[] parents = store.parentNodes;
        for (int node = 0; node < store.nodeEnd; node++) {
            int p = parents[node];
            if (store.modes[node] == LocalToWorld.MODE_HOLE) {
                check(!bits.get(node), "stale hole at node ", node, "", 0);
            } else if (p != NONE) {
                check(bits.get(node) || !bits.get(p), "up-to-date node ", node, " under stale parent ", p);
            }
        }
        for (int node = store.nodeEnd; node < bits.words.length << 6; node++) {
            check(!bits.get(node), "stale position past the end: ", node, "", 0);
        }
        if (closureScratch != null) {
            check(closureScratch.isEmpty(), "closure scratch left marked, words ", closureScratch.loWord, " to ",
                    closureScratch.hiWord);
        }
    }
}
