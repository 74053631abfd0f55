package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the Khronos glTF-Validator (npm package {@code gltf-validator}, version pinned by
 * {@code src/test/validator/package-lock.json}) over files. The first use copies {@code src/test/validator} to
 * {@code target/gltf-validator} and runs {@code npm ci} there (skipped while {@code target} keeps the install), so
 * the build needs Node.js and npm on the PATH and, the first time, the npm registry or a warm npm cache. Without
 * Node or npm the tests fail with a message saying so; they are never skipped.
 */
final class KhronosValidator {
    private static final NodeProject PROJECT = new NodeProject(Path.of("src", "test", "validator"),
            Path.of("target", "gltf-validator"), List.of("package.json", "package-lock.json", "validate.js"), "gltf-validator",
            "the glTF-Validator tests", "18");

    /** One file's result: the counts by severity and every message as {@code CODE pointer: message}. */
    static final class Report {
        final String file;
        final int errors;
        final int warnings;
        final List<String> messages = new ArrayList<>();
        final List<String> errorMessages = new ArrayList<>();

        Report(JsonNode r) {
            file = r.get("file").asText();
            errors = r.get("errors").asInt();
            warnings = r.get("warnings").asInt();
            for (JsonNode m : r.get("issues")) {
                String text = m.get("code").asText() + " " + m.get("pointer").asText() + ": " + m.get("message")
                        .asText();
                messages.add(text);
                if (m.get("severity").asInt() == 0) {
                    errorMessages.add(text);
                }
            }
        }

        @Override
        public String toString() {
            return file + ": " + errors + " errors, " + warnings + " warnings " + messages;
        }
    }

    private KhronosValidator() {
    }

    /** Validates the files with one Node process; the reports come in the order of the files. */
    static List<Report> validate(List<Path> files) {
        Path installed = PROJECT.install();
        List<String> command = new ArrayList<>(List.of("node", installed.resolve("validate.js").toString()));
        for (Path f : files) {
            command.add(f.toAbsolutePath().toString());
        }
        String out = PROJECT.run(command, Path.of("."), "node validate.js");
        try {
            JsonNode reports = new ObjectMapper().readTree(out);
            List<Report> result = new ArrayList<>();
            for (JsonNode r : reports) {
                result.add(new Report(r));
            }
            return result;
        } catch (IOException e) {
            throw new IllegalStateException("the validator printed no JSON report: " + out, e);
        }
    }
}
