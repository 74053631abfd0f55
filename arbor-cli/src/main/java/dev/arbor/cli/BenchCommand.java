package dev.arbor.cli;

import dev.arbor.bench.BenchMain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code arbor bench}: the JMH benchmarks of {@code arbor-bench} ({@link BenchMain}), every argument passed through.
 * JMH forks JVMs with this program's class path, so it runs from the shaded {@code arbor.jar}.
 */
@Command(name = "bench",
        description = {"Runs the JMH benchmarks against jMonkeyEngine, libGDX, a JOML tree and the seeds' algorithms.",
                "Options (passed to the benchmark runner): --quick, --format table|csv|markdown, --json DIR,"
                        + " --scenes a,b, --workloads a,b, --impls a,b; bench --help lists them.",
                "Without --quick the full suite runs (hours); --quick takes about 2.5 minutes on 2 cores."})
public final class BenchCommand implements Callable<Integer> {
    @Unmatched
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        return BenchMain.run(args.toArray(new String[0]), System.out, "arbor bench");
    }
}
