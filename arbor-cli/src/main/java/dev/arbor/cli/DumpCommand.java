package dev.arbor.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arbor dump FILE [--scene N] [--animation NAME|INDEX --time T] [--json]}: the world matrix of every node of
 * the scene by glTF node index, after posing the animation at time T (rest pose without one). With {@code --json}
 * the output has the shape of the shared {@code *.static-world.json} files:
 * {@code {"nodes":[{"node":i,"name":...,"world_matrix_colmajor":[16 numbers]}]}}, and for a node whose mesh has morph
 * targets {@code "weights"}: its morph-target weights, posed like the matrices (the file's defaults at rest).
 */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Print the world matrix of every node (by glTF node index), at rest or posed at a time, and the "
                + "morph-target weights of the nodes that have them.")
public final class DumpCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private PoseOptions pose;

    @Option(names = "--json", description = "JSON output: per node its glTF index, name and world matrix "
            + "(world_matrix_colmajor: 16 numbers, column by column), and weights where its mesh has morph targets.")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        PosedModel posed = pose.load();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            writeJson(posed, out);
        } else {
            writeText(posed, out);
        }
        out.flush();
        return 0;
    }

    private static void writeJson(PosedModel p, PrintWriter out) throws IOException {
        float[] m = new float[16];
        p.writeJson(out, (g, node) -> {
            p.hierarchy.getWorld4x4(p.instance.handle(node), m, 0);
            g.writeArrayFieldStart("world_matrix_colmajor");
            for (float v : m) {
                g.writeNumber(v);
            }
            g.writeEndArray();
            float[] weights = p.weightsOf(node);
            if (weights != null) {
                g.writeArrayFieldStart("weights");
                for (float w : weights) {
                    g.writeNumber(w);
                }
                g.writeEndArray();
            }
        });
    }

    private static void writeText(PosedModel p, PrintWriter out) {
        out.println(p.title());
        float[] m = new float[16];
        for (int i : p.builtNodes()) {
            p.hierarchy.getWorld4x4(p.instance.handle(i), m, 0);
            StringBuilder line = new StringBuilder(InspectCommand.nodeLabel(p.model, i)).append(":");
            for (int c = 0; c < 4; c++) {
                line.append(c == 0 ? "  " : " | ");
                for (int r = 0; r < 3; r++) {
                    line.append(String.format(Locale.ROOT, "%s%.6g", r == 0 ? "" : " ", m[c * 4 + r]));
                }
            }
            float[] weights = p.weightsOf(i);
            for (int k = 0; weights != null && k < weights.length; k++) {
                line.append(String.format(Locale.ROOT, k == 0 ? "  weights %.6g" : " %.6g", weights[k]));
            }
            out.println(line);
        }
    }
}
