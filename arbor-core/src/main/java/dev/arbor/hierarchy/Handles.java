package dev.arbor.hierarchy;

/**
 * Helpers for Arbor's {@code long} node handles. A handle packs a slot (low 32 bits), the tag of the hierarchy that
 * issued it (the next {@value #TAG_BITS} bits) and that slot's generation at the time the node was created (the top
 * {@value #GENERATION_BITS} bits). Generations start at 1 and tags at 1, so {@link #NULL} (0) is never a live
 * handle; when a node is destroyed its slot's generation changes, so old handles to it are recognised as stale even
 * after the slot is reused. A slot whose generation would wrap around is retired, never reused.
 *
 * <p>Each {@link Hierarchy} takes the next of {@value #TAGS} tags when it is created (the 1,024th hierarchy of a
 * JVM shares the first one's tag): a handle given to another hierarchy than the one that issued it is refused with
 * an error that says so (where the tags differ), at no cost to reads, since the tag is part of the word compared with
 * the slot's generation anyway.
 */
public final class Handles {
    /** The handle that names no node: returned for "no parent", "no sibling" and similar misses. */
    public static final long NULL = 0L;
    /** Bits of a handle that name the hierarchy that issued it. */
    public static final int TAG_BITS = 10;
    /** Bits of a handle that hold its slot's generation. */
    public static final int GENERATION_BITS = 32 - TAG_BITS;
    /** Distinct hierarchy tags: 1 to {@code TAGS}. */
    public static final int TAGS = (1 << TAG_BITS) - 1;
    /** The generation bits of the high word. */
    static final int GENERATION_MASK = (1 << GENERATION_BITS) - 1;

    private Handles() {
    }

    /**
     * @param slot slot index
     * @param tagAndGeneration the high word: the hierarchy's tag above the slot's generation
     * @return the packed handle
     */
    static long of(int slot, int tagAndGeneration) {
        return ((long) tagAndGeneration << 32) | (slot & 0xFFFF_FFFFL);
    }

    /**
     * @param tag a hierarchy tag in [1, {@link #TAGS}]
     * @param generation a generation in [1, 2^{@value #GENERATION_BITS})
     * @return the high word of a handle of that tag and generation
     */
    static int word(int tag, int generation) {
        return tag << GENERATION_BITS | generation;
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
     * @return its generation (the top {@value #GENERATION_BITS} bits)
     */
    public static int generation(long handle) {
        return (int) (handle >>> 32) & GENERATION_MASK;
    }

    /**
     * @param handle a handle
     * @return the tag of the hierarchy that issued it (0 for {@link #NULL})
     */
    public static int hierarchyTag(long handle) {
        return (int) (handle >>> 32 + GENERATION_BITS);
    }

    /**
     * @param handle a handle
     * @return a readable form such as {@code handle(slot=12, generation=3)}, or {@code handle(null)}
     */
    public static String toString(long handle) {
        return handle == NULL ? "handle(null)" : "handle(slot=" + slot(handle) + ", generation=" + generation(handle)
                + ")";
    }
}
