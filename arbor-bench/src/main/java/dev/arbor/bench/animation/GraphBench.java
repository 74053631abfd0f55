package dev.arbor.bench.animation;

import dev.arbor.bench.workloads.ForkOptions;
import dev.arbor.hierarchy.Kernels;
import java.nio.FloatBuffer;
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

/**
 * Animation graphs on the 1,000 CesiumMan crowd: each instance in a three-clip 1D locomotion blend space by its own
 * speed, turning between two states with a 0.1 s cross-fade once a second at its own frame, so that 10% of the crowd
 * is in a transition at any frame ({@link GraphScript}). Implementations: {@code arbor-graph} ({@link ArborGraphCrowd}:
 * {@code GraphCrowd.update}, {@code update()}, palettes), {@code jme-graph} ({@link JmeGraphCrowd}: jMonkeyEngine
 * 3.9's {@code AnimComposer} with a {@code BlendAction} over a {@code LinearBlendSpace} of the same clips), and
 * {@code arbor-clip}, the single-clip crowd frame of the same build ({@link ArborCrowd}, {@code CrowdBench}'s
 * {@code arbor} on {@code cesium-1000}) as the yardstick. Benchmarks as {@link CrowdBench}: {@link #frame} (the
 * three phases), {@link #sample} (the graph or the sampling alone); ns per frame.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class GraphBench {
    /** The implementation under test, built alone in this fork, and its palette buffer. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** {@code arbor-graph}, {@code jme-graph} or {@code arbor-clip}. */
        @Param({"arbor-graph", "jme-graph", "arbor-clip"})
        public String impl;
        CrowdSystem system;
        FloatBuffer palettes;
        float clock;

        /** Waits for Arbor's vector kernel, builds the implementation and reports the crowd. */
        @Setup(Level.Trial)
        public void setUp() {
            Kernels.warmUp();
            ForkOptions.announceKernel();
            Crowd c = Crowd.of("cesium-1000");
            system = switch (impl) {
                case "arbor-graph" -> new ArborGraphCrowd();
                case "jme-graph" -> new JmeGraphCrowd();
                case "arbor-clip" -> CrowdSystem.byId("arbor");
                default -> throw new IllegalArgumentException("unknown graph implementation: " + impl);
            };
            system.build(c);
            palettes = CrowdCheck.paletteBuffer(c.count(), c.joints());
            System.err.println("# crowd: " + c + "; " + impl);
        }

        float nextFrame() {
            clock = clock > 1000 ? 0 : clock + Crowd.FRAME;
            return clock;
        }
    }

    /**
     * The whole frame.
     *
     * @param s the subject
     * @return a palette value, consumed by JMH
     */
    @Benchmark
    public float frame(Subject s) {
        s.system.frame(s.nextFrame(), s.palettes);
        return s.palettes.get(0);
    }

    /**
     * The graph (or the clip's sampling) and the writes into the nodes alone.
     *
     * @param s the subject
     * @return the clock, consumed by JMH
     */
    @Benchmark
    public float sample(Subject s) {
        float clock = s.nextFrame();
        s.system.sample(clock);
        return clock;
    }
}
