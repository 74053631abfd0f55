package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes files with three.js's GLTFLoader (npm package {@code three}, version pinned by
 * {@code src/test/threejs/package-lock.json}) through {@code src/test/threejs/decode.mjs}, which prints per file each
 * mesh primitive's attributes, index and morph attributes, each material and each camera's projection. The first use
 * copies {@code src/test/threejs} to {@code target/threejs} and runs {@code npm ci} there (skipped while
 * {@code target} keeps the install), so the build needs Node.js (20 or later) and npm on the PATH and, the first
 * time, the npm registry or a warm npm cache. Without them the tests fail with a message saying so.
 */
final class ThreeJsReference {
    private static final NodeProject PROJECT = new NodeProject(Path.of("src", "test", "threejs"),
            Path.of("target", "threejs"), List.of("package.json", "package-lock.json", "decode.mjs"), "three",
            "the three.js comparison tests", "20");

    private ThreeJsReference() {
    }

    /** Decodes the files with one Node process; one JSON object per file, in the order of the files. */
    static List<JsonNode> decode(List<Path> files) {
        Path installed = PROJECT.install();
        List<String> command = new ArrayList<>(List.of("node", installed.resolve("decode.mjs").toString()));
        for (Path f : files) {
            command.add(f.toAbsolutePath().toString());
        }
        String out = PROJECT.run(command, Path.of("."), "node decode.mjs");
        try {
            List<JsonNode> result = new ArrayList<>();
            for (JsonNode r : new ObjectMapper().readTree(out)) {
                result.add(r);
            }
            return result;
        } catch (IOException e) {
            throw new IllegalStateException("decode.mjs printed no JSON: " + out, e);
        }
    }
}
