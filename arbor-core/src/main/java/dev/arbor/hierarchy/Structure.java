package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;
import static dev.arbor.kernel.LocalToWorld.LOCAL_PLANES;
import static dev.arbor.kernel.LocalToWorld.MODE_HOLE;
import static dev.arbor.kernel.LocalToWorld.MODE_TRS;

import dev.arbor.kernel.Bits;
import dev.arbor.kernel.LocalToWorld;
import dev.arbor.math.Affine;
import java.util.Arrays;

/**
 * Edits of the tree's shape and of the storage's size: creating, destroying, moving and reordering nodes, growing the
 * storage, and rewriting it without holes (compaction) or for the layout and activity decisions an update makes.
 * Owns the list of a subtree's slots being destroyed or listed, and the count of rewrites made for the layout. The
 * caller has checked the arguments and told the topology listeners; everything that can fail has failed before a
 * method here changes anything.
 *
 * <p>Invariant: every live slot maps to a storage position below the end that maps back to it, with the parent's
 * position before its own; every other position below the end is a hole, clean, and counted.
 */
final class Structure {
    private static final int NONE = -1;
    /** Largest number of nodes: the plane arrays must stay addressable. */
    static final int MAX_NODES = LocalToWorld.maxCapacity(LOCAL_PLANES);

    private final SlotTable slots;
    private final NodeStorage store;
    private final WorldVersions versions;
    private final StaleMarking marking;
    private final TrackedBits changed;
    private final Relayout relayout;
    private final LocalForms forms;
    private final Refresh refresh;
    private final ActivityPacking packing;
    private final ChangeSet changes;
    private static final float[] IDENTITY = new float[Affine.STRIDE];
    /** The slots of a subtree being destroyed or listed, in pre-order. */
    private int[] subtree = new int[64];
    /** Rewrites done because the layout did not suit the vector kernel or the threads (a count for tests). */
    long relinearizations;

    static {
        Affine.identity(IDENTITY, 0);
    }

    Structure(SlotTable slots, NodeStorage store, WorldVersions versions, StaleMarking marking, TrackedBits changed,
            Relayout relayout, LocalForms forms, Refresh refresh, ActivityPacking packing, ChangeSet changes) {
        this.slots = slots;
        this.store = store;
        this.versions = versions;
        this.marking = marking;
        this.changed = changed;
        this.relayout = relayout;
        this.forms = forms;
        this.refresh = refresh;
        this.packing = packing;
        this.changes = changes;
    }

    /**
     * Creates a node with the identity local as child number {@code index} of {@code parentSlot} ({@code -1}: a
     * root), stale, its world version {@code nextVersion}.
     *
     * @return the new node's slot
     */
    int create(int parentSlot, int index, long nextVersion) {
        ensureDenseCapacity(1);
        int slot = slots.allocate(Structure::grownCapacity);
        int node = store.append(slot);
        relayout.appended();
        shapeChanged();
        slots.placeNode(slot, node);
        store.setParentNode(node, parentSlot == NONE ? NONE : slots.nodeOfSlot[parentSlot]);
        store.setMode(node, MODE_TRS);
        store.storeLocalFrom(node, 0, LocalForms.IDENTITY_TRS, 0, LOCAL_PLANES);
        store.storeWorld(node, IDENTITY, 0);
        versions.setStored(node, nextVersion);
        marking.bits.set(node);
        slots.linkAt(slot, parentSlot, index);
        return slot;
    }

    /** Destroys slot {@code x}'s subtree: its slots are freed and its storage positions become holes. */
    void destroy(int x) {
        listChanges();
        int count = collectSubtree(x);
        shapeChanged();
        slots.unlink(x);
        for (int k = 0; k < count; k++) {
            int slot = subtree[k];
            relayout.makeHole(slots.nodeOfSlot[slot]);
            store.layoutChanged();
            slots.free(slot);
        }
        trimAndMaybeCompact();
    }

    /**
     * Moves slot {@code x}'s subtree to be child number {@code index} of {@code p} ({@code -1}: a root), and, unless
     * {@code newMode} is {@link LocalToWorld#MODE_HOLE}, gives it a new local in that form; marks the subtree stale.
     */
    void move(int x, int p, int index, byte newMode, float[] newLocal) {
        shapeChanged();
        slots.unlink(x);
        slots.linkAt(x, p, index);
        // the subtree moves to the end when its new parent comes later, and also, with update threads, when it
        // sits in the breadth-first region: it changes level, and the region must stay level-ordered for the split
        if (p != NONE && slots.nodeOfSlot[p] > slots.nodeOfSlot[x] || refresh.inSplitRegion(slots.nodeOfSlot[x])) {
            int size = slots.subtreeSize(x);
            long before = relayout.compactions;
            ensureDenseCapacity(size); // may compact, which alone puts x in a valid place
            if (relayout.compactions == before) {
                listChanges();
                store.layoutChanged();
                relayout.moveSubtreeToEnd(x, size);
            }
        }
        int node = slots.nodeOfSlot[x];
        store.setParentNode(node, p == NONE ? NONE : slots.nodeOfSlot[p]);
        if (newMode != MODE_HOLE) {
            forms.writeLocal(node, newMode, newLocal);
        }
        marking.markSubtree(x);
        trimAndMaybeCompact();
    }

    /** Moves slot {@code x} to position {@code index} among its siblings; the storage does not change. */
    void reorder(int x, int index) {
        int p = slots.parentSlots[x];
        shapeChanged();
        slots.unlink(x);
        slots.linkAt(x, p, index);
    }

    /**
     * After an update: rewrites the storage once when the layout no longer suits the vector kernel or the threads,
     * and once more with the nodes that keep changing packed together when {@link ActivityPacking} asks for it.
     */
    void afterUpdate() {
        if (refresh.layoutUnfit(relayout.appendedSinceRewrite)) {
            // many vector batches had a parent inside them, or parents too far apart to load as one window (a scene
            // built depth-first, or many nodes appended since), or the threads found no split: one breadth-first
            // rewrite fixes it for the frames to come
            compact(null);
            relinearizations++;
        }
        long[] active = packing.toPack(store.nodeEnd, relayout.packedWordsPerActive, slots.liveCount,
                store.layoutVersion);
        if (active != null) {
            compact(active);
            packing.packed(store.layoutVersion);
        }
    }

    /**
     * Writes slot {@code x}'s subtree in pre-order into {@link #subtreeSlots()}.
     *
     * @return the number of slots written
     */
    int collectSubtree(int x) {
        int count = 0;
        for (int s = x; s != NONE; s = slots.nextInPreOrder(s, x)) {
            if (count == subtree.length) {
                subtree = Arrays.copyOf(subtree, subtree.length * 2);
            }
            subtree[count++] = s;
        }
        return count;
    }

    /** @return the slots written by the latest {@link #collectSubtree} */
    int[] subtreeSlots() {
        return subtree;
    }

    /**
     * Rewrites the storage without holes, in the order of {@link Relayout#rewrite}, with the subtrees that hold a
     * node set in {@code active} (one bit per storage position, or null) first among their siblings. O(live nodes);
     * allocates the new arrays.
     */
    void compact(long[] active) {
        store.layoutChanged();
        listChanges();
        relayout.rewrite(active);
        refresh.layoutRewritten(store.nodeEnd);
    }

    /**
     * Turns the published change bits into handles, parents before children: before anything that moves nodes in
     * the storage, so that the bits still name the right nodes.
     */
    void listChanges() {
        changes.list(store.slotOfNode, slots.generations);
    }

    /**
     * Rounds a capacity up to the next value ≡ 16 (mod 32), so that the planes of one array (capacity × 4 bytes
     * apart) start an odd number of 64-byte lines apart and a node's planes fall into different cache sets. With a
     * capacity that is a multiple of 1,024, every plane of a node maps to the same set of an 8-way cache: measured
     * (a 6,000-node scene, JDK 17) {@code new Hierarchy(8192)} updated at 87–95 ns/node against
     * 12–14 for capacities 6,000 and 8,208.
     */
    static int setFriendly(int capacity) {
        long padded = (((long) capacity + 31) & ~31L) | 16L;
        return (int) Math.min(padded, MAX_NODES);
    }

    private static int grownCapacity(int current, int needed) {
        long grown = Math.max((long) needed, (long) current + (current >> 1) + 16);
        if (needed > MAX_NODES) {
            throw new IllegalStateException("hierarchy full: nodes=" + needed + ", maximum=" + MAX_NODES);
        }
        return setFriendly((int) Math.min(grown, MAX_NODES));
    }

    /**
     * Forgets what is known about the layout's shape ({@link StaleMarking#shapeUnknown}): called by everything
     * that creates, moves, reorders or destroys a node.
     */
    private void shapeChanged() {
        slots.shapeChanged();
        marking.shapeUnknown();
    }

    /** Makes room for {@code extra} more storage positions, compacting when holes are plentiful, else growing. */
    private void ensureDenseCapacity(int extra) {
        long needed = (long) store.nodeEnd + extra;
        if (needed <= store.modes.length) {
            return;
        }
        if (store.holeCount >= store.nodeEnd / 4 && (long) slots.liveCount + extra <= store.modes.length) {
            compact(null);
            return;
        }
        int cap = grownCapacity(store.modes.length, (int) Math.min(needed, Integer.MAX_VALUE));
        store.grow(cap);
        versions.grow(cap);
        marking.bits.resize(cap);
        changed.resize(cap);
        changes.resize(Bits.words(cap));
    }

    /** Drops holes at the end of the storage; compacts when holes make up half of it. */
    private void trimAndMaybeCompact() {
        store.trimHoles();
        refresh.trimmed(store.nodeEnd); // new nodes will be appended inside the old region: the split no longer holds
        if (Adaptation.compactsHoles(store.holeCount, store.nodeEnd)) {
            compact(null);
        }
    }

    /** Checks the invariant stated on the class; throws {@link IllegalStateException} naming the first violation. */
    void checkInvariants() {
        for (int s = 0; s < slots.slotEnd; s++) {
            int node = slots.nodeOfSlot[s];
            if (node != NONE) {
                check(node >= 0 && node < store.nodeEnd, "slot ", s, " maps to node out of range: ", node);
                check(store.slotOfNode[node] == s, "slot ", s, " maps to node whose slot is ", store.slotOfNode[node]);
            }
        }
        int holes = 0;
        for (int node = 0; node < store.nodeEnd; node++) {
            int slot = store.slotOfNode[node];
            if (store.modes[node] == MODE_HOLE) {
                holes++;
                check(slot == NONE, "hole at node ", node, " names slot ", slot);
                check(!changed.get(node), "changed hole at node ", node, "", 0);
                continue;
            }
            check(slot >= 0 && slot < slots.slotEnd && slots.nodeOfSlot[slot] == node, "node ", node, " has bad slot ",
                    slot);
            int p = store.parentNodes[node];
            int ps = slots.parentSlots[slot];
            check(p == (ps == NONE ? NONE : slots.nodeOfSlot[ps]), "node ", node, " dense parent disagrees: ", p);
            check(p < node, "parent after child: node=", node, " parent=", p);
        }
        check(holes == store.holeCount, "holes ", holes, " but holeCount=", store.holeCount);
    }
}
