package dev.arbor.cli;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.CrowdAnimator;
import dev.arbor.animation.CrowdSkin;
import dev.arbor.animation.GraphCrowd;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GraphJson;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.Kernels;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * {@code arbor demo --graph [G.json]}: a crowd of the bundled Cesium Man (or {@code --model FILE}) each playing an
 * animation graph through its own {@link GraphPlayer}, the whole crowd evaluated by one {@link GraphCrowd#update} per
 * frame, timed by phases (graph, {@code update()}, skinning palettes). The graph is the file given, or the bundled
 * locomotion graph ({@link #BUNDLED_GRAPH}: stand, move through an idle–walk–run blend space by speed, a pause on a
 * trigger). Its clips are the model's animations by name, and three made in code from the first animation:
 * {@code idle} (its first pose held), {@code walk} (itself) and {@code run} (itself at 0.6 of its length). Each
 * frame every instance's float parameters follow a slow wave of its own between 0 and 4, and triggers fire now and
 * then (a fixed pseudo-random sequence), so that about one instance in ten is in a transition at any time.
 */
final class GraphDemo {
    /** Class-path name of the bundled graph. */
    static final String BUNDLED_GRAPH = "/dev/arbor/cli/graphs/locomotion.json";

    private GraphDemo() {
    }

    /** The model's clips by name, with {@code idle}, {@code walk} and {@code run} made from its first animation. */
    static Map<String, AnimationClip> clips(GltfModel model) {
        Map<String, AnimationClip> clips = new LinkedHashMap<>(GraphJson.clips(model));
        if (model.animationCount() > 0) {
            AnimationClip first = model.animation(0);
            clips.putIfAbsent("idle", first.heldAt("idle", 0));
            clips.putIfAbsent("walk", first.withName("walk"));
            clips.putIfAbsent("run", first.retimed("run", 0.6f));
        }
        return clips;
    }

    static AnimationGraph graph(GltfModel model, Path file) {
        Map<String, AnimationClip> clips = clips(model);
        try {
            if (file != null) {
                return GraphJson.read(file, clips);
            }
            try (InputStream in = GraphDemo.class.getResourceAsStream(BUNDLED_GRAPH)) {
                if (in == null) {
                    throw new Problems.Failure("the bundled graph " + BUNDLED_GRAPH + " is missing from this program");
                }
                return GraphJson.read(new String(in.readAllBytes(), StandardCharsets.UTF_8), clips);
            }
        } catch (GltfException e) {
            throw new Problems.Failure("cannot read the graph " + (file == null ? BUNDLED_GRAPH : file) + ": "
                    + e.getMessage());
        } catch (IOException e) {
            throw new Problems.Failure("cannot read the bundled graph: " + Problems.reason(e));
        }
    }

    static int run(PrintStream out, Path modelFile, Path graphFile, int crowd, int frames, int warmup,
                   boolean noProgress) {
        GltfModel model = modelFile == null ? CrowdDemo.bundledModel() : Problems.readModel(modelFile);
        if (model.animationCount() == 0) {
            throw new Problems.Failure("the model has no animation to make the graph's clips from");
        }
        AnimationGraph graph = graph(model, graphFile);
        long buildStart = System.nanoTime();
        Hierarchy h = new Hierarchy(crowd * (model.nodeCount() + 1));
        int size = model.animatedNodes().length;
        long[] nodes = new long[crowd * size];
        GraphPlayer[] players = new GraphPlayer[crowd];
        Skeleton[] skeletons = new Skeleton[crowd];
        long[] meshes = new long[crowd];
        int meshNode = -1;
        for (int n = 0; n < model.nodeCount() && meshNode < 0; n++) {
            meshNode = model.skinOf(n) == 0 ? n : -1;
        }
        int columns = (int) Math.ceil(Math.sqrt(crowd));
        for (int i = 0; i < crowd; i++) {
            long spot = h.createRoot();
            h.setLocalTranslation(spot, (i % columns) * 1.5f, 0, (i / columns) * 1.5f);
            GltfInstance member = model.instantiate(h, model.sceneToShow(), spot);
            System.arraycopy(member.animatedHandles(), 0, nodes, i * size, size);
            players[i] = new GraphPlayer(graph, model.restPose());
            if (model.skinCount() > 0) {
                skeletons[i] = member.skeleton(0);
                meshes[i] = meshNode < 0 ? Hierarchy.NULL : member.handle(meshNode);
            }
        }
        GraphCrowd graphs = new GraphCrowd(h, players, nodes);
        boolean skinned = model.skinCount() > 0 && skeletons[0] != null;
        CrowdSkin skin = skinned ? CrowdSkin.of(skeletons, meshNode < 0 ? null : meshes) : null;
        int joints = skinned ? skeletons[0].jointCount() : 0;
        h.update();
        long buildNanos = System.nanoTime() - buildStart;
        out.printf(Locale.ROOT, "graph crowd: %,d × %s, graph %s: %d parameters, %d motions, root \"%s\"; built in "
                + "%.1f ms%n", crowd, modelFile == null ? "bundled " + CrowdDemo.BUNDLED_FILE : modelFile,
                graphFile == null ? "bundled locomotion.json" : graphFile, graph.parameters().size(),
                graph.motions().size(), graph.root(), buildNanos / 1e6);

        FloatBuffer palettes = ByteBuffer.allocateDirect(Math.max(1, crowd * joints * 16 * Float.BYTES))
                .order(ByteOrder.nativeOrder()).asFloatBuffer();
        CrowdAnimator animator = new CrowdAnimator();
        float[] phases = new float[crowd];
        Random random = new Random(46);
        for (int i = 0; i < crowd; i++) {
            phases[i] = (float) (2 * Math.PI * random.nextDouble());
        }
        long[] graphNanos = new long[frames];
        long[] updateNanos = new long[frames];
        long[] paletteNanos = new long[frames];
        long transitions = 0;
        long sampled = 0;
        long events = 0;
        int total = warmup + frames;
        ProgressBar bar = noProgress ? null : new ProgressBarBuilder().setTaskName("frames").setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).continuousUpdate().build();
        try {
            for (int frame = 0; frame < total; frame++) {
                if (frame == warmup) {
                    Kernels.warmUp();
                }
                float clock = frame / CrowdDemo.FPS;
                for (int i = 0; i < crowd; i++) {
                    script(graph, players[i], clock, phases[i], random);
                }
                long t0 = System.nanoTime();
                graphs.update(1 / CrowdDemo.FPS);
                long t1 = System.nanoTime();
                h.update();
                long t2 = System.nanoTime();
                if (skin != null) {
                    animator.writePalettes(h, skin, palettes, 0);
                }
                long t3 = System.nanoTime();
                if (frame >= warmup) {
                    int f = frame - warmup;
                    graphNanos[f] = t1 - t0;
                    updateNanos[f] = t2 - t1;
                    paletteNanos[f] = t3 - t2;
                    for (GraphPlayer p : players) {
                        transitions += p.transitioning() ? 1 : 0;
                        sampled += p.sampledClips();
                        events += p.fired().size();
                    }
                }
                if (bar != null) {
                    bar.step();
                }
            }
        } finally {
            if (bar != null) {
                bar.close();
            }
            animator.close();
        }
        out.printf(Locale.ROOT, "frames measured: %d (after %d warm-up frames), JDK %s, kernel: %s%n", frames, warmup,
                Runtime.version(), Hierarchy.kernelDescription());
        long instanceFrames = (long) frames * crowd;
        out.printf(Locale.ROOT, "per instance and frame: %.2f clips sampled, %.1f%% in a transition, %.3f events "
                + "fired%n", (double) sampled / instanceFrames, 100.0 * transitions / instanceFrames,
                (double) events / instanceFrames);
        long jointCount = Math.max(1, (long) crowd * Math.max(joints, 1));
        long[] frameNanos = new long[frames];
        for (int f = 0; f < frames; f++) {
            frameNanos[f] = graphNanos[f] + updateNanos[f] + paletteNanos[f];
        }
        out.printf(Locale.ROOT, "ns per joint below: per frame over %,d joints (%,d instances × %d)%n", jointCount,
                crowd, Math.max(joints, 1));
        CrowdDemo.phase(out, "graph (GraphCrowd)", graphNanos, jointCount);
        CrowdDemo.phase(out, "update()", updateNanos, jointCount);
        CrowdDemo.phase(out, "skinning palettes", paletteNanos, jointCount);
        CrowdDemo.phase(out, "whole frame", frameNanos, jointCount);
        int[] states = new int[8];
        String[] names = new String[8];
        int kinds = 0;
        for (GraphPlayer p : players) {
            String s = p.state();
            int k = Arrays.asList(names).subList(0, kinds).indexOf(s);
            if (k < 0 && kinds < names.length) {
                names[kinds] = s;
                k = kinds++;
            }
            if (k >= 0) {
                states[k]++;
            }
        }
        StringBuilder line = new StringBuilder("states after the last frame:");
        for (int k = 0; k < kinds; k++) {
            line.append(' ').append(names[k]).append(' ').append(states[k]);
        }
        out.println(line);
        return 0;
    }

    /**
     * One instance's parameters for a frame: float parameters on a slow wave between 0 and 4 (a period of about 25 s,
     * its own phase), a trigger set about once a minute, a bool flipped about once every 10 s.
     */
    static void script(AnimationGraph graph, GraphPlayer player, float clock, float phase, Random random) {
        for (int p = 0; p < graph.parameters().size(); p++) {
            switch (graph.parameters().get(p).kind()) {
                case FLOAT -> player.set(p, (float) (2 + 2 * Math.sin(0.25 * clock + phase)));
                case TRIGGER -> {
                    if (random.nextInt(3600) == 0) {
                        player.trigger(p);
                    }
                }
                case BOOL -> {
                    if (random.nextInt(600) == 0) {
                        player.set(p, player.get(p) == 0);
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
    }
}
