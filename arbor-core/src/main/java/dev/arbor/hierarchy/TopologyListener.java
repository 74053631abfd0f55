package dev.arbor.hierarchy;

/**
 * Told when a node, with its subtree, is about to leave its parent (or the root list): before
 * {@link Hierarchy#destroy(long)}, {@link Hierarchy#reparent(long, long, boolean)} and
 * {@link Hierarchy#detach(long, boolean)} change anything, after their arguments have been checked. Used by
 * structures that aggregate over subtrees (such as {@link HierarchyBounds}) to invalidate the old ancestors. Called on
 * the mutating thread; must not change the hierarchy.
 */
@FunctionalInterface
public interface TopologyListener {
    /**
     * @param hierarchy the hierarchy
     * @param handle the node about to leave its current parent
     */
    void detaching(Hierarchy hierarchy, long handle);
}
