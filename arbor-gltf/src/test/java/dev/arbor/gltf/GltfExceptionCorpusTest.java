package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of broken files in {@code src/test/resources/corpus} (written by its {@code generate.py}): each gives a
 * {@link GltfException} whose message contains the fragment listed in {@code expected.tsv}, and nothing else.
 */
class GltfExceptionCorpusTest {

    static Path corpus() throws URISyntaxException {
        return Path.of(GltfExceptionCorpusTest.class.getResource("/corpus/expected.tsv").toURI()).getParent();
    }

    static List<String[]> cases() throws IOException, URISyntaxException {
        List<String[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(corpus().resolve("expected.tsv"), StandardCharsets.UTF_8)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int tab = line.indexOf('\t');
            out.add(new String[] {line.substring(0, tab), line.substring(tab + 1)});
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void brokenFileGivesAGltfExceptionNamingTheLocation(String file, String expected) throws Exception {
        Path path = corpus().resolve(file);
        if (expected.isEmpty()) {
            GltfModel model = Gltf.read(path);
            Hierarchy h = new Hierarchy();
            model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
            h.update();
            return;
        }
        Throwable thrown = catchThrowable(() -> Gltf.read(path));
        assertThat(thrown).as(file).isInstanceOf(GltfException.class);
        assertThat(thrown.getMessage()).as(file).contains(expected).doesNotContain("unexpected failure");
    }

    @Test
    void corpusCoversEveryCaseTheIssueLists() throws Exception {
        List<String> names = cases().stream().map(c -> c[0]).collect(java.util.stream.Collectors.toList());
        assertThat(names).contains("truncated-header.glb", "wrong-magic.glb", "wrong-version.glb",
                "json-chunk-past-end.glb", "accessor-outside-view.gltf", "view-outside-buffer.gltf",
                "stride-too-small.gltf", "child-out-of-range.gltf", "two-parents.gltf", "cycle.gltf",
                "infinite-translation.gltf", "nan-in-inverse-bind-matrix.gltf", "buffer-bytelength-huge.gltf",
                "deeply-nested.gltf", "uri-parent-dir.gltf", "uri-absolute.gltf");
    }

    @Test
    void inMemoryDocumentsRefuseExternalBuffers() throws Exception {
        byte[] bytes = Files.readAllBytes(corpus().resolve("external-buffer-too-short.gltf"));
        Throwable thrown = catchThrowable(() -> Gltf.read(bytes, "x.gltf", null));
        assertThat(thrown).isInstanceOf(GltfException.class).hasMessageContaining("buffers[0].uri: external buffer");
    }

    @Test
    void unknownOptionalExtensionsAreIgnored() throws Exception {
        String json = Files.readString(corpus().resolve("valid.gltf"));
        String withExtensions = json.replaceFirst("\\{", "{\"extensionsUsed\": [\"EXT_unknown\"], "
                + "\"extensions\": {\"EXT_unknown\": {\"a\": [1, 2]}}, ");
        assertThatCode(() -> Gltf.read(withExtensions.getBytes(StandardCharsets.UTF_8), "x.gltf", null))
                .doesNotThrowAnyException();
    }
}
