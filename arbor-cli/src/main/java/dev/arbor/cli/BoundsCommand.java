package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.arbor.hierarchy.HierarchyBounds;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arbor bounds FILE [--scene N] [--animation NAME|INDEX --time T] [--json]}: posed as {@code dump} poses, each
 * mesh node gets its mesh's {@code POSITION} min/max as content bounds ({@code GltfInstance.applyContentBounds}),
 * and every node of the scene, by glTF node index, is printed with its world box and its subtree box
 * ({@link HierarchyBounds}). With {@code --json}:
 * {@code {"file":...,"scene":N,"nodes":[{"node":i,"name":...,"world_aabb":[minX,minY,minZ,maxX,maxY,maxZ] or null,
 * "subtree_aabb":[...] or null}]}} ({@code "animation"} and {@code "time"} follow {@code "scene"} when posed). Nodes
 * outside the scene are not built, so not listed, as in {@code dump}.
 */
@Command(name = "bounds", mixinStandardHelpOptions = true,
        description = "Print every node's world box and subtree box (from the meshes' POSITION min/max), at rest or "
                + "posed at a time.")
public final class BoundsCommand implements Callable<Integer> {
    private static final int BOX = 6;

    @Spec
    private CommandSpec spec;

    @Mixin
    private PoseOptions pose;

    @Option(names = "--json", description = "JSON output: world_aabb and subtree_aabb per glTF node index.")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        PosedModel posed = pose.load();
        HierarchyBounds bounds = new HierarchyBounds(posed.hierarchy);
        posed.instance.applyContentBounds(bounds);
        posed.hierarchy.update();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            writeJson(posed, bounds, out);
        } else {
            writeText(posed, bounds, out);
        }
        out.flush();
        bounds.close();
        return 0;
    }

    private static void writeJson(PosedModel p, HierarchyBounds bounds, PrintWriter out) throws IOException {
        float[] world = new float[BOX];
        float[] subtree = new float[BOX];
        p.writeJson(out, (g, node) -> {
            long h = p.instance.handle(node);
            writeBox(g, "world_aabb", bounds.getWorldBounds(h, world, 0) ? world : null);
            writeBox(g, "subtree_aabb", bounds.getSubtreeBounds(h, subtree, 0) ? subtree : null);
        });
    }

    private static void writeBox(JsonGenerator g, String field, float[] box) throws IOException {
        if (box == null) {
            g.writeNullField(field);
            return;
        }
        g.writeArrayFieldStart(field);
        for (float v : box) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    /** A table: node label, world box, subtree box, each box as {@code (min)..(max)} or {@code -}. */
    private static void writeText(PosedModel p, HierarchyBounds bounds, PrintWriter out) {
        int[] nodes = p.builtNodes();
        String[][] rows = new String[nodes.length + 1][];
        rows[0] = new String[] {"node", "world box", "subtree box"};
        float[] b = new float[BOX];
        for (int k = 0; k < nodes.length; k++) {
            long h = p.instance.handle(nodes[k]);
            String world = bounds.getWorldBounds(h, b, 0) ? format(b) : "-";
            String subtree = bounds.getSubtreeBounds(h, b, 0) ? format(b) : "-";
            rows[k + 1] = new String[] {InspectCommand.nodeLabel(p.model, nodes[k]), world, subtree};
        }
        int[] widths = new int[2];
        for (String[] row : rows) {
            widths[0] = Math.max(widths[0], row[0].length());
            widths[1] = Math.max(widths[1], row[1].length());
        }
        out.println(p.title() + "; world-space boxes (min)..(max), - for none");
        for (String[] row : rows) {
            out.println(pad(row[0], widths[0]) + "  " + pad(row[1], widths[1]) + "  " + row[2]);
        }
    }

    private static String format(float[] b) {
        return "(" + InspectCommand.fmt(b[0]) + ", " + InspectCommand.fmt(b[1]) + ", " + InspectCommand.fmt(b[2])
                + ")..(" + InspectCommand.fmt(b[3]) + ", " + InspectCommand.fmt(b[4]) + ", "
                + InspectCommand.fmt(b[5]) + ")";
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }
}
