package dev.arbor.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws a crowd frame by phase: one stacked bar per system (sampling, local-to-world, skinning matrices), in ms per
 * frame, from a small CSV file of measured medians, so that the chart in {@code docs/benchmarks.md} is made from the
 * figures written beside it.
 *
 * <p>Usage: {@code PhaseChartMain --title TEXT --out FILE.png phases.csv}. Each line of the file that is not empty or
 * a {@code #} comment is {@code system,sample ms,hierarchy ms,palettes ms}.
 */
public final class PhaseChartMain {
    /** The phases, in the order of the file's columns. */
    static final String[] PHASES = {"sampling (and applying)", "local-to-world / update()", "skinning matrices"};

    private PhaseChartMain() {
    }

    /**
     * Command-line entry point.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * Reads the file and writes the chart.
     *
     * @param args see the class comment
     * @param out where the chart's path is printed
     * @return 0 on success, 1 if a file cannot be read or written, 2 on bad arguments
     */
    public static int run(String[] args, PrintStream out) {
        System.setProperty("java.awt.headless", "true");
        String title = null;
        Path png = null;
        Path csv = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--title") && i + 1 < args.length) {
                title = args[++i];
            } else if (args[i].equals("--out") && i + 1 < args.length) {
                png = Path.of(args[++i]);
            } else if (!args[i].startsWith("--") && csv == null) {
                csv = Path.of(args[i]);
            } else {
                csv = null;
                break;
            }
        }
        if (title == null || png == null || csv == null) {
            out.println("usage: PhaseChartMain --title TEXT --out FILE.png phases.csv");
            return 2;
        }
        try {
            List<String> systems = new ArrayList<>();
            List<double[]> phases = new ArrayList<>();
            int lineNumber = 0;
            for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
                lineNumber++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split(",");
                if (cells.length != 1 + PHASES.length) {
                    out.println(csv + ":" + lineNumber + ": expected system and " + PHASES.length + " figures, found "
                            + (cells.length - 1));
                    return 2;
                }
                systems.add(cells[0].strip());
                double[] values = new double[PHASES.length];
                for (int p = 0; p < PHASES.length; p++) {
                    values[p] = Double.parseDouble(cells[1 + p].strip());
                }
                phases.add(values);
            }
            ImageIO.write(BitmapEncoder.getBufferedImage(chart(title, systems, phases)), "png", png.toFile());
            out.println(png);
            return 0;
        } catch (IOException | NumberFormatException e) {
            out.println("cannot make the chart: " + e.getMessage());
            return 1;
        }
    }

    /** The stacked bars: one per system, one series per phase. */
    static CategoryChart chart(String title, List<String> systems, List<double[]> phases) {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(420).title(title)
                .xAxisTitle("").yAxisTitle("ms per frame (median)").build();
        chart.getStyler().setStacked(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        chart.getStyler().setLabelsVisible(false);
        List<String> labels = new ArrayList<>();
        for (int k = 0; k < systems.size(); k++) { // each bar named with its total
            labels.add(String.format(Locale.ROOT, "%s: %.3f ms", systems.get(k), total(phases.get(k))));
        }
        for (int p = 0; p < PHASES.length; p++) {
            List<Double> ys = new ArrayList<>();
            for (double[] values : phases) {
                ys.add(values[p]);
            }
            chart.addSeries(PHASES[p], labels, ys);
        }
        return chart;
    }

    private static double total(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum;
    }
}
