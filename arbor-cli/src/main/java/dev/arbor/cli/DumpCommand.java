package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arbor dump FILE [--scene N] [--animation NAME|INDEX --time T] [--json]}: the world matrix of every node of
 * the scene by glTF node index, after posing the animation at time T (rest pose without one). With {@code --json}
 * the output has the shape of the shared {@code *.static-world.json} files:
 * {@code {"nodes":[{"node":i,"name":...,"world_matrix_colmajor":[16 numbers]}]}}.
 */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Print the world matrix of every node (by glTF node index), at rest or posed at a time.")
public final class DumpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .gltf or .glb file.")
    private Path file;

    @Option(names = "--scene", paramLabel = "N", description = "Scene index (default: the file's default scene).")
    private Integer scene;

    @Option(names = "--animation", paramLabel = "NAME|INDEX", description = "Animation to pose (default: none).")
    private String animation;

    @Option(names = "--time", paramLabel = "T", defaultValue = "0",
            description = "Time in seconds (default: ${DEFAULT-VALUE}); clamped to the keys unless --loop.")
    private float time;

    @Option(names = "--loop", description = "Wrap the time into the clip's length instead of clamping.")
    private boolean loop;

    @Option(names = "--json", description = "JSON output, as in the shared *.static-world.json files.")
    private boolean json;

    @Override
    public Integer call() {
        return PosedModel.reporting(spec, file, () -> {
            PosedModel posed = PosedModel.load(spec, file, scene, animation, time, loop);
            PrintWriter out = spec.commandLine().getOut();
            if (json) {
                writeJson(posed, out);
            } else {
                writeText(posed, out);
            }
            out.flush();
            return 0;
        });
    }

    private static void writeJson(PosedModel p, PrintWriter out) throws IOException {
        float[] m = new float[16];
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("file", p.model.sourceName());
            g.writeNumberField("scene", p.scene);
            if (p.animation >= 0) {
                g.writeNumberField("animation", p.animation);
                g.writeNumberField("time", p.time);
            }
            g.writeArrayFieldStart("nodes");
            for (int i = 0; i < p.model.nodeCount(); i++) {
                long h = p.instance.handle(i);
                if (h == dev.arbor.hierarchy.Hierarchy.NULL) {
                    continue;
                }
                p.hierarchy.getWorld4x4(h, m, 0);
                g.writeStartObject();
                g.writeNumberField("node", i);
                g.writeStringField("name", p.model.nodeName(i));
                g.writeArrayFieldStart("world_matrix_colmajor");
                for (float v : m) {
                    g.writeNumber(v);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }

    private static void writeText(PosedModel p, PrintWriter out) {
        out.printf(Locale.ROOT, "%s scene %d, %s%n", p.model.sourceName(), p.scene, p.animation < 0 ? "rest pose"
                : "animation " + p.animation + " at t=" + p.time);
        float[] m = new float[16];
        for (int i = 0; i < p.model.nodeCount(); i++) {
            long h = p.instance.handle(i);
            if (h == dev.arbor.hierarchy.Hierarchy.NULL) {
                continue;
            }
            p.hierarchy.getWorld4x4(h, m, 0);
            StringBuilder line = new StringBuilder(InspectCommand.nodeLabel(p.model, i)).append(":");
            for (int c = 0; c < 4; c++) {
                line.append(c == 0 ? "  " : " | ");
                for (int r = 0; r < 3; r++) {
                    line.append(String.format(Locale.ROOT, "%s%.6g", r == 0 ? "" : " ", m[c * 4 + r]));
                }
            }
            out.println(line);
        }
    }
}
