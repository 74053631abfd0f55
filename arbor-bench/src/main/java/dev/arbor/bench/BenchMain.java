package dev.arbor.bench;

import dev.arbor.bench.bounds.BoundsImplementation;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.Workload;
import dev.arbor.bench.report.KernelProbe;
import dev.arbor.bench.report.Result;
import dev.arbor.bench.report.ResultTable;
import dev.arbor.bench.report.SceneSizes;
import dev.arbor.bench.report.Stability;
import dev.arbor.bench.report.WarmupLog;
import dev.arbor.bench.workloads.BenchMethods;
import dev.arbor.scenes.Scenes;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Runs the benchmark suite through JMH's Runner API and prints ns/node per scene × workload × implementation, each
 * figure with JMH's 99.9% error; figures that cannot be trusted ({@link Stability}) are marked and listed after the
 * table with a hint. {@code --help} describes the options. {@code --quick} runs all-dirty, 1%-dirty and static on
 * {@code seed-6000}, static on {@code game-100k} for every implementation, and the two bounds workloads on
 * {@code game-100k}, with one fork and short iterations; {@code --full} runs every workload on its scenes with the
 * benchmark classes' own settings (hours). {@code --scenes}, {@code --workloads} and {@code --impls} select from the
 * full suite; with {@code --quick} too, the selection runs with the short iterations. Without any of these it refuses
 * to start. JMH's progress goes to standard error; the table or CSV goes to {@code out}, after one
 * {@code # JDK …, arbor kernel: …} line (on standard error for CSV, whose first line stays the header, as are the
 * flagged results there), also written to {@value #ENVIRONMENT_FILE} beside the JSON. Errors are two lines on
 * standard error: what is wrong, then a hint. Must run from a class path of plain jars (e.g. the shaded
 * {@code arbor-benchmarks.jar}) because JMH forks a JVM with the same class path; the forks get
 * {@link dev.arbor.bench.workloads.ForkOptions}.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs Arbor's JMH benchmarks against its peers and prints ns/node per scene, workload and"
                + " implementation, each figure with JMH's 99.9%% error (\u00B1) and its time relative to arbor. Choose"
                + " --quick or --full, or select with --scenes, --workloads, --impls."})
public final class BenchMain implements Callable<Integer> {
    /** Exit code: success. */
    public static final int OK = 0;
    /** Exit code: a benchmark failed (e.g. the correctness gate) or produced no result. */
    public static final int FAILED = 1;
    /** Exit code: bad arguments. */
    public static final int USAGE = 2;

    /** File written next to the JSON results with {@link #environment}'s line. */
    public static final String ENVIRONMENT_FILE = "environment.txt";

    /** The program name used by {@link #run(String[], PrintStream)}. */
    public static final String PROGRAM = "arbor-bench";
    /** Arbor's version, as {@code arbor --version} prints it. */
    private static final String VERSION = "0.1.0";

    // under load the vector kernel takes seconds to be compiled: 4 x 0.5 s of warm-up left Arbor still falling
    private static final int QUICK_WARMUPS = 8;
    private static final int QUICK_WARMUP_MILLIS = 500;
    private static final int QUICK_MEASUREMENTS = 5;
    private static final int QUICK_MEASUREMENT_MILLIS = 400;
    private static final List<String> FORMATS = List.of("table", "csv", "markdown");
    private static final String FAILED_HINT = "the JMH log above names the benchmark that failed";

    @Option(names = "--quick", order = 1, description = {"The quick suite: all-dirty, dirty-1pct, static on seed-6000;"
            + " static on game-100k; bounds-1pct, frustum-query on game-100k; 1 fork, " + QUICK_WARMUPS + " x "
            + QUICK_WARMUP_MILLIS + " ms warm-up, " + QUICK_MEASUREMENTS + " x " + QUICK_MEASUREMENT_MILLIS
            + " ms measurement (about 5 minutes on 2 cores). With a selection: the selection, short iterations."})
    private boolean quick;

    @Option(names = "--full", order = 2, description = {"The full suite: every workload on its scenes, 1 fork,"
            + " 3 x 2 s warm-up, 5 x 2 s measurement (hours)."})
    private boolean full;

    @Option(names = "--scenes", order = 3, split = ",", paramLabel = "NAME",
            description = "Run only these scenes (from the full suite unless --quick).")
    private List<String> scenes;

    @Option(names = "--workloads", order = 4, split = ",", paramLabel = "ID",
            description = "Run only these workloads (from the full suite unless --quick).")
    private List<String> workloads;

    @Option(names = "--impls", order = 5, split = ",", paramLabel = "ID",
            description = "Run only these implementations.")
    private List<String> impls;

    @Option(names = "--format", order = 6, paramLabel = "FORMAT", defaultValue = "table",
            description = {"table (default), markdown, or csv (columns ns_per_node, error_ns_per_node, concerns)."})
    private String format;

    @Option(names = "--json", order = 7, paramLabel = "DIR",
            description = "Also write JMH's JSON results and " + ENVIRONMENT_FILE + " into DIR.")
    private Path jsonDir;

    private final PrintStream out;
    private final PrintStream err;
    private final String program;

    /** One JMH invocation: workloads crossed with scenes and implementations. */
    private record Plan(List<Workload> workloads, List<String> scenes, List<String> impls) {
        Plan(List<Workload> workloads, List<String> scenes) {
            this(workloads, scenes, implementationsOf(workloads.get(0).bounds()));
        }
    }

    private BenchMain(PrintStream out, PrintStream err, String program) {
        this.out = out;
        this.err = err;
        this.program = program;
    }

    /**
     * Command-line entry point; exits with {@link #run}'s code.
     *
     * @param args see {@code --help}
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * Runs the benchmarks as {@value #PROGRAM}.
     *
     * @param args see {@code --help}
     * @param out where the table or CSV (and the help) is printed
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out) {
        return run(args, out, PROGRAM);
    }

    /**
     * Runs the benchmarks; help, version and errors name the program as {@code programName} (e.g.
     * {@code arbor bench}). Errors go to {@link System#err}: one line saying what is wrong, one hint line.
     *
     * @param args see {@code --help}
     * @param out where the table or CSV (and the help) is printed
     * @param programName the program's name in help and error messages
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out, String programName) {
        BenchMain main = new BenchMain(out, System.err, programName);
        picocli.CommandLine command = new picocli.CommandLine(main);
        CommandSpec spec = command.getCommandSpec();
        spec.name(programName);
        spec.version(programName + " " + VERSION + " (JMH " + org.openjdk.jmh.util.Version.getPlainVersion()
                + ", JDK " + Runtime.version() + ")");
        spec.usageMessage()
                .customSynopsis(programName + " (--quick | --full | SELECTION) [--format FORMAT] [--json DIR]",
                        "  SELECTION: [--scenes NAME,...] [--workloads ID,...] [--impls ID,...]")
                .footer(footer());
        command.setOut(new PrintWriter(out, true));
        command.setParameterExceptionHandler((e, a) -> main.error(USAGE, e.getMessage(), main.helpHint()));
        command.setExecutionExceptionHandler((e, c, p) -> main.error(FAILED, "benchmark run failed: " + e,
                FAILED_HINT));
        return command.execute(args);
    }

    private static String[] footer() {
        return new String[] {"",
            ("Flagged results are marked " + ResultTable.FLAG + " and listed after the table: " + Stability.RULE
                    + ".").replace("%", "%%"),
            "",
            "Workloads: " + String.join(", ", ids(Workload.values())),
            "Scenes:    " + String.join(", ", Scenes.NAMES),
            "Impls:     " + String.join(", ", implementationsOf(false)) + "; for bounds workloads "
                    + String.join(", ", implementationsOf(true)),
            "Exit codes: 0 done, 1 a benchmark failed (e.g. the correctness gate), 2 bad arguments.",
            ""};
    }

    /** Prints {@code message} (one line) and {@code hint} to standard error. @return {@code code} */
    private int error(int code, String message, String hint) {
        err.println(program + ": " + message.strip().replaceAll("\\s*\\R\\s*", " "));
        err.println(hint);
        return code;
    }

    private String helpHint() {
        return "try '" + program + " --help'";
    }

    @Override
    public Integer call() {
        String fmt = format.toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(fmt)) {
            return error(USAGE, "unknown format '" + format + "' for --format: expected table, csv or markdown",
                    helpHint());
        }
        String unknown = unknown("--scenes", "scene", scenes, Scenes.NAMES);
        if (unknown == null) {
            unknown = unknown("--workloads", "workload", workloads, ids(Workload.values()));
        }
        if (unknown == null) {
            List<String> known = new ArrayList<>(implementationsOf(false));
            known.addAll(implementationsOf(true));
            unknown = unknown("--impls", "implementation", impls, known);
        }
        if (unknown != null) {
            return error(USAGE, unknown, helpHint());
        }
        if (quick && full) {
            return error(USAGE, "--quick and --full exclude each other: choose one", helpHint());
        }
        if (!quick && !full && scenes == null && workloads == null && impls == null) {
            return error(USAGE, "say how much to run: --quick (short iterations, minutes) or --full (the whole"
                    + " suite, hours)", "or run a selection with --scenes, --workloads or --impls; "
                    + helpHint());
        }
        List<Plan> plans = plans(quick, scenes, workloads, impls);
        if (plans.isEmpty()) {
            return error(USAGE, "nothing to run: no selected workload runs on the selected scenes with the selected"
                    + " implementations", "bounds workloads run on game-100k only, with "
                    + String.join(",", implementationsOf(true)) + "; " + helpHint());
        }
        return runPlans(plans, fmt);
    }

    /** @return a message naming the first of {@code given} that is not {@code known}, or null if all are */
    private static String unknown(String option, String what, List<String> given, List<String> known) {
        for (String id : given == null ? List.<String>of() : given) {
            if (!known.contains(id)) {
                return "unknown " + what + " '" + id + "' in " + option + ": known are " + String.join(",",
                        new LinkedHashSet<>(known));
            }
        }
        return null;
    }

    private int runPlans(List<Plan> plans, String fmt) {
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
                WarmupLog log = new WarmupLog(OutputFormatFactory.createFormatInstance(err, VerboseMode.NORMAL));
                for (RunResult run : runPlan(plan, quick, json, log)) {
                    results.add(result(run, log.forks(run)));
                    forkParams = run.getParams();
                }
            }
        } catch (RunnerException | IOException | RuntimeException e) {
            return error(FAILED, "benchmark run failed: " + e, FAILED_HINT);
        }
        if (results.isEmpty()) {
            return error(FAILED, "the benchmark run produced no results", "the JMH log above says why");
        }
        String environment = environment(forkParams);
        if (jsonDir != null) {
            Path file = jsonDir.resolve(ENVIRONMENT_FILE);
            try {
                Files.writeString(file, environment + System.lineSeparator());
            } catch (IOException e) {
                return error(FAILED, "cannot write " + file + ": " + e.getMessage(), "check that --json names a"
                        + " writable directory");
            }
        }
        // CSV keeps its one header line for parsers; the environment and the flagged results go to the log there
        PrintStream notes = fmt.equals("csv") ? err : out;
        notes.println("# " + environment);
        switch (fmt) {
            case "csv": ResultTable.csv(results, out); break;
            case "markdown": ResultTable.markdown(results, out); break;
            default: ResultTable.text(results, out);
        }
        if (results.stream().anyMatch(Result::flagged)) {
            String prefix = fmt.equals("markdown") ? "- " : "";
            notes.println();
            ResultTable.concerns(results, notes, prefix);
            notes.println(prefix + flagHint());
        }
        return OK;
    }

    private String flagHint() {
        String machine = "a quieter machine (fewer other jobs; this one has " + Runtime.getRuntime()
                .availableProcessors() + " processors)";
        return quick ? "hint: rerun flagged results with a longer warm-up (--full, or the same selection without"
                + " --quick) on " + machine
                : "hint: rerun flagged results on " + machine + ", or longer (JMH's own -wi/-w/-i/-r options on"
                + " arbor-benchmarks.jar)";
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

    private static Collection<RunResult> runPlan(Plan plan, boolean quick, Path json, OutputFormat progress)
            throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .param("scene", plan.scenes().toArray(new String[0]))
                .param("impl", plan.impls().toArray(new String[0]))
                .shouldFailOnError(true);
        for (Workload w : plan.workloads()) {
            options.include(BenchMethods.includeOf(w));
        }
        if (quick) {
            options.forks(1)
                    .warmupIterations(QUICK_WARMUPS).warmupTime(TimeValue.milliseconds(QUICK_WARMUP_MILLIS))
                    .measurementIterations(QUICK_MEASUREMENTS)
                    .measurementTime(TimeValue.milliseconds(QUICK_MEASUREMENT_MILLIS));
        }
        if (json != null) {
            options.result(json.toString()).resultFormat(ResultFormatType.JSON);
        }
        return new Runner(options.build(), progress).run();
    }

    private static Result result(RunResult run, List<Stability.Fork> forks) {
        String scene = run.getParams().getParam("scene");
        org.openjdk.jmh.results.Result<?> primary = run.getPrimaryResult();
        double nanos = nanosPer(run.getParams().getTimeUnit());
        return new Result(scene, BenchMethods.workloadOf(run.getParams().getBenchmark()).id(),
                run.getParams().getParam("impl"), primary.getScore() * nanos, primary.getScoreError() * nanos,
                SceneSizes.of(scene), Stability.concerns(primary.getScore(), primary.getScoreError(), forks));
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
}
