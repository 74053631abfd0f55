package dev.arbor.bench;

import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.report.Result;
import dev.arbor.bench.report.ResultTable;
import dev.arbor.bench.report.SceneSizes;
import dev.arbor.bench.workloads.BenchMethods;
import dev.arbor.scenes.Scenes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the benchmark suite through JMH's Runner API and prints ns/node per scene × workload × implementation.
 *
 * <p>Usage: {@code BenchMain [--quick] [--format table|csv|markdown] [--json DIR] [--scenes a,b]
 * [--workloads a,b] [--impls a,b]}. {@code --quick} runs all-dirty, 1%-dirty and static on {@code seed-6000} and
 * static on {@code game-100k} for every implementation with one fork and short iterations (about 2 minutes on 2
 * cores); without it, every workload runs on its scenes with the benchmark classes' own settings (hours). JMH's
 * progress goes to standard error; the table or CSV goes to {@code out}. Must run from a class path of plain jars
 * (e.g. the shaded {@code arbor-benchmarks.jar}) because JMH forks a JVM with the same class path.
 */
public final class BenchMain {
    /** Exit code: success. */
    public static final int OK = 0;
    /** Exit code: a benchmark failed (e.g. the correctness gate) or produced no result. */
    public static final int FAILED = 1;
    /** Exit code: bad arguments. */
    public static final int USAGE = 2;

    private static final String USAGE_TEXT = "usage: BenchMain [--quick] [--format table|csv|markdown] [--json DIR]"
            + " [--scenes a,b] [--workloads a,b] [--impls a,b]";

    /** One JMH invocation: workloads crossed with scenes. */
    private record Plan(List<Workload> workloads, List<String> scenes) {
    }

    private BenchMain() {
    }

    /**
     * Command-line entry point; exits with {@link #run}'s code.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * Runs the benchmarks.
     *
     * @param args see the class comment
     * @param out where the table or CSV is printed
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out) {
        boolean quick = false;
        String format = "table";
        Path jsonDir = null;
        List<String> scenes = null;
        List<String> workloads = null;
        List<String> impls = null;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--quick": quick = true; break;
                    case "--format": format = value(args, ++i).toLowerCase(Locale.ROOT); break;
                    case "--json": jsonDir = Path.of(value(args, ++i)); break;
                    case "--scenes": scenes = list(value(args, ++i)); break;
                    case "--workloads": workloads = list(value(args, ++i)); break;
                    case "--impls": impls = list(value(args, ++i)); break;
                    case "--help":
                    case "-h":
                        out.println(USAGE_TEXT);
                        return OK;
                    default: throw new IllegalArgumentException("unknown option: " + args[i]);
                }
            }
            if (!List.of("table", "csv", "markdown").contains(format)) {
                throw new IllegalArgumentException("unknown format: format=" + format);
            }
            for (String s : scenes == null ? List.<String>of() : scenes) {
                if (!Scenes.NAMES.contains(s)) {
                    throw new IllegalArgumentException("unknown scene: name=" + s + ", known=" + Scenes.NAMES);
                }
            }
            if (impls == null) {
                impls = new ArrayList<>();
                for (Implementation impl : Implementation.values()) {
                    impls.add(impl.id());
                }
            } else {
                impls.forEach(Implementation::byId);
            }
            if (workloads != null) {
                workloads.forEach(Workload::byId);
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE_TEXT);
            return USAGE;
        }
        List<Plan> plans = plans(quick, scenes, workloads);
        List<Result> results = new ArrayList<>();
        try {
            if (jsonDir != null) {
                Files.createDirectories(jsonDir);
            }
            int k = 0;
            for (Plan plan : plans) {
                Path json = jsonDir == null ? null : jsonDir.resolve("jmh-" + (quick ? "quick-" : "full-") + k++
                        + ".json");
                results.addAll(runPlan(plan, impls, quick, json));
            }
        } catch (RunnerException | IOException | RuntimeException e) {
            System.err.println("benchmark run failed: " + e);
            return FAILED;
        }
        if (results.isEmpty()) {
            System.err.println("benchmark run produced no results");
            return FAILED;
        }
        switch (format) {
            case "csv": ResultTable.csv(results, out); break;
            case "markdown": ResultTable.markdown(results, out); break;
            default: ResultTable.text(results, out);
        }
        return OK;
    }

    private static List<Plan> plans(boolean quick, List<String> scenes, List<String> workloadIds) {
        List<Plan> plans = new ArrayList<>();
        if (quick) {
            plans.add(new Plan(List.of(Workload.ALL_DIRTY, Workload.DIRTY_1PCT, Workload.STATIC),
                    List.of("seed-6000")));
            plans.add(new Plan(List.of(Workload.STATIC), List.of("game-100k")));
        } else {
            plans.add(new Plan(List.of(Workload.ALL_DIRTY, Workload.DIRTY_1PCT, Workload.STATIC,
                    Workload.ROOTS_MOVED), Scenes.NAMES));
            plans.add(new Plan(List.of(Workload.SET_GET_FORWARD, Workload.SET_GET_REVERSE, Workload.SET_GET_SOME),
                    List.of("seed-6000", "crowd")));
            plans.add(new Plan(List.of(Workload.REPARENT_CHURN), List.of("seed-6000", "game-100k")));
        }
        List<Plan> filtered = new ArrayList<>();
        for (Plan plan : plans) {
            List<Workload> ws = new ArrayList<>(plan.workloads());
            if (workloadIds != null) {
                ws.removeIf(w -> !workloadIds.contains(w.id()));
            }
            List<String> ss = scenes == null ? plan.scenes() : scenes;
            if (!ws.isEmpty() && !ss.isEmpty()) {
                filtered.add(new Plan(ws, ss));
            }
        }
        return filtered;
    }

    private static List<Result> runPlan(Plan plan, List<String> impls, boolean quick, Path json)
            throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .param("scene", plan.scenes().toArray(new String[0]))
                .param("impl", impls.toArray(new String[0]))
                .shouldFailOnError(true);
        for (Workload w : plan.workloads()) {
            options.include(BenchMethods.includeOf(w));
        }
        if (quick) {
            options.forks(1)
                    .warmupIterations(3).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(500));
        }
        if (json != null) {
            options.result(json.toString()).resultFormat(ResultFormatType.JSON);
        }
        Runner runner = new Runner(options.build(),
                OutputFormatFactory.createFormatInstance(System.err, VerboseMode.NORMAL));
        Collection<RunResult> runs = runner.run();
        List<Result> results = new ArrayList<>();
        for (RunResult run : runs) {
            String scene = run.getParams().getParam("scene");
            org.openjdk.jmh.results.Result<?> primary = run.getPrimaryResult();
            double nsPerOp = primary.getScore() * nanosPer(run.getParams().getTimeUnit());
            double error = primary.getScoreError() * nanosPer(run.getParams().getTimeUnit());
            results.add(new Result(scene, BenchMethods.workloadOf(run.getParams().getBenchmark()).id(),
                    run.getParams().getParam("impl"), nsPerOp, error, SceneSizes.of(scene)));
        }
        return results;
    }

    private static double nanosPer(TimeUnit unit) {
        return unit.toNanos(1);
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException("missing value after " + args[i - 1]);
        }
        return args[i];
    }

    private static List<String> list(String csv) {
        return Arrays.asList(csv.split(","));
    }
}
