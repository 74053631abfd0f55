package dev.arbor.cli;

import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The arguments that choose what to pose — file, scene, animation, time, clamp or loop — shared by {@code dump},
 * {@code render}, {@code bounds} and {@code export} as a picocli mixin. {@code --time} and {@code --loop} need
 * {@code --animation}: without one the rest pose is shown, and a time given alone is refused rather than ignored.
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

    /** Checks the options, then reads, builds and poses; see {@link PosedModel#load}. */
    PosedModel load() {
        if (animation == null) {
            for (String needsAnimation : new String[] {"--time", "--loop"}) {
                if (Problems.isGiven(spec, needsAnimation)) {
                    String value = needsAnimation.equals("--time") ? " " + Problems.given(spec, "--time") : "";
                    throw Problems.usage(spec, needsAnimation + value + ": needs --animation NAME|INDEX (without an"
                            + " animation the rest pose is shown)");
                }
            }
        }
        if (!Float.isFinite(time)) {
            throw Problems.invalid(spec, "--time", "must be a finite number of seconds");
        }
        return PosedModel.load(spec, file, scene, animation, time, loop);
    }
}
