package dev.arbor.bench.peers;

import dev.arbor.hierarchy.StorageLayout;
import java.util.Locale;
import java.util.function.Supplier;

/** Every benchmarked implementation, by the id used in JMH parameters, tables and CSV. */
public enum Implementation {
    /** Arbor's packed hierarchy ({@code arbor-core}). */
    ARBOR("arbor", ArborSystem::new),
    /** Arbor with {@code setUpdateThreads(2)}: large updates split between two threads. */
    ARBOR_2T("arbor-2t", () -> new ArborSystem(2)),
    /**
     * Arbor fixed to the plane layout ({@code StorageLayout.PLANES}), as before session 9: the baseline for what the
     * automatic choice of layout gains on single-node work.
     */
    ARBOR_PLANES("arbor-planes", () -> new ArborSystem(StorageLayout.PLANES)),
    /** jMonkeyEngine 3.9 {@code Node} tree. */
    JME("jme", JmeSystem::new),
    /** libGDX 1.14 g3d {@code Node} tree. */
    GDX("gdx", GdxSystem::new),
    /** Recursive JOML object tree (seed 004). */
    JOML_TREE("joml-tree", JomlTreeSystem::new),
    /** Minko before its rewrite: eager signals (seed 000). */
    MINKO_BEFORE("minko-before", MinkoSignalsSystem::new),
    /** Minko after its rewrite: breadth-first list, one batched loop (seed 000). */
    MINKO_AFTER("minko-after", MinkoBatchedSystem::new),
    /** Seed 001's container: parent links, topological sort, dirty flags. */
    SORT_CONTAINER("sort-container", SortedContainerSystem::new),
    /** Godot's nested set (seed 003). */
    NESTED_SET("nested-set", NestedSetSystem::new);

    private final String id;
    private final Supplier<TransformSystem> factory;

    Implementation(String id, Supplier<TransformSystem> factory) {
        this.id = id;
        this.factory = factory;
    }

    /** @return the id, e.g. {@code joml-tree} */
    public String id() {
        return id;
    }

    /** @return a new, unbuilt instance */
    public TransformSystem create() {
        return factory.get();
    }

    /**
     * Looks an implementation up by its {@link #id()}.
     *
     * @param id e.g. {@code jme} (case-insensitive)
     * @return the implementation
     * @throws IllegalArgumentException if no implementation has that id
     */
    public static Implementation byId(String id) {
        for (Implementation impl : values()) {
            if (impl.id.equals(id.toLowerCase(Locale.ROOT))) {
                return impl;
            }
        }
        throw new IllegalArgumentException("unknown implementation: id=" + id);
    }
}
