package dev.arbor.bench;

import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.report.JmhJson;
import dev.arbor.bench.report.Result;
import dev.arbor.bench.report.ResultTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Draws the benchmark charts from JMH JSON result files with XChart: one PNG per workload, named
 * {@code <workload>.png}, grouped bars of ns/node (logarithmic axis) per scene, one bar per implementation.
 *
 * <p>Usage: {@code ChartMain --out DIR [--markdown] result.json...}. With {@code --markdown} the ns/node table with
 * ratios to Arbor is also printed, as pasted into {@code docs/benchmarks.md}. The titles name the JDK and Arbor's
 * kernel when BenchMain's {@value BenchMain#ENVIRONMENT_FILE} lies beside the first file.
 */
public final class ChartMain {
    private ChartMain() {
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
     * Reads the JSON files and writes the charts.
     *
     * @param args see the class comment
     * @param out where the chart paths (and the Markdown table) are printed
     * @return 0 on success, 1 if a file cannot be read or written, 2 on bad arguments
     */
    public static int run(String[] args, PrintStream out) {
        System.setProperty("java.awt.headless", "true");
        Path outDir = null;
        boolean markdown = false;
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--out") && i + 1 < args.length) {
                outDir = Path.of(args[++i]);
            } else if (args[i].equals("--markdown")) {
                markdown = true;
            } else if (args[i].startsWith("--")) {
                outDir = null;
                inputs.clear();
                break;
            } else {
                inputs.add(Path.of(args[i]));
            }
        }
        if (outDir == null || inputs.isEmpty()) {
            System.err.println("usage: ChartMain --out DIR [--markdown] result.json...");
            return 2;
        }
        try {
            List<Result> results = new ArrayList<>();
            for (Path input : inputs) {
                results.addAll(JmhJson.read(input));
            }
            Files.createDirectories(outDir);
            String context = context(inputs.get(0));
            for (Workload workload : Workload.values()) {
                List<Result> selected = new ArrayList<>();
                for (Result r : ResultTable.sorted(results)) {
                    if (r.workload().equals(workload.id())) {
                        selected.add(r);
                    }
                }
                if (!selected.isEmpty()) {
                    Path png = outDir.resolve(workload.id() + ".png");
                    ImageIO.write(BitmapEncoder.getBufferedImage(chart(workload, selected, context)), "png", png.toFile());
                    out.println("wrote " + png);
                }
            }
            if (markdown) {
                ResultTable.markdown(results, out);
            }
            return 0;
        } catch (IOException e) {
            System.err.println("chart generation failed: " + e.getMessage());
            return 1;
        }
    }

    /**
     * @param json a JMH result file
     * @return the JDK and Arbor kernel of its run — the part before the first {@code ;} of the
     *     {@value BenchMain#ENVIRONMENT_FILE} BenchMain wrote beside it — or {@code ""} if there is none
     * @throws IOException if the file exists but cannot be read
     */
    public static String context(Path json) throws IOException {
        Path environment = json.toAbsolutePath().resolveSibling(BenchMain.ENVIRONMENT_FILE);
        if (!Files.exists(environment)) {
            return "";
        }
        String line = Files.readString(environment).strip();
        int end = line.indexOf(';');
        return end < 0 ? line : line.substring(0, end);
    }

    /**
     * Builds one workload's chart.
     *
     * @param workload the workload
     * @param results its results, sorted by scene then implementation
     * @param context JDK and kernel for the title, or {@code ""}
     * @return the chart
     */
    static CategoryChart chart(Workload workload, List<Result> results, String context) {
        Set<String> scenes = new LinkedHashSet<>();
        Set<String> impls = new LinkedHashSet<>();
        for (Result r : results) {
            scenes.add(r.scene());
            impls.add(r.implementation());
        }
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
                .title(workload.id() + ": ns per node (log scale, lower is better)"
                        + (context.isEmpty() ? "" : " — " + context))
                .xAxisTitle("scene").yAxisTitle("ns/node").build();
        double smallest = Double.MAX_VALUE;
        double largest = 0;
        for (Result r : results) {
            smallest = Math.min(smallest, r.nsPerNode());
            largest = Math.max(largest, r.nsPerNode());
        }
        // bars on a log axis need an explicit positive base: the decade below the smallest value
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(Math.max(smallest, 1e-6)))));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(Math.max(largest, 1e-6) * 1.01))));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setYAxisDecimalPattern("#,##0.######");
        for (String impl : impls) {
            List<String> xs = new ArrayList<>();
            List<Number> ys = new ArrayList<>();
            for (String scene : scenes) {
                Result found = null;
                for (Result r : results) {
                    if (r.scene().equals(scene) && r.implementation().equals(impl)) {
                        found = r;
                    }
                }
                xs.add(scene);
                ys.add(found == null ? null : Math.max(found.nsPerNode(), 1e-6));
            }
            chart.addSeries(impl, xs, ys);
        }
        return chart;
    }
}
