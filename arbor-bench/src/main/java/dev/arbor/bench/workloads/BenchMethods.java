package dev.arbor.bench.workloads;

import dev.arbor.bench.peers.Workload;

/** Maps JMH benchmark method names to {@link Workload}s and back. */
public final class BenchMethods {
    private BenchMethods() {
    }

    /**
     * @param workload a workload
     * @return the name of the JMH method that times it, e.g. {@code allDirty}; for every workload but the bounds
     *     ones, also the name of the {@link Fixture} method that runs one operation of it
     */
    public static String methodOf(Workload workload) {
        switch (workload) {
            case ALL_DIRTY: return "allDirty";
            case DIRTY_1PCT: return "dirty1pct";
            case STATIC: return "staticFrame";
            case ROOTS_MOVED: return "rootsMoved";
            case SET_GET_FORWARD: return "setGetForward";
            case SET_GET_REVERSE: return "setGetReverse";
            case SET_GET_SOME: return "setGetSome";
            case REPARENT_CHURN: return "reparentChurn";
            case BOUNDS_1PCT: return "bounds1pct";
            case FRUSTUM_QUERY: return "frustumQuery";
            default: throw new IllegalArgumentException("unknown workload: " + workload);
        }
    }

    /**
     * @param benchmark a JMH benchmark name, e.g. {@code dev.arbor.bench.workloads.FrameBench.allDirty}
     * @return the workload its method times
     * @throws IllegalArgumentException if the method is not a workload
     */
    public static Workload workloadOf(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        for (Workload w : Workload.values()) {
            if (methodOf(w).equals(method)) {
                return w;
            }
        }
        throw new IllegalArgumentException("not a workload method: benchmark=" + benchmark);
    }

    /**
     * @param workload a workload
     * @return the regular expression selecting its JMH method, e.g. {@code FrameBench\.allDirty$}
     */
    public static String includeOf(Workload workload) {
        String bench;
        switch (workload) {
            case SET_GET_FORWARD:
            case SET_GET_REVERSE:
            case SET_GET_SOME:
                bench = "SetAndGetBench";
                break;
            case REPARENT_CHURN:
                bench = "ReparentBench";
                break;
            case BOUNDS_1PCT:
            case FRUSTUM_QUERY:
                bench = "BoundsBench";
                break;
            default:
                bench = "FrameBench";
        }
        return bench + "\\." + methodOf(workload) + "$";
    }
}
