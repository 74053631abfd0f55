package dev.arbor.bench.report;

import java.util.List;

/**
 * One benchmark score: implementation {@code implementation} running {@code workload} on {@code scene}.
 *
 * @param scene scene name
 * @param workload workload id (see {@link dev.arbor.bench.peers.Workload#id()})
 * @param implementation implementation id
 * @param nsPerOp mean time of one operation, ns
 * @param errorNsPerOp JMH's 99.9% confidence half-interval, ns ({@code NaN} if unknown)
 * @param nodes nodes in the scene
 * @param concerns why the score is not trustworthy ({@link Stability#concerns}); empty if it is, or was not judged
 */
public record Result(String scene, String workload, String implementation, double nsPerOp, double errorNsPerOp,
                     int nodes, List<String> concerns) {
    /** Copies {@code concerns}. */
    public Result {
        concerns = List.copyOf(concerns);
    }

    /**
     * A score that was not judged (e.g. read back from JSON).
     *
     * @param scene scene name
     * @param workload workload id
     * @param implementation implementation id
     * @param nsPerOp mean time of one operation, ns
     * @param errorNsPerOp JMH's 99.9% confidence half-interval, ns ({@code NaN} if unknown)
     * @param nodes nodes in the scene
     */
    public Result(String scene, String workload, String implementation, double nsPerOp, double errorNsPerOp,
                  int nodes) {
        this(scene, workload, implementation, nsPerOp, errorNsPerOp, nodes, List.of());
    }

    /** @return mean time per node, ns */
    public double nsPerNode() {
        return nsPerOp / nodes;
    }

    /** @return the error per node, ns ({@code NaN} if unknown) */
    public double errorNsPerNode() {
        return errorNsPerOp / nodes;
    }

    /** @return whether {@link #concerns} names a reason not to trust the score */
    public boolean flagged() {
        return !concerns.isEmpty();
    }
}
