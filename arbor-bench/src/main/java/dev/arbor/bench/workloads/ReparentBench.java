package dev.arbor.bench.workloads;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Reparent churn: per operation one random subtree moves under a random non-descendant, the hierarchy updates, the
 * subtree moves back, and it updates again (so the tree is the same before every operation).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class ReparentBench {
    /** The implementation under test, built alone in this fork from one scene and checked before timing. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Scene name. */
        @Param({"seed-6000", "game-100k"})
        public String scene;
        /** Implementation id. */
        @Param({"arbor", "arbor-planes", "jme", "gdx", "joml-tree", "minko-before", "minko-after", "sort-container",
            "nested-set"})
        public String impl;
        Fixture fixture;

        /**
         * Builds, checks and prepares the workload of the running benchmark method.
         *
         * @param params the running benchmark
         */
        @Setup(Level.Trial)
        public void setUp(BenchmarkParams params) {
            ForkOptions.announceKernel();
            fixture = Fixture.create(scene, impl, BenchMethods.workloadOf(params.getBenchmark()));
        }
    }

    /**
     * Move, update, move back, update.
     *
     * @param s the subject
     */
    @Benchmark
    public void reparentChurn(Subject s) {
        s.fixture.reparentChurn();
    }
}
