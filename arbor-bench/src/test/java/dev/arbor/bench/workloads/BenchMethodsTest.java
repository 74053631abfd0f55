package dev.arbor.bench.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.bench.peers.Workload;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchMethodsTest {

    @Test
    void everyWorkloadHasItsJmhMethodAndBack() {
        Map<Workload, String> includes = new EnumMap<>(Workload.class);
        includes.put(Workload.ALL_DIRTY, "FrameBench\\.allDirty$");
        includes.put(Workload.DIRTY_1PCT, "FrameBench\\.dirty1pct$");
        includes.put(Workload.STATIC, "FrameBench\\.staticFrame$");
        includes.put(Workload.ROOTS_MOVED, "FrameBench\\.rootsMoved$");
        includes.put(Workload.SET_GET_FORWARD, "SetAndGetBench\\.setGetForward$");
        includes.put(Workload.SET_GET_REVERSE, "SetAndGetBench\\.setGetReverse$");
        includes.put(Workload.SET_GET_SOME, "SetAndGetBench\\.setGetSome$");
        includes.put(Workload.REPARENT_CHURN, "ReparentBench\\.reparentChurn$");
        includes.put(Workload.BOUNDS_1PCT, "BoundsBench\\.bounds1pct$");
        includes.put(Workload.FRUSTUM_QUERY, "BoundsBench\\.frustumQuery$");
        assertThat(includes).hasSize(Workload.values().length);
        for (Workload w : Workload.values()) {
            assertThat(BenchMethods.includeOf(w)).as("%s", w).isEqualTo(includes.get(w));
            String benchmark = "dev.arbor.bench.workloads." + includes.get(w).replace("\\.", ".").replace("$", "");
            assertThat(BenchMethods.workloadOf(benchmark)).as(benchmark).isEqualTo(w);
        }
        assertThatThrownBy(() -> BenchMethods.workloadOf("dev.arbor.bench.workloads.FrameBench.setUp"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a workload method: benchmark=dev.arbor.bench.workloads.FrameBench.setUp");
    }

    @Test
    void fixtureMethodsAreNamedAsTheJmhMethods() throws NoSuchMethodException {
        for (Workload w : Workload.values()) {
            if (!w.bounds()) {
                assertThat(Fixture.class.getMethod(BenchMethods.methodOf(w)).getParameterCount()).as("%s", w)
                        .isZero();
            }
        }
    }
}
