package dev.arbor.lab.machine;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The machine's streaming memory bandwidth, the floor under any frame whose data does not fit in cache (the
 * {@code million} scene): a triad {@code c[i] = a[i] + 3 b[i]} over three arrays far larger than the caches, on one
 * thread and on two (each thread its own half). Each operation reads 8 and writes 4 bytes per element (12 bytes,
 * not counting the read a cache miss on {@code c} adds before the write). Bandwidth in GB/s = 12 × elements / score,
 * with elements = {@code floats} for one thread and {@code floats / 2} per operation for two.
 *
 * <p>Run: {@code java -jar arbor-bench/target/arbor-benchmarks.jar BandwidthBench -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class BandwidthBench {
    /** The three arrays, shared by the threads. */
    @State(Scope.Benchmark)
    public static class Arrays3 {
        /** Floats per array: 128 MiB each by default. */
        @Param("33554432")
        public int floats;
        float[] a;
        float[] b;
        float[] c;
        final AtomicInteger nextThread = new AtomicInteger();

        /** Fills the arrays (so every page is mapped before timing). */
        @Setup
        public void setUp() {
            a = new float[floats];
            b = new float[floats];
            c = new float[floats];
            Arrays.fill(a, 1f);
            Arrays.fill(b, 2f);
            Arrays.fill(c, 0f);
        }
    }

    /** Which half of the arrays a thread of {@link #triadTwoThreads} streams. */
    @State(Scope.Thread)
    public static class Half {
        int from;
        int to;

        /**
         * Takes the next half.
         *
         * @param arrays the shared arrays
         */
        @Setup
        public void setUp(Arrays3 arrays) {
            int index = arrays.nextThread.getAndIncrement() & 1;
            int mid = arrays.floats / 2;
            from = index == 0 ? 0 : mid;
            to = index == 0 ? mid : arrays.floats;
        }
    }

    /**
     * One thread streams all three arrays.
     *
     * @param s the arrays
     * @return a value read back, to be consumed
     */
    @Benchmark
    @Threads(1)
    public float triadOneThread(Arrays3 s) {
        return triad(s.a, s.b, s.c, 0, s.floats);
    }

    /**
     * Two threads stream one half each, at the same time.
     *
     * @param s the arrays
     * @param half this thread's half
     * @return a value read back, to be consumed
     */
    @Benchmark
    @Threads(2)
    public float triadTwoThreads(Arrays3 s, Half half) {
        return triad(s.a, s.b, s.c, half.from, half.to);
    }

    private static float triad(float[] a, float[] b, float[] c, int from, int to) {
        for (int i = from; i < to; i++) {
            c[i] = a[i] + 3f * b[i];
        }
        return c[from];
    }
}
