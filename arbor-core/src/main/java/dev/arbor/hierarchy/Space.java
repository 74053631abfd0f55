package dev.arbor.hierarchy;

/**
 * The frame a relative move is given in ({@link Hierarchy#translate}, {@link Hierarchy#rotate}).
 */
public enum Space {
    /** The node's own axes: after its local rotation, before its own scale (in its parent's units). */
    LOCAL,
    /** The parent's axes: the frame the local transform is written in (the world's, for a root). */
    PARENT,
    /** The world's axes. */
    WORLD
}
