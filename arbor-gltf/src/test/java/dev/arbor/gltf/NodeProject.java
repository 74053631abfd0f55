package dev.arbor.gltf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A small Node.js project the tests run (a pinned npm package and a script): on first use its files are copied from
 * {@code src/test/NAME} to {@code target/NAME} and {@code npm ci} runs there (skipped while {@code target} keeps the
 * install); {@link #run} starts a command and returns its standard output. Without Node.js or npm the tests fail
 * with a message saying so; they are never skipped.
 */
final class NodeProject {
    private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT)
            .startsWith("windows");

    private final Path source;
    private final Path install;
    private final List<String> files;
    private final String module;
    private final String users;
    private final String node;
    private boolean installed;

    /**
     * @param source the project's folder in the sources
     * @param install where it is installed
     * @param files the files to copy ({@code package.json}, {@code package-lock.json}, the script)
     * @param module the npm package whose presence shows the install is done
     * @param users who needs Node, for the message when it is missing ("the glTF-Validator tests")
     * @param node the Node.js version they need ("18")
     */
    NodeProject(Path source, Path install, List<String> files, String module, String users, String node) {
        this.source = source;
        this.install = install;
        this.files = files;
        this.module = module;
        this.users = users;
        this.node = node;
    }

    /** Installs the project if it is not yet; returns where it is installed. */
    synchronized Path install() {
        if (installed) {
            return install;
        }
        try {
            Files.createDirectories(install);
            for (String name : files) {
                Files.copy(source.resolve(name), install.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + install + " from " + source, e);
        }
        if (!Files.isRegularFile(install.resolve(Path.of("node_modules", module, "package.json")))) {
            run(List.of(WINDOWS ? "npm.cmd" : "npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"), install,
                    "npm ci");
        }
        installed = true;
        return install;
    }

    /** Runs a command in {@code dir} and returns its standard output; fails with its error output. */
    String run(List<String> command, Path dir, String what) {
        try {
            Path log = Files.createTempFile(install.getFileName().toString(), ".err");
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
            throw new IllegalStateException(users + " need Node.js (" + node + " or later) and npm on the PATH"
                    + " (https://nodejs.org); running " + command.get(0) + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " was interrupted", e);
        }
    }
}
