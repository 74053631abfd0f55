package dev.arbor.lab;

import dev.arbor.bench.CommandLine;
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compares two or more builds of Arbor in one JVM, under the same machine noise: each build (a class path, usually
 * one {@code arbor-benchmarks.jar}) is loaded by a class loader of its own, builds the bench's {@code Fixture} for each workload,
 * and the builds then take turns, round after round, each timing every workload for a fixed slice of time. The order
 * of the builds is reversed every other round, since the build that runs first in a round tends to be favoured.
 * Prints per build and workload the median ns per node over the rounds after the first third (warm-up), and the
 * ratio to the first build.
 *
 * <p>For a shared machine whose timings drift by ±30% or more between runs, where two JMH runs of two builds a few
 * minutes apart cannot tell a 10% change from the drift. JMH remains the reference for absolute figures and for the
 * peers; this answers "is build B faster than build A" (docs/lab/performance.md, steps 29–30).
 *
 * <p>Usage: {@code CompareBuildsMain [--scene seed-6000] [--impl arbor] [--workloads all-dirty,set-get-forward]
 * [--rounds 15] [--millis 200] A.jar B.jar …}, for example {@code java --add-modules jdk.incubator.vector -cp
 * arbor-lab/target/arbor-lab.jar dev.arbor.lab.CompareBuildsMain old/arbor-benchmarks.jar
 * arbor-bench/target/arbor-benchmarks.jar}. The build listed first has an advantage in runs that mix workloads on
 * JDK 25 (up to 35% on set-and-get in docs/lab/core-design.md): list each build first in half the runs.
 */
public final class CompareBuildsMain {
    private CompareBuildsMain() {
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
     * Loads the builds, runs the rounds and prints the table.
     *
     * @param args see the class comment
     * @param out destination of the table
     * @return 0 on success, 2 on bad arguments
     * @throws IllegalStateException if a build cannot be loaded or a workload fails in it
     */
    public static int run(String[] args, PrintStream out) {
        String scene = "seed-6000";
        String impl = "arbor";
        List<String> workloads = List.of("all-dirty", "dirty-1pct", "set-get-forward");
        int rounds = 15;
        int millis = 200;
        List<String> builds = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                String next = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--scene": scene = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--impl": impl = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--workloads":
                        workloads = Arrays.asList(CommandLine.valueOf(next, args[i]).split(","));
                        i++;
                        break;
                    case "--rounds": rounds = LabArgs.positive(next, args[i], 3); i++; break;
                    case "--millis": millis = LabArgs.positive(next, args[i], 1); i++; break;
                    default:
                        if (args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unknown option: " + args[i]);
                        }
                        builds.add(args[i]);
                }
            }
            if (builds.size() < 2) {
                throw new IllegalArgumentException("need at least two builds to compare: given=" + builds.size());
            }
            for (String w : workloads) {
                LabArgs.methodName(w);
            }
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: CompareBuildsMain [--scene seed-6000] [--impl arbor] [--workloads a,b] "
                    + "[--rounds 15] [--millis 200] A.jar B.jar ...");
            return 2;
        }
        Build[] loaded = new Build[builds.size()];
        for (int b = 0; b < loaded.length; b++) {
            loaded[b] = new Build(builds.get(b), scene, impl, workloads);
        }
        int nodes = loaded[0].nodes;
        double[][][] perNode = new double[loaded.length][workloads.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < loaded.length; k++) {
                int b = r % 2 == 0 ? k : loaded.length - 1 - k;
                for (int w = 0; w < workloads.size(); w++) {
                    perNode[b][w][r] = loaded[b].time(w, millis) / nodes;
                }
            }
        }
        int warm = rounds / 3;
        out.println(String.format(Locale.ROOT, "%s, %s, %d rounds of %d ms per workload; median ns/node of the last "
                + "%d rounds (ratio to the first build)", scene, impl, rounds, millis, rounds - warm));
        for (int w = 0; w < workloads.size(); w++) {
            double first = median(perNode[0][w], warm);
            for (int b = 0; b < loaded.length; b++) {
                double m = median(perNode[b][w], warm);
                out.println(String.format(Locale.ROOT, "%-16s %-40s %10.3f  (%.2fx)", workloads.get(w),
                        builds.get(b), m, m / first));
            }
        }
        return 0;
    }

    private static double median(double[] values, int from) {
        double[] v = Arrays.copyOfRange(values, from, values.length);
        Arrays.sort(v);
        return v[v.length / 2];
    }

    /** One build: its own class loader and one prepared {@code Fixture} per workload. */
    private static final class Build {
        final int nodes;
        private final Object[] fixtures;
        private final Method[] operations;

        Build(String classPath, String scene, String impl, List<String> workloads) {
            try {
                String[] parts = classPath.split(File.pathSeparator);
                URL[] urls = new URL[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    urls[i] = new File(parts[i]).toURI().toURL();
                }
                // the platform loader as parent, so that every Arbor class comes from this build's own path
                ClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
                Class<?> fixture = Class.forName("dev.arbor.bench.workloads.Fixture", true, loader);
                Class<?> workload = Class.forName("dev.arbor.bench.peers.Workload", true, loader);
                Method create = fixture.getMethod("create", String.class, String.class, workload);
                Method byId = workload.getMethod("byId", String.class);
                fixtures = new Object[workloads.size()];
                operations = new Method[workloads.size()];
                for (int w = 0; w < fixtures.length; w++) {
                    fixtures[w] = create.invoke(null, scene, impl, byId.invoke(null, workloads.get(w)));
                    operations[w] = fixture.getMethod(LabArgs.methodName(workloads.get(w)));
                }
                // the scene the first fixture was built from (generating it again would cost a second build)
                Object built = fixture.getMethod("scene").invoke(fixtures[0]);
                nodes = (Integer) built.getClass().getMethod("size").invoke(built);
            } catch (MalformedURLException | ReflectiveOperationException e) {
                throw new IllegalStateException("cannot load build " + classPath + ": " + cause(e), e);
            }
        }

        /** Runs workload {@code w} for about {@code millis} ms; returns ns per operation. */
        double time(int w, int millis) {
            try {
                long deadline = System.nanoTime() + millis * 1_000_000L;
                long start = System.nanoTime();
                long ops = 0;
                long now;
                do {
                    for (int i = 0; i < 8; i++) {
                        operations[w].invoke(fixtures[w]);
                    }
                    ops += 8;
                    now = System.nanoTime();
                } while (now < deadline);
                return (now - start) / (double) ops;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("workload failed: " + operations[w].getName() + ": " + cause(e), e);
            }
        }

        private static Throwable cause(Throwable e) {
            return e instanceof InvocationTargetException && e.getCause() != null ? e.getCause() : e;
        }
    }
}
