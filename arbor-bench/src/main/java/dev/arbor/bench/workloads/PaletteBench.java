package dev.arbor.bench.workloads;

import dev.arbor.bench.check.ReferenceWorlds;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scenes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
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
 * The skinning side of a frame: the palette of every skeleton of {@code crowd} (1,000 × 65 joints), column-major 4×4
 * into one direct buffer, {@code meshFromWorld × jointWorld × inverseBind} with the mesh at each skeleton's root,
 * after an update with nothing moved. Each implementation uses its own matrices
 * ({@link TransformSystem#writePalettes}): Arbor's {@code Skeleton.writePalette}, JOML's {@code invertAffine} and {@code mulAffine} on the tree's
 * {@code Matrix4f} worlds, libGDX's {@code Matrix4} {@code inv} and {@code mul}. The inverse bind matrices are the same
 * seeded random affine matrices for all. The score is ns per call; divide by 65,000 joints. Before timing, the buffer
 * is checked against the palette computed from each node's own world matrix.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.STACK, ForkOptions.JOML_NO_UNSAFE, ForkOptions.VECTOR_MODULE})
public class PaletteBench {
    /** Joints per skeleton of the {@code crowd} scene. */
    static final int JOINTS = Scenes.CROWD_JOINTS;

    /** The implementation under test, built alone in this fork, its inverse bind matrices and upload buffer. */
    @State(Scope.Benchmark)
    public static class Subject {
        /** Implementation id. */
        @Param({"arbor", "gdx", "joml-tree"})
        public String impl;
        TransformSystem system;
        float[] inverseBinds;
        FloatBuffer upload;

        /** Builds and checks the implementation, then checks one palette. */
        @Setup(Level.Trial)
        public void setUp() {
            ForkOptions.announceKernel();
            system = Fixture.create("crowd", impl, Workload.STATIC).system();
            system.update();
            inverseBinds = inverseBinds(system.size(), 2026);
            upload = ByteBuffer.allocateDirect(system.size() * 16 * Float.BYTES).order(ByteOrder.nativeOrder())
                    .asFloatBuffer();
            checkPalettes(system, inverseBinds, upload);
        }
    }

    /**
     * @param nodes number of joints
     * @param seed random seed
     * @return seeded random affine matrices (rotation-like columns within ±1, translations within ±2), 12 per joint
     */
    static float[] inverseBinds(int nodes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        float[] binds = new float[12 * nodes];
        for (int i = 0; i < nodes; i++) {
            for (int e = 0; e < 12; e++) {
                binds[12 * i + e] = (float) (e < 9 ? (e % 4 == 0 ? 1 : 0) + random.nextDouble(-0.5, 0.5)
                        : random.nextDouble(-2, 2));
            }
        }
        return binds;
    }

    /**
     * Writes the palettes once and compares every entry with the one computed in double precision from the node's
     * {@link TransformSystem#getWorld}, within {@code 1e-4 × (1 + |expected|)} (the implementations round their
     * products differently).
     *
     * @param system an updated system
     * @param inverseBinds 12 floats per node
     * @param upload a buffer of {@code 16 × size()} floats
     * @throws IllegalStateException at the first element out of tolerance
     */
    static void checkPalettes(TransformSystem system, float[] inverseBinds, FloatBuffer upload) {
        for (int i = 0; i < upload.limit(); i++) {
            upload.put(i, Float.NaN);
        }
        system.writePalettes(JOINTS, inverseBinds, upload);
        float[] world = new float[TransformSystem.WORLD_STRIDE];
        double[] mesh = new double[12];
        for (int node = 0; node < system.size(); node++) {
            system.getWorld(node, world, 0);
            if (node % JOINTS == 0) {
                invert(world, mesh);
            }
            double[] meshFromJoint = new double[12];
            ReferenceWorlds.multiply(mesh, 0, toDouble(world, 0), meshFromJoint, 0);
            double[] entry = new double[12];
            ReferenceWorlds.multiply(meshFromJoint, 0, toDouble(inverseBinds, 12 * node), entry, 0);
            for (int c = 0; c < 4; c++) {
                for (int r = 0; r < 4; r++) {
                    double want = r < 3 ? entry[3 * c + r] : c == 3 ? 1 : 0;
                    float got = upload.get(16 * node + 4 * c + r);
                    if (!(Math.abs(got - want) <= 1e-4 * (1 + Math.abs(want)))) {
                        throw new IllegalStateException(system.id() + " wrote palette entry " + node + " column " + c
                                + " row " + r + " as " + got + ", expected " + want);
                    }
                }
            }
        }
    }

    private static double[] toDouble(float[] m, int o) {
        double[] d = new double[12];
        for (int k = 0; k < 12; k++) {
            d[k] = m[o + k];
        }
        return d;
    }

    private static void invert(float[] m, double[] out) {
        double[] a = toDouble(m, 0);
        double c00 = a[4] * a[8] - a[7] * a[5];
        double c01 = a[7] * a[2] - a[1] * a[8];
        double c02 = a[1] * a[5] - a[4] * a[2];
        double c10 = a[6] * a[5] - a[3] * a[8];
        double c11 = a[0] * a[8] - a[6] * a[2];
        double c12 = a[3] * a[2] - a[0] * a[5];
        double c20 = a[3] * a[7] - a[6] * a[4];
        double c21 = a[6] * a[1] - a[0] * a[7];
        double c22 = a[0] * a[4] - a[3] * a[1];
        double s = 1 / (a[0] * c00 + a[3] * c01 + a[6] * c02);
        double[] lin = {c00 * s, c01 * s, c02 * s, c10 * s, c11 * s, c12 * s, c20 * s, c21 * s, c22 * s};
        System.arraycopy(lin, 0, out, 0, 9);
        for (int row = 0; row < 3; row++) {
            out[9 + row] = -(lin[row] * a[9] + lin[3 + row] * a[10] + lin[6 + row] * a[11]);
        }
    }

    /**
     * Every skeleton's palette into the upload buffer.
     *
     * @param s the subject
     * @return the buffer, consumed by JMH
     */
    @Benchmark
    public FloatBuffer writePalettes(Subject s) {
        s.system.writePalettes(JOINTS, s.inverseBinds, s.upload);
        return s.upload;
    }
}
