package dev.arbor.hierarchy;

/**
 * Told, after each {@link Hierarchy#update()}, about every node whose world matrix was recomputed since the previous
 * update, in parent-before-child order. Called on the thread that called {@code update()}, after every world matrix
 * is up to date, so a listener may read any node. It may change local transforms and topology (those take effect at
 * the next update) but must not call {@code update()} itself. A node that a listener destroys is not reported to any
 * listener afterwards (its handle is never handed out stale); it stays in the update's change set
 * ({@link Hierarchy#changedHandle}).
 */
@FunctionalInterface
public interface WorldChangeListener {
    /**
     * Called once per changed node.
     *
     * @param hierarchy the hierarchy that updated
     * @param handle the node whose world matrix changed
     */
    void worldChanged(Hierarchy hierarchy, long handle);
}
