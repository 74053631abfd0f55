package dev.arbor.bench.report;

import dev.arbor.bench.bounds.BoundsImplementation;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scenes;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Formats results as a table of ns/node, one row per scene × workload and one column per implementation, each figure
 * with its error and each peer's ratio to Arbor ({@code peer time / Arbor time}: how many times slower than Arbor);
 * or as CSV. Results with {@linkplain Result#concerns concerns} are marked {@value #FLAG} and listed by
 * {@link #concerns}.
 */
public final class ResultTable {
    /** The CSV header line. */
    public static final String CSV_HEADER = "scene,workload,implementation,ns_per_node,error_ns_per_node,concerns";
    /** Id of the implementation ratios are taken against. */
    public static final String BASELINE = "arbor";
    /** Mark after a figure that is not trustworthy. */
    public static final String FLAG = "!";

    private ResultTable() {
    }

    /**
     * Prints CSV: {@link #CSV_HEADER}, then one line per result: ns/node and its error to four significant digits
     * (the error empty if unknown), then the concerns separated by {@code "; "} (empty if none).
     *
     * @param results the results
     * @param out destination
     */
    public static void csv(List<Result> results, PrintStream out) {
        out.println(CSV_HEADER);
        for (Result r : sorted(results)) {
            out.println(r.scene() + "," + r.workload() + "," + r.implementation() + ","
                    + fourDigits(r.nsPerNode()) + "," + (Double.isNaN(r.errorNsPerNode()) ? ""
                    : fourDigits(r.errorNsPerNode())) + "," + csvField(String.join("; ", r.concerns())));
        }
    }

    private static String csvField(String text) {
        return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }

    private static String fourDigits(double v) {
        BigDecimal d = new BigDecimal(v).round(new MathContext(4));
        return (d.scale() < 0 ? d.setScale(0) : d).stripTrailingZeros().toPlainString();
    }

    /**
     * Prints an aligned plain-text table.
     *
     * @param results the results
     * @param out destination
     */
    public static void text(List<Result> results, PrintStream out) {
        List<List<Result>> groups = groups(results);
        for (int g = 0; g < groups.size(); g++) {
            if (g > 0) {
                out.println();
            }
            textTable(groups.get(g), out);
        }
        out.println("ns/node: mean ± JMH's 99.9% error; in parentheses: time relative to " + BASELINE
                + " (2.0x = twice as slow); " + FLAG + ": not trustworthy, see below");
    }

    /**
     * Prints one line per flagged result: its figure and concerns.
     *
     * @param results the results
     * @param out destination
     * @param prefix put before each line (e.g. {@code "- "} for a Markdown list)
     * @return how many lines were printed
     */
    public static int concerns(List<Result> results, PrintStream out, String prefix) {
        int flagged = 0;
        for (Result r : sorted(results)) {
            if (r.flagged()) {
                out.println(prefix + FLAG + " " + r.scene() + " " + r.workload() + " " + r.implementation() + ": "
                        + figure(r) + " ns/node: " + String.join("; ", r.concerns()));
                flagged++;
            }
        }
        return flagged;
    }

    /**
     * Splits results into transform workloads and bounds workloads (whose implementations differ), each printed as
     * its own table.
     *
     * @param results the results
     * @return the non-empty groups, transforms first
     */
    static List<List<Result>> groups(List<Result> results) {
        List<Result> transforms = new ArrayList<>();
        List<Result> bounds = new ArrayList<>();
        for (Result r : results) {
            (Workload.byId(r.workload()).bounds() ? bounds : transforms).add(r);
        }
        List<List<Result>> groups = new ArrayList<>();
        for (List<Result> group : List.of(transforms, bounds)) {
            if (!group.isEmpty()) {
                groups.add(group);
            }
        }
        return groups;
    }

    private static void textTable(List<Result> results, PrintStream out) {
        List<String[]> rows = cells(results);
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                String cell = row[c];
                if (c < 2) {
                    sb.append(cell).append(" ".repeat(widths[c] - cell.length()));
                } else {
                    sb.append(" ".repeat(widths[c] - cell.length())).append(cell);
                }
                sb.append(c + 1 < row.length ? "  " : "");
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    /**
     * Prints a Markdown table (same content as {@link #text}).
     *
     * @param results the results
     * @param out destination
     */
    public static void markdown(List<Result> results, PrintStream out) {
        List<List<Result>> groups = groups(results);
        for (int g = 0; g < groups.size(); g++) {
            if (g > 0) {
                out.println();
            }
            markdownTable(groups.get(g), out);
        }
    }

    private static void markdownTable(List<Result> results, PrintStream out) {
        List<String[]> rows = cells(results);
        for (int r = 0; r < rows.size(); r++) {
            out.println("| " + String.join(" | ", rows.get(r)) + " |");
            if (r == 0) {
                StringBuilder sep = new StringBuilder("|---|---|");
                for (int c = 2; c < rows.get(0).length; c++) {
                    sep.append("---:|");
                }
                out.println(sep);
            }
        }
    }

    private static List<String[]> cells(List<Result> results) {
        List<String> impls = implementations(results);
        Map<String, Map<String, Result>> byRow = new LinkedHashMap<>();
        for (Result r : sorted(results)) {
            byRow.computeIfAbsent(r.scene() + "\u0000" + r.workload(), k -> new LinkedHashMap<>())
                    .put(r.implementation(), r);
        }
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[impls.size() + 2];
        header[0] = "scene";
        header[1] = "workload";
        for (int i = 0; i < impls.size(); i++) {
            header[i + 2] = impls.get(i);
        }
        rows.add(header);
        for (Map<String, Result> row : byRow.values()) {
            Result any = row.values().iterator().next();
            Result base = row.get(BASELINE);
            String[] cells = new String[impls.size() + 2];
            cells[0] = any.scene();
            cells[1] = any.workload();
            for (int i = 0; i < impls.size(); i++) {
                Result r = row.get(impls.get(i));
                if (r == null) {
                    cells[i + 2] = "n/a";
                } else {
                    cells[i + 2] = figure(r) + (base == null || r == base ? ""
                            : " (" + ratio(r.nsPerOp() / base.nsPerOp()) + ")") + (r.flagged() ? " " + FLAG : "");
                }
            }
            rows.add(cells);
        }
        return rows;
    }

    /** @return implementation ids present: {@link Implementation}, then {@link BoundsImplementation} order; unknown last */
    static List<String> implementations(List<Result> results) {
        List<String> ids = new ArrayList<>();
        for (Result r : results) {
            if (!ids.contains(r.implementation())) {
                ids.add(r.implementation());
            }
        }
        ids.sort(Comparator.comparingInt(ResultTable::implementationRank));
        return ids;
    }

    private static int implementationRank(String id) {
        try {
            return Implementation.byId(id).ordinal();
        } catch (IllegalArgumentException e) {
            try {
                return Implementation.values().length + BoundsImplementation.byId(id).ordinal();
            } catch (IllegalArgumentException notBounds) {
                return Integer.MAX_VALUE;
            }
        }
    }

    /**
     * @param results results in any order
     * @return the results ordered by scene (as in {@link Scenes#NAMES}), workload, implementation
     */
    public static List<Result> sorted(List<Result> results) {
        List<Result> copy = new ArrayList<>(results);
        copy.sort(Comparator.comparingInt((Result r) -> sceneRank(r.scene()))
                .thenComparingInt(r -> Workload.byId(r.workload()).ordinal())
                .thenComparingInt(r -> implementationRank(r.implementation())));
        return copy;
    }

    private static int sceneRank(String scene) {
        int i = Scenes.NAMES.indexOf(scene);
        return i < 0 ? Integer.MAX_VALUE : i;
    }

    /** @return ns/node ± its error, e.g. {@code 58.2 ± 1.3} ({@code ± ?} if the error is unknown) */
    static String figure(Result r) {
        return number(r.nsPerNode()) + " ± " + (Double.isNaN(r.errorNsPerNode()) ? "?" : number(r.errorNsPerNode()));
    }

    static String number(double v) {
        if (v == 0) {
            return "0";
        }
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (v >= 0.01) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.1e", v);
    }

    private static String ratio(double v) {
        return (v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v)) + "x";
    }
}
