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
 * Godot's set-and-get workloads (seed 003): set a node's local rotation, then read its world matrix, node after
 * node, with no explicit update — so each read pays whatever the implementation needs to be current.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class SetAndGetBench {
    /** The implementation under test, built alone in this fork from one scene and checked before timing. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Scene name. */
        @Param({"seed-6000", "crowd"})
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
     * Parent-first set-and-get of every node.
     *
     * @param s the subject
     * @return a checksum, consumed by JMH
     */
    @Benchmark
    public float setGetForward(Subject s) {
        return s.fixture.setGetForward();
    }

    /**
     * Child-first set-and-get of every node.
     *
     * @param s the subject
     * @return a checksum, consumed by JMH
     */
    @Benchmark
    public float setGetReverse(Subject s) {
        return s.fixture.setGetReverse();
    }

    /**
     * Set-and-get of a fixed 10% subset.
     *
     * @param s the subject
     * @return a checksum, consumed by JMH
     */
    @Benchmark
    public float setGetSome(Subject s) {
        return s.fixture.setGetSome();
    }
}
