package dev.arbor.cli;

import dev.arbor.animation.CrowdAnimator;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Kernels;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.io.PrintStream;
import java.util.Arrays;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code arbor demo}: without options, a crowd of the bundled Cesium Man model (or of {@code --model FILE}), each copy
 * walking at its own time, with the time of sampling, {@code update()} and skinning palettes per frame (see
 * {@link CrowdDemo}). With {@code --scene NAME}, builds a named scene, animates every node's local rotation and
 * reports the update time per frame (median and 99th percentile), ns per node and nodes per second.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Animate a crowd of the bundled glTF model (default) or every node of a built-in scene "
                + "(--scene), and time Hierarchy.update().")
public final class DemoCommand implements Callable<Integer> {
    private static final float FOV_DEGREES = 60f;
    private static final int QUERY_REPEATS = 31;
    static final int MAX_CROWD = 100_000;
    static final int MAX_FRAMES = 1_000_000;
    @Spec
    private CommandSpec spec;

    @Option(names = "--scene", paramLabel = "NAME",
            description = "Built-in scene instead of the crowd: ${COMPLETION-CANDIDATES}.",
            completionCandidates = SceneNames.class)
    private String scene;

    @Option(names = "--model", paramLabel = "FILE",
            description = "glTF model for the crowd (default: the bundled Cesium Man); not with --scene.")
    private java.nio.file.Path model;

    @Option(names = "--crowd", defaultValue = "1000", paramLabel = "N",
            description = "Number of model instances in the crowd, 1 to " + MAX_CROWD
                    + " (default: ${DEFAULT-VALUE}); not with --scene.")
    private int crowd;

    @Option(names = "--threads", defaultValue = "1", paramLabel = "N",
            description = "Threads of the crowd's frame, 1 to " + CrowdAnimator.MAX_THREADS
                    + " (default: ${DEFAULT-VALUE}); not with --scene.")
    private int threads;

    @Option(names = "--frames", defaultValue = "300", paramLabel = "N",
            description = "Measured frames, 1 to " + MAX_FRAMES + " (default: ${DEFAULT-VALUE}).")
    private int frames;

    @Option(names = "--warmup", defaultValue = "1000", paramLabel = "N",
            description = "Frames run before measuring, to let the JIT compile, 0 to " + MAX_FRAMES
                    + " (default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--graph", paramLabel = "G.json", arity = "0..1", fallbackValue = "",
            description = "Each crowd member plays an animation graph instead of the clip: the bundled locomotion "
                    + "graph, or the JSON file given (clips: the model's animations by name, and idle, walk and run "
                    + "made from its first); the crowd evaluated in one call per frame, timed by phases; not with "
                    + "--scene or --draw.")
    private String graph;

    @Option(names = "--no-progress", description = "Do not draw the progress bar.")
    private boolean noProgress;

    @Option(names = "--draw", paramLabel = "PNG", description = "After the frames, draw the crowd as the last frame "
            + "left it with OpenGL (offscreen; one instanced draw per primitive from the frame's palettes) into a PNG, "
            + "and time the upload and the draw.")
    private Path draw;

    @Override
    public Integer call() {
        PrintStream out = spec.commandLine().getOut() == null ? System.out
                : new PrintStream(new WriterOutputStream(spec.commandLine().getOut()), true);
        if (frames < 1 || frames > MAX_FRAMES) {
            throw Problems.invalid(spec, "--frames", "must be 1 to " + MAX_FRAMES);
        }
        if (warmup < 0 || warmup > MAX_FRAMES) {
            throw Problems.invalid(spec, "--warmup", "must be 0 to " + MAX_FRAMES);
        }
        if (scene == null) {
            if (crowd < 1 || crowd > MAX_CROWD) {
                throw Problems.invalid(spec, "--crowd", "must be 1 to " + MAX_CROWD);
            }
            if (threads < 1 || threads > CrowdAnimator.MAX_THREADS) {
                throw Problems.invalid(spec, "--threads", "must be 1 to " + CrowdAnimator.MAX_THREADS);
            }
            if (draw != null) {
                if (!draw.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
                    throw Problems.invalid(spec, "--draw", "the picture's name must end in .png");
                }
                Problems.checkWritable(draw);
            }
            if (graph != null) {
                if (draw != null) {
                    throw Problems.usage(spec, "--draw cannot be used with --graph");
                }
                return GraphDemo.run(out, model, graph.isEmpty() ? null : Path.of(graph), crowd, frames, warmup,
                        noProgress);
            }
            return CrowdDemo.run(out, model, new CrowdDemo.Options(crowd, threads, frames, warmup, noProgress), draw);
        }
        for (String crowdOnly : new String[] {"--model", "--crowd", "--draw", "--graph"}) {
            if (Problems.isGiven(spec, crowdOnly)) {
                throw Problems.usage(spec, crowdOnly + " cannot be used with --scene: it sets up the crowd, and "
                        + "--scene runs a built-in scene instead");
            }
        }
        if (!Scenes.NAMES.contains(scene.toLowerCase(Locale.ROOT))) {
            throw Problems.invalid(spec, "--scene", "no such built-in scene; they are "
                    + String.join(", ", Scenes.NAMES));
        }
        Scene s = Scenes.byName(scene);
        long buildStart = System.nanoTime();
        Hierarchy h = new Hierarchy(s.size());
        long[] handles = build(s, h);
        h.update();
        long buildNanos = System.nanoTime() - buildStart;
        out.printf(Locale.ROOT, "scene %s: %,d nodes, %,d roots, depth %d, built in %.1f ms%n", s.name(), s.size(),
                s.rootCount(), s.maxDepth(), buildNanos / 1e6);

        float[] rotations = new float[s.size() * Scene.ROTATION_STRIDE];
        long[] updateNanos = new long[frames];
        long[] setNanos = new long[frames];
        int total = warmup + frames;
        ColdFrames cold = new ColdFrames();
        ProgressBar bar = noProgress ? null : new ProgressBarBuilder().setTaskName("frames").setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).continuousUpdate().build();
        try {
            for (int frame = 0; frame < total; frame++) {
                if (frame == warmup) {
                    Kernels.warmUp(); // the medians are the steady state: the vector kernel compiled, if any
                }
                s.animatedRotations(frame + 1, rotations);
                long t0 = System.nanoTime();
                h.setLocalRotations(handles, 0, handles.length, rotations, 0);
                long t1 = System.nanoTime();
                h.update();
                long t2 = System.nanoTime();
                cold.record(frame, t2 - t0);
                if (frame >= warmup) {
                    setNanos[frame - warmup] = t1 - t0;
                    updateNanos[frame - warmup] = t2 - t1;
                }
                if (bar != null) {
                    bar.step();
                }
            }
        } finally {
            if (bar != null) {
                bar.close();
            }
        }
        report(out, s, h, handles, updateNanos, setNanos);
        cold.print(out);
        reportFrustum(out, h, handles);
        return 0;
    }

    /** Gives every node a small content box, then culls the animated scene (see {@link #reportFrustum}). */
    private static void reportFrustum(PrintStream out, Hierarchy h, long[] handles) {
        HierarchyBounds bounds = new HierarchyBounds(h);
        for (long node : handles) {
            bounds.setContentBounds(node, -0.1f, -0.1f, -0.1f, 0.1f, 0.1f, 0.1f);
        }
        reportFrustum(out, h, bounds, handles.length);
        bounds.close();
    }

    /**
     * Culls the scene against a camera placed at the centre of its bounds, looking along +x with a 60° field of
     * view, and prints the visible count and the median query time over {@value #QUERY_REPEATS} queries (the first
     * one also computes the bounds).
     */
    static void reportFrustum(PrintStream out, Hierarchy h, HierarchyBounds bounds, int nodes) {
        float[] all = new float[6];
        for (long r = h.firstRoot(); r != Hierarchy.NULL; r = h.nextSibling(r)) {
            float[] b = new float[6];
            bounds.getSubtreeBounds(r, b, 0);
            if (r == h.firstRoot()) {
                System.arraycopy(b, 0, all, 0, 6);
            } else {
                dev.arbor.bounds.Aabb.include(b, 0, all, 0);
            }
        }
        float cx = (all[0] + all[3]) / 2;
        float cy = (all[1] + all[4]) / 2;
        float cz = (all[2] + all[5]) / 2;
        float radius = Math.max(all[3] - all[0], Math.max(all[4] - all[1], all[5] - all[2]));
        // a camera inside the scene, near its centre, looking along +x with a 60° field of view
        Matrix4f camera = new Matrix4f().perspective((float) Math.toRadians(FOV_DEGREES), 16f / 9f, 0.05f, radius)
                .lookAt(cx, cy, cz, cx + 1, cy, cz, 0, 1, 0);
        long[] visible = new long[nodes];
        long[] nanos = new long[QUERY_REPEATS];
        int count = 0;
        for (int k = 0; k < QUERY_REPEATS; k++) {
            long t0 = System.nanoTime();
            count = bounds.queryFrustum(camera, visible, 0);
            nanos[k] = System.nanoTime() - t0;
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "frustum query (60° camera inside the scene): %,d of %,d nodes visible (%.1f%%), "
                + "median %.3f ms over %d queries%n", count, nodes, 100.0 * count / nodes,
                percentile(sorted, 50) / 1e6, QUERY_REPEATS);
    }

    static long[] build(Scene s, Hierarchy h) {
        int[] parents = s.parents();
        float[] t = s.translations();
        float[] r = s.rotations();
        float[] sc = s.scales();
        long[] handles = new long[s.size()];
        for (int i = 0; i < handles.length; i++) {
            long node = parents[i] < 0 ? h.createRoot() : h.createChild(handles[parents[i]]);
            handles[i] = node;
            h.setLocalTranslation(node, t[i * 3], t[i * 3 + 1], t[i * 3 + 2]);
            h.setLocalRotation(node, r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]);
            h.setLocalScale(node, sc[i * 3], sc[i * 3 + 1], sc[i * 3 + 2]);
        }
        return handles;
    }

    private void report(PrintStream out, Scene s, Hierarchy h, long[] handles, long[] updateNanos,
                        long[] setNanos) {
        long[] sorted = updateNanos.clone();
        Arrays.sort(sorted);
        long[] setSorted = setNanos.clone();
        Arrays.sort(setSorted);
        double median = percentile(sorted, 50);
        double p99 = percentile(sorted, 99);
        int n = s.size();
        out.printf(Locale.ROOT, "frames measured: %d (after %d warm-up frames), every node's rotation changed "
                + "each frame, JDK %s, kernel: %s%n", updateNanos.length, warmup, Runtime.version(),
                Hierarchy.kernelDescription());
        out.printf(Locale.ROOT, "update():  median %.3f ms   p99 %.3f ms   min %.3f ms%n", median / 1e6, p99 / 1e6,
                sorted[0] / 1e6);
        out.printf(Locale.ROOT, "per node:  %.2f ns/node (median)   %.1f M nodes/s%n", median / n,
                n / median * 1e3);
        out.printf(Locale.ROOT, "setting rotations (bulk setLocalRotations): median %.3f ms, %.2f ns/node%n",
                percentile(setSorted, 50) / 1e6, percentile(setSorted, 50) / n);
        out.printf(Locale.ROOT, "nodes changed in the last update: %,d%n", h.changedCount());
        Vector3f p = h.getWorldTranslation(handles[n - 1], new Vector3f());
        out.printf(Locale.ROOT, "last node's world position: (%.4f, %.4f, %.4f)%n", p.x, p.y, p.z);
    }

    /** Nearest-rank percentile of a sorted array. */
    static double percentile(long[] sorted, double pct) {
        int rank = (int) Math.ceil(pct / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The scene names, for picocli's completion candidates and help. */
    static final class SceneNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Scenes.NAMES.iterator();
        }
    }

    /** Adapts picocli's configured writer to a stream, so tests can capture the output. */
    private static final class WriterOutputStream extends java.io.OutputStream {
        private final java.io.PrintWriter writer;

        WriterOutputStream(java.io.PrintWriter writer) {
            this.writer = writer;
        }

        @Override
        public void write(int b) {
            writer.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writer.write(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8));
        }

        @Override
        public void flush() {
            writer.flush();
        }
    }
}
