package dev.arbor.bench.report;

/**
 * One benchmark score: implementation {@code implementation} running {@code workload} on {@code scene}.
 *
 * @param scene scene name
 * @param workload workload id (see {@link dev.arbor.bench.peers.Workload#id()})
 * @param implementation implementation id
 * @param nsPerOp mean time of one operation, ns
 * @param errorNsPerOp JMH's 99.9% confidence half-interval, ns ({@code NaN} if unknown)
 * @param nodes nodes in the scene
 */
public record Result(String scene, String workload, String implementation, double nsPerOp, double errorNsPerOp,
                     int nodes) {
    /** @return mean time per node, ns */
    public double nsPerNode() {
        return nsPerOp / nodes;
    }
}
