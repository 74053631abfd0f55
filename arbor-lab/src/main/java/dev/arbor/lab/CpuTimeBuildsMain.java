package dev.arbor.lab;

import dev.arbor.bench.CommandLine;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compares builds of Arbor by the CPU time of their main thread, each build in fresh JVMs taking turns: for a machine
 * shared with other jobs, where wall-clock timings of one build swing by 30% between runs. A thread's CPU time leaves
 * out the time it waits for a core, so a build that runs while the machine is busy is not charged for it; what is left
 * (caches and memory shared with the other jobs) moves each JVM's figure by a few percent, which the rounds average
 * out. Each child JVM waits for the vector kernel ({@code VectorSupport.warmUp}, where the build has it), builds the bench's
 * {@code Fixture}, runs the workload in batches of {@code --calls} operations and prints the median CPU time per
 * operation of the second half of its batches; the parent prints per build the median over the rounds, its range, and
 * the ratio to the first build.
 *
 * <p>Usage: {@code CpuTimeBuildsMain [--scene seed-6000] [--impl arbor] [--workload dirty-1pct] [--calls 20000]
 * [--rounds 3] [--java PATH] [--jvm-arg ARG]… NAME=A.jar NAME=B.jar …}, for example {@code java -cp
 * arbor-lab/target/arbor-lab.jar dev.arbor.lab.CpuTimeBuildsMain --workload dirty-1pct before=old/arbor-benchmarks.jar
 * after=arbor-bench/target/arbor-benchmarks.jar}. The child JVMs run with {@code -Xss256m --add-modules
 * jdk.incubator.vector -Djoml.nounsafe=true} and the given {@code --jvm-arg}s; their class path is the build's jar and
 * then this jar, so that every Arbor and bench class comes from the build.
 */
public final class CpuTimeBuildsMain {
    private static final String CHILD = "--child";

    private CpuTimeBuildsMain() {
    }

    /**
     * Command-line entry point.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals(CHILD)) {
            System.out.println(child(args[1], args[2], args[3], Integer.parseInt(args[4])));
            return;
        }
        System.exit(run(args, System.out));
    }

    /**
     * Runs the rounds and prints the table.
     *
     * @param args see the class comment
     * @param out destination of the table
     * @return 0 on success, 2 on bad arguments
     * @throws IllegalStateException if a child JVM fails
     */
    public static int run(String[] args, PrintStream out) {
        String scene = "seed-6000";
        String impl = "arbor";
        String workload = "dirty-1pct";
        int calls = 20000;
        int rounds = 3;
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> jvmArgs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> jars = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String next = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--scene": scene = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--impl": impl = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--workload": workload = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--calls": calls = LabArgs.positive(next, args[i], 1); i++; break;
                    case "--rounds": rounds = LabArgs.positive(next, args[i], 1); i++; break;
                    case "--java": java = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--jvm-arg": jvmArgs.add(CommandLine.valueOf(next, args[i])); i++; break;
                    default:
                        int eq = args[i].indexOf('=');
                        if (args[i].startsWith("--") || eq <= 0) {
                            throw new IllegalArgumentException("expected an option or NAME=JAR, got: " + args[i]);
                        }
                        names.add(args[i].substring(0, eq));
                        jars.add(args[i].substring(eq + 1));
                }
            }
            if (jars.isEmpty()) {
                throw new IllegalArgumentException("no build given: expected NAME=JAR at least once");
            }
            LabArgs.methodName(workload);
        } catch (IllegalArgumentException e) {
            System.err.println("CpuTimeBuildsMain: " + e.getMessage());
            return 2;
        }
        String self = CpuTimeBuildsMain.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        double[][] perCall = new double[jars.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < jars.size(); k++) {
                int b = r % 2 == 0 ? k : jars.size() - 1 - k; // reversed every other round
                List<String> command = new ArrayList<>(List.of(java, "-Xss256m", "--add-modules",
                        "jdk.incubator.vector", "-Djoml.nounsafe=true"));
                command.addAll(jvmArgs);
                command.addAll(List.of("-cp", jars.get(b) + File.pathSeparator + self,
                        CpuTimeBuildsMain.class.getName(), CHILD, scene, impl, workload, Integer.toString(calls)));
                perCall[b][r] = Double.parseDouble(runChild(command));
                System.err.printf(Locale.ROOT, "# round %d/%d %s: %.1f ns%n", r + 1, rounds, names.get(b),
                        perCall[b][r]);
            }
        }
        out.println(String.format(Locale.ROOT, "%s on %s, %s, %s: CPU ns per operation, median [range] of %d fresh "
                + "JVMs per build (ratio to the first build)", workload, scene, impl, java, rounds));
        double first = median(perCall[0]);
        for (int b = 0; b < jars.size(); b++) {
            double[] v = perCall[b].clone();
            Arrays.sort(v);
            double m = v[v.length / 2]; // the median, as median() takes it
            out.println(String.format(Locale.ROOT, "%-12s %12.1f [%.1f–%.1f]  (%.3fx)", names.get(b), m, v[0],
                    v[v.length - 1], m / first));
        }
        return 0;
    }

    private static String runChild(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String last = null;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    last = line;
                }
            }
            int code = p.waitFor();
            if (code != 0 || last == null) {
                throw new IllegalStateException("child JVM failed with exit code " + code + ": " + command);
            }
            return last;
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The child JVM: the workload's median CPU time per operation, in ns, over the second half of 60 batches. */
    private static String child(String scene, String impl, String workload, int calls) {
        try {
            Method warmUp;
            try { // the kernel class of the build itself: this jar comes second on the class path and carries its own
                warmUp = Class.forName("dev.arbor.kernel.VectorSupport").getMethod("warmUp");
            } catch (NoSuchMethodException e) {
                warmUp = null; // a build from before the vector kernel waited for its compilation
            }
            if (warmUp != null) {
                warmUp.invoke(null);
            }
            Object fixture = dev.arbor.bench.workloads.Fixture.create(scene, impl, dev.arbor.bench.peers.Workload.byId(workload));
            Method operation = fixture.getClass().getMethod(LabArgs.methodName(workload));
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            int batches = 60;
            double[] perCall = new double[batches];
            for (int b = 0; b < batches; b++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < calls; i++) {
                    operation.invoke(fixture);
                }
                perCall[b] = (threads.getCurrentThreadCpuTime() - start) / (double) calls;
            }
            return String.format(Locale.ROOT, "%.2f", median(Arrays.copyOfRange(perCall, batches / 2, batches)));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the build cannot run " + workload + ": " + e, e);
        }
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
