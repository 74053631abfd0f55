package dev.arbor.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code arbor bench}: starts the benchmark suite, which lives in its own jar ({@code arbor-benchmarks.jar}, built by
 * the {@code arbor-bench} module) so that this program does not carry JMH and the peer engines. Every argument is
 * passed to the suite's runner; its exit code is returned.
 *
 * <p>The jar is looked for, in order: the path in the environment variable {@value #JAR_VARIABLE}; beside this
 * program's jar; and at {@code arbor-bench/target/arbor-benchmarks.jar} of the repository this program was built in.
 */
@Command(name = "bench",
        description = {"Runs the benchmark suite against jMonkeyEngine, libGDX and a JOML object tree.",
                "Every argument is passed to the suite's runner: 'arbor bench --help' lists them.",
                "The suite is in its own jar, arbor-benchmarks.jar: build it with",
                "  mvn -B -q package -DskipTests -pl arbor-bench -am",
                "or name it in the environment variable " + BenchCommand.JAR_VARIABLE + "."})
public final class BenchCommand implements Callable<Integer> {
    /** Environment variable naming the benchmarks jar. */
    static final String JAR_VARIABLE = "ARBOR_BENCHMARKS_JAR";
    /** File name of the benchmarks jar. */
    static final String JAR_NAME = "arbor-benchmarks.jar";
    private static final String RUNNER = "dev.arbor.bench.BenchMain";

    @Unmatched
    private List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<Path> candidates = candidates(System.getenv(JAR_VARIABLE), ownLocation());
        Optional<Path> jar = candidates.stream().filter(Files::isRegularFile).findFirst();
        if (jar.isEmpty()) {
            PrintStream err = System.err;
            err.println("arbor: bench: the benchmarks jar " + JAR_NAME + " was not found (looked at "
                    + String.join(", ", candidates.stream().map(Path::toString).toList()) + ")");
            err.println("build it with 'mvn -B -q package -DskipTests -pl arbor-bench -am', or set " + JAR_VARIABLE);
            return 1;
        }
        return new ProcessBuilder(command(jar.get(), args)).inheritIO().start().waitFor();
    }

    /**
     * The places the benchmarks jar is looked for, in order.
     *
     * @param variable the value of {@value #JAR_VARIABLE}, or null
     * @param ownLocation where this program's classes are (its jar, or a classes folder), if known
     * @return the candidate paths, first match wins
     */
    static List<Path> candidates(String variable, Optional<Path> ownLocation) {
        List<Path> paths = new ArrayList<>();
        if (variable != null && !variable.isBlank()) {
            paths.add(Path.of(variable));
        }
        ownLocation.map(Path::getParent).ifPresent(dir -> {
            paths.add(dir.resolve(JAR_NAME));
            // arbor-cli/target/arbor.jar (or arbor-cli/target/classes) in a build of the repository
            Path module = dir.getParent();
            if (module != null && module.getParent() != null) {
                paths.add(module.getParent().resolve("arbor-bench").resolve("target").resolve(JAR_NAME));
            }
        });
        return paths;
    }

    /**
     * The command that runs the suite's runner from {@code jar} with this JVM, passing {@code args}.
     *
     * @param jar the benchmarks jar
     * @param args the runner's arguments
     * @return the command line
     */
    static List<String> command(Path jar, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            command.add("--add-modules");
            command.add("jdk.incubator.vector");
        }
        command.add("-cp");
        command.add(jar.toString());
        command.add(RUNNER);
        command.addAll(args);
        return command;
    }

    private static Optional<Path> ownLocation() {
        CodeSource source = BenchCommand.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
