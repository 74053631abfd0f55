package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.arbor.animation.Skeleton;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * A frame in steady state — set every node's rotation (by handles and through node lists), update, read, export,
 * write skinning palettes — allocates nothing. Measured with the
 * JVM's per-thread allocation counter (HotSpot's {@code com.sun.management.ThreadMXBean}), which counts bytes, not
 * time, so the check is deterministic.
 */
class SteadyStateAllocationTest {

    @Test
    void framesAfterWarmUpAllocateNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();

        Hierarchy h = new Hierarchy();
        int n = 5000;
        long[] handles = tenTernaryTrees(h, n);
        float[] rotations = new float[n * 4];
        float[] world = new float[12];
        FloatBuffer upload = ByteBuffer.allocateDirect(n * 16 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        long[] sum = new long[1];
        h.addListener((hierarchy, handle) -> sum[0] += handle);
        NodeList all = h.nodeList(handles, 0, n); // one run of storage
        long[] some = new long[n / 7];
        for (int k = 0; k < some.length; k++) {
            some[k] = handles[(k * 7919) % n]; // scattered
        }
        NodeList scattered = h.nodeList(some, 0, some.length);
        long least = steadyStateBytes(threads, 20_000,
                f -> frame(h, handles, all, scattered, rotations, world, upload, f));
        assertThat(least).as("bytes allocated by 20 steady-state frames (least of up to 5 windows)").isZero();
        assertThat(h.changedCount()).isEqualTo(n);
        assertThat(sum[0]).isNotZero();
    }

    /** A camera that follows a moving node: moves in every space, look-at, world rotations, points and names. */
    @Test
    void movesLookAtAndLookupsAfterWarmUpAllocateNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy();
        long rig = h.createRoot();
        h.setLocalScale(rig, 2, 2, 2);
        long camera = h.createChild(rig);
        long walker = h.createChild(rig);
        h.setName(walker, "Walker");
        h.setUserId(walker, 12);
        org.joml.Vector3f target = new org.joml.Vector3f();
        org.joml.Vector3f up = new org.joml.Vector3f(0, 1, 0);
        org.joml.Vector3f point = new org.joml.Vector3f(0.5f, 0, 0);
        org.joml.Quaternionf turn = new org.joml.Quaternionf().rotateY(0.01f);
        long[] found = new long[1];
        Space[] spaces = Space.values(); // values() copies its array at each call
        long least = steadyStateBytes(threads, 20_000, f -> {
            h.translate(walker, 0.01f, 0, 0, spaces[f % 3]);
            h.rotate(walker, turn, spaces[(f + 1) % 3]);
            h.getWorldTranslation(walker, target);
            h.lookAt(camera, target, up);
            h.setWorldRotation(walker, turn);
            h.localToWorldPoint(walker, point, target);
            h.worldToLocalPoint(camera, target, target);
            found[0] += h.find("Walker") + h.userId(walker);
            h.update();
        });
        assertThat(least).as("bytes allocated by 20 steady-state frames of moves (least of up to 5 windows)").isZero();
        assertThat(found[0]).isNotZero();
    }

    /** Skinning palettes (the palette kernel's vector path, where it is on) into arrays and buffers. */
    @Test
    void skinningPalettesAfterWarmUpAllocateNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy();
        int n = 5000; // as above: a smaller frame calls the update's vector kernel too rarely to compile in time
        long[] handles = tenTernaryTrees(h, n);
        Skeleton[] skeletons = new Skeleton[40];
        for (int s = 0; s < skeletons.length; s++) {
            float[] bind = new float[19 * 12];
            for (int j = 0; j < 19; j++) {
                bind[12 * j] = bind[12 * j + 4] = bind[12 * j + 8] = 1f;
            }
            skeletons[s] = new Skeleton(java.util.Arrays.copyOfRange(handles, 19 * s, 19 * s + 19), bind);
        }
        float[][] rotations = twoFramesOfTurns(n, 1);
        NodeList all = h.nodeList(handles, 0, n);
        FloatBuffer upload = ByteBuffer.allocateDirect(n * 16 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        float[] array = new float[n * 12];
        long mesh = handles[3];
        long least = steadyStateBytes(threads, 20_000, f -> {
            h.setLocalRotations(all, rotations[f & 1], 0);
            h.update();
            for (int s = 0; s < skeletons.length; s++) {
                skeletons[s].writePalette(h, mesh, MatrixLayout.COLUMN_MAJOR_4X4, upload, s * 19 * 16);
                skeletons[s].writePalette(h, Hierarchy.NULL, MatrixLayout.ROW_MAJOR_3X4, array, s * 19 * 12);
            }
        });
        assertThat(least).as("bytes allocated by 20 steady-state palette frames (least of up to 5 windows)").isZero();
        assertThat(upload.get(15)).isEqualTo(1f);
    }

    /**
     * A large list set in one call, then update: the bulk check then runs one long loop per frame. On JDK 17 that
     * loop once carried its two vector masks from one iteration to the next, and the compiled loop boxed them: 384
     * bytes per 16 quaternions at 100,000 nodes, 6 MB per frame at a million, however long it ran, while the smaller
     * frames above compiled clean.
     */
    @Test
    void largeListFramesAfterWarmUpAllocateNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy();
        int n = 100_000;
        long[] handles = new long[n];
        for (int i = 0; i < n; i++) {
            handles[i] = i < 100 ? h.createRoot() : h.createChild(handles[(i - 100) / 4]);
            h.setLocalTranslation(handles[i], 1, 0, 0);
        }
        NodeList all = h.nodeList(handles, 0, n);
        float[][] rotations = twoFramesOfTurns(n, 1);
        long least = steadyStateBytes(threads, 3_000, f -> {
            h.setLocalRotations(all, rotations[f & 1], 0);
            h.update();
        });
        assertThat(least).as("bytes allocated by 20 steady-state frames of %d nodes (least of up to 5 windows)", n)
                .isZero();
        assertThat(h.changedCount()).isEqualTo(n);
    }

    /**
     * A list that fills storage out of order, its rotations copied by vector gathers through its inverse every frame
     * (the way forced, so that it is not only the timed trials' few runs): no allocation either, on either JDK.
     */
    @Test
    void anOutOfOrderListCopiedByGathersAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy(64, Tuning.DEFAULT.withCopyWay(Tuning.COPY_GATHER, Tuning.DEFAULT.touchMinNodes()));
        int n = 20_000;
        long[] handles = tenTernaryTrees(h, n);
        long[] shuffled = handles.clone();
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long x = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = x;
        }
        NodeList list = h.nodeList(shuffled, 0, n);
        float[][] rotations = twoFramesOfTurns(n, 0);
        long gathersBefore = h.bulk().gatherCopies;
        long least = steadyStateBytes(threads, 5_000, f -> {
            h.setLocalRotations(list, rotations[f & 1], 0);
            h.update();
        });
        assertThat(least).as("bytes allocated by 20 steady-state frames (least of up to 5 windows)").isZero();
        assertThat(h.changedCount()).isEqualTo(n);
        if (dev.arbor.kernel.VectorSupport.ENABLED) {
            assertThat(h.bulk().gatherCopies - gathersBefore).isGreaterThanOrEqualTo(40);
        }
    }

    /**
     * Sparse frames (single sets and reads, a small scattered list, update) turn the automatic layout to records;
     * frames there allocate nothing either.
     */
    @Test
    void sparseFramesInTheRecordLayoutAllocateNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy();
        int n = 5000;
        long[] handles = tenTernaryTrees(h, n);
        long[] some = new long[50];
        for (int k = 0; k < some.length; k++) {
            some[k] = handles[n - 1 - (k * 7919) % (n / 2)]; // leaves: nodes past n / 3 have no children
        }
        NodeList scattered = h.nodeList(some, 0, some.length);
        float[] rotations = new float[some.length * 4];
        float[] world = new float[12];
        FloatBuffer upload = ByteBuffer.allocateDirect(n * 16 * 4).order(ByteOrder.nativeOrder()).asFloatBuffer();
        IntConsumer frame = f -> {
            for (int k = 0; k < some.length; k++) {
                float angle = 0.01f * f + k;
                rotations[k * 4] = (float) Math.sin(angle * 0.5);
                rotations[k * 4 + 3] = (float) Math.cos(angle * 0.5);
                h.setLocalRotation(some[k], rotations[k * 4], 0, 0, rotations[k * 4 + 3]);
                h.getWorld(some[k], world, 0);
            }
            h.setLocalRotations(scattered, rotations, 0);
            h.update();
            h.writeWorldMatrices(handles, 0, n, MatrixLayout.COLUMN_MAJOR_4X4, upload);
        };
        for (int f = 0; f < 1000 && h.currentStorageLayout() == StorageLayout.PLANES; f++) {
            frame.accept(f); // 100 nodes computed one at a time per frame: records after 4 × 5,000 of them
        }
        assertThat(h.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
        long least = steadyStateBytes(threads, 20_000, frame);
        assertThat(h.currentStorageLayout()).isEqualTo(StorageLayout.RECORDS);
        assertThat(least).as("bytes allocated by 20 steady-state sparse frames (least of up to 5 windows)").isZero();
    }

    /**
     * A node list set every frame while a node is created and destroyed every other frame: the list records its
     * closure again after each change, into the arrays it recorded into before, so frames still allocate nothing.
     */
    @Test
    void aListReRecordingItsClosureAfterStructuralChangesAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = allocationCounter();
        Hierarchy h = new Hierarchy();
        int n = 5000;
        long[] handles = tenTernaryTrees(h, n);
        long[] some = new long[40];
        for (int k = 0; k < some.length; k++) {
            some[k] = handles[10 + (k * 7919) % (n / 3)]; // inner nodes: each marks a subtree
        }
        NodeList list = h.nodeList(some, 0, some.length);
        float[] rotations = new float[some.length * 4];
        long[] spawned = new long[1];
        long closuresBefore = h.marking().closureMarkings;
        IntConsumer frame = f -> {
            if (f % 4 == 0) {
                spawned[0] = h.createChild(handles[n - 1]);
            } else if (f % 4 == 2) {
                h.destroy(spawned[0]);
            }
            for (int k = 0; k < some.length; k++) {
                float angle = 0.01f * f + k;
                rotations[k * 4 + 2] = (float) Math.sin(angle * 0.5);
                rotations[k * 4 + 3] = (float) Math.cos(angle * 0.5);
            }
            h.setLocalRotations(list, rotations, 0);
            h.update();
        };
        long least = steadyStateBytes(threads, 20_000, frame);
        assertThat(least).as("bytes allocated by 20 steady-state frames (least of up to 5 windows)").isZero();
        assertThat(h.marking().closureMarkings - closuresBefore).as("sets marked from a recorded closure").isPositive();
    }

    /** {@code n} nodes in ten trees, node i's parent (i - 10) / 3: nodes from n / 3 on are leaves. */
    private static long[] tenTernaryTrees(Hierarchy h, int n) {
        long[] handles = new long[n];
        for (int i = 0; i < n; i++) {
            handles[i] = i < 10 ? h.createRoot() : h.createChild(handles[(i - 10) / 3]);
            h.setLocalTranslation(handles[i], 1, 0, 0);
        }
        return handles;
    }

    /**
     * Runs frames until the JIT has compiled them (the vector path, where it is on, allocates until C2 compiles it):
     * until 20 frames in a row allocate nothing, or {@code maxWarmUp} frames. Then returns the bytes allocated by 20
     * more frames, the least of up to 5 such windows: a frame that allocated would allocate in every window, while a
     * stray JVM-internal allocation (seen rarely: 128 bytes once) hits one window only, so the least must be zero.
     */
    private static long steadyStateBytes(com.sun.management.ThreadMXBean threads, int maxWarmUp, IntConsumer frame) {
        long tid = Thread.currentThread().getId();
        int warm = 0;
        int quiet = 0;
        while (quiet < 20 && warm < maxWarmUp) {
            long start = threads.getThreadAllocatedBytes(tid);
            frame.accept(warm++);
            quiet = threads.getThreadAllocatedBytes(tid) == start ? quiet + 1 : 0;
        }
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 5 && least > 0; window++) {
            long before = threads.getThreadAllocatedBytes(tid);
            for (int f = 0; f < 20; f++) {
                frame.accept(warm++);
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(tid) - before);
        }
        return least;
    }

    /**
     * @return two frames of unit quaternions for {@code n} nodes, node i turned about {@code axis} (0 x, 1 y) by
     *     0.001 i radians, plus 0.3 in the second frame
     */
    private static float[][] twoFramesOfTurns(int n, int axis) {
        float[][] rotations = new float[2][4 * n];
        for (int i = 0; i < n; i++) {
            for (int f = 0; f < 2; f++) {
                float angle = 0.3f * f + 0.001f * i;
                rotations[f][4 * i + axis] = (float) Math.sin(angle * 0.5);
                rotations[f][4 * i + 3] = (float) Math.cos(angle * 0.5);
            }
        }
        return rotations;
    }

    private static com.sun.management.ThreadMXBean allocationCounter() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeThat(bean).isInstanceOf(com.sun.management.ThreadMXBean.class);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeThat(threads.isThreadAllocatedMemorySupported()).isTrue();
        threads.setThreadAllocatedMemoryEnabled(true);
        return threads;
    }

    private static void frame(Hierarchy h, long[] handles, NodeList all, NodeList scattered, float[] rotations,
                              float[] world, FloatBuffer upload, int frame) {
        for (int i = 0; i < handles.length; i++) {
            float angle = 0.01f * frame + i;
            rotations[i * 4 + 2] = (float) Math.sin(angle * 0.5);
            rotations[i * 4 + 3] = (float) Math.cos(angle * 0.5);
        }
        h.setLocalRotations(handles, 0, handles.length, rotations, 0);
        h.setLocalTranslations(all, rotations, 0); // node lists: a run, and a scattered one
        h.setLocalRotations(all, rotations, 0);
        h.setLocalScales(scattered, rotations, 1);
        h.setLocalRotations(scattered, rotations, 4);
        h.getWorld(handles[handles.length - 1], world, 0); // lazy chain read
        h.update();
        h.writeWorldMatrices(handles, 0, handles.length, MatrixLayout.COLUMN_MAJOR_4X4, upload);
    }
}
