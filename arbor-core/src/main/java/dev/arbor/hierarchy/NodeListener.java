package dev.arbor.hierarchy;

/**
 * Told about each node that is destroyed or made by {@link Hierarchy#copySubtree}: what a side table keyed by node
 * (such as {@link NodeTable}) or an engine's own per-node records need to follow the nodes. Register with
 * {@link Hierarchy#addNodeListener}. Called on the mutating thread; must not change the hierarchy.
 */
public interface NodeListener {
    /**
     * Called for every node of a subtree that {@link Hierarchy#destroy(long)} is about to destroy, parents before
     * children, after the argument was checked and before anything changed: the handle is still live, and its name,
     * user id, transforms and links can still be read.
     *
     * @param hierarchy the hierarchy
     * @param handle the node about to be destroyed
     */
    void destroying(Hierarchy hierarchy, long handle);

    /**
     * Called for every node that {@link Hierarchy#copySubtree} made, parents before children, once the whole copy
     * exists (with its transforms, names, user ids and enabled flags). Does nothing unless overridden.
     *
     * @param hierarchy the hierarchy
     * @param source the node that was copied
     * @param copy the new node
     */
    default void copied(Hierarchy hierarchy, long source, long copy) {
    }
}
