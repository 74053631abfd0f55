package dev.arbor.bench.gl;

import dev.arbor.gl.GlContext;
import dev.arbor.gl.WorldMatrixBuffer;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A static scene of 100,000 nodes (1,000 roots with 99 leaves each) where 1% of the nodes (one leaf per root) move
 * each frame: the frame's {@link Hierarchy#update()} alone ({@code update1pct}) against the update followed by
 * {@link WorldMatrixBuffer#sync()}, which uploads the 1,000 moved world matrices (64,000 bytes) to an OpenGL buffer
 * ({@code updateAndUpload1pct}), by each {@link WorldMatrixBuffer.Upload} method. Scores are ns per frame. The GL context is made on the benchmark thread (offscreen,
 * EGL; Mesa's llvmpipe here).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class StaticSceneUploadBench {
    /** Roots, and leaves under each. */
    static final int ROOTS = 1_000;
    static final int LEAVES = 99;

    /** The scene, its GL buffer and the frame's moves. */
    @State(Scope.Thread)
    public static class Scene {
        /** How the moved matrices go up ({@link WorldMatrixBuffer.Upload}). */
        @Param({"SUB_DATA", "MAPPED"})
        public String upload;
        /** How the changed matrices are found ({@link WorldMatrixBuffer.Changes}). */
        @Param({"SINCE_LAST_SYNC", "LATEST_UPDATE"})
        public String changes;
        Hierarchy h;
        long[] leaves;
        GlContext gl;
        WorldMatrixBuffer worlds;
        final SplittableRandom random = new SplittableRandom(49);
        int frame;
        /** What {@code updateAndExport1pct} exports into: the changed matrices and their handles. */
        final FloatBuffer exported = ByteBuffer.allocateDirect(64 * ROOTS * (1 + LEAVES))
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        final long[] exportedHandles = new long[ROOTS * (1 + LEAVES)];
        long exportedVersion = -1;
        /** Frames synced after the first upload. */
        long syncs;

        /** Builds the scene, makes the context on this thread and uploads every matrix once. */
        @Setup(Level.Trial)
        public void setUp() {
            h = new Hierarchy(ROOTS * (1 + LEAVES));
            leaves = new long[ROOTS * LEAVES];
            for (int r = 0; r < ROOTS; r++) {
                long root = h.createRoot();
                h.setLocalTranslation(root, r, 0, 0);
                for (int l = 0; l < LEAVES; l++) {
                    leaves[r * LEAVES + l] = h.createChild(root);
                    h.setLocalTranslation(leaves[r * LEAVES + l], 0, l, 0);
                }
            }
            h.update();
            gl = GlContext.offscreen(4, 4);
            worlds = new WorldMatrixBuffer(h, WorldMatrixBuffer.Changes.valueOf(changes),
                    WorldMatrixBuffer.Upload.valueOf(upload));
            worlds.sync();
        }

        /** Moves one leaf of every root: 1% of the nodes. */
        void move() {
            frame++;
            for (int r = 0; r < ROOTS; r++) {
                long leaf = leaves[r * LEAVES + random.nextInt(LEAVES)];
                h.setLocalTranslation(leaf, 0.5f, frame & 7, 0.25f);
            }
        }

        /** Checks the last frame's upload size (where frames were synced), then frees the buffer and the context. */
        @TearDown(Level.Trial)
        public void tearDown() {
            long bytes = worlds.lastUploadBytes();
            worlds.close();
            gl.close();
            if (syncs > 0 && bytes != 64L * ROOTS) {
                throw new IllegalStateException("uploaded bytes=" + bytes + ", expected=" + 64L * ROOTS);
            }
        }
    }

    /**
     * 1% of the nodes move; {@code update()}.
     *
     * @param s the scene
     */
    @Benchmark
    public void update1pct(Scene s) {
        s.move();
        s.h.update();
    }

    /**
     * 1% of the nodes move; {@code update()}, then the moved world matrices exported with
     * {@code writeChangedSince} into a direct buffer, without OpenGL: the part of a sync before the upload calls.
     *
     * @param s the scene
     * @return the matrices exported
     */
    @Benchmark
    public int updateAndExport1pct(Scene s) {
        s.move();
        s.h.update();
        s.exported.clear();
        int n = s.h.writeChangedSince(s.exportedVersion, MatrixLayout.COLUMN_MAJOR_4X4,
                s.exported, s.exportedHandles);
        s.exportedVersion = s.h.version();
        return n;
    }

    /**
     * 1% of the nodes move; {@code update()}, then the moved world matrices uploaded.
     *
     * @param s the scene
     * @return the matrices uploaded
     */
    @Benchmark
    public int updateAndUpload1pct(Scene s) {
        s.move();
        s.h.update();
        s.syncs++;
        return s.worlds.sync();
    }
}
