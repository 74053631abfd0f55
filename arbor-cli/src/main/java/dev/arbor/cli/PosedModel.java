package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A glTF file read, one scene built into a fresh hierarchy and posed at a time of one animation (or at rest) — the
 * common first step of {@code dump}, {@code render} and {@code bounds}.
 */
final class PosedModel {
    /** At most this many animations are named in a message. */
    private static final int LISTED_ANIMATIONS = 10;

    final GltfModel model;
    final Hierarchy hierarchy;
    final GltfInstance instance;
    /** The scene built, or -1 when the file has no scenes and every root was built. */
    final int scene;
    /** The animation posed, or -1 for the rest pose. */
    final int animation;
    final float time;
    /** Animations blended into the pose, in order, with their weights ({@code --blend}). */
    private final int[] blendAnimations;
    private final float[] blendWeights;
    private final Pose pose;
    private final Pose second;
    /** The morph-target weights posed (the defaults at rest), and a scratch for blends. */
    final MorphWeights weights;
    private final MorphWeights secondWeights;
    /** The graph posed ({@code --graph}), or null. */
    final GraphPose graph;

    private PosedModel(GltfModel model, Hierarchy hierarchy, GltfInstance instance, int scene, int animation,
                       float time, int[] blendAnimations, float[] blendWeights) {
        this(model, hierarchy, instance, scene, animation, time, blendAnimations, blendWeights, null);
    }

    private PosedModel(GltfModel model, Hierarchy hierarchy, GltfInstance instance, int scene, int animation,
                       float time, int[] blendAnimations, float[] blendWeights, GraphPose graph) {
        this.graph = graph;
        this.model = model;
        this.hierarchy = hierarchy;
        this.instance = instance;
        this.scene = scene;
        this.animation = animation;
        this.time = time;
        this.blendAnimations = blendAnimations;
        this.blendWeights = blendWeights;
        this.pose = model.restPose();
        this.second = model.restPose();
        this.weights = model.restWeights();
        this.secondWeights = model.restWeights();
    }

    /**
     * Reads, builds and poses. A scene or animation the file lacks is a usage error (a picocli parameter exception
     * listing what the file has); a file that cannot be read, or is not valid glTF, a {@link Problems.Failure}.
     */
    static PosedModel load(CommandSpec spec, Path file, Integer sceneOption, String animationOption, float time,
                           boolean loop) {
        return load(spec, file, sceneOption, animationOption, time, loop, new String[0], new String[0], new float[0]);
    }

    /**
     * As {@link #load(CommandSpec, Path, Integer, String, float, boolean)}, with animations blended into the pose in
     * order ({@code --blend}: as typed, the animation's name or index, and its weight); an animation the file lacks is a
     * usage error.
     */
    static PosedModel load(CommandSpec spec, Path file, Integer sceneOption, String animationOption, float time,
                           boolean loop, String[] blendGiven, String[] blendOptions, float[] blendWeights) {
        GltfModel model = Problems.readModel(file);
        int scene = sceneOption == null ? model.sceneToShow() : sceneOption;
        if (sceneOption != null && (scene < 0 || scene >= model.sceneCount())) {
            throw Problems.invalid(spec, "--scene", "no such scene; " + (model.sceneCount() == 0
                    ? "the file has no scenes" : model.sceneCount() == 1 ? "the file has 1 scene, index 0"
                    : "the file has " + model.sceneCount() + " scenes, indexes 0 to " + (model.sceneCount() - 1)));
        }
        int animation = -1;
        if (animationOption != null) {
            animation = model.findAnimation(animationOption);
            if (animation < 0) {
                throw Problems.invalid(spec, "--animation", "no such animation; " + animations(model, file));
            }
        }
        int[] blends = new int[blendOptions.length];
        for (int k = 0; k < blends.length; k++) {
            blends[k] = model.findAnimation(blendOptions[k]);
            if (blends[k] < 0) {
                throw Problems.usage(spec, "--blend " + blendGiven[k] + ": no such animation "
                        + blendOptions[k] + "; " + animations(model, file));
            }
        }
        Hierarchy h = new Hierarchy(Math.max(16, model.nodeCount()));
        GltfInstance instance = model.instantiate(h, scene, Hierarchy.NULL);
        PosedModel posed = new PosedModel(model, h, instance, scene, animation, time, blends, blendWeights);
        posed.pose(time, loop ? WrapMode.LOOP : WrapMode.CLAMP);
        h.update();
        return posed;
    }

    /**
     * Reads and builds, and poses through an animation graph ({@code --graph}) at a time from its start; as
     * {@link #load(CommandSpec, Path, Integer, String, float, boolean)} otherwise. A graph document that cannot be read
     * or a bad parameter is a usage error naming it.
     */
    static PosedModel loadGraph(CommandSpec spec, Path file, Integer sceneOption, Path graphFile,
                                java.util.List<String> params, float time) {
        PosedModel rest = load(spec, file, sceneOption, null, 0, false);
        GraphPose graph = GraphPose.load(spec, rest.model, graphFile, params);
        PosedModel posed = new PosedModel(rest.model, rest.hierarchy, rest.instance, rest.scene, -1, time,
                new int[0], new float[0], graph);
        posed.pose(time, WrapMode.CLAMP);
        return posed;
    }

    /**
     * Poses the loaded animation again, at another time (the frames of an animated picture), and updates the
     * hierarchy. Does nothing at rest (no animation).
     */
    void pose(float at, WrapMode wrap) {
        if (graph != null) {
            graph.poseAt(at, pose);
            instance.applyPose(pose);
            hierarchy.update();
            return;
        }
        if (animation < 0) {
            return;
        }
        model.copyRestPose(pose);
        model.copyRestWeights(weights);
        model.animation(animation).sample(at, wrap, pose);
        model.animation(animation).sampleWeights(at, wrap, weights);
        for (int k = 0; k < blendAnimations.length; k++) {
            model.copyRestPose(second);
            model.copyRestWeights(secondWeights);
            model.animation(blendAnimations[k]).sample(at, wrap, second);
            model.animation(blendAnimations[k]).sampleWeights(at, wrap, secondWeights);
            pose.blend(pose, second, blendWeights[k]);
            weights.blend(weights, secondWeights, blendWeights[k]);
        }
        instance.applyPose(pose);
        instance.applyWeights(weights);
        hierarchy.update();
    }

    /**
     * @param node glTF node index
     * @return the node's morph-target weights as posed (its defaults at rest), or {@code null} if its mesh has no
     *     morph targets
     */
    float[] weightsOf(int node) {
        int morph = model.morphIndex(node);
        return morph < 0 ? null : weights.weights(morph, new float[weights.count(morph)], 0);
    }

    /** @return the glTF indices of the nodes built (those of the scene), ascending */
    int[] builtNodes() {
        int[] nodes = new int[model.nodeCount()];
        int count = 0;
        for (int i = 0; i < nodes.length; i++) {
            if (instance.handle(i) != Hierarchy.NULL) {
                nodes[count++] = i;
            }
        }
        return Arrays.copyOf(nodes, count);
    }

    /** @return the title line of the text outputs: file, scene and pose */
    String title() {
        StringBuilder blended = new StringBuilder();
        for (int k = 0; k < blendAnimations.length; k++) {
            blended.append(", blended with animation ").append(blendAnimations[k]).append(" by ")
                    .append(blendWeights[k]);
        }
        if (graph != null) {
            return String.format(Locale.ROOT, "%s scene %d, graph %s at t=%s (%s)%s", model.sourceName(), scene,
                    graph.file.getFileName(), time, graph.params().isEmpty() ? "no parameters set" : graph.params(),
                    graph.state() == null ? "" : ", state " + graph.state());
        }
        String name = animation < 0 || model.animation(animation).name() == null ? ""
                : " \"" + model.animation(animation).name() + "\"";
        return String.format(Locale.ROOT, "%s scene %d, %s%s", model.sourceName(), scene, animation < 0 ? "rest pose"
                : "animation " + animation + name + " at t=" + time, blended);
    }

    /**
     * Writes one JSON object and a line break: {@code file}, {@code scene}, when posed {@code animation}
     * (and {@code animation_name} when the clip has a name), {@code time} and (with {@code --blend}) {@code blend}, an array of {@code animation} and {@code weight}, then {@code nodes}, an array with one object per built node: {@code node} (glTF index),
     * {@code name}, and the fields {@code fields} writes.
     */
    void writeJson(PrintWriter out, NodeFields fields) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("file", model.sourceName());
            g.writeNumberField("scene", scene);
            if (graph != null) {
                g.writeStringField("graph", graph.file.toString());
                g.writeStringField("params", graph.params());
                g.writeNumberField("time", time);
                if (graph.state() != null) {
                    g.writeStringField("state", graph.state());
                }
            }
            if (animation >= 0) {
                g.writeNumberField("animation", animation);
                if (model.animation(animation).name() != null) {
                    g.writeStringField("animation_name", model.animation(animation).name());
                }
                g.writeNumberField("time", time);
                if (blendAnimations.length > 0) {
                    g.writeArrayFieldStart("blend");
                    for (int k = 0; k < blendAnimations.length; k++) {
                        g.writeStartObject();
                        g.writeNumberField("animation", blendAnimations[k]);
                        g.writeNumberField("weight", blendWeights[k]);
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                }
            }
            g.writeArrayFieldStart("nodes");
            for (int node : builtNodes()) {
                g.writeStartObject();
                g.writeNumberField("node", node);
                g.writeStringField("name", model.nodeName(node));
                fields.write(g, node);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }

    /** Writes a node's own fields of a JSON output. */
    interface NodeFields {
        void write(JsonGenerator g, int node) throws IOException;
    }

    /** The animations a file has, for a message: {@code the file has 2 animations: 0 "Walk", 1 (no name)}. */
    static String animations(GltfModel model, Path file) {
        int count = model.animationCount();
        if (count == 0) {
            return "the file has no animations";
        }
        StringBuilder list = new StringBuilder("the file has ").append(count)
                .append(count == 1 ? " animation: " : " animations: ");
        int shown = Math.min(count, LISTED_ANIMATIONS);
        for (int a = 0; a < shown; a++) {
            String name = model.animation(a).name();
            list.append(a == 0 ? "" : ", ").append(a).append(name == null ? " (no name)" : " \"" + name + "\"");
        }
        if (count > shown) {
            list.append(", and ").append(count - shown).append(" more ('arbor inspect " + file + "' lists them)");
        }
        return list.toString();
    }
}
