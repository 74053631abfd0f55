package dev.arbor.gl;

import java.util.function.IntConsumer;

/** The Java heap bytes a frame loop allocates on the calling thread, measured with {@code ThreadMXBean}. */
final class AllocationProbe {
    private static final int WARM_UP = 300;
    private static final int PASSES = 6;

    private AllocationProbe() {
    }

    /**
     * Runs the frame 300 times (the buffers reach their size, the JIT compiles), then six runs of {@code frames}
     * frames; the fewest bytes one run allocated. A run that allocates nothing proves that a frame needs no
     * allocation; the JIT's own work may still allocate a few hundred bytes in an unlucky run, hence the quietest.
     */
    static long bytes(int frames, IntConsumer frame) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int f = 0; f < WARM_UP; f++) {
            frame.accept(f);
        }
        long fewest = Long.MAX_VALUE;
        for (int pass = 0; pass < PASSES; pass++) {
            long before = threads.getThreadAllocatedBytes(thread);
            for (int f = 0; f < frames; f++) {
                frame.accept(f);
            }
            long run = threads.getThreadAllocatedBytes(thread) - before;
            System.out.println(frames + " frames: allocated bytes=" + run);
            fewest = Math.min(fewest, run);
        }
        return fewest;
    }
}
