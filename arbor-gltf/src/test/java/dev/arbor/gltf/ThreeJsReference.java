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
 * Decodes files with three.js's GLTFLoader (npm package {@code three}, version pinned by
 * {@code src/test/threejs/package-lock.json}) through {@code src/test/threejs/decode.mjs}, which prints per file each
 * mesh primitive's attributes, index and morph attributes, each material and each camera's projection. The first use
 * copies {@code src/test/threejs} to {@code target/threejs} and runs {@code npm ci} there (skipped while
 * {@code target} keeps the install), so the build needs Node.js (20 or later) and npm on the PATH and, the first
 * time, the npm registry or a warm npm cache. Without them the tests fail with a message saying so.
 */
final class ThreeJsReference {
    private static final Path SOURCE = Path.of("src", "test", "threejs");
    private static final Path INSTALL = Path.of("target", "threejs");
    private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT)
            .startsWith("windows");
    private static boolean installed;

    private ThreeJsReference() {
    }

    /** Decodes the files with one Node process; one JSON object per file, in the order of the files. */
    static List<JsonNode> decode(List<Path> files) {
        install();
        List<String> command = new ArrayList<>(List.of("node", INSTALL.resolve("decode.mjs").toString()));
        for (Path f : files) {
            command.add(f.toAbsolutePath().toString());
        }
        String out = run(command, Path.of("."), "node decode.mjs");
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

    private static synchronized void install() {
        if (installed) {
            return;
        }
        try {
            Files.createDirectories(INSTALL);
            for (String name : new String[] {"package.json", "package-lock.json", "decode.mjs"}) {
                Files.copy(SOURCE.resolve(name), INSTALL.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + INSTALL + " from " + SOURCE, e);
        }
        if (!Files.isRegularFile(INSTALL.resolve(Path.of("node_modules", "three", "package.json")))) {
            run(List.of(WINDOWS ? "npm.cmd" : "npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"), INSTALL,
                    "npm ci");
        }
        installed = true;
    }

    private static String run(List<String> command, Path dir, String what) {
        try {
            Path log = Files.createTempFile("threejs", ".err");
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(log.toFile()).start();
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
            throw new IllegalStateException("the three.js comparison tests need Node.js (20 or later) and npm on the"
                    + " PATH (https://nodejs.org); running " + command.get(0) + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " was interrupted", e);
        }
    }
}
