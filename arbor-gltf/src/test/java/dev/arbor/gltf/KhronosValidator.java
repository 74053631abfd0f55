package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs the Khronos glTF-Validator (npm package {@code gltf-validator}, version pinned by
 * {@code src/test/validator/package-lock.json}) over files. The first use copies {@code src/test/validator} to
 * {@code target/gltf-validator} and runs {@code npm ci} there (skipped while {@code target} keeps the install), so
 * the build needs Node.js and npm on the PATH and, the first time, the npm registry or a warm npm cache. Without
 * Node or npm the tests fail with a message saying so; they are never skipped.
 */
final class KhronosValidator {
    private static final Path SOURCE = Path.of("src", "test", "validator");
    private static final Path INSTALL = Path.of("target", "gltf-validator");
    private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT)
            .startsWith("windows");
    private static boolean installed;

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
        install();
        List<String> command = new ArrayList<>(List.of("node", INSTALL.resolve("validate.js").toString()));
        for (Path f : files) {
            command.add(f.toAbsolutePath().toString());
        }
        String out = run(command, Path.of("."), "node validate.js");
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

    private static synchronized void install() {
        if (installed) {
            return;
        }
        try {
            Files.createDirectories(INSTALL);
            for (String name : new String[] {"package.json", "package-lock.json", "validate.js"}) {
                Files.copy(SOURCE.resolve(name), INSTALL.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + INSTALL + " from " + SOURCE, e);
        }
        if (!Files.isRegularFile(INSTALL.resolve(Path.of("node_modules", "gltf-validator", "package.json")))) {
            run(List.of(WINDOWS ? "npm.cmd" : "npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"), INSTALL,
                    "npm ci");
        }
        installed = true;
    }

    private static String run(List<String> command, Path dir, String what) {
        Process p;
        try {
            Path log = Files.createTempFile("gltf-validator", ".err");
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(log.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            // a hang guard only, no timing is asserted
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException(what + " did not finish within 10 minutes");
            }
            String err = Files.readString(log, StandardCharsets.UTF_8);
            Files.deleteIfExists(log);
            if (p.exitValue() != 0) {
                throw new IllegalStateException(what + " failed with exit code " + p.exitValue() + " in " + dir
                        + ": " + err);
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("the glTF-Validator tests need Node.js (18 or later) and npm on the"
                    + " PATH (https://nodejs.org); running " + command.get(0) + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " was interrupted", e);
        }
    }
}
