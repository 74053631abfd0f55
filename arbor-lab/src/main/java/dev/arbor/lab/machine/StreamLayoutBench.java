package dev.arbor.lab.machine;

import dev.arbor.bench.workloads.ForkOptions;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;
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
 * How fast a memory-bound frame streams its planes, in the two layouts a vector kernel can load 16 nodes from with one
 * load: Arbor's planes (element {@code k} of node {@code i} at {@code [k × capacity + i]}: 10 local planes read and 12
 * world planes written, 22 streams megabytes apart) against blocks of 16 nodes
 * ({@link SingleNodeLayoutBench#blockBase}: one stream in, one out, 768 bytes per block). Each frame composes the
 * TRS of a million nodes into world matrices with the Vector API, as a batch of roots does in Arbor's kernel
 * (same operations in both layouts; only the addresses differ), so it moves the bytes of an all-dirty frame without
 * the parent reads. The {@code million} scene's frame is memory-bound on the machines we measure on
 * (docs/lab/performance.md, step 28); this measures what the layout alone changes in that regime.
 *
 * <p>The planes run with plane 0 at element 0 of their arrays, as Arbor's do, and at element 12: G1 places an array
 * of half a region or more at the region's start, where element 12 begins a 64-byte line, so that with offset 12
 * every 16-lane access of a plane falls within one line instead of straddling two (docs/lab/performance.md, "Found on the
 * way: vector accesses split across cache lines").
 *
 * <p>Run: {@code java -jar arbor-bench/target/arbor-benchmarks.jar StreamLayoutBench -f 1 -wi 3 -i 5 -w 1 -r 1}; the
 * score is ns per node.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {ForkOptions.VECTOR_MODULE, "-Xmx2g"})
public class StreamLayoutBench {
    static final int NODES = 1_000_000;
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    private static final int BLOCK = SingleNodeLayoutBench.BLOCK;
    private static final int PLANES = SingleNodeLayoutBench.RECORD;

    /** One million nodes' locals (translation, unit quaternion, scale) in both layouts, and room for the worlds. */
    @State(Scope.Thread)
    public static class Layouts {
        /** Nodes per plane: {@link #NODES} rounded up to a whole block, plus one block. */
        int capacity;
        /** Where plane 0 starts in the plane arrays, in floats. */
        @Param({"0", "12"})
        int offset;
        float[] localPlanes;
        float[] worldPlanes;
        float[] localBlocks;
        float[] worldBlocks;

        /** Fills both layouts with the same random TRS values. */
        @Setup
        public void setUp() {
            capacity = (NODES + BLOCK - 1) / BLOCK * BLOCK + BLOCK;
            localPlanes = new float[capacity * PLANES + 16];
            worldPlanes = new float[capacity * PLANES + 16];
            localBlocks = new float[capacity * PLANES];
            worldBlocks = new float[capacity * PLANES];
            SplittableRandom random = new SplittableRandom(0x57AEL);
            for (int i = 0; i < NODES; i++) {
                for (int k = 0; k < 10; k++) {
                    float v = (float) random.nextDouble(-1, 1);
                    localPlanes[offset + k * capacity + i] = v;
                    localBlocks[SingleNodeLayoutBench.blockBase(i) + k * BLOCK] = v;
                }
            }
        }
    }

    /**
     * One frame over the planes.
     *
     * @param l the layouts
     * @return one world element, to be consumed
     */
    @Benchmark
    @OperationsPerInvocation(NODES)
    public float planes(Layouts l) {
        int c = l.capacity;
        for (int i = 0; i < NODES; i += LANES) {
            compose(l.localPlanes, l.worldPlanes, l.offset + i, c);
        }
        return l.worldPlanes[l.offset + 11 * c + NODES - 1];
    }

    /**
     * One frame over the blocks.
     *
     * @param l the layouts
     * @return one world element, to be consumed
     */
    @Benchmark
    @OperationsPerInvocation(NODES)
    public float blocks(Layouts l) {
        for (int i = 0; i < NODES; i += LANES) {
            compose(l.localBlocks, l.worldBlocks, SingleNodeLayoutBench.blockBase(i), BLOCK);
        }
        return l.worldBlocks[SingleNodeLayoutBench.blockBase(NODES - 1) + 11 * BLOCK];
    }

    /**
     * Composes {@link #LANES} nodes' TRS into world matrices (as {@code LocalToWorldVector} does for a batch of
     * roots): element {@code k} of the first node at {@code at + k × stride}, the other nodes after it.
     */
    static void compose(float[] l, float[] w, int at, int stride) {
        FloatVector qx = FloatVector.fromArray(SPECIES, l, at + 3 * stride);
        FloatVector qy = FloatVector.fromArray(SPECIES, l, at + 4 * stride);
        FloatVector qz = FloatVector.fromArray(SPECIES, l, at + 5 * stride);
        FloatVector qw = FloatVector.fromArray(SPECIES, l, at + 6 * stride);
        FloatVector sx = FloatVector.fromArray(SPECIES, l, at + 7 * stride);
        FloatVector sy = FloatVector.fromArray(SPECIES, l, at + 8 * stride);
        FloatVector sz = FloatVector.fromArray(SPECIES, l, at + 9 * stride);
        FloatVector xx = qx.mul(qx);
        FloatVector yy = qy.mul(qy);
        FloatVector zz = qz.mul(qz);
        FloatVector xy = qx.mul(qy);
        FloatVector xz = qx.mul(qz);
        FloatVector yz = qy.mul(qz);
        FloatVector wx = qw.mul(qx);
        FloatVector wy = qw.mul(qy);
        FloatVector wz = qw.mul(qz);
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        one.sub(yy.add(zz).mul(2f)).mul(sx).intoArray(w, at);
        xy.add(wz).mul(2f).mul(sx).intoArray(w, at + stride);
        xz.sub(wy).mul(2f).mul(sx).intoArray(w, at + 2 * stride);
        xy.sub(wz).mul(2f).mul(sy).intoArray(w, at + 3 * stride);
        one.sub(xx.add(zz).mul(2f)).mul(sy).intoArray(w, at + 4 * stride);
        yz.add(wx).mul(2f).mul(sy).intoArray(w, at + 5 * stride);
        xz.add(wy).mul(2f).mul(sz).intoArray(w, at + 6 * stride);
        yz.sub(wx).mul(2f).mul(sz).intoArray(w, at + 7 * stride);
        one.sub(xx.add(yy).mul(2f)).mul(sz).intoArray(w, at + 8 * stride);
        FloatVector.fromArray(SPECIES, l, at).intoArray(w, at + 9 * stride);
        FloatVector.fromArray(SPECIES, l, at + stride).intoArray(w, at + 10 * stride);
        FloatVector.fromArray(SPECIES, l, at + 2 * stride).intoArray(w, at + 11 * stride);
    }
}
