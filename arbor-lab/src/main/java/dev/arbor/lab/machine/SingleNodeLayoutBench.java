package dev.arbor.lab.machine;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one node's world matrix costs when nodes are computed one at a time (a lazy read, a sparse update), in three
 * storage layouts: Arbor's planes (element {@code k} of node {@code i} at
 * {@code [k × capacity + i]}, so one node touches 22 planes for its
 * local and its parent's world and writes 12); one record of 12 floats per node (the layout of the object-graph
 * peers and of the nested-set port, 2–3 cache lines per node); and blocks of 16 nodes, planes within each block
 * (element {@code k} of node {@code i} at {@code [192 × (i / 16) + 16k + i % 16]}: a vector still loads 16 nodes'
 * values in one go, and one node's 12 values lie at constant offsets from one index, 768 bytes in all). All compute
 * the same float operations, {@link LocalToWorld#computeNode} on the planes and {@link #computeTiled} on the records
 * and on the blocks, over the {@code seed-6000} scene, visiting every node once, parents first: in storage order, or
 * in an order shuffled within each level (what a creation-order walk of single nodes sees after Arbor's
 * breadth-first rewrite).
 *
 * <p>This is the floor under set-and-get and under a 1%-dirty update, both of which compute isolated nodes; see
 * docs/performance.md, session 6. Run: {@code java -jar arbor-bench/target/arbor-benchmarks.jar SingleNodeLayoutBench
 * -f 1 -wi 3 -i 5 -w 1 -r 1}; the score is ns per node.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:CompileCommand=quiet",
    "-XX:CompileCommand=inline,dev.arbor.lab.machine.SingleNodeLayoutBench::computeTiled"})
public class SingleNodeLayoutBench {
    /** Floats per node in a record: the 12 local values (TRS as in the planes, 2 unused) or the 12 world values. */
    static final int RECORD = 12;
    /** Nodes per block in the blocked layout: the widest float vector (512 bits). */
    static final int BLOCK = 16;

    /** The scene in both layouts, and the visiting order. */
    @State(Scope.Thread)
    public static class Layouts {
        /** {@code storage}: nodes in storage order; {@code shuffled}: shuffled within each level. */
        @Param({"storage", "shuffled"})
        public String order;
        int size;
        int capacity;
        int[] parents;
        byte[] modes;
        float[] localPlanes;
        float[] worldPlanes;
        float[] localRecords;
        float[] worldRecords;
        float[] localBlocks;
        float[] worldBlocks;
        int[] visits;

        /** Builds {@code seed-6000} in both layouts. */
        @Setup
        public void setUp() {
            build(Scenes.byName("seed-6000"), order.equals("shuffled"));
        }

        /**
         * Fills both layouts from a scene whose parents come before their children.
         *
         * @param scene the scene
         * @param shuffle whether to shuffle the visiting order within each depth
         */
        void build(Scene scene, boolean shuffle) {
            size = scene.size();
            capacity = size + 16;
            parents = Arrays.copyOf(scene.parents(), capacity);
            Arrays.fill(parents, size, capacity, -1);
            modes = new byte[capacity];
            Arrays.fill(modes, 0, size, LocalToWorld.MODE_TRS);
            localPlanes = LocalToWorld.newPlanes(capacity, LocalToWorld.LOCAL_PLANES);
            worldPlanes = LocalToWorld.newPlanes(capacity, LocalToWorld.WORLD_PLANES);
            localRecords = new float[capacity * RECORD];
            worldRecords = new float[capacity * RECORD];
            int blocks = (capacity + BLOCK - 1) / BLOCK;
            localBlocks = new float[blocks * BLOCK * RECORD];
            worldBlocks = new float[blocks * BLOCK * RECORD];
            float[] t = scene.translations();
            float[] r = scene.rotations();
            float[] s = scene.scales();
            for (int i = 0; i < size; i++) {
                float[] trs = {t[3 * i], t[3 * i + 1], t[3 * i + 2], r[4 * i], r[4 * i + 1], r[4 * i + 2],
                    r[4 * i + 3], s[3 * i], s[3 * i + 1], s[3 * i + 2]};
                for (int k = 0; k < trs.length; k++) {
                    localPlanes[k * capacity + i] = trs[k];
                    localRecords[i * RECORD + k] = trs[k];
                    localBlocks[blockBase(i) + k * BLOCK] = trs[k];
                }
            }
            int[] depths = new int[size];
            for (int i = 0; i < size; i++) {
                depths[i] = parents[i] < 0 ? 0 : depths[parents[i]] + 1;
            }
            visits = new int[size];
            int at = 0;
            SplittableRandom random = new SplittableRandom(0x51D6L);
            for (int depth = 0; at < size; depth++) {
                int start = at;
                for (int i = 0; i < size; i++) {
                    if (depths[i] == depth) {
                        visits[at++] = i;
                    }
                }
                for (int k = at - 1; shuffle && k > start; k--) {
                    int j = start + random.nextInt(k - start + 1);
                    int swap = visits[k];
                    visits[k] = visits[j];
                    visits[j] = swap;
                }
            }
        }
    }

    /**
     * Every node once from the planes, one call of Arbor's single-node kernel each.
     *
     * @param l the layouts
     * @return one world element, to be consumed
     */
    @Benchmark
    @OperationsPerInvocation(6000)
    public float planes(Layouts l) {
        int[] visits = l.visits;
        for (int k = 0; k < visits.length; k++) {
            LocalToWorld.computeNode(l.localPlanes, l.modes, l.parents, l.worldPlanes, l.capacity, visits[k]);
        }
        return l.worldPlanes[11 * l.capacity + visits[visits.length - 1]];
    }

    /**
     * Every node once from the records.
     *
     * @param l the layouts
     * @return one world element, to be consumed
     */
    @Benchmark
    @OperationsPerInvocation(6000)
    public float records(Layouts l) {
        int[] visits = l.visits;
        for (int k = 0; k < visits.length; k++) {
            computeTiled(l.localRecords, l.parents, l.worldRecords, visits[k], 1);
        }
        return l.worldRecords[visits[visits.length - 1] * RECORD + 11];
    }

    /**
     * Every node once from the blocks.
     *
     * @param l the layouts
     * @return one world element, to be consumed
     */
    @Benchmark
    @OperationsPerInvocation(6000)
    public float blocks(Layouts l) {
        int[] visits = l.visits;
        for (int k = 0; k < visits.length; k++) {
            computeTiled(l.localBlocks, l.parents, l.worldBlocks, visits[k], BLOCK);
        }
        return l.worldBlocks[blockBase(visits[visits.length - 1]) + 11 * BLOCK];
    }

    /** @return where element 0 of node {@code i} lies in the blocked layout; element k lies {@code 16k} further */
    static int blockBase(int i) {
        return tileBase(i, BLOCK);
    }

    /** @return where element 0 of node {@code i} lies in tiles of {@code tile} nodes, 12 floats each */
    static int tileBase(int i, int tile) {
        return (i / tile) * (tile * RECORD) + i % tile;
    }

    /**
     * One TRS node's world matrix from records ({@code tile} 1) or blocks ({@code tile} {@link #BLOCK}):
     * {@code worldFromLocal = worldFromParent × T × R × S} in one pass, with exactly the float operations of
     * {@link LocalToWorld#computeNode} (written out again here on purpose: this is that kernel on other layouts, so all
     * give the same bits and differ only in where the values live). Element {@code k} of a node lies {@code k × tile}
     * after its {@link #tileBase}. The fork compiles this method into each caller, where {@code tile} is a constant,
     * so that every offset is one, as in code written for one layout.
     *
     * @param locals local records or blocks: translation, unit quaternion (x, y, z, w), scale
     * @param parents parent per node, -1 for a root, before the node
     * @param worlds world records or blocks, column-major 3×4 (the parent's must be up to date)
     * @param node the node
     * @param tile nodes per tile: 1 for records, {@link #BLOCK} for blocks
     */
    static void computeTiled(float[] locals, int[] parents, float[] worlds, int node, int tile) {
        int b = tileBase(node, tile);
        float qx = locals[b + 3 * tile];
        float qy = locals[b + 4 * tile];
        float qz = locals[b + 5 * tile];
        float qw = locals[b + 6 * tile];
        float sx = locals[b + 7 * tile];
        float sy = locals[b + 8 * tile];
        float sz = locals[b + 9 * tile];
        float xx = qx * qx;
        float yy = qy * qy;
        float zz = qz * qz;
        float xy = qx * qy;
        float xz = qx * qz;
        float yz = qy * qz;
        float wx = qw * qx;
        float wy = qw * qy;
        float wz = qw * qz;
        float b00 = (1f - (yy + zz) * 2f) * sx;
        float b01 = (xy + wz) * 2f * sx;
        float b02 = (xz - wy) * 2f * sx;
        float b10 = (xy - wz) * 2f * sy;
        float b11 = (1f - (xx + zz) * 2f) * sy;
        float b12 = (yz + wx) * 2f * sy;
        float b20 = (xz + wy) * 2f * sz;
        float b21 = (yz - wx) * 2f * sz;
        float b22 = (1f - (xx + yy) * 2f) * sz;
        float b30 = locals[b];
        float b31 = locals[b + 1 * tile];
        float b32 = locals[b + 2 * tile];
        int p = parents[node];
        if (p < 0) {
            worlds[b] = b00;
            worlds[b + 1 * tile] = b01;
            worlds[b + 2 * tile] = b02;
            worlds[b + 3 * tile] = b10;
            worlds[b + 4 * tile] = b11;
            worlds[b + 5 * tile] = b12;
            worlds[b + 6 * tile] = b20;
            worlds[b + 7 * tile] = b21;
            worlds[b + 8 * tile] = b22;
            worlds[b + 9 * tile] = b30;
            worlds[b + 10 * tile] = b31;
            worlds[b + 11 * tile] = b32;
            return;
        }
        int a = tileBase(p, tile);
        float a00 = worlds[a];
        float a01 = worlds[a + 1 * tile];
        float a02 = worlds[a + 2 * tile];
        float a10 = worlds[a + 3 * tile];
        float a11 = worlds[a + 4 * tile];
        float a12 = worlds[a + 5 * tile];
        float a20 = worlds[a + 6 * tile];
        float a21 = worlds[a + 7 * tile];
        float a22 = worlds[a + 8 * tile];
        float a30 = worlds[a + 9 * tile];
        float a31 = worlds[a + 10 * tile];
        float a32 = worlds[a + 11 * tile];
        worlds[b] = a00 * b00 + a10 * b01 + a20 * b02;
        worlds[b + 1 * tile] = a01 * b00 + a11 * b01 + a21 * b02;
        worlds[b + 2 * tile] = a02 * b00 + a12 * b01 + a22 * b02;
        worlds[b + 3 * tile] = a00 * b10 + a10 * b11 + a20 * b12;
        worlds[b + 4 * tile] = a01 * b10 + a11 * b11 + a21 * b12;
        worlds[b + 5 * tile] = a02 * b10 + a12 * b11 + a22 * b12;
        worlds[b + 6 * tile] = a00 * b20 + a10 * b21 + a20 * b22;
        worlds[b + 7 * tile] = a01 * b20 + a11 * b21 + a21 * b22;
        worlds[b + 8 * tile] = a02 * b20 + a12 * b21 + a22 * b22;
        worlds[b + 9 * tile] = a00 * b30 + a10 * b31 + a20 * b32 + a30;
        worlds[b + 10 * tile] = a01 * b30 + a11 * b31 + a21 * b32 + a31;
        worlds[b + 11 * tile] = a02 * b30 + a12 * b31 + a22 * b32 + a32;
    }
}
