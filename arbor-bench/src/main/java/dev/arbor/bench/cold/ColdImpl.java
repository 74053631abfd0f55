package dev.arbor.bench.cold;

import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.workloads.ForkOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The implementations the cold-start benchmark starts fresh JVMs for, with the JVM options of each: Arbor twice (with
 * the incubating vector module, so its vector kernel runs, and without it, so its scalar kernel runs) and the three
 * peers of the headline table. The peers get the options of a JMH benchmark fork ({@link ForkOptions}), vector module
 * included, as in {@code FrameBench}.
 */
public enum ColdImpl {
    /** Arbor with {@code --add-modules=jdk.incubator.vector}: the vector kernel. */
    ARBOR("arbor", Implementation.ARBOR, true),
    /** Arbor without the vector module: the scalar kernel. */
    ARBOR_SCALAR("arbor-scalar", Implementation.ARBOR, false),
    /** jMonkeyEngine's {@code Node} tree. */
    JME("jme", Implementation.JME, true),
    /** libGDX's g3d {@code Node} tree. */
    GDX("gdx", Implementation.GDX, true),
    /** The JOML object tree. */
    JOML_TREE("joml-tree", Implementation.JOML_TREE, true);

    private final String id;
    private final Implementation implementation;
    private final boolean vectorModule;

    ColdImpl(String id, Implementation implementation, boolean vectorModule) {
        this.id = id;
        this.implementation = implementation;
        this.vectorModule = vectorModule;
    }

    /** @return the id used by {@code --impls} and in the report, e.g. {@code arbor-scalar} */
    public String id() {
        return id;
    }

    /** @return the benchmarked implementation the fresh JVM builds */
    public Implementation implementation() {
        return implementation;
    }

    /** @return whether this is one of Arbor's two configurations (the only ones that read glTF here) */
    public boolean isArbor() {
        return implementation == Implementation.ARBOR;
    }

    /** @return the JVM options of a fresh JVM for this configuration, before the class path */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of(ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE));
        if (vectorModule) {
            options.add(ForkOptions.VECTOR_MODULE);
        }
        return options;
    }

    /** @return every id, in declaration order */
    public static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (ColdImpl impl : values()) {
            ids.add(impl.id);
        }
        return ids;
    }

    /**
     * @param id an {@link #id()} (case-insensitive)
     * @return the configuration
     * @throws IllegalArgumentException if no configuration has that id
     */
    public static ColdImpl byId(String id) {
        for (ColdImpl impl : values()) {
            if (impl.id.equals(id.toLowerCase(Locale.ROOT))) {
                return impl;
            }
        }
        throw new IllegalArgumentException("unknown implementation '" + id + "': known are "
                + String.join(",", ids()));
    }
}
