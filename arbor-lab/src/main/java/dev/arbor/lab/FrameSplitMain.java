package dev.arbor.lab;

import dev.arbor.bench.CommandLine;
import dev.arbor.bench.check.CorrectnessGate;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.workloads.Fixture;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Splits the all-dirty frame ({@code FrameBench.allDirty}: a new rotation on every node through
 * {@link TransformSystem#setLocalRotations}, then {@link TransformSystem#update()}) into its two halves and times each
 * apart, per implementation: where a frame's time goes. JMH times only the whole frame; the performance notes
 * (docs/lab/performance.md) size each step by this split, which until now was taken with throw-away harnesses.
 *
 * <p>Each implementation is built alone, runs {@code --frames} frames alternating the bench's two animation frames,
 * and reports the median of the later half of the frames for the set, the update and their sum, in ns per node. The
 * earlier half is warm-up: the JIT compiles the loops, and Arbor's choice between its two ways of copying an
 * out-of-order list ({@code TwoWayChoice}) makes its first trial only at frame 64, so fewer than about 130 frames
 * would time the copy it does not keep. After the last frame every world matrix is compared with the reference
 * ({@link CorrectnessGate}); a mismatch stops the run. Not a JMH benchmark: one JVM, no forks, so compare builds or
 * machines with care (docs/benchmarks.md, "Commands").
 *
 * <p>Usage: {@code FrameSplitMain [--scene million] [--impls arbor,arbor-2t] [--frames 200]}.
 */
public final class FrameSplitMain {
    /** The fewest frames: one of warm-up, one timed. */
    public static final int MIN_FRAMES = 2;
    /** The most frames. */
    public static final int MAX_FRAMES = 1_000_000;

    private FrameSplitMain() {
    }

    /**
     * Command-line entry point.
     *
     * @param args see the class comment
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /**
     * Times and prints the split.
     *
     * @param args see the class comment
     * @param out destination of the table
     * @return 0 on success, 2 on bad arguments
     */
    public static int run(String[] args, PrintStream out) {
        String sceneName = "million";
        List<Implementation> impls = List.of(Implementation.ARBOR);
        int frames = 200;
        Scene scene;
        try {
            for (int i = 0; i < args.length; i++) {
                String next = i + 1 < args.length ? args[i + 1] : null;
                switch (args[i]) {
                    case "--scene": sceneName = CommandLine.valueOf(next, args[i]); i++; break;
                    case "--impls": impls = CommandLine.implementations(next, args[i]); i++; break;
                    case "--frames": frames = frameCount(CommandLine.valueOf(next, args[i])); i++; break;
                    default: throw new IllegalArgumentException("unknown option: " + args[i]);
                }
            }
            scene = Scenes.byName(sceneName);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: FrameSplitMain [--scene million] [--impls a,b] [--frames " + MIN_FRAMES + ".."
                    + MAX_FRAMES + "]");
            return 2;
        }
        out.println(String.format(Locale.ROOT, "%-10s %-15s %9s %9s %9s  (ns/node, median of the last %d of %d "
                + "frames)", "scene", "implementation", "set", "update", "frame", frames - frames / 2, frames));
        for (Implementation impl : impls) {
            double[] split = split(impl.create(), scene, frames);
            out.println(String.format(Locale.ROOT, "%-10s %-15s %9.2f %9.2f %9.2f", scene.name(), impl.id(),
                    split[0], split[1], split[2]));
        }
        return 0;
    }

    private static int frameCount(String text) {
        int frames;
        try {
            frames = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--frames is not a whole number: " + text);
        }
        if (frames < MIN_FRAMES || frames > MAX_FRAMES) {
            throw new IllegalArgumentException("--frames out of range: " + frames + ", allowed [" + MIN_FRAMES + ", "
                    + MAX_FRAMES + "]");
        }
        return frames;
    }

    /**
     * Builds {@code system} from {@code scene}, runs {@code frames} all-dirty frames timing the set and the update
     * apart, then checks every world matrix against the reference.
     *
     * @param system a fresh implementation
     * @param scene the scene
     * @param frames frames to run, at least {@link #MIN_FRAMES}
     * @return ns per node, medians over the later half of the frames: {set, update, set + update}
     * @throws IllegalStateException if a world matrix differs from the reference after the last frame
     */
    public static double[] split(TransformSystem system, Scene scene, int frames) {
        if (frames < MIN_FRAMES) {
            throw new IllegalArgumentException("frames out of range: " + frames + ", allowed >= " + MIN_FRAMES);
        }
        system.build(scene);
        int n = scene.size();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        float[][] rotations = Fixture.twoFrames(scene, all, n);
        int timed = frames - frames / 2;
        long[] sets = new long[timed];
        long[] updates = new long[timed];
        long[] sums = new long[timed];
        for (int f = 0; f < frames; f++) {
            long t0 = System.nanoTime();
            system.setLocalRotations(all, n, rotations[f & 1]);
            long t1 = System.nanoTime();
            system.update();
            long t2 = System.nanoTime();
            int k = f - frames / 2;
            if (k >= 0) {
                sets[k] = t1 - t0;
                updates[k] = t2 - t1;
                sums[k] = t2 - t0;
            }
        }
        CorrectnessGate.compare(system, scene, scene.parents(), scene.translations(), rotations[(frames - 1) & 1]);
        return new double[] {median(sets) / n, median(updates) / n, median(sums) / n};
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2.0;
    }
}
