package dev.arbor.bench.workloads;

import dev.arbor.bench.peers.Workload;

/** Maps JMH benchmark method names to {@link Workload}s and back. */
public final class BenchMethods {
    private BenchMethods() {
    }

    /**
     * @param benchmark a JMH benchmark name, e.g. {@code dev.arbor.bench.workloads.FrameBench.allDirty}
     * @return the workload its method times
     * @throws IllegalArgumentException if the method is not a workload
     */
    public static Workload workloadOf(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        switch (method) {
            case "allDirty": return Workload.ALL_DIRTY;
            case "dirty1pct": return Workload.DIRTY_1PCT;
            case "staticFrame": return Workload.STATIC;
            case "rootsMoved": return Workload.ROOTS_MOVED;
            case "setGetForward": return Workload.SET_GET_FORWARD;
            case "setGetReverse": return Workload.SET_GET_REVERSE;
            case "setGetSome": return Workload.SET_GET_SOME;
            case "reparentChurn": return Workload.REPARENT_CHURN;
            case "bounds1pct": return Workload.BOUNDS_1PCT;
            case "frustumQuery": return Workload.FRUSTUM_QUERY;
            default: throw new IllegalArgumentException("not a workload method: benchmark=" + benchmark);
        }
    }

    /**
     * @param workload a workload
     * @return the regular expression selecting its JMH method, e.g. {@code FrameBench\.allDirty$}
     */
    public static String includeOf(Workload workload) {
        switch (workload) {
            case ALL_DIRTY: return "FrameBench\\.allDirty$";
            case DIRTY_1PCT: return "FrameBench\\.dirty1pct$";
            case STATIC: return "FrameBench\\.staticFrame$";
            case ROOTS_MOVED: return "FrameBench\\.rootsMoved$";
            case SET_GET_FORWARD: return "SetAndGetBench\\.setGetForward$";
            case SET_GET_REVERSE: return "SetAndGetBench\\.setGetReverse$";
            case SET_GET_SOME: return "SetAndGetBench\\.setGetSome$";
            case REPARENT_CHURN: return "ReparentBench\\.reparentChurn$";
            case BOUNDS_1PCT: return "BoundsBench\\.bounds1pct$";
            case FRUSTUM_QUERY: return "BoundsBench\\.frustumQuery$";
            default: throw new IllegalArgumentException("unknown workload: " + workload);
        }
    }
}
