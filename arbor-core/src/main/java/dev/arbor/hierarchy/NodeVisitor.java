package dev.arbor.hierarchy;

/**
 * Visits nodes in {@link Hierarchy#traverse}: for each node, says whether to go on, to skip the node's subtree, or
 * to stop. Must not create, destroy or move nodes (transforms may change).
 */
@FunctionalInterface
public interface NodeVisitor {
    /** What a traversal does after a node. */
    enum Visit {
        /** Go on: visit the node's children in turn. */
        CONTINUE,
        /** Do not visit the node's descendants; go on with the rest. */
        SKIP_SUBTREE,
        /** End the traversal now. */
        STOP
    }

    /**
     * @param handle the node
     * @param depth its depth below the traversal's start (0 for the start, or for a root when walking the forest)
     * @return what to do next; {@code null} is taken as {@link Visit#CONTINUE}
     */
    Visit visit(long handle, int depth);
}
