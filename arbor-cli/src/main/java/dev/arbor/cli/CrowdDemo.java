package dev.arbor.cli;

import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.Crowd;
import dev.arbor.animation.CrowdJob;
import dev.arbor.animation.Pose;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfCrowd;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Kernels;
import dev.arbor.hierarchy.HierarchyBounds;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The crowd mode of {@code arbor demo}: many instances of one glTF model (by default the bundled Cesium Man) in one
 * hierarchy on a grid, made into a {@link Crowd}, each playing the model's first animation at its own time (looping).
 * The frames run as a user's program runs them, and as a benchmark measures them: the warm-up frames, then a wait for
 * the vector kernel ({@link Kernels#warmUp()}), then the measured whole frames ({@link Crowd#frame()} and
 * {@code update()}, each part of the crowd sampled, updated and skinned while in a core's cache), reported as their
 * median and spread; then as many frames as the three phases' separate calls (sample every instance's pose into its
 * nodes, {@code update()}, every palette into the crowd's buffer), each phase timed. Every figure is printed with its
 * cost per joint.
 */
final class CrowdDemo {
    /** Class-path folder of the bundled model and its licence files. */
    static final String BUNDLED_FOLDER = "/dev/arbor/cli/models/CesiumMan/";
    static final String BUNDLED_FILE = "CesiumMan.glb";
    /** Frames per second of the simulated clock. */
    static final float FPS = 60f;

    private CrowdDemo() {
    }

    /** The bundled model, read from the class path. */
    static GltfModel bundledModel() {
        try (InputStream in = CrowdDemo.class.getResourceAsStream(BUNDLED_FOLDER + BUNDLED_FILE)) {
            if (in == null) {
                throw new Problems.Failure("the bundled model " + BUNDLED_FILE + " is missing from this program");
            }
            return Gltf.read(in, BUNDLED_FILE);
        } catch (IOException e) {
            throw new Problems.Failure("cannot read the bundled model " + BUNDLED_FILE + ": " + Problems.reason(e));
        }
    }

    /**
     * How the crowd runs.
     *
     * @param crowd instances
     * @param threads threads of the frame
     * @param frames measured frames of each kind
     * @param warmup frames before measuring
     * @param noProgress whether to leave out the progress bar
     */
    record Options(int crowd, int threads, int frames, int warmup, boolean noProgress) {
    }

    static int run(PrintStream out, Path modelFile, Options options, Path draw) {
        int crowd = options.crowd();
        int frames = options.frames();
        int warmup = options.warmup();
        boolean noProgress = options.noProgress();
        GltfModel model = modelFile == null ? bundledModel() : Problems.readModel(modelFile);
        long buildStart = System.nanoTime();
        Hierarchy h = new Hierarchy(crowd * (model.nodeCount() + 1));
        GltfInstance[] members = new GltfInstance[crowd];
        int columns = (int) Math.ceil(Math.sqrt(crowd));
        int scene = model.sceneToShow();
        for (int i = 0; i < crowd; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, (i % columns) * 1.5f, 0, (i / columns) * 1.5f);
            members[i] = model.instantiate(h, scene, spot);
        }
        Crowd animated = GltfCrowd.of(members);
        animated.setThreads(options.threads());
        h.update();
        long buildNanos = System.nanoTime() - buildStart;
        int nodes = h.size();
        int joints = animated.jointCount();
        ClipSampler clip = animated.clip();
        String source = modelFile == null ? "bundled " + BUNDLED_FILE + " (Cesium Man, (c) 2017 Cesium, CC-BY 4.0 with"
                + " trademark limitations; licence files in the jar under " + BUNDLED_FOLDER.substring(1) + ")"
                : modelFile.toString();
        out.printf(Locale.ROOT, "crowd: %,d × %s%n", crowd, source);
        out.printf(Locale.ROOT, "%,d nodes (%d per instance + 1 spot), %d joints per skeleton, %s, built in %.1f ms%n",
                nodes, model.nodeCount(), joints, clip != null ? "animation \"" + nameOf(model) + "\" ("
                        + model.animation(0).channelCount() + " channels, " + String.format(Locale.ROOT, "%.3f",
                        model.animation(0).endTime()) + " s, looped)" : "no animation", buildNanos / 1e6);
        // each member at its own phase of the clip; a frame moves every time on by 1/60 s
        float length = clip != null ? clip.endTime() : 0f;
        float[] phases = new float[crowd];
        for (int i = 0; i < crowd; i++) {
            phases[i] = length * ((i * 0.618034f) % 1f);
        }
        Frames run = new Frames(animated, model.restPose(), phases, frames);
        int total = 2 * warmup + 2 * frames;
        ProgressBar bar = noProgress ? null : new ProgressBarBuilder().setTaskName("frames").setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).continuousUpdate().build();
        boolean vector;
        try {
            for (int frame = 0; frame < warmup; frame++) {
                run.cold.record(frame, run.whole(frame));
                step(bar);
            }
            vector = Kernels.warmUp(); // the medians are the steady state: the vector kernel compiled, if any
            for (int frame = 0; frame < warmup; frame++) {
                run.whole(warmup + frame); // and the storage laid out for it (the hierarchy adapts within frames)
                step(bar);
            }
            for (int f = 0; f < frames; f++) {
                run.wholeNanos[f] = run.whole(2 * warmup + f);
                step(bar);
            }
            for (int f = 0; f < frames; f++) {
                run.phases(2 * warmup + frames + f, f);
                step(bar);
            }
        } finally {
            if (bar != null) {
                bar.close();
            }
        }
        long jointCount = Math.max(1, (long) crowd * Math.max(joints, 1));
        out.printf(Locale.ROOT, "warm-up: %d frames, then %s, then %d frames more; JDK %s, kernel: %s%n", warmup,
                vector ? "waited for the vector kernel to be compiled" : "no vector kernel to wait for (scalar kernel)",
                warmup, Runtime.version(), Hierarchy.kernelDescription());
        out.printf(Locale.ROOT, "ns per joint below: per frame over %,d joints (%,d instances × %d)%n", jointCount,
                crowd, Math.max(joints, 1));
        out.printf(Locale.ROOT, "the whole frame, Crowd.frame() and update() (%d frames, %d thread%s; each part of the"
                + " crowd sampled, updated and skinned while in cache):%n", frames, options.threads(),
                options.threads() == 1 ? "" : "s");
        phase(out, "whole frame", run.wholeNanos, jointCount);
        spread(out, run.wholeNanos);
        out.printf(Locale.ROOT, "the phases as separate calls (%d frames after those):%n", frames);
        phase(out, "sample + apply poses", run.sampleNanos, jointCount);
        phase(out, "update()", run.updateNanos, jointCount);
        phase(out, "skinning palettes", run.paletteNanos, jointCount);
        long[] updates = sorted(run.updateNanos);
        double median = DemoCommand.percentile(updates, 50);
        out.printf(Locale.ROOT, "update() per node: %.2f ns/node (median)   %.1f M nodes/s   min %.3f ms%n",
                median / nodes, nodes / median * 1e3, updates[0] / 1e6);
        if (clip != null) {
            out.printf(Locale.ROOT, "clip: %d channels sampled per instance, %d constant (exact), %d timeline(s)%n",
                    clip.movingChannelCount(), clip.constantChannelCount(), clip.cursorCount());
        }
        run.cold.print(out);
        animated.close();
        out.printf(Locale.ROOT, "nodes changed in the last update: %,d%n", h.changedCount());
        HierarchyBounds bounds = new HierarchyBounds(h);
        for (GltfInstance member : members) {
            member.applyContentBounds(bounds);
        }
        DemoCommand.reportFrustum(out, h, bounds, nodes);
        if (draw != null) {
            drawLast(out, model, members, animated, bounds, draw);
        }
        bounds.close();
        return 0;
    }

    /**
     * The demo's frames: the whole frame as a user runs it, and the phases as separate calls over the same crowd,
     * each frame's times set first (not timed). The times recorded, in ns.
     */
    private static final class Frames {
        final Crowd crowd;
        final Hierarchy h;
        final float[] phases;
        final long[] wholeNanos;
        final long[] sampleNanos;
        final long[] updateNanos;
        final long[] paletteNanos;
        final ColdFrames cold = new ColdFrames();
        /** The phases' first: every instance sampled into its nodes; null without a clip. */
        final CrowdJob sample;

        Frames(Crowd crowd, Pose rest, float[] phases, int frames) {
            this.crowd = crowd;
            this.h = crowd.hierarchy();
            this.phases = phases;
            wholeNanos = new long[frames];
            sampleNanos = new long[frames];
            updateNanos = new long[frames];
            paletteNanos = new long[frames];
            ClipSampler clip = crowd.clip();
            sample = clip == null ? null : new CrowdJob(crowd.job().animator())
                    .sample(clip, crowd.times(), clip.newCursors(crowd.instances()))
                    .intoNodes(crowd.nodes(), rest);
        }

        private void setTimes(int frame) {
            float clock = frame / FPS;
            float[] times = crowd.times();
            for (int i = 0; i < times.length; i++) {
                times[i] = clock + phases[i];
            }
        }

        /** One whole frame; returns its time. */
        long whole(int frame) {
            setTimes(frame);
            long t0 = System.nanoTime();
            if (sample != null) {
                crowd.frame();
            }
            h.update();
            return System.nanoTime() - t0;
        }

        /** One frame as the three phases' calls, recorded as measured frame {@code f}. */
        void phases(int frame, int f) {
            setTimes(frame);
            long t0 = System.nanoTime();
            if (sample != null) {
                sample.run();
            }
            long t1 = System.nanoTime();
            h.update();
            long t2 = System.nanoTime();
            if (crowd.skin() != null) {
                crowd.job().animator().writePalettes(h, crowd.skin(), crowd.palettes(), 0);
            }
            long t3 = System.nanoTime();
            sampleNanos[f] = t1 - t0;
            updateNanos[f] = t2 - t1;
            paletteNanos[f] = t3 - t2;
        }
    }

    private static void step(ProgressBar bar) {
        if (bar != null) {
            bar.step();
        }
    }

    /** Draws the crowd as the last frame left it (its palettes). */
    private static void drawLast(PrintStream out, GltfModel model, GltfInstance[] members, Crowd crowd,
                                 HierarchyBounds bounds, Path draw) {
        if (crowd.skin() == null || crowd.clip() == null) {
            throw new Problems.Failure("cannot draw with --draw: the model has no skinned, animated mesh");
        }
        Hierarchy h = crowd.hierarchy();
        int meshNode = model.nodesWithSkin(0)[0];
        long[] meshes = new long[members.length];
        float[] box = new float[6];
        float[] crowdBox = null;
        for (int r = 0; r < members.length; r++) {
            meshes[r] = members[r].handle(meshNode);
            if (bounds.getSubtreeBounds(crowd.root(r), box, 0)) {
                crowdBox = crowdBox == null ? box.clone() : union(crowdBox, box);
            }
        }
        CrowdPicture.draw(out, model, h, meshes, model.mesh(meshNode), crowd.jointCount(), crowd.palettes(), crowdBox,
                draw);
    }

    private static float[] union(float[] a, float[] b) {
        for (int k = 0; k < 3; k++) {
            a[k] = Math.min(a[k], b[k]);
            a[k + 3] = Math.max(a[k + 3], b[k + 3]);
        }
        return a;
    }

    /** The whole frame's spread: the middle half and the middle 80% of the frames, and the fastest. */
    private static void spread(PrintStream out, long[] nanos) {
        long[] s = sorted(nanos);
        out.printf(Locale.ROOT, "%-22s p25–p75 %.3f–%.3f ms   p10–p90 %.3f–%.3f ms   min %.3f ms%n", "",
                DemoCommand.percentile(s, 25) / 1e6, DemoCommand.percentile(s, 75) / 1e6,
                DemoCommand.percentile(s, 10) / 1e6, DemoCommand.percentile(s, 90) / 1e6, s[0] / 1e6);
    }

    static void phase(PrintStream out, String name, long[] nanos, long joints) {
        long[] s = sorted(nanos);
        double median = DemoCommand.percentile(s, 50);
        out.printf(Locale.ROOT, "%-22s median %.3f ms  (%.1f ns/joint)   p99 %.3f ms%n", name + ":", median / 1e6,
                median / joints, DemoCommand.percentile(s, 99) / 1e6);
    }

    private static String nameOf(GltfModel model) {
        return model.animation(0).name() == null ? "0" : model.animation(0).name();
    }

    private static long[] sorted(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s;
    }
}
