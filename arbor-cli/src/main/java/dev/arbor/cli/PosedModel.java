package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.arbor.animation.Pose;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A glTF file read, one scene built into a fresh hierarchy and posed at a time of one animation (or at rest) — the
 * common first step of {@code dump}, {@code render} and {@code bounds}.
 */
final class PosedModel {
    final GltfModel model;
    final Hierarchy hierarchy;
    final GltfInstance instance;
    /** The scene built, or -1 when the file has no scenes and every root was built. */
    final int scene;
    /** The animation posed, or -1 for the rest pose. */
    final int animation;
    final float time;

    private PosedModel(GltfModel model, Hierarchy hierarchy, GltfInstance instance, int scene, int animation,
                       float time) {
        this.model = model;
        this.hierarchy = hierarchy;
        this.instance = instance;
        this.scene = scene;
        this.animation = animation;
        this.time = time;
    }

    /**
     * Reads, builds and poses. Usage errors (scene or animation out of range) are picocli parameter exceptions;
     * unreadable files propagate as IOException (GltfException for malformed ones).
     */
    static PosedModel load(CommandSpec spec, Path file, Integer sceneOption, String animationOption, float time,
                           boolean loop) throws IOException {
        GltfModel model = Gltf.read(file);
        int scene = sceneOption == null ? model.sceneToShow() : sceneOption;
        if (sceneOption != null && (scene < 0 || scene >= model.sceneCount())) {
            throw new CommandLine.ParameterException(spec.commandLine(), "scene out of range: scene=" + scene
                    + ", scenes=" + model.sceneCount());
        }
        if (!Float.isFinite(time)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "time must be finite: time=" + time);
        }
        int animation = -1;
        if (animationOption != null) {
            animation = model.findAnimation(animationOption);
            if (animation < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown animation: "
                        + animationOption + " (the file has " + model.animationCount() + ")");
            }
        }
        Hierarchy h = new Hierarchy(Math.max(16, model.nodeCount()));
        GltfInstance instance = model.instantiate(h, scene, Hierarchy.NULL);
        if (animation >= 0) {
            Pose pose = model.restPose();
            instance.applyAnimation(animation, time, loop ? WrapMode.LOOP : WrapMode.CLAMP, pose);
        }
        h.update();
        return new PosedModel(model, h, instance, scene, animation, time);
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
        return String.format(Locale.ROOT, "%s scene %d, %s", model.sourceName(), scene, animation < 0 ? "rest pose"
                : "animation " + animation + " at t=" + time);
    }

    /**
     * Writes one JSON object and a line break: {@code file}, {@code scene}, when posed {@code animation} and
     * {@code time}, then {@code nodes}, an array with one object per built node: {@code node} (glTF index),
     * {@code name}, and the fields {@code fields} writes.
     */
    void writeJson(PrintWriter out, NodeFields fields) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("file", model.sourceName());
            g.writeNumberField("scene", scene);
            if (animation >= 0) {
                g.writeNumberField("animation", animation);
                g.writeNumberField("time", time);
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

    /** Runs a body and turns read failures into exit code 1 with one line on stderr. */
    static int reporting(CommandSpec spec, Path file, IoBody body) {
        try {
            return body.run();
        } catch (java.nio.file.NoSuchFileException e) {
            spec.commandLine().getErr().println("error: " + file + ": no such file");
            spec.commandLine().getErr().flush();
            return 1;
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: " + file + ": " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
    }

    /** A command body that may fail with an I/O error. */
    interface IoBody {
        int run() throws IOException;
    }
}
