package dev.arbor.bench.cold;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts one fresh process (a JVM or a Node process), waits for it and parses what it printed. */
final class FreshProcess {
    /** Longest a fresh process may run: a crowd of jME nodes with 1,100 frames takes well under this. */
    static final long TIMEOUT_MINUTES = 20;

    private FreshProcess() {
    }

    /**
     * Runs {@code command} with standard error merged into standard output (a JVM's warning about the incubator
     * module is skipped by the parser).
     *
     * @param command the command
     * @param directory working directory, or null for the current one
     * @return its measurements and wall-clock time
     * @throws IOException if it cannot start, fails, times out or prints nothing measured
     */
    static ForkOutput run(List<String> command, Path directory) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        long start = System.nanoTime();
        Process process = builder.start();
        String text;
        try (InputStream in = process.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("timed out after " + TIMEOUT_MINUTES + " minutes: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        double wall = (System.nanoTime() - start) / 1e6;
        if (process.exitValue() != 0) {
            throw new IOException("exit code " + process.exitValue() + " from " + String.join(" ", command) + ":"
                    + System.lineSeparator() + tail(text));
        }
        ForkOutput output = ForkOutput.parse(text, wall);
        if (output.nanos().length == 0) {
            throw new IOException("no measurement printed by " + String.join(" ", command) + ":"
                    + System.lineSeparator() + tail(text));
        }
        return output;
    }

    private static String tail(String text) {
        String[] lines = text.strip().split("\\R");
        int from = Math.max(0, lines.length - 15);
        return String.join(System.lineSeparator(), List.of(lines).subList(from, lines.length));
    }
}
