package dev.arbor.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether a benchmark figure can be trusted, from plain numbers: the score, its error and the iteration times
 * of each fork (times per operation, lower is better). A figure is flagged when
 * <ul>
 *   <li>its error (JMH's 99.9% confidence half-width) exceeds {@value #ERROR_LIMIT_PERCENT}% of the mean, or is
 *       unknown (a single measured iteration); or</li>
 *   <li>its warm-up had not settled, in any fork: the last warm-up iteration is more than
 *       {@value #SETTLE_LIMIT_PERCENT}% above the median of the measured iterations (the code was still getting
 *       faster when measurement began), or the measured iterations still fall: a least-squares line through them
 *       drops by more than {@value #SETTLE_LIMIT_PERCENT}% of their median from the first to the last.</li>
 * </ul>
 */
public final class Stability {
    /** Largest error, in percent of the mean, of a figure that is not flagged. */
    public static final int ERROR_LIMIT_PERCENT = 20;
    /** Largest drift, in percent of the measured median, of a warm-up that counts as settled. */
    public static final int SETTLE_LIMIT_PERCENT = 10;

    /** The rule in one sentence, for help texts. */
    public static final String RULE = "a result is flagged when JMH's 99.9% error exceeds " + ERROR_LIMIT_PERCENT
            + "% of its mean, or its warm-up had not settled: the last warm-up iteration more than "
            + SETTLE_LIMIT_PERCENT + "% above the median of the measured iterations, or a straight line through the"
            + " measured iterations falling more than " + SETTLE_LIMIT_PERCENT + "% of that median from first to last";

    /**
     * Iteration times of one fork, in the order they ran.
     *
     * @param warmup warm-up iteration times (may be empty when unknown)
     * @param measured measured iteration times
     */
    public record Fork(double[] warmup, double[] measured) {
    }

    private Stability() {
    }

    /**
     * @param mean the score (mean time per operation)
     * @param error the score's error, same unit ({@code NaN} if unknown)
     * @param forks the forks' iteration times, same unit
     * @return why the figure is not trustworthy, one short phrase per reason without commas; empty if it is
     */
    public static List<String> concerns(double mean, double error, List<Fork> forks) {
        List<String> concerns = new ArrayList<>();
        if (Double.isNaN(error)) {
            concerns.add("no error estimate (one measured iteration)");
        } else if (error > mean * ERROR_LIMIT_PERCENT / 100.0) {
            concerns.add("error " + percent(error / mean) + " of the mean");
        }
        double worstWarmup = 0;
        double worstFall = 0;
        for (Fork fork : forks) {
            if (fork.measured().length == 0) {
                continue;
            }
            double median = median(fork.measured());
            if (fork.warmup().length > 0) {
                worstWarmup = Math.max(worstWarmup, fork.warmup()[fork.warmup().length - 1] / median - 1);
            }
            worstFall = Math.max(worstFall, fittedFall(fork.measured()) / median);
        }
        if (worstWarmup > SETTLE_LIMIT_PERCENT / 100.0) {
            concerns.add("last warm-up iteration " + percent(worstWarmup) + " above the measured median");
        }
        if (worstFall > SETTLE_LIMIT_PERCENT / 100.0) {
            concerns.add("measured iterations trend down by " + percent(worstFall) + " of their median");
        }
        return concerns;
    }

    /** @return the median of {@code values} (not empty) */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * @return how far a least-squares line through {@code values} (at x = 0, 1, …) falls from the first x to the
     *     last; negative if it rises, 0 for fewer than three values (two points make no trend)
     */
    static double fittedFall(double[] values) {
        int n = values.length;
        if (n < 3) {
            return 0;
        }
        double meanX = (n - 1) / 2.0;
        double meanY = Arrays.stream(values).average().orElse(0);
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (i - meanX) * (values[i] - meanY);
            sxx += (i - meanX) * (i - meanX);
        }
        return -sxy / sxx * (n - 1);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
}
