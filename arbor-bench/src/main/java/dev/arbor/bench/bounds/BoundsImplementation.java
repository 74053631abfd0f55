package dev.arbor.bench.bounds;

import java.util.Locale;
import java.util.function.Supplier;

/** Every bounds implementation, by the id used in JMH parameters, tables and CSV. */
public enum BoundsImplementation {
    /** Arbor's lazy {@code HierarchyBounds}. */
    ARBOR("arbor", ArborBounds::new),
    /** Every box recomputed and every box tested, flat arrays. */
    LINEAR("linear", LinearBounds::new),
    /** jMonkeyEngine 3.9 bounding volumes and camera culling. */
    JME("jme", JmeBounds::new);

    private final String id;
    private final Supplier<BoundsSystem> factory;

    BoundsImplementation(String id, Supplier<BoundsSystem> factory) {
        this.id = id;
        this.factory = factory;
    }

    /** @return the id, e.g. {@code linear} */
    public String id() {
        return id;
    }

    /** @return a new, unbuilt instance */
    public BoundsSystem create() {
        return factory.get();
    }

    /**
     * Looks an implementation up by its {@link #id()}.
     *
     * @param id e.g. {@code jme} (case-insensitive)
     * @return the implementation
     * @throws IllegalArgumentException if no bounds implementation has that id
     */
    public static BoundsImplementation byId(String id) {
        for (BoundsImplementation impl : values()) {
            if (impl.id.equals(id.toLowerCase(Locale.ROOT))) {
                return impl;
            }
        }
        throw new IllegalArgumentException("unknown bounds implementation: id=" + id);
    }
}
