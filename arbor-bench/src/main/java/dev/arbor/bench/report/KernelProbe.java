package dev.arbor.bench.report;

import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds out which of Arbor's kernels the benchmark forks ran: starts one more JVM with the forks' executable,
 * options and class path and has it print {@link Hierarchy#kernelDescription()}. The launching JVM cannot answer itself:
 * it usually lacks {@code --add-modules jdk.incubator.vector}, which the forks get.
 */
public final class KernelProbe {
    private static final long TIMEOUT_SECONDS = 60;

    private KernelProbe() {
    }

    /**
     * Prints {@link Hierarchy#kernelDescription()} (the probe's own JVM side).
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println(Hierarchy.kernelDescription());
    }

    /**
     * Runs the probe in a JVM like a benchmark fork.
     *
     * @param jvm the fork's {@code java} executable (JMH's {@code BenchmarkParams.getJvm()})
     * @param jvmArgs the fork's JVM options ({@code BenchmarkParams.getJvmArgs()})
     * @return the kernel description, or {@code "unknown (…)"} saying why the probe failed
     */
    public static String describeFork(String jvm, Collection<String> jvmArgs) {
        List<String> command = new ArrayList<>();
        command.add(jvm);
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(KernelProbe.class.getName());
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String text;
            try (InputStream in = process.getInputStream()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "unknown (probe timed out)";
            }
            return process.exitValue() == 0 && !text.isEmpty() ? text
                    : "unknown (probe exit code " + process.exitValue() + ")";
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown (interrupted)";
        }
    }
}
