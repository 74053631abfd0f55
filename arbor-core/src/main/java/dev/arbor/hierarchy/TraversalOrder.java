package dev.arbor.hierarchy;

/** The order {@link Hierarchy#traverse} visits nodes in. */
public enum TraversalOrder {
    /** Depth-first pre-order: each node before its children, siblings in order, a subtree finished before the next. */
    DEPTH_FIRST,
    /** Breadth-first: by depth below the start, siblings in order, cousins in the order of their parents. */
    BREADTH_FIRST
}
