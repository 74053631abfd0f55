package dev.arbor.bench.workloads;

import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * The renderer's side of a frame: every node's world matrix written, column-major 4×4, into one direct buffer (a GPU
 * upload), after an update with nothing moved. Each implementation uses its own way of writing matrices into a buffer
 * ({@link TransformSystem#exportWorlds}): Arbor's bulk {@code writeWorldMatrices}, JOML's {@code Matrix4f.get(index,
 * buffer)} per node, libGDX's matrix values put per node. The score is ns per export; divide by the scene's nodes.
 * Before timing, the buffer is checked against every node's own world matrix.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class ExportBench {
    /** The implementation under test, built alone in this fork from one scene, and its upload buffer. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Scene name. */
        @Param({"seed-6000", "million"})
        public String scene;
        /** Implementation id. */
        @Param({"arbor", "gdx", "joml-tree"})
        public String impl;
        TransformSystem system;
        FloatBuffer upload;

        /** Builds and checks the implementation (as every benchmark does), then checks one export. */
        @Setup(Level.Trial)
        public void setUp() {
            ForkOptions.announceKernel();
            system = Fixture.create(scene, impl, Workload.STATIC).system();
            system.update();
            upload = ByteBuffer.allocateDirect(system.size() * 16 * Float.BYTES).order(ByteOrder.nativeOrder())
                    .asFloatBuffer();
            checkExport(system, upload);
        }
    }

    /**
     * Exports once and compares every matrix with the node's {@link TransformSystem#getWorld}.
     *
     * @param system an updated system
     * @param upload a buffer of {@code 16 × size()} floats
     * @throws IllegalStateException at the first element that differs
     */
    static void checkExport(TransformSystem system, FloatBuffer upload) {
        for (int i = 0; i < upload.limit(); i++) {
            upload.put(i, Float.NaN);
        }
        system.exportWorlds(upload);
        float[] world = new float[TransformSystem.WORLD_STRIDE];
        for (int node = 0; node < system.size(); node++) {
            system.getWorld(node, world, 0);
            for (int c = 0; c < 4; c++) {
                for (int r = 0; r < 4; r++) {
                    float want = r < 3 ? world[3 * c + r] : c == 3 ? 1f : 0f;
                    float got = upload.get(16 * node + 4 * c + r);
                    if (Float.compare(got, want) != 0) {
                        throw new IllegalStateException(system.id() + " exported node " + node + " column " + c
                                + " row " + r + " as " + got + ", its world matrix has " + want);
                    }
                }
            }
        }
    }

    /**
     * Every world matrix into the upload buffer.
     *
     * @param s the subject
     * @return the buffer, consumed by JMH
     */
    @Benchmark
    public FloatBuffer exportAll(Subject s) {
        s.system.exportWorlds(s.upload);
        return s.upload;
    }
}
