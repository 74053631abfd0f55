package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Reading a model loads none of Jackson, nor the writer: a fresh JVM reads CesiumMan with class loading logged. Jackson
 * is for writing only (see {@code docs/gltf.md}); a read that loaded it would cost a fresh JVM's first read its
 * classes again.
 */
class ReadLoadsNoJacksonTest {
    /** Reads the file named by the first argument, then prints its node count. */
    public static final class ReadOnce {
        private ReadOnce() {
        }

        public static void main(String[] args) throws Exception {
            System.out.println("nodes " + Gltf.read(Path.of(args[0])).nodeCount());
        }
    }

    @Test
    void aFreshJvmsReadLoadsNeitherJacksonNorTheWriter() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:stdout:none", "-cp", System.getProperty("java.class.path"),
                ReadOnce.class.getName(), SampleModels.model("CesiumMan").toString());
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out;
        try (InputStream in = process.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
        assertThat(process.exitValue()).as("child JVM exit code").isZero();
        assertThat(out).contains("nodes 22").contains("dev.arbor.gltf.GltfModel ");
        List<String> unwanted = out.lines()
                .filter(line -> line.startsWith("com.fasterxml.jackson.")
                        || line.startsWith("dev.arbor.gltf.GltfWriter")
                        || line.startsWith("dev.arbor.gltf.JacksonTree"))
                .collect(Collectors.toList());
        assertThat(unwanted).as("classes a read should not load").isEmpty();
    }
}
