package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code arbor bench} finds the benchmarks jar and starts its runner; the command line itself carries no benchmark
 * code.
 */
class BenchCommandTest {

    @Test
    void theVariableComesFirstThenBesideThisJarThenTheRepositoryLayout() {
        Path jar = Path.of("/opt/repo/arbor-cli/target/arbor.jar");
        assertThat(BenchCommand.candidates("/x/bench.jar", Optional.of(jar))).containsExactly(
                Path.of("/x/bench.jar"),
                Path.of("/opt/repo/arbor-cli/target/arbor-benchmarks.jar"),
                Path.of("/opt/repo/arbor-bench/target/arbor-benchmarks.jar"));
        assertThat(BenchCommand.candidates(" ", Optional.of(jar))).hasSize(2);
        assertThat(BenchCommand.candidates(null, Optional.empty())).isEmpty();
    }

    @Test
    void theCommandRunsTheSuiteRunnerFromTheJarWithThisJvm() {
        List<String> command = BenchCommand.command(Path.of("b.jar"), List.of("--quick", "--format", "csv"));
        assertThat(command.get(0)).endsWith("java");
        assertThat(command).containsSubsequence("-cp", "b.jar", "dev.arbor.bench.BenchMain", "--quick", "--format",
                "csv");
    }

    @Test
    void theCommandLineJarCarriesNoBenchmarkCode() {
        assertThat(getClass().getResource("/dev/arbor/bench/BenchMain.class")).isNull();
        assertThat(getClass().getResource("/org/openjdk/jmh/Main.class")).isNull();
        assertThat(getClass().getResource("/com/jme3/scene/Node.class")).isNull();
    }

    @Test
    void theRepositorysBenchmarksJarAnswersHelp() throws IOException, InterruptedException {
        Path jar = Path.of("..", "arbor-bench", "target", BenchCommand.JAR_NAME).toAbsolutePath().normalize();
        // the reactor builds arbor-bench before arbor-cli; a build of this module alone has no such jar
        assumeTrue(Files.isRegularFile(jar), "no benchmarks jar at " + jar);
        Process p = new ProcessBuilder(BenchCommand.command(jar, List.of("--help"))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("all-dirty").contains("game-100k").contains("joml-tree");
    }
}
