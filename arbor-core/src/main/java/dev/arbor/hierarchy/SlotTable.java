package dev.arbor.hierarchy;

import static dev.arbor.hierarchy.Invariants.check;

import java.util.Arrays;
import java.util.function.IntBinaryOperator;

/**
 * The handle table and the tree's links, indexed by slot (a slot is stable for a node's life; see {@link Handles}).
 * Owns the generations that make handles safe, the free list, each node's parent, children and siblings, the list of
 * roots, and the map from a slot to its node's position in the packed storage ({@link #nodeOfSlot}, written by the
 * storage when it moves nodes).
 *
 * <p>Invariant ({@link #checkInvariants}): every slot below {@link #slotEnd} is live (it maps to a storage position),
 * free (on the free list, linked through {@link #nextSiblingSlots}), or retired (its generation wrapped around to 0);
 * the root list and every child list are doubly linked, counted and acyclic, and every live slot is reached exactly
 * once from the roots.
 *
 * <p>Knows nothing of transforms: {@link Hierarchy} checks arguments, then links and unlinks here, and tells the
 * storage what moved.
 */
final class SlotTable {
    static final int NONE = -1;

    /** The tag of the hierarchy that owns this table ({@link Handles}): the top bits of every generation word. */
    final int tag;
    /**
     * Each slot's high handle word: {@link #tag} above the slot's current generation. A handle is live if its high
     * word matches and the slot holds a node (a handle of another hierarchy fails the same compare, by its tag).
     */
    int[] generations;
    /** Storage position of the slot's node, or NONE when the slot is free. */
    int[] nodeOfSlot;
    /** Parent's slot, or NONE for a root. */
    int[] parentSlots;
    /** First child's slot, or NONE. */
    int[] firstChildSlots;
    /** Last child's slot, or NONE. */
    int[] lastChildSlots;
    /**
     * Next sibling's slot (among roots, for a root), or NONE. For a free slot: the next free slot, or NONE (the free
     * slots form a stack through this array, headed by {@link #freeHead}).
     */
    int[] nextSiblingSlots;
    /** Previous sibling's slot (among roots, for a root), or NONE. */
    int[] prevSiblingSlots;
    /** Number of children. */
    int[] childCounts;
    /** Top of the stack of free slots (linked through {@link #nextSiblingSlots}), or NONE. */
    private int freeHead = NONE;
    /** Slots ever handed out: [0, slotEnd). */
    int slotEnd;
    /** Slots handed out and not freed: the hierarchy's live nodes. */
    int liveCount;
    /**
     * Bumped by every change of the tree's shape (a node created, moved, reordered among its siblings or destroyed):
     * a {@link NodeList}'s recorded stale closure holds while this and the storage's layout version do.
     */
    long structureVersion;
    int firstRootSlot = NONE;
    int lastRootSlot = NONE;
    int rootCount;

    /**
     * @param capacity slots to reserve room for
     */
    SlotTable(int capacity, int tag) {
        this.tag = tag;
        generations = new int[capacity];
        nodeOfSlot = new int[capacity];
        parentSlots = new int[capacity];
        firstChildSlots = new int[capacity];
        lastChildSlots = new int[capacity];
        nextSiblingSlots = new int[capacity];
        prevSiblingSlots = new int[capacity];
        childCounts = new int[capacity];
    }

    // ---- handles ----

    /** Records that {@code slot}'s node now lies at storage position {@code node}; called when the storage moves it. */
    void placeNode(int slot, int node) {
        nodeOfSlot[slot] = node;
    }

    /** Counts a change of the tree's shape ({@link #structureVersion}). */
    void shapeChanged() {
        structureVersion++;
    }

    /** @return whether the handle names a live slot; never throws */
    boolean isAlive(long handle) {
        int slot = Handles.slot(handle);
        return isLive(slot) && generations[slot] == (int) (handle >>> 32);
    }

    /** @return whether {@code slot} is a slot handed out that holds a node now */
    boolean isLive(int slot) {
        return slot >= 0 && slot < slotEnd && nodeOfSlot[slot] != NONE;
    }

    /** @return the storage position of a live handle's node, or NONE if the handle is not live */
    int nodeOrNone(long handle) {
        int slot = (int) handle;
        return slot >= 0 && slot < slotEnd && generations[slot] == (int) (handle >>> 32) ? nodeOfSlot[slot] : NONE;
    }

    /**
     * @return the slot of a live handle
     * @throws IllegalArgumentException if the handle is null, unknown or stale (see {@link #badHandle})
     */
    int liveSlot(long handle) {
        int slot = (int) handle;
        if (slot >= 0 && slot < slotEnd && generations[slot] == (int) (handle >>> 32) && nodeOfSlot[slot] != NONE) {
            return slot;
        }
        throw badHandle(handle);
    }

    /** @return the storage position of a live handle's node; throws like {@link #liveSlot} */
    int liveNode(long handle) {
        int node = nodeOrNone(handle);
        if (node == NONE) {
            throw badHandle(handle);
        }
        return node;
    }

    /** The error for a handle that is not live, naming its slot and both generations. */
    IllegalArgumentException badHandle(long handle) {
        int slot = Handles.slot(handle);
        int generation = Handles.generation(handle);
        if (handle == Handles.NULL) {
            return new IllegalArgumentException("null handle: " + Handles.toString(handle));
        }
        if (Handles.hierarchyTag(handle) != tag) {
            return new IllegalArgumentException("handle of another hierarchy: slot=" + slot + " generation="
                    + generation + " hierarchy=" + Handles.hierarchyTag(handle) + " this hierarchy=" + tag);
        }
        if (slot < 0 || slot >= slotEnd) {
            return new IllegalArgumentException("unknown handle: slot=" + slot + " generation=" + generation
                    + " slots=" + slotEnd);
        }
        return new IllegalArgumentException("stale handle: slot=" + slot + " generation=" + generation + " current="
                + (generations[slot] & Handles.GENERATION_MASK) + (nodeOfSlot[slot] == NONE ? " (slot free)" : ""));
    }

    /** @return the handle of a slot's current node, or {@link Handles#NULL} for NONE */
    long handleOf(int slot) {
        return slot == NONE ? Handles.NULL : Handles.of(slot, generations[slot]);
    }

    // ---- slots ----

    /**
     * Hands out a slot, unlinked and mapped to no node: the most recently freed one, else a new one.
     *
     * @param grownCapacity the capacity to grow to when every slot is in use, given the capacity now and the least
     *     needed
     */
    int allocate(IntBinaryOperator grownCapacity) {
        liveCount++;
        if (freeHead != NONE) {
            int slot = freeHead;
            freeHead = nextSiblingSlots[slot];
            nextSiblingSlots[slot] = NONE;
            return slot;
        }
        if (slotEnd == generations.length) {
            int cap = grownCapacity.applyAsInt(generations.length, slotEnd + 1);
            generations = Arrays.copyOf(generations, cap);
            nodeOfSlot = Arrays.copyOf(nodeOfSlot, cap);
            parentSlots = Arrays.copyOf(parentSlots, cap);
            firstChildSlots = Arrays.copyOf(firstChildSlots, cap);
            lastChildSlots = Arrays.copyOf(lastChildSlots, cap);
            nextSiblingSlots = Arrays.copyOf(nextSiblingSlots, cap);
            prevSiblingSlots = Arrays.copyOf(prevSiblingSlots, cap);
            childCounts = Arrays.copyOf(childCounts, cap);
        }
        int slot = slotEnd++;
        generations[slot] = Handles.word(tag, 1);
        nodeOfSlot[slot] = NONE;
        parentSlots[slot] = NONE;
        firstChildSlots[slot] = NONE;
        lastChildSlots[slot] = NONE;
        nextSiblingSlots[slot] = NONE;
        prevSiblingSlots[slot] = NONE;
        childCounts[slot] = 0;
        return slot;
    }

    /**
     * Frees an unlinked slot: its generation moves on, so every handle to it turns stale. A slot whose generation
     * wraps around to 0 (after 2^22 − 1 nodes) is retired for good instead of reused, so that no old handle can ever
     * match it again.
     */
    void free(int slot) {
        liveCount--;
        nodeOfSlot[slot] = NONE;
        parentSlots[slot] = NONE;
        firstChildSlots[slot] = NONE;
        lastChildSlots[slot] = NONE;
        nextSiblingSlots[slot] = NONE;
        prevSiblingSlots[slot] = NONE;
        childCounts[slot] = 0;
        int generation = (generations[slot] + 1) & Handles.GENERATION_MASK;
        generations[slot] = Handles.word(tag, generation);
        if (generation != 0) {
            nextSiblingSlots[slot] = freeHead;
            freeHead = slot;
        }
    }

    // ---- links ----

    /** Unlinks a slot from its parent's child list, or from the root list. */
    void unlink(int s) {
        int p = parentSlots[s];
        int prev = prevSiblingSlots[s];
        int next = nextSiblingSlots[s];
        setNextOf(prev, p, next);
        setPreviousOf(next, p, prev);
        countChildren(p, -1);
        parentSlots[s] = NONE;
        prevSiblingSlots[s] = NONE;
        nextSiblingSlots[s] = NONE;
    }

    /** Links an unlinked slot as child number {@code index} of {@code p} (or root number {@code index}). */
    void linkAt(int s, int p, int index) {
        int count = p == NONE ? rootCount : childCounts[p];
        int before = index == count ? NONE : siblingAt(p, index);
        int after = before == NONE ? (p == NONE ? lastRootSlot : lastChildSlots[p]) : prevSiblingSlots[before];
        parentSlots[s] = p;
        prevSiblingSlots[s] = after;
        nextSiblingSlots[s] = before;
        setNextOf(after, p, s);
        setPreviousOf(before, p, s);
        countChildren(p, 1);
    }

    /** Makes {@code s} follow {@code prev} among the children of {@code p} (the first of them if prev is NONE). */
    private void setNextOf(int prev, int p, int s) {
        if (prev != NONE) {
            nextSiblingSlots[prev] = s;
        } else if (p != NONE) {
            firstChildSlots[p] = s;
        } else {
            firstRootSlot = s;
        }
    }

    /** Makes {@code s} precede {@code next} among the children of {@code p} (the last of them if next is NONE). */
    private void setPreviousOf(int next, int p, int s) {
        if (next != NONE) {
            prevSiblingSlots[next] = s;
        } else if (p != NONE) {
            lastChildSlots[p] = s;
        } else {
            lastRootSlot = s;
        }
    }

    /** Adds {@code delta} to the child count of {@code p}, or to the root count. */
    private void countChildren(int p, int delta) {
        if (p != NONE) {
            childCounts[p] += delta;
        } else {
            rootCount += delta;
        }
    }

    /** @return the number of children of {@code p}, or of roots for NONE */
    int siblingCount(int p) {
        return p == NONE ? rootCount : childCounts[p];
    }

    /** @return the slot at position {@code index} among the children of {@code p} (roots if NONE), from the nearer end */
    int siblingAt(int p, int index) {
        int count = siblingCount(p);
        if (index <= count / 2) {
            int s = p == NONE ? firstRootSlot : firstChildSlots[p];
            for (int k = 0; k < index; k++) {
                s = nextSiblingSlots[s];
            }
            return s;
        }
        int s = p == NONE ? lastRootSlot : lastChildSlots[p];
        for (int k = count - 1; k > index; k--) {
            s = prevSiblingSlots[s];
        }
        return s;
    }

    /** @return the slot after {@code s} in a pre-order walk of the subtree of {@code top}, or NONE at its end */
    int nextInPreOrder(int s, int top) {
        if (firstChildSlots[s] != NONE) {
            return firstChildSlots[s];
        }
        while (s != top) {
            if (nextSiblingSlots[s] != NONE) {
                return nextSiblingSlots[s];
            }
            s = parentSlots[s];
        }
        return NONE;
    }

    /** @return the number of slots in the subtree of {@code x}, itself included. O(subtree). */
    int subtreeSize(int x) {
        int count = 0;
        for (int s = x; s != NONE; s = nextInPreOrder(s, x)) {
            count++;
        }
        return count;
    }

    /** @return whether {@code ancestor} is {@code s} or on its path to the root */
    boolean isAncestorOrSelf(int ancestor, int s) {
        for (int a = s; a != NONE; a = parentSlots[a]) {
            if (a == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** @return the number of ancestors of {@code s} */
    int depthOf(int s) {
        int d = 0;
        for (int a = parentSlots[s]; a != NONE; a = parentSlots[a]) {
            d++;
        }
        return d;
    }

    /**
     * Tells whether {@code a} comes before {@code b} in a depth-first pre-order walk of the forest (roots in order,
     * children in sibling order). O(depth + siblings between the two branches).
     */
    boolean precedesInPreOrder(int a, int b) {
        if (a == b) {
            return false;
        }
        int da = depthOf(a);
        int db = depthOf(b);
        int x = a;
        int y = b;
        for (; da > db; da--) {
            x = parentSlots[x];
        }
        for (; db > da; db--) {
            y = parentSlots[y];
        }
        if (x == y) {
            return x == a; // one is the other's ancestor: the ancestor comes first
        }
        while (parentSlots[x] != parentSlots[y]) {
            x = parentSlots[x];
            y = parentSlots[y];
        }
        for (int s = nextSiblingSlots[x]; s != NONE; s = nextSiblingSlots[s]) {
            if (s == y) {
                return true;
            }
        }
        return false;
    }

    // ---- invariant ----

    /**
     * Checks the invariant of the class comment. O(slots).
     *
     * @throws IllegalStateException describing the first violation found
     */
    void checkInvariants() {
        int live = 0;
        for (int s = 0; s < slotEnd; s++) {
            if (nodeOfSlot[s] != NONE) {
                live++;
                check((generations[s] & Handles.GENERATION_MASK) != 0, "live slot with generation 0: ", s, "", 0);
                check(generations[s] >>> Handles.GENERATION_BITS == tag, "slot of another tag: ", s, " word ",
                        generations[s]);
            }
        }
        check(live == liveCount, "live slots ", live, " but liveCount=", liveCount);
        boolean[] isFree = new boolean[slotEnd];
        int freeListed = 0;
        for (int s = freeHead; s != NONE; s = nextSiblingSlots[s], freeListed++) {
            check(s >= 0 && s < slotEnd, "free list entry out of range at ", freeListed, ": ", s);
            check(nodeOfSlot[s] == NONE, "free list holds live slot ", s, " at ", freeListed);
            check(!isFree[s], "free list holds slot twice (or loops): ", s, "", 0);
            isFree[s] = true;
        }
        for (int s = 0; s < slotEnd; s++) {
            check(nodeOfSlot[s] != NONE || isFree[s] || (generations[s] & Handles.GENERATION_MASK) == 0,
                    "slot neither live, free nor retired: ",
                    s, " generation ", generations[s]);
        }
        // sibling lists and reachability, walked in pre-order from the roots
        boolean[] seen = new boolean[slotEnd];
        int reached = 0;
        int roots = 0;
        int prev = NONE;
        for (int r = firstRootSlot; r != NONE; r = nextSiblingSlots[r]) {
            check(parentSlots[r] == NONE, "root list holds non-root slot ", r, " parent ", parentSlots[r]);
            check(prevSiblingSlots[r] == prev, "root ", r, " has wrong previous ", prevSiblingSlots[r]);
            prev = r;
            roots++;
            check(roots <= liveCount, "root list longer than the node count: ", roots, "", 0);
        }
        check(prev == lastRootSlot, "last root is ", lastRootSlot, " but the list ends at ", prev);
        check(roots == rootCount, "root list has ", roots, " roots but rootCount=", rootCount);
        for (int r = firstRootSlot; r != NONE; r = nextSiblingSlots[r]) {
            int s = r;
            while (s != NONE) {
                check(nodeOfSlot[s] != NONE, "free slot linked into the tree: ", s, "", 0);
                check(!seen[s], "slot reached twice (cycle or shared child): ", s, "", 0);
                seen[s] = true;
                reached++;
                int children = 0;
                int last = NONE;
                for (int c = firstChildSlots[s]; c != NONE; c = nextSiblingSlots[c]) {
                    check(parentSlots[c] == s, "child ", c, " does not point back to parent ", s);
                    check(prevSiblingSlots[c] == last, "child ", c, " has wrong previous sibling ",
                            prevSiblingSlots[c]);
                    last = c;
                    children++;
                    check(children <= liveCount, "child list of slot ", s, " is cyclic, length ", children);
                }
                check(last == lastChildSlots[s], "slot ", s, " lastChild wrong: ", lastChildSlots[s]);
                check(children == childCounts[s], "slot ", s, " childCount wrong: ", childCounts[s]);
                s = nextInPreOrder(s, r);
            }
        }
        check(reached == liveCount, "reachable nodes ", reached, " but liveCount=", liveCount);
    }

}
