package dev.arbor.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The demos' first frames from the start of the JVM, warm-up frames included: what a program sees before the JIT has
 * compiled it. Frame 0 is kept apart (it also pays for loading the classes of a frame); frames 1 to {@link #FRAMES}
 * are summed, and their worst one and those over a 60 Hz budget reported.
 */
final class ColdFrames {
    /** Frames summed after frame 0. */
    static final int FRAMES = 100;
    /** A 60 Hz frame's budget. */
    private static final long BUDGET_NANOS = 16_666_667L;

    private final long[] nanos = new long[FRAMES + 1];
    private int recorded;

    /**
     * Records a frame's time; only the first {@value #FRAMES} + 1 are kept.
     *
     * @param frame frame number from 0, the first frame of the run
     * @param frameNanos the frame's time
     */
    void record(int frame, long frameNanos) {
        if (frame < nanos.length) {
            nanos[frame] = frameNanos;
            recorded = Math.max(recorded, frame + 1);
        }
    }

    /** Prints one line: frame 0, frames 1–100 together, the worst of them and how many missed 60 Hz. */
    void print(PrintStream out) {
        if (recorded < 2) {
            return;
        }
        long sum = 0;
        int worst = 1;
        int over = 0;
        for (int f = 1; f < recorded; f++) {
            sum += nanos[f];
            worst = nanos[f] > nanos[worst] ? f : worst;
            over += nanos[f] > BUDGET_NANOS ? 1 : 0;
        }
        out.printf(Locale.ROOT, "cold frames (from the start, warm-up included): frame 0 %.2f ms, frames 1-%d "
                + "%.1f ms, worst %.2f ms (frame %d), %d over 16.7 ms%n", nanos[0] / 1e6, recorded - 1, sum / 1e6,
                nanos[worst] / 1e6, worst, over);
    }
}
