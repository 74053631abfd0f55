package dev.arbor.hierarchy;

import java.util.Arrays;

/**
 * The walks of {@link Hierarchy#traverse}: depth-first pre-order over the links, and breadth-first with a queue of
 * slots reused from one traversal to the next. Owns the queue; holds no state between calls.
 */
final class Traversal {
    private static final int NONE = SlotTable.NONE;

    /** Slots waiting to be visited, breadth-first; grown to the widest traversal. */
    private int[] queue = new int[16];
    /** True while a breadth-first traversal uses {@link #queue}: one started inside it takes its own. */
    private boolean queueInUse;

    /** Depth-first pre-order from {@code top} (the forest when NONE). */
    boolean depthFirst(Hierarchy hierarchy, int top, NodeVisitor visitor) {
        SlotTable slots = hierarchy.slotTable();
        long shape = slots.structureVersion;
        int s = top == NONE ? slots.firstRootSlot : top;
        int depth = 0;
        while (s != NONE) {
            NodeVisitor.Visit visit = visitor.visit(slots.handleOf(s), depth);
            requireSameShape(slots, shape);
            if (visit == NodeVisitor.Visit.STOP) {
                return false;
            }
            if (visit != NodeVisitor.Visit.SKIP_SUBTREE && slots.firstChildSlots[s] != NONE) {
                s = slots.firstChildSlots[s];
                depth++;
                continue;
            }
            while (s != NONE) { // climb to the next sibling of the node or of its nearest ancestor
                if (s == top) {
                    s = NONE;
                } else if (slots.nextSiblingSlots[s] != NONE) {
                    s = slots.nextSiblingSlots[s];
                    break;
                } else {
                    s = slots.parentSlots[s];
                    depth--;
                }
            }
        }
        return true;
    }

    /** Breadth-first from {@code top} (the forest when NONE). */
    boolean breadthFirst(Hierarchy hierarchy, int top, NodeVisitor visitor) {
        SlotTable slots = hierarchy.slotTable();
        long shape = slots.structureVersion;
        boolean own = !queueInUse;
        int[] q = own ? queue : new int[16];
        queueInUse = true;
        try {
            int tail = 0;
            if (top == NONE) {
                for (int r = slots.firstRootSlot; r != NONE; r = slots.nextSiblingSlots[r]) {
                    q = push(q, tail++, r);
                }
            } else {
                q = push(q, tail++, top);
            }
            int depth = 0;
            int levelEnd = tail;
            for (int head = 0; head < tail; head++) {
                if (head == levelEnd) {
                    depth++;
                    levelEnd = tail;
                }
                int s = q[head];
                NodeVisitor.Visit visit = visitor.visit(slots.handleOf(s), depth);
                requireSameShape(slots, shape);
                if (visit == NodeVisitor.Visit.STOP) {
                    return false;
                }
                if (visit != NodeVisitor.Visit.SKIP_SUBTREE) {
                    for (int c = slots.firstChildSlots[s]; c != NONE; c = slots.nextSiblingSlots[c]) {
                        q = push(q, tail++, c);
                    }
                }
            }
            return true;
        } finally {
            if (own) {
                queue = q;
                queueInUse = false;
            }
        }
    }

    private static int[] push(int[] q, int at, int slot) {
        if (at == q.length) {
            q = Arrays.copyOf(q, q.length * 2);
        }
        q[at] = slot;
        return q;
    }

    private static void requireSameShape(SlotTable slots, long shape) {
        if (slots.structureVersion != shape) {
            throw new IllegalStateException("the tree changed shape during a traversal; expected the visitor to leave "
                    + "nodes where they were");
        }
    }
}
