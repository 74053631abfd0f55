package dev.arbor.bench.bounds;

import dev.arbor.bench.workloads.ForkOptions;
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
 * Bounds and culling on {@code game-100k} (see {@link BoundsScene}): keeping the world bounds current after 1% of the
 * nodes moved, and a frustum query that sees about 10% of the nodes. Implementations: {@code arbor}
 * ({@code HierarchyBounds}), {@code linear} (recompute and test everything, flat arrays), {@code jme}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class BoundsBench {
    /** The implementation under test, built alone in this fork and checked against the linear reference. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Scene name. */
        @Param({"game-100k"})
        public String scene;
        /** Bounds implementation id. */
        @Param({"arbor", "linear", "jme"})
        public String impl;
        BoundsFixture fixture;

        /** Builds, checks and reports the gate's findings (visible counts, box errors) into the fork's log. */
        @Setup(Level.Trial)
        public void setUp() {
            ForkOptions.announceKernel();
            BoundsScene boundsScene = BoundsScene.of(scene);
            fixture = BoundsFixture.create(boundsScene, BoundsImplementation.byId(impl));
            System.err.println("# " + fixture.report());
            int visible = fixture.frustumQuery();
            double fraction = boundsScene.visibleFraction(visible);
            if (fraction < BoundsScene.MIN_VISIBLE || fraction > BoundsScene.MAX_VISIBLE) {
                throw new IllegalStateException("camera sees " + visible + " of " + boundsScene.scene().size()
                        + " nodes, outside [" + BoundsScene.MIN_VISIBLE + ", " + BoundsScene.MAX_VISIBLE + "]");
            }
        }
    }

    /**
     * Move 1% of the nodes, update, bring the bounds up to date, read the scene's bounds.
     *
     * @param s the subject
     * @return a value of the scene box, consumed by JMH
     */
    @Benchmark
    public float bounds1pct(Subject s) {
        return s.fixture.bounds1pct();
    }

    /**
     * Frustum query against the fixed camera.
     *
     * @param s the subject
     * @return the visible count, consumed by JMH
     */
    @Benchmark
    public int frustumQuery(Subject s) {
        return s.fixture.frustumQuery();
    }
}
