package dev.arbor.bench.cold;

import java.util.Arrays;
import java.util.Locale;

/**
 * Median and range of one figure over the forks of a configuration.
 *
 * @param median the median (mean of the middle two for an even count)
 * @param min the smallest
 * @param max the largest
 * @param count how many forks had the figure (NaN values are left out)
 */
public record Spread(double median, double min, double max, int count) {
    /** No value at all. */
    public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

    /**
     * @param values one value per fork; NaN means the fork did not have it
     * @return their median and range, or {@link #NONE} if every value is NaN
     */
    public static Spread of(double... values) {
        double[] kept = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        int n = kept.length;
        if (n == 0) {
            return NONE;
        }
        double median = n % 2 == 1 ? kept[n / 2] : (kept[n / 2 - 1] + kept[n / 2]) / 2;
        return new Spread(median, kept[0], kept[n - 1], n);
    }

    /**
     * @return {@code median [min–max]}, each with about three significant digits; just the median for one fork, or
     *     a dash for none
     */
    public String format() {
        if (count == 0) {
            return "-";
        }
        return count == 1 || min == max ? number(median) : number(median) + " [" + number(min) + "\u2013"
                + number(max) + "]";
    }

    /**
     * @param value a figure
     * @return it with about three significant digits, never in exponent form
     */
    public static String number(double value) {
        double magnitude = Math.abs(value);
        String pattern = magnitude >= 100 || value == Math.rint(value) && magnitude < 1e15 ? "%.0f"
                : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, value);
    }
}
