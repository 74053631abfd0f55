package dev.arbor.bench;

import dev.arbor.bench.bounds.BoundsImplementation;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.report.KernelProbe;
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
import org.openjdk.jmh.infra.BenchmarkParams;
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
 * [--workloads a,b] [--impls a,b]}. {@code --quick} runs all-dirty, 1%-dirty and static on {@code seed-6000},
 * static on {@code game-100k} for every implementation, and the two bounds workloads on {@code game-100k}, with one
 * fork and short iterations (about 2.5 minutes on 2 cores); without it, every workload runs on its scenes with the
 * benchmark classes' own settings (hours). {@code --scenes} and {@code --workloads} select from the full suite;
 * with {@code --quick} too, the selection runs with the short iterations. JMH's progress goes to standard error; the table or CSV goes to
 * {@code out}, after one {@code # JDK …, arbor kernel: …} line (on standard error for CSV, whose first line stays
 * the header), also written to {@value #ENVIRONMENT_FILE} beside the JSON. Must run from a class path of plain jars
 * (e.g. the shaded {@code arbor-benchmarks.jar} or {@code arbor.jar}) because JMH forks a JVM with the same class
 * path; the forks get {@link dev.arbor.bench.workloads.ForkOptions}.
 */
public final class BenchMain {
    /** Exit code: success. */
    public static final int OK = 0;
    /** Exit code: a benchmark failed (e.g. the correctness gate) or produced no result. */
    public static final int FAILED = 1;
    /** Exit code: bad arguments. */
    public static final int USAGE = 2;

    /** File written next to the JSON results with {@link #environment}'s line. */
    public static final String ENVIRONMENT_FILE = "environment.txt";

    private static final String OPTIONS_TEXT = "[--quick] [--format table|csv|markdown] [--json DIR]"
            + " [--scenes a,b] [--workloads a,b] [--impls a,b]";

    /** One JMH invocation: workloads crossed with scenes and implementations. */
    private record Plan(List<Workload> workloads, List<String> scenes, List<String> impls) {
        Plan(List<Workload> workloads, List<String> scenes) {
            this(workloads, scenes, implementationsOf(workloads.get(0).bounds()));
        }
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
        return run(args, out, "BenchMain");
    }

    /**
     * Runs the benchmarks; usage errors name the program as {@code program} (e.g. {@code arbor bench}).
     *
     * @param args see the class comment
     * @param out where the table or CSV is printed
     * @param program the program's name in usage messages
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out, String program) {
        String usage = "usage: " + program + " " + OPTIONS_TEXT;
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
                        out.println(usage);
                        out.println("  --quick      all-dirty, dirty-1pct, static on seed-6000; static on game-100k;"
                                + " bounds on game-100k; short iterations (about 2.5 minutes on 2 cores)");
                        out.println("  (no --quick) every workload on its scenes, JMH's full iterations (hours)");
                        out.println("  --scenes, --workloads select from the full suite (with --quick: short"
                                + " iterations)");
                        out.println("  workloads:  " + String.join(",", ids(Workload.values())));
                        out.println("  scenes:     " + String.join(",", Scenes.NAMES));
                        out.println("  impls:      " + String.join(",", implementationsOf(false))
                                + "; for bounds " + String.join(",", implementationsOf(true)));
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
            if (impls != null) {
                impls.forEach(BenchMain::requireKnownImplementation);
            }
            if (workloads != null) {
                workloads.forEach(Workload::byId);
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(usage);
            return USAGE;
        }
        List<Plan> plans = plans(quick, scenes, workloads, impls);
        if (plans.isEmpty()) {
            System.err.println("nothing to run: no workload of the selection runs on these scenes and implementations");
            System.err.println(usage);
            return USAGE;
        }
        List<Result> results = new ArrayList<>();
        BenchmarkParams forkParams = null;
        try {
            if (jsonDir != null) {
                Files.createDirectories(jsonDir);
            }
            int k = 0;
            for (Plan plan : plans) {
                Path json = jsonDir == null ? null : jsonDir.resolve("jmh-" + (quick ? "quick-" : "full-") + k++
                        + ".json");
                Collection<RunResult> runs = runPlan(plan, quick, json);
                for (RunResult run : runs) {
                    results.add(result(run));
                    forkParams = run.getParams();
                }
            }
        } catch (RunnerException | IOException | RuntimeException e) {
            System.err.println("benchmark run failed: " + e);
            return FAILED;
        }
        if (results.isEmpty()) {
            System.err.println("benchmark run produced no results");
            return FAILED;
        }
        String environment = environment(forkParams);
        if (jsonDir != null) {
            try {
                Files.writeString(jsonDir.resolve(ENVIRONMENT_FILE), environment + System.lineSeparator());
            } catch (IOException e) {
                System.err.println("cannot write " + jsonDir.resolve(ENVIRONMENT_FILE) + ": " + e.getMessage());
                return FAILED;
            }
        }
        // CSV keeps its one header line for parsers; the environment goes to the log there
        (format.equals("csv") ? System.err : out).println("# " + environment);
        switch (format) {
            case "csv": ResultTable.csv(results, out); break;
            case "markdown": ResultTable.markdown(results, out); break;
            default: ResultTable.text(results, out);
        }
        return OK;
    }

    private static List<Plan> plans(boolean quick, List<String> scenes, List<String> workloadIds,
                                    List<String> implIds) {
        List<Plan> plans = new ArrayList<>();
        if (quick && scenes == null && workloadIds == null) {
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
        plans.add(new Plan(List.of(Workload.BOUNDS_1PCT, Workload.FRUSTUM_QUERY), List.of("game-100k")));
        List<Plan> filtered = new ArrayList<>();
        for (Plan plan : plans) {
            List<Workload> ws = new ArrayList<>(plan.workloads());
            if (workloadIds != null) {
                ws.removeIf(w -> !workloadIds.contains(w.id()));
            }
            List<String> ss = new ArrayList<>(scenes == null ? plan.scenes() : scenes);
            if (plan.workloads().get(0).bounds()) {
                ss.retainAll(plan.scenes()); // the camera is chosen for these scenes
            }
            List<String> is = new ArrayList<>(plan.impls());
            if (implIds != null) {
                is.removeIf(id -> !implIds.contains(id));
            }
            if (!ws.isEmpty() && !ss.isEmpty() && !is.isEmpty()) {
                filtered.add(new Plan(ws, ss, is));
            }
        }
        return filtered;
    }

    /** @return the ids of every transform implementation, or of every bounds implementation */
    private static List<String> implementationsOf(boolean bounds) {
        List<String> ids = new ArrayList<>();
        if (bounds) {
            for (BoundsImplementation impl : BoundsImplementation.values()) {
                ids.add(impl.id());
            }
        } else {
            for (Implementation impl : Implementation.values()) {
                ids.add(impl.id());
            }
        }
        return ids;
    }

    private static List<String> ids(Workload[] workloads) {
        List<String> ids = new ArrayList<>();
        for (Workload w : workloads) {
            ids.add(w.id());
        }
        return ids;
    }

    private static void requireKnownImplementation(String id) {
        if (!implementationsOf(false).contains(id) && !implementationsOf(true).contains(id)) {
            throw new IllegalArgumentException("unknown implementation: id=" + id + ", known="
                    + implementationsOf(false) + " and for bounds " + implementationsOf(true));
        }
    }

    private static Collection<RunResult> runPlan(Plan plan, boolean quick, Path json) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .param("scene", plan.scenes().toArray(new String[0]))
                .param("impl", plan.impls().toArray(new String[0]))
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
        return runner.run();
    }

    private static Result result(RunResult run) {
        String scene = run.getParams().getParam("scene");
        org.openjdk.jmh.results.Result<?> primary = run.getPrimaryResult();
        double nsPerOp = primary.getScore() * nanosPer(run.getParams().getTimeUnit());
        double error = primary.getScoreError() * nanosPer(run.getParams().getTimeUnit());
        return new Result(scene, BenchMethods.workloadOf(run.getParams().getBenchmark()).id(),
                run.getParams().getParam("impl"), nsPerOp, error, SceneSizes.of(scene));
    }

    /**
     * One line saying what ran: the forks' JDK and Arbor's kernel there (asked of a JVM started like a fork, see
     * {@link KernelProbe}), then after semicolons the VM, the forks' JVM options and the processor count.
     */
    private static String environment(BenchmarkParams fork) {
        return "JDK " + fork.getJdkVersion() + ", arbor kernel: "
                + KernelProbe.describeFork(fork.getJvm(), fork.getJvmArgs()) + "; VM: " + fork.getVmName() + " "
                + fork.getVmVersion() + "; fork options: " + String.join(" ", fork.getJvmArgs()) + "; "
                + Runtime.getRuntime().availableProcessors() + " processors";
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
