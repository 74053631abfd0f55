package dev.arbor.hierarchy;

/**
 * Helpers for Arbor's {@code long} node handles. A handle packs a slot (low 32 bits) and that slot's generation at
 * the time the node was created (high 32 bits). Generations start at 1, so {@link #NULL} (0) is never a live
 * handle; when a node is destroyed its slot's generation changes, so old handles to it are recognised as stale even
 * after the slot is reused. Handles are meaningful only to the {@link Hierarchy} that issued them.
 */
public final class Handles {
    /** The handle that names no node: returned for "no parent", "no sibling" and similar misses. */
    public static final long NULL = 0L;

    private Handles() {
    }

    /**
     * @param slot slot index
     * @param generation generation
     * @return the packed handle
     */
    static long of(int slot, int generation) {
        return ((long) generation << 32) | (slot & 0xFFFF_FFFFL);
    }

    /**
     * @param handle a handle
     * @return its slot (low 32 bits)
     */
    public static int slot(long handle) {
        return (int) handle;
    }

    /**
     * @param handle a handle
     * @return its generation (high 32 bits)
     */
    public static int generation(long handle) {
        return (int) (handle >>> 32);
    }

    /**
     * @param handle a handle
     * @return a readable form such as {@code handle(slot=12, generation=3)}, or {@code handle(null)}
     */
    public static String toString(long handle) {
        return handle == NULL ? "handle(null)"
                : "handle(slot=" + slot(handle) + ", generation=" + Integer.toUnsignedString(generation(handle)) + ")";
    }
}
