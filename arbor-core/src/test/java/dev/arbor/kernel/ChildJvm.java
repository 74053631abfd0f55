package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of the tests in a fresh JVM of this one's runtime and class path, with the vector module. */
final class ChildJvm {
    /** What the child printed (trimmed) and its exit code. */
    record Result(String out, int exitCode) {
    }

    private ChildJvm() {
    }

    /**
     * @param options JVM options before the module and class path
     * @param main the class whose {@code main} runs
     * @return its standard output and exit code, once it finished (within 120 s, asserted)
     */
    static Result run(List<String> options, Class<?> main) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.addAll(List.of("--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        return new Result(out, process.exitValue());
    }
}
