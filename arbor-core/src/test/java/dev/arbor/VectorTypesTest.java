package dev.arbor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.kernel.VectorSupport;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Arbor's compiled classes name no vector species or shape of a fixed size: every vector method uses the machine's
 * preferred float type (and the integer type of the same shape). A second float vector type in the JVM (the four-lane
 * single-node products of sessions 12–18) made the Vector API's shared type profiles see two types, and in about one
 * JVM run of twelve on JDK 25 the bulk kernel then compiled an operation to the API's fallback, 1,440–1,520 bytes
 * allocated per sparse frame (docs/lab/performance.md, step 51). That failure depends on the JIT's timing and cannot be
 * caught reliably by running the code, so this test reads the class files' constant pools for the names that would
 * bring such a type in.
 */
class VectorTypesTest {
    /** Fields and constants that name a fixed vector size ({@code FloatVector.SPECIES_128}, {@code S_128_BIT}, …). */
    private static final List<String> FIXED_SIZES = List.of("SPECIES_64", "SPECIES_128", "SPECIES_256",
            "SPECIES_512", "SPECIES_MAX", "S_64_BIT", "S_128_BIT", "S_256_BIT", "S_512_BIT", "S_Max_BIT");

    @Test
    void noClassNamesAVectorTypeOfAFixedSize() throws IOException, URISyntaxException {
        Path root = Path.of(VectorSupport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> classes;
        try (Stream<Path> files = Files.walk(root)) {
            classes = files.filter(f -> f.toString().endsWith(".class")).toList();
        }
        assertThat(classes).as("class files under %s", root)
                .anySatisfy(f -> assertThat(f.getFileName().toString()).isEqualTo("LocalToWorldVector.class"));
        List<String> found = new ArrayList<>();
        for (Path f : classes) {
            // constant-pool names are modified UTF-8; these ASCII names appear in the bytes as they are
            String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            for (String name : FIXED_SIZES) {
                if (bytes.contains(name)) {
                    found.add(root.relativize(f) + " names " + name);
                }
            }
        }
        assertThat(found).as("references to a fixed-size vector type").isEmpty();
    }
}
