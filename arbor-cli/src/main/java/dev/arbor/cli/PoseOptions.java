package dev.arbor.cli;

import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The arguments that choose what to pose — file, scene, animation, time, clamp or loop — shared by {@code dump},
 * {@code render} and {@code bounds} as a picocli mixin.
 */
final class PoseOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .gltf or .glb file.")
    Path file;

    @Option(names = "--scene", paramLabel = "N", description = "Scene index (default: the file's default scene).")
    Integer scene;

    @Option(names = "--animation", paramLabel = "NAME|INDEX", description = "Animation to pose (default: none).")
    String animation;

    @Option(names = "--time", paramLabel = "T", defaultValue = "0",
            description = "Time in seconds (default: ${DEFAULT-VALUE}); clamped to the keys unless --loop.")
    float time;

    @Option(names = "--loop", description = "Wrap the time into the clip's length instead of clamping.")
    boolean loop;

    /** Reads, builds and poses; see {@link PosedModel#load}. */
    PosedModel load() throws IOException {
        return PosedModel.load(spec, file, scene, animation, time, loop);
    }

    /** Runs a command body, turning read failures into exit code 1; see {@link PosedModel#reporting}. */
    int reporting(PosedModel.IoBody body) {
        return PosedModel.reporting(spec, file, body);
    }
}
