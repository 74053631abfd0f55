package dev.arbor.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The arguments that choose what to pose — file, scene, animation, time, clamp or loop, or an animation graph and
 * its parameters — shared by {@code dump}, {@code render}, {@code bounds} and {@code export} as a picocli mixin.
 * {@code --time} and {@code --loop} need {@code --animation} (or {@code --time}, {@code --graph}): without one the rest
 * pose is shown, and a time given alone is refused rather than ignored.
 */
final class PoseOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .gltf or .glb file.")
    Path file;

    @Option(names = "--scene", paramLabel = "N", description = "Scene index (default: the file's default scene).")
    Integer scene;

    @Option(names = "--animation", paramLabel = "NAME|INDEX",
            description = "Animation to pose, by name or index, as 'arbor inspect FILE' lists them "
                    + "(default: none, the rest pose).")
    String animation;

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "0",
            description = "Time into the animation in seconds (default: ${DEFAULT-VALUE}); needs --animation. "
                    + "Before the first key or after the last, the first or last key is shown, unless --loop.")
    float time;

    @Option(names = "--loop", description = "Wrap the time into the animation's length instead; needs --animation.")
    boolean loop;

    @Option(names = "--blend", paramLabel = "NAME|INDEX:WEIGHT",
            description = "Blend another animation, at the same time, into the pose by a weight from 0 to 1 (for "
                    + "example 2:0.5); repeatable, applied in order; needs --animation.")
    List<String> blends;

    @Option(names = "--graph", paramLabel = "G.json",
            description = "Pose through an animation graph (its JSON form; clips named as the file's animations), "
                    + "advanced from its start to --time in steps of 1/60 s; not with --animation, --loop or --blend.")
    Path graph;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "A graph parameter's value, set before the graph starts: a number, or true or false for a "
                    + "bool or trigger (for example speed=1.5); repeatable; needs --graph.")
    List<String> params;

    /** Checks the options, then reads, builds and poses; see {@link PosedModel#load}. */
    PosedModel load() {
        if (graph != null) {
            for (String notWithGraph : new String[] {"--animation", "--loop", "--blend"}) {
                if (Problems.isGiven(spec, notWithGraph)) {
                    throw Problems.usage(spec, notWithGraph + " cannot be used with --graph: the graph chooses "
                            + "and blends the animations");
                }
            }
            if (!(time >= 0) || Float.isInfinite(time)) {
                throw Problems.invalid(spec, "--time", "with --graph, must be a finite number of seconds, 0 or more");
            }
            return PosedModel.loadGraph(spec, file, scene, graph, params, time);
        }
        if (params != null && !params.isEmpty()) {
            throw Problems.usage(spec, "--param " + params.get(0) + ": needs --graph G.json");
        }
        if (animation == null) {
            for (String needsAnimation : new String[] {"--time", "--loop", "--blend"}) {
                if (Problems.isGiven(spec, needsAnimation)) {
                    String value = needsAnimation.equals("--loop") ? "" : " " + Problems.given(spec, needsAnimation);
                    throw Problems.usage(spec, needsAnimation + value + ": needs --animation NAME|INDEX (without an"
                            + " animation the rest pose is shown)");
                }
            }
        }
        if (!Float.isFinite(time)) {
            throw Problems.invalid(spec, "--time", "must be a finite number of seconds");
        }
        String[] blendAnimations = new String[blends == null ? 0 : blends.size()];
        float[] blendWeights = new float[blendAnimations.length];
        for (int k = 0; k < blendAnimations.length; k++) {
            String given = blends.get(k);
            int colon = given.lastIndexOf(':');
            if (colon <= 0 || colon == given.length() - 1) {
                throw Problems.usage(spec, "--blend " + given + ": expected NAME|INDEX:WEIGHT, for example 1:0.5");
            }
            blendAnimations[k] = given.substring(0, colon);
            float weight;
            try {
                weight = Float.parseFloat(given.substring(colon + 1));
            } catch (NumberFormatException e) {
                weight = Float.NaN;
            }
            if (!(weight >= 0 && weight <= 1)) {
                throw Problems.usage(spec, "--blend " + given + ": the weight must be a number from 0 to 1");
            }
            blendWeights[k] = weight;
        }
        return PosedModel.load(spec, file, scene, animation, time, loop,
                blends == null ? new String[0] : blends.toArray(new String[0]), blendAnimations, blendWeights);
    }
}
