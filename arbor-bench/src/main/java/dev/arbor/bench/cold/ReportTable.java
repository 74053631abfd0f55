package dev.arbor.bench.cold;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** A table printed as aligned text (first column left, the others right) or as Markdown. */
final class ReportTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    ReportTable(List<String> header) {
        this.header = header;
    }

    void add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException("row of " + row.size() + " cells for " + header.size() + " columns");
        }
        rows.add(row);
    }

    int size() {
        return rows.size();
    }

    void print(PrintStream out, boolean markdown) {
        if (markdown) {
            out.println("| " + String.join(" | ", header) + " |");
            StringBuilder rule = new StringBuilder("|");
            for (int c = 0; c < header.size(); c++) {
                rule.append(c < 2 ? "---|" : "---:|");
            }
            out.println(rule);
            for (List<String> row : rows) {
                out.println("| " + String.join(" | ", row) + " |");
            }
            return;
        }
        int[] widths = new int[header.size()];
        for (List<String> row : allRows()) {
            for (int c = 0; c < row.size(); c++) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        for (List<String> row : allRows()) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c);
                String pad = " ".repeat(widths[c] - cell.length());
                line.append(c == 0 ? "" : "  ").append(c < 2 ? cell + pad : pad + cell);
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private List<List<String>> allRows() {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }
}
