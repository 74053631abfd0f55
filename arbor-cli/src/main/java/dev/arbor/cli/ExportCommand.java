package dev.arbor.cli;

import dev.arbor.gltf.GltfWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arbor export IN OUT [--scene N] [--animation NAME|INDEX --time T [--loop]]}: reads a glTF file, builds a
 * scene, poses it as {@code dump} does, and writes it through {@link GltfWriter} as {@code .gltf} (JSON, buffer
 * embedded) or {@code .glb}, chosen by OUT's extension. Posed, the animated nodes' local transforms in the file are
 * the pose at T (their rest pose becomes that pose); everything else — the animations themselves, meshes,
 * materials, skins, extensions — is carried through as {@code GltfWriter} carries it.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write the model to a .gltf or .glb file, at rest or with its nodes posed at a time of an "
                + "animation (the animations are still written).")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PoseOptions pose;

    @Parameters(index = "1", paramLabel = "OUT", description = "Output file: .gltf (one JSON file, buffer embedded) or"
            + " .glb; its directory must exist, an existing file is replaced; not the input file.")
    private Path output;

    @Override
    public Integer call() {
        String name = output.getFileName() == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean glb = name.endsWith(".glb");
        if (!glb && !name.endsWith(".gltf")) {
            throw Problems.usage(spec, "OUT " + output + ": the file's name must end in .gltf or .glb");
        }
        Problems.checkWritable(output);
        if (sameFile(pose.file, output)) {
            throw Problems.usage(spec, "OUT " + output + ": is the input file; write the export to another file");
        }
        PosedModel posed = pose.load();
        byte[] bytes;
        try {
            bytes = GltfWriter.encode(posed.instance, glb);
        } catch (IllegalStateException e) {
            throw new Problems.Failure("cannot export " + pose.file + ": " + e.getMessage());
        }
        try {
            Files.write(output, bytes);
        } catch (IOException e) {
            throw Problems.cannotWrite(output, e);
        }
        // every node of the file is written: the posed scene's, and those of other scenes as they are
        int scenes = posed.model.sceneCount();
        spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %d nodes%s, %s, %d bytes%n", output,
                posed.model.nodeCount(), scenes > 1 ? " in " + scenes + " scenes" : "", posed.graph != null
                        ? "posed: graph " + posed.graph.file.getFileName() + " at t=" + posed.time : posed.animation < 0
                        ? "rest pose" : "posed: animation " + posed.animation + " at t=" + posed.time, bytes.length);
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static boolean sameFile(Path in, Path out) {
        try {
            return Files.exists(out) && Files.exists(in) && Files.isSameFile(in, out);
        } catch (IOException e) {
            return false;
        }
    }
}
