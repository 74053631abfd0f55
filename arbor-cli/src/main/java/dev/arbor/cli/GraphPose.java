package dev.arbor.cli;

import dev.arbor.animation.AnimationGraph;
import dev.arbor.animation.GraphPlayer;
import dev.arbor.animation.Pose;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GraphJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --graph G.json --param NAME=VALUE}: a model posed through an animation graph, read from JSON with the model's
 * animations as its clips (and idle, walk and run made from the first: {@link GraphDemo#clips}), its parameters set once, then advanced from its start to the time asked in steps of
 * {@link #STEP} (the graph's transitions are taken frame by frame, as in a game) and sampled.
 */
final class GraphPose {
    /** Seconds per step of the advance to the time asked. */
    static final float STEP = 1f / 60;

    final Path file;
    final AnimationGraph graph;
    private final Pose rest;
    private final String[] names;
    private final String[] values;
    private GraphPlayer player;
    private double at;

    private GraphPose(Path file, AnimationGraph graph, Pose rest, String[] names, String[] values) {
        this.file = file;
        this.graph = graph;
        this.rest = rest;
        this.names = names;
        this.values = values;
    }

    /** Reads the graph and checks the parameters; a bad option or document is a usage error naming it. */
    static GraphPose load(CommandSpec spec, GltfModel model, Path file, List<String> params) {
        if (!Files.isRegularFile(file)) {
            throw Problems.invalid(spec, "--graph", "no such file");
        }
        AnimationGraph graph;
        try {
            graph = GraphJson.read(file, GraphDemo.clips(model));
        } catch (GltfException e) {
            throw Problems.invalid(spec, "--graph", e.getMessage());
        }
        int n = params == null ? 0 : params.size();
        String[] names = new String[n];
        String[] values = new String[n];
        for (int k = 0; k < n; k++) {
            String given = params.get(k);
            int eq = given.indexOf('=');
            if (eq <= 0 || eq == given.length() - 1) {
                throw Problems.usage(spec, "--param " + given + ": expected NAME=VALUE, for example speed=1.5");
            }
            names[k] = given.substring(0, eq);
            values[k] = given.substring(eq + 1);
        }
        GraphPose pose = new GraphPose(file, graph, model.restPose(), names, values);
        try {
            pose.restart();
        } catch (IllegalArgumentException e) {
            throw Problems.usage(spec, e.getMessage());
        }
        return pose;
    }

    private void restart() {
        player = new GraphPlayer(graph, rest);
        at = 0;
        for (int k = 0; k < names.length; k++) {
            int p = graph.parameterIndex(names[k]);
            if (p < 0) {
                List<String> known = graph.parameters().stream().map(AnimationGraph.Parameter::name).toList();
                throw new IllegalArgumentException("--param " + names[k] + "=" + values[k]
                        + ": the graph has no such parameter; it has " + known);
            }
            String v = values[k].toLowerCase(Locale.ROOT);
            switch (graph.parameters().get(p).kind()) {
                case FLOAT -> player.set(p, number(names[k], values[k]));
                case BOOL -> player.set(p, flag(names[k], v));
                case TRIGGER -> {
                    if (flag(names[k], v)) {
                        player.trigger(p);
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
    }

    private static float number(String name, String value) {
        try {
            float f = Float.parseFloat(value);
            if (Float.isFinite(f)) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--param " + name + "=" + value + ": a float parameter needs a finite "
                + "number");
    }

    private static boolean flag(String name, String value) {
        return switch (value) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new IllegalArgumentException("--param " + name + "=" + value + ": a bool or trigger "
                    + "parameter needs true or false");
        };
    }

    /**
     * Poses at {@code time} seconds from the graph's start into {@code dest} (starting again when the time is before
     * the last one posed).
     */
    void poseAt(float time, Pose dest) {
        if (time < at) {
            restart();
        }
        while (at + STEP <= time) {
            player.advance(STEP);
            at += STEP;
        }
        if (time > at) {
            player.advance((float) (time - at));
            at = time;
        }
        player.sample(dest);
    }

    /** @return the root machine's state, or null */
    String state() {
        return player.state();
    }

    /** @return the parameters as given, for titles: {@code speed=1.5, jump=true} */
    String params() {
        StringBuilder s = new StringBuilder();
        for (int k = 0; k < names.length; k++) {
            s.append(k == 0 ? "" : ", ").append(names[k]).append('=').append(values[k]);
        }
        return s.toString();
    }
}
