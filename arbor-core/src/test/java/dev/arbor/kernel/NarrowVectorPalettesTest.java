package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The crowd palettes' window kernel on 8-lane vectors (AVX2 machines), in a fresh JVM limited to 256-bit vectors
 * ({@code -XX:MaxVectorSize=32}): the same bits as the scalar path ({@link NarrowVectorPalettesCheck}).
 */
class NarrowVectorPalettesTest {
    @Test
    void windowsOnEightLanesAreTheScalarBits() throws IOException, InterruptedException {
        assumeThat(VectorSupport.ENABLED).as("the vector module is in this JVM").isTrue();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:MaxVectorSize=32", "--add-modules", "jdk.incubator.vector", "-cp",
                System.getProperty("java.class.path"), NarrowVectorPalettesCheck.class.getName());
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        assumeThat(out).as("the machine has 256-bit vectors").startsWith("8 lanes");
        assertThat(out).isEqualTo("8 lanes: ok");
        assertThat(process.exitValue()).isZero();
    }
}
