package dev.arbor.bench.cold;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The heap a first {@code Gltf.read} of a large {@code .glb} needs, in fresh JVMs: by default of a 50 MB textured
 * grid ({@link TexturedGridGlb#LARGE_GRID}) written into a temporary folder. Two figures: the heap's used bytes at
 * their highest during the read ({@link PeakHeap}, garbage included, median of {@code --forks} JVMs), and the
 * smallest {@code -Xmx}, to 1 MiB, with which a fresh JVM still reads the file (bisection; the JVM's own few MB
 * included), which is the read's peak of live data plus the collector's needs.
 *
 * <p>Usage: {@code PeakHeapMain [--forks N] [--java PATH] [--gc OPTION] [FILE]}.
 */
public final class PeakHeapMain {
    private static final double MIB = 1024 * 1024;

    private PeakHeapMain() {
    }

    /**
     * Runs the measurement and prints its figures.
     *
     * @param args {@code [--forks N] [--java PATH] [--gc OPTION] [FILE]}, e.g. {@code --gc -XX:+UseSerialGC}
     * @throws IOException if a fresh JVM fails for another reason than too small a heap
     */
    public static void main(String[] args) throws IOException {
        int forks = 5;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String gc = null;
        Path file = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--forks" -> forks = Integer.parseInt(args[++i]);
                case "--java" -> java = args[++i];
                case "--gc" -> gc = args[++i];
                default -> file = Path.of(args[i]);
            }
        }
        Path dir = null;
        if (file == null) {
            dir = Files.createTempDirectory("arbor-peak-heap");
            file = TexturedGridGlb.write(dir.resolve("textured-grid-large.glb"), TexturedGridGlb.LARGE_GRID,
                    TexturedGridGlb.TEXTURE);
        }
        try {
            run(file, forks, java, gc, System.out);
        } finally {
            if (dir != null) {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        }
    }

    private static void run(Path file, int forks, String java, String gc, PrintStream out) throws IOException {
        long size = Files.size(file);
        out.printf(Locale.ROOT, "# %s: %d bytes (%.1f MiB); %s; %s%n", file.getFileName(), size, size / MIB, java,
                gc == null ? "default collector" : gc);
        double[] peaks = new double[forks];
        double[] baselines = new double[forks];
        double[] retained = new double[forks];
        double[] direct = new double[forks];
        for (int f = 0; f < forks; f++) {
            ForkOutput o = FreshProcess.run(command(java, gc, null, file), null);
            peaks[f] = o.number("peak_heap_bytes") / MIB;
            baselines[f] = o.number("baseline_bytes") / MIB;
            retained[f] = o.number("retained_bytes") / MIB;
            direct[f] = o.number("direct_bytes") / MIB;
        }
        Spread peak = Spread.of(peaks);
        out.printf(Locale.ROOT, "heap used at its highest during the read (garbage included): %s MiB = %.2fx the"
                + " file; before the read %s MiB; kept by the model %s MiB = %.2fx the file%n", peak.format(),
                peak.median() * MIB / size, Spread.of(baselines).format(), Spread.of(retained).format(),
                Spread.of(retained).median() * MIB / size);
        out.printf(Locale.ROOT, "direct memory taken by the read (a .glb's bytes): %s MiB = %.2fx the file%n",
                Spread.of(direct).format(), Spread.of(direct).median() * MIB / size);
        // -Xmx also bounds direct memory (the JVM's default MaxDirectMemorySize), so a .glb read into direct memory
        // still needs about the file's size of it
        int low = 8;
        if (reads(java, gc, low, file)) {
            out.printf(Locale.ROOT, "the read succeeds with -Xmx%dm = %.2fx the file%n", low, low * MIB / size);
            return;
        }
        int high = (int) Math.ceil(4 * size / MIB) + 16;
        if (!reads(java, gc, high, file)) {
            out.printf("the read fails even with -Xmx%dm%n", high);
            return;
        }
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            if (reads(java, gc, mid, file)) {
                high = mid;
            } else {
                low = mid;
            }
        }
        out.printf(Locale.ROOT, "smallest -Xmx that reads the file: %dm = %.2fx the file (target <= 1.5x)%n", high,
                high * MIB / size);
    }

    private static boolean reads(String java, String gc, int megabytes, Path file) throws IOException {
        try {
            FreshProcess.run(command(java, gc, megabytes, file), null);
            return true;
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().contains("OutOfMemoryError")) {
                return false;
            }
            throw e;
        }
    }

    private static List<String> command(String java, String gc, Integer megabytes, Path file) {
        List<String> command = new ArrayList<>(List.of(java));
        if (gc != null) {
            command.add(gc);
        }
        if (megabytes != null) {
            command.add("-Xmx" + megabytes + "m");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ColdChild.class.getName(),
                ColdChild.HEAP, file.toAbsolutePath().toString()));
        return command;
    }
}
