package dev.arbor.bench.cold;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measurements one fresh JVM printed ({@link ColdChild}'s lines, or the Node script's one {@code threejs} line),
 * with the wall-clock time the parent saw from starting the process to its exit.
 *
 * @param info every {@code info KEY VALUE} line, and every {@code KEY=VALUE} of a {@code threejs} line
 * @param nanos one entry per {@code frame} or {@code read} line, in the order printed
 * @param bytes the allocated bytes of the same lines (-1 where not counted)
 * @param wallMillis process start to exit, as seen by the parent
 */
public record ForkOutput(Map<String, String> info, long[] nanos, long[] bytes, double wallMillis) {
    /**
     * Parses a child's standard output; lines it does not know (for example a JVM warning) are skipped.
     *
     * @param text the whole output
     * @param wallMillis process start to exit
     * @return the measurements
     * @throws IllegalArgumentException if a {@code frame} or {@code read} line is malformed or out of order
     */
    public static ForkOutput parse(String text, double wallMillis) {
        Map<String, String> info = new LinkedHashMap<>();
        List<long[]> rows = new ArrayList<>();
        for (String line : text.split("\\R")) {
            String[] words = line.strip().split(" ", 3);
            switch (words[0]) {
                case "info":
                    if (words.length == 3) {
                        info.put(words[1], words[2]);
                    }
                    break;
                case "frame":
                case "read":
                    rows.add(row(line, words, rows.size() + (words[0].equals("read") ? 1 : 0)));
                    break;
                case "threejs":
                    for (String pair : line.strip().split(" ")) {
                        int eq = pair.indexOf('=');
                        if (eq > 0) {
                            info.put(pair.substring(0, eq), pair.substring(eq + 1));
                        }
                    }
                    break;
                default:
                    break;
            }
        }
        long[] nanos = new long[rows.size()];
        long[] bytes = new long[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            nanos[i] = rows.get(i)[0];
            bytes[i] = rows.get(i)[1];
        }
        return new ForkOutput(info, nanos, bytes, wallMillis);
    }

    private static long[] row(String line, String[] words, int expectedIndex) {
        String[] rest = words.length == 3 ? words[2].split(" ") : new String[0];
        try {
            if (rest.length != 2 || Integer.parseInt(words[1]) != expectedIndex) {
                throw new IllegalArgumentException("malformed or out-of-order line: " + line);
            }
            return new long[] {Long.parseLong(rest[0]), Long.parseLong(rest[1])};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed line: " + line, e);
        }
    }

    /**
     * @param key an info key, e.g. {@code build_ms}
     * @return its value as a number, or NaN if absent or not a number
     */
    public double number(String key) {
        String value = info.get(key);
        try {
            return value == null ? Double.NaN : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
