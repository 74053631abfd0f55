package dev.arbor.cli;

import dev.arbor.animation.ClipSampler;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Kernels;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.hierarchy.InstanceNodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The crowd mode of {@code arbor demo}: many instances of one glTF model (by default the bundled Cesium Man) in one
 * hierarchy on a grid, each playing the model's first animation at its own time (looping). Frames alternate between
 * the two ways of running the crowd: one {@link CrowdAnimator#frame} call (each thread samples, updates and skins a
 * part of the crowd at a time) and {@code update()}, timed whole; and the three phases as separate calls (sample every
 * instance's pose into its nodes, {@code update()}, every skeleton's skinning palette into one direct buffer), each
 * timed. Every figure is printed with its cost per joint.
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

    static int run(PrintStream out, Path modelFile, int crowd, int frames, int warmup, boolean noProgress,
                   Path draw) {
        GltfModel model = modelFile == null ? bundledModel() : Problems.readModel(modelFile);
        long buildStart = System.nanoTime();
        int perInstance = model.nodeCount() + 1;
        Hierarchy h = new Hierarchy(crowd * perInstance);
        GltfInstance[] members = new GltfInstance[crowd];
        int size = model.animatedNodes().length;
        long[] animatedHandles = new long[crowd * size];
        int columns = (int) Math.ceil(Math.sqrt(crowd));
        int scene = model.sceneToShow();
        for (int i = 0; i < crowd; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, (i % columns) * 1.5f, 0, (i / columns) * 1.5f);
            members[i] = model.instantiate(h, scene, spot);
            System.arraycopy(members[i].animatedHandles(), 0, animatedHandles, i * size, size);
        }
        h.update();
        long buildNanos = System.nanoTime() - buildStart;
        int nodes = h.size();
        int joints = 0;
        long[] meshes = new long[crowd];
        Skeleton[] skeletons = new Skeleton[crowd];
        if (model.skinCount() > 0) {
            int meshNode = -1;
            for (int n = 0; n < model.nodeCount() && meshNode < 0; n++) {
                meshNode = model.skinOf(n) == 0 ? n : -1;
            }
            for (int i = 0; i < crowd; i++) {
                skeletons[i] = members[i].skeleton(0);
                meshes[i] = meshNode < 0 ? Hierarchy.NULL : members[i].handle(meshNode);
            }
            joints = skeletons[0] == null ? 0 : skeletons[0].jointCount();
        }
        boolean animated = model.animationCount() > 0;
        String source = modelFile == null ? "bundled " + BUNDLED_FILE + " (Cesium Man, (c) 2017 Cesium, CC-BY 4.0 with"
                + " trademark limitations; licence files in the jar under " + BUNDLED_FOLDER.substring(1) + ")"
                : modelFile.toString();
        out.printf(Locale.ROOT, "crowd: %,d × %s%n", crowd, source);
        out.printf(Locale.ROOT, "%,d nodes (%d per instance + 1 spot), %d joints per skeleton, %s, built in %.1f ms%n",
                nodes, model.nodeCount(), joints, animated ? "animation \"" + nameOf(model) + "\" ("
                        + model.animation(0).channelCount() + " channels, " + String.format(Locale.ROOT, "%.3f",
                        model.animation(0).endTime()) + " s, looped)" : "no animation", buildNanos / 1e6);

        boolean skinned = joints > 0 && Arrays.stream(skeletons).allMatch(s -> s != null);
        CrowdSkin skin = skinned ? CrowdSkin.of(skeletons, meshes[0] == Hierarchy.NULL ? null : meshes) : null;
        if (!skinned) {
            joints = 0;
        }
        ClipSampler sampler = animated ? ClipSampler.compile(model.animation(0)) : null;
        Pose rest = model.restPose();
        int[] cursors = animated ? sampler.newCursors(crowd) : new int[0];
        float[] times = new float[crowd];
        // each member's pose is sampled and written straight into its nodes (the paths the clip moves; the others
        // keep the rest pose the instances were built with)
        InstanceNodes animatedNodes = animated ? new InstanceNodes(h, animatedHandles, 0, crowd, size) : null;
        CrowdAnimator animator = new CrowdAnimator();
        FloatBuffer palettes = ByteBuffer.allocateDirect(Math.max(1, crowd * joints * 16 * Float.BYTES))
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        // with a skin, frames alternate: the phases as separate calls, then one frame call (warm-up frames too)
        boolean fused = animated && skin != null;
        int phased = fused ? (frames + 1) / 2 : frames;
        long[] sampleNanos = new long[Math.max(1, phased)];
        long[] updateNanos = new long[Math.max(1, phased)];
        long[] paletteNanos = new long[Math.max(1, phased)];
        long[] fusedNanos = new long[Math.max(1, frames - phased)];
        int phasedDone = 0;
        int fusedDone = 0;
        int total = warmup + frames;
        float length = animated ? model.animation(0).endTime() : 0f;
        ColdFrames cold = new ColdFrames();
        ProgressBar bar = noProgress ? null : new ProgressBarBuilder().setTaskName("frames").setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).continuousUpdate().build();
        try {
            for (int frame = 0; frame < total; frame++) {
                if (frame == warmup) {
                    Kernels.warmUp(); // the medians are the steady state: the vector kernel compiled, if any
                }
                float clock = frame / FPS;
                for (int i = 0; i < crowd && animated; i++) {
                    times[i] = clock + length * ((i * 0.618034f) % 1f); // each member at its own phase
                }
                if (fused && (frame < warmup ? frame : frame - warmup) % 2 == 1) {
                    long t0 = System.nanoTime();
                    animator.frame(sampler, times, WrapMode.LOOP, cursors, rest, animatedNodes, skin, palettes, 0);
                    h.update();
                    long t1 = System.nanoTime();
                    cold.record(frame, t1 - t0);
                    if (frame >= warmup && fusedDone < fusedNanos.length) {
                        fusedNanos[fusedDone++] = t1 - t0;
                    }
                    if (bar != null) {
                        bar.step();
                    }
                    continue;
                }
                long t0 = System.nanoTime();
                if (animated) {
                    animator.sample(sampler, times, WrapMode.LOOP, cursors, rest, animatedNodes);
                }
                long t1 = System.nanoTime();
                h.update();
                long t2 = System.nanoTime();
                if (skin != null) {
                    animator.writePalettes(h, skin, palettes, 0);
                }
                long t3 = System.nanoTime();
                cold.record(frame, t3 - t0);
                if (frame >= warmup && phasedDone < phased) {
                    sampleNanos[phasedDone] = t1 - t0;
                    updateNanos[phasedDone] = t2 - t1;
                    paletteNanos[phasedDone++] = t3 - t2;
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
        long[] updates = sorted(updateNanos);
        double median = DemoCommand.percentile(updates, 50);
        out.printf(Locale.ROOT, "frames measured: %d (after %d warm-up frames), every instance at its own time, JDK %s, "
                + "kernel: %s%n", frames, warmup, Runtime.version(), Hierarchy.kernelDescription());
        long[] frameNanos = new long[sampleNanos.length];
        for (int f = 0; f < frameNanos.length; f++) {
            frameNanos[f] = sampleNanos[f] + updateNanos[f] + paletteNanos[f];
        }
        long jointCount = Math.max(1, (long) crowd * Math.max(joints, 1));
        out.printf(Locale.ROOT, "ns per joint below: per frame over %,d joints (%,d instances × %d)%n", jointCount,
                crowd, Math.max(joints, 1));
        if (fused) {
            out.printf(Locale.ROOT, "the phases as separate calls (%d frames):%n", phased);
        }
        phase(out, "sample + apply poses", sampleNanos, jointCount);
        phase(out, "update()", updateNanos, jointCount);
        phase(out, "skinning palettes", paletteNanos, jointCount);
        phase(out, fused ? "the three in turn" : "whole frame", frameNanos, jointCount);
        if (fused && frames > phased) {
            out.printf(Locale.ROOT, "one call, CrowdAnimator.frame and update() (%d frames, each part of the crowd"
                    + " sampled, updated and skinned while in cache):%n", frames - phased);
            phase(out, "whole frame", fusedNanos, jointCount);
        }
        out.printf(Locale.ROOT, "update() per node: %.2f ns/node (median)   %.1f M nodes/s   min %.3f ms%n",
                median / nodes, nodes / median * 1e3, updates[0] / 1e6);
        if (sampler != null) {
            out.printf(Locale.ROOT, "clip: %d channels sampled per instance, %d constant (exact), %d timeline(s)%n",
                    sampler.movingChannelCount(), sampler.constantChannelCount(), sampler.cursorCount());
        }
        cold.print(out);
        animator.close();
        out.printf(Locale.ROOT, "nodes changed in the last update: %,d%n", h.changedCount());
        HierarchyBounds bounds = new HierarchyBounds(h);
        for (GltfInstance member : members) {
            member.applyContentBounds(bounds);
        }
        DemoCommand.reportFrustum(out, h, bounds, nodes);
        if (draw != null) {
            if (!fused) {
                throw new Problems.Failure("cannot draw with --draw: the model has no skinned, animated mesh");
            }
            float[] box = new float[6];
            float[] crowdBox = null;
            for (int r = 0; r < crowd; r++) {
                if (bounds.getSubtreeBounds(h.parent(members[r].handle(model.sceneRoots(scene)[0])), box, 0)) {
                    crowdBox = crowdBox == null ? box.clone() : union(crowdBox, box);
                }
            }
            CrowdPicture.draw(out, model, h, meshes, model.mesh(members[0].node(meshes[0])), joints, palettes,
                    crowdBox, draw);
        }
        bounds.close();
        return 0;
    }

    private static float[] union(float[] a, float[] b) {
        for (int k = 0; k < 3; k++) {
            a[k] = Math.min(a[k], b[k]);
            a[k + 3] = Math.max(a[k + 3], b[k + 3]);
        }
        return a;
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
