package dev.arbor.bench.peers;

import java.util.Locale;

/** The benchmark workloads of DESIGN.md and of the bounds issue, each named as in the result tables. */
public enum Workload {
    /** A new rotation on every node, then an update. */
    ALL_DIRTY("all-dirty"),
    /** A new rotation on a fixed random 1% of the nodes, then an update. */
    DIRTY_1PCT("dirty-1pct"),
    /** Nothing changed, an update. */
    STATIC("static"),
    /** Every root's translation changed, then an update. */
    ROOTS_MOVED("roots-moved"),
    /** For each node parent-first: set its rotation, then read its world matrix (Godot's benchmark, seed 003). */
    SET_GET_FORWARD("set-get-forward"),
    /** For each node child-first: set its rotation, then read its world matrix. */
    SET_GET_REVERSE("set-get-reverse"),
    /** For a fixed random 10% of the nodes, parent-first: set its rotation, then read its world matrix. */
    SET_GET_SOME("set-get-some"),
    /** Move a random subtree under a random non-descendant, update, move it back, update. */
    REPARENT_CHURN("reparent-churn"),
    /**
     * Bounds: new rotations on a fixed random 1% of the nodes, update, bring the world bounds up to date and read the
     * roots' subtree bounds. Runs on a {@link dev.arbor.bench.bounds.BoundsSystem}.
     */
    BOUNDS_1PCT("bounds-1pct", true),
    /** Bounds: the nodes whose world box a fixed camera's frustum does not exclude (about 10% visible). */
    FRUSTUM_QUERY("frustum-query", true);

    private final String id;
    private final boolean bounds;

    Workload(String id) {
        this(id, false);
    }

    Workload(String id, boolean bounds) {
        this.id = id;
        this.bounds = bounds;
    }

    /**
     * @return whether the workload measures bounds and culling ({@link dev.arbor.bench.bounds.BoundsSystem}s,
     *     {@code BoundsBench}) rather than transforms ({@link TransformSystem}s)
     */
    public boolean bounds() {
        return bounds;
    }

    /** @return the workload's name in tables and CSV, e.g. {@code all-dirty} */
    public String id() {
        return id;
    }

    /**
     * Looks a workload up by its {@link #id()}.
     *
     * @param id e.g. {@code all-dirty} (case-insensitive)
     * @return the workload
     * @throws IllegalArgumentException if no workload has that name
     */
    public static Workload byId(String id) {
        for (Workload w : values()) {
            if (w.id.equals(id.toLowerCase(Locale.ROOT))) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload: id=" + id);
    }
}
