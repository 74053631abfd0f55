package dev.arbor.bench.cold;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * three.js's side of the glTF comparison: the Node script {@value #SCRIPT} and its {@code package.json} and
 * {@code package-lock.json} (from {@code arbor-bench/src/main/node}) copied into a cache folder, {@code npm ci} run
 * there once (again only when the lock file changes), then one fresh {@code node} process per fork.
 */
final class ThreeJs {
    /** The script that times three.js's parses. */
    static final String SCRIPT = "first-parse.mjs";
    private static final List<String> FILES = List.of("package.json", "package-lock.json", SCRIPT);
    /** Copy of the lock file {@code npm ci} last installed from. */
    private static final String INSTALLED_LOCK = ".installed-package-lock.json";
    private static final long NPM_TIMEOUT_MINUTES = 10;

    private final Path cache;

    private ThreeJs(Path cache) {
        this.cache = cache;
    }

    /**
     * Copies the script into {@code cache} and installs three.js there if needed ({@code npm ci}, its output on
     * standard error).
     *
     * @param source the folder holding {@link #FILES}
     * @param cache the cache folder, created if absent
     * @return the ready runner
     * @throws IOException if a file is missing or {@code npm ci} fails
     */
    static ThreeJs prepare(Path source, Path cache) throws IOException {
        Files.createDirectories(cache);
        for (String name : FILES) {
            Path file = source.resolve(name);
            if (!Files.isRegularFile(file)) {
                throw new IOException("missing " + file + ": give the folder of the Node script with --node-dir");
            }
            Files.copy(file, cache.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
        Path installed = cache.resolve(INSTALLED_LOCK);
        Path lock = cache.resolve("package-lock.json");
        boolean current = Files.isRegularFile(installed) && Arrays.equals(Files.readAllBytes(installed),
                Files.readAllBytes(lock)) && Files.isRegularFile(cache.resolve("node_modules/three/package.json"));
        if (!current) {
            System.err.println("# npm ci in " + cache);
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(cache.toFile())
                    .redirectErrorStream(true).start();
            try (InputStream log = npm.getInputStream()) {
                log.transferTo(System.err); // standard output is kept for the report
            }
            try {
                if (!npm.waitFor(NPM_TIMEOUT_MINUTES, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                    npm.destroyForcibly();
                    throw new IOException("npm ci failed in " + cache);
                }
            } catch (InterruptedException e) {
                npm.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted during npm ci", e);
            }
            Files.copy(lock, installed, StandardCopyOption.REPLACE_EXISTING);
        }
        return new ThreeJs(cache);
    }

    /**
     * Parses {@code file} in a fresh Node process.
     *
     * @param file the {@code .glb}
     * @param reads how many parses (the first is the cold one)
     * @return the process's measurements
     * @throws IOException if Node fails
     */
    ForkOutput run(Path file, int reads) throws IOException {
        return FreshProcess.run(List.of("node", SCRIPT, file.toAbsolutePath().toString(), "--reads",
                Integer.toString(reads)), cache);
    }
}
