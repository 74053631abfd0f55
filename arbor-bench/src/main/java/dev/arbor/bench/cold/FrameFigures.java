package dev.arbor.bench.cold;

/**
 * The figures of one fresh JVM's frames, computed from its per-frame times and allocations (index = frame number,
 * frame 0 the first after the build).
 *
 * @param firstMillis frame 0
 * @param earlyMillis frames 1 to {@value #EARLY_LAST} together (or to the last frame run, if fewer)
 * @param worstMillis the slowest frame from {@value #WORST_FROM} to {@value #EARLY_LAST}: the worst hitch once the
 *     first three frames are past
 * @param overBudget how many of frames 1 to {@value #EARLY_LAST} took more than {@value #BUDGET_MILLIS} ms
 * @param earlyMegabytes bytes allocated in frames 1 to {@value #EARLY_LAST}, in MB (10^6 bytes); NaN if the JVM did not
 *     count
 * @param steadyMillis mean time per frame of the last {@value #STEADY_FRAMES} frames + 1 (frames {@value #STEADY_FROM}
 *     to {@value #STEADY_LAST} in a run of that many), NaN if fewer than {@value #STEADY_LAST} frames ran
 * @param steadyBytes mean bytes allocated per frame over the same frames, NaN if not run or not counted
 */
public record FrameFigures(double firstMillis, double earlyMillis, double worstMillis, int overBudget,
                           double earlyMegabytes, double steadyMillis, double steadyBytes) {
    /** Last frame of the early window. */
    public static final int EARLY_LAST = 100;
    /** First frame considered for the worst frame: after the first three. */
    public static final int WORST_FROM = 3;
    /** A frame of a 60 Hz display. */
    public static final double BUDGET_MILLIS = 16.6;
    /** First frame of the steady-state window. */
    public static final int STEADY_FROM = 1000;
    /** Last frame of the steady-state window: runs with {@code --frames 1100} or more have it. */
    public static final int STEADY_LAST = 1100;
    /** Frames in the steady-state window, which ends at the run's last frame. */
    public static final int STEADY_FRAMES = STEADY_LAST - STEADY_FROM;

    /**
     * @param nanos time of each frame, frame 0 first; at least one frame
     * @param bytes bytes allocated in each frame, -1 where not counted
     * @return the figures
     */
    public static FrameFigures of(long[] nanos, long[] bytes) {
        if (nanos.length == 0 || bytes.length != nanos.length) {
            throw new IllegalArgumentException("need one time and one byte count per frame, at least one frame:"
                    + " times=" + nanos.length + " byte counts=" + bytes.length);
        }
        int earlyEnd = Math.min(EARLY_LAST, nanos.length - 1);
        double early = 0;
        double worst = Double.NaN;
        int over = 0;
        for (int f = 1; f <= earlyEnd; f++) {
            double ms = nanos[f] / 1e6;
            early += ms;
            if (ms > BUDGET_MILLIS) {
                over++;
            }
            if (f >= WORST_FROM && !(ms <= worst)) {
                worst = ms;
            }
        }
        double steady = Double.NaN;
        double steadyAlloc = Double.NaN;
        if (nanos.length > STEADY_LAST) { // the last frames: after the vector kernel's background warm-up in long runs
            int last = nanos.length - 1;
            steady = mean(nanos, last - STEADY_FRAMES, last) / 1e6;
            steadyAlloc = mean(bytes, last - STEADY_FRAMES, last);
        }
        double earlyBytes = sum(bytes, 1, earlyEnd);
        return new FrameFigures(nanos[0] / 1e6, early, worst, over, earlyBytes / 1e6, steady, steadyAlloc);
    }

    /** @return the sum of {@code values[from..to]}, NaN if any is negative (not counted) */
    private static double sum(long[] values, int from, int to) {
        double total = 0;
        for (int i = from; i <= to; i++) {
            if (values[i] < 0) {
                return Double.NaN;
            }
            total += values[i];
        }
        return total;
    }

    private static double mean(long[] values, int from, int to) {
        return sum(values, from, to) / (to - from + 1);
    }
}
