package dev.arbor.cli;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfSkin;
import dev.arbor.math.Affine;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arbor inspect FILE}: the node tree of every scene (names, depths, TRS or matrix, mesh and skin use), then
 * the skins and animations. With {@code --json}: what a renderer reads, per mesh primitive every attribute with the
 * min, max and sum of each component, materials, textures, cameras and lights ({@link InspectJson}).
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Print a glTF file's node tree (names, depths, TRS/matrix), skins and animations; with --json,"
                + " its renderer content.")
public final class InspectCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .gltf or .glb file.")
    private Path file;

    @Option(names = "--json", description = "JSON output: per mesh primitive every attribute (count, component type,"
            + " normalized flag, and min, max and sum of each component of its values as floats), morph targets,"
            + " materials with their texture references, textures, samplers, images, cameras, lights and GPU"
            + " instancing.")
    private boolean json;

    @Override
    public Integer call() {
        GltfModel model = Problems.readModel(file);
        if (json) {
            java.io.StringWriter text = new java.io.StringWriter(); // all or nothing on stdout
            try {
                InspectJson.write(model, new PrintWriter(text));
            } catch (java.io.IOException e) {
                throw new Problems.Failure("cannot read " + file + ": " + Problems.reason(e));
            }
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return 0;
        }
        print(model, spec.commandLine().getOut());
        spec.commandLine().getOut().flush();
        return 0;
    }

    static void print(GltfModel m, PrintWriter out) {
        out.printf(Locale.ROOT, "%s: %d nodes, %d scenes (default %s), %d skins, %d animations%s%n", m.sourceName(),
                m.nodeCount(), m.sceneCount(), m.defaultScene() < 0 ? "none" : String.valueOf(m.defaultScene()),
                m.skinCount(), m.animationCount(), m.generator() == null ? "" : ", generator \"" + m.generator()
                        + "\"");
        int[] jointOf = new int[m.nodeCount()];
        java.util.Arrays.fill(jointOf, -1);
        for (int s = 0; s < m.skinCount(); s++) {
            for (int j : m.skin(s).joints()) {
                jointOf[j] = s;
            }
        }
        boolean[] shown = new boolean[m.nodeCount()];
        for (int s = 0; s < m.sceneCount(); s++) {
            int[] roots = m.sceneRoots(s);
            out.printf(Locale.ROOT, "%nscene %d%s: %d roots%n", s, quoted(m.sceneName(s)), roots.length);
            for (int r : roots) {
                tree(m, r, 1, jointOf, shown, out);
            }
        }
        boolean header = false;
        for (int r : m.rootNodes()) {
            if (!shown[r]) {
                if (!header) {
                    out.printf(Locale.ROOT, "%nnodes in no scene:%n");
                    header = true;
                }
                tree(m, r, 1, jointOf, shown, out);
            }
        }
        for (int s = 0; s < m.skinCount(); s++) {
            GltfSkin skin = m.skin(s);
            out.printf(Locale.ROOT, "%nskin %d%s: %d joints, skeleton root %s%n", s, quoted(skin.name()),
                    skin.jointCount(), skin.skeleton() < 0 ? "none" : nodeLabel(m, skin.skeleton()));
            StringBuilder users = new StringBuilder();
            for (int i = 0; i < m.nodeCount(); i++) {
                if (m.skinOf(i) == s) {
                    users.append(users.length() == 0 ? "" : ", ").append(nodeLabel(m, i));
                }
            }
            out.printf(Locale.ROOT, "  used by: %s%n", users.length() == 0 ? "no node" : users);
            StringBuilder joints = new StringBuilder();
            for (int j = 0; j < skin.jointCount(); j++) {
                joints.append(j == 0 ? "" : " ").append(skin.joint(j));
            }
            out.printf(Locale.ROOT, "  joints: %s%n", joints);
        }
        int[] animated = m.animatedNodes();
        for (int a = 0; a < m.animationCount(); a++) {
            AnimationClip clip = m.animation(a);
            Map<Interpolation, Integer> kinds = new EnumMap<>(Interpolation.class);
            int keys = 0;
            StringBuilder targets = new StringBuilder();
            for (int c = 0; c < clip.channelCount(); c++) {
                kinds.merge(clip.interpolation(c), 1, Integer::sum);
                keys = Math.max(keys, clip.times(c).length);
                if (c < 6) {
                    targets.append(c == 0 ? "" : ", ").append(animated[clip.target(c)]).append('.')
                            .append(clip.path(c).name().toLowerCase(Locale.ROOT));
                }
            }
            if (clip.channelCount() > 6) {
                targets.append(", …");
            }
            out.printf(Locale.ROOT, "%nanimation %d%s: %d channels, time %.4f..%.4f s, %s, up to %d keys%n", a,
                    quoted(clip.name()), clip.channelCount(), clip.startTime(), clip.endTime(), kinds, keys);
            out.printf(Locale.ROOT, "  targets: %s%n", targets);
        }
        List<String> warnings = m.warnings();
        if (!warnings.isEmpty()) {
            out.printf(Locale.ROOT, "%n%d warning%s:%n", warnings.size(),
                    warnings.size() == 1 ? "" : "s");
            for (String warning : warnings) {
                out.printf(Locale.ROOT, "  %s%n", warning);
            }
        }
    }

    private static void tree(GltfModel m, int root, int rootDepth, int[] jointOf, boolean[] shown, PrintWriter out) {
        int[] stack = new int[m.nodeCount() * 2 + 2];
        int top = 0;
        stack[top++] = root;
        stack[top++] = rootDepth;
        float[] trs = new float[Affine.TRS_STRIDE];
        float[] mat = new float[Affine.STRIDE];
        while (top > 0) {
            int depth = stack[--top];
            int node = stack[--top];
            shown[node] = true;
            StringBuilder line = new StringBuilder();
            line.append("  ".repeat(depth)).append(nodeLabel(m, node)).append("  depth ").append(depth);
            if (m.hasMatrix(node)) {
                m.localMatrix(node, mat, 0);
                line.append("  matrix [");
                for (int c = 0; c < 4; c++) {
                    line.append(c == 0 ? "" : " | ").append(fmt(mat[c * 3])).append(' ').append(fmt(mat[c * 3 + 1]))
                            .append(' ').append(fmt(mat[c * 3 + 2]));
                }
                line.append(']');
            } else {
                m.localTrs(node, trs, 0);
                line.append("  T(").append(fmt(trs[0])).append(", ").append(fmt(trs[1])).append(", ")
                        .append(fmt(trs[2])).append(")  R(").append(fmt(trs[3])).append(", ").append(fmt(trs[4]))
                        .append(", ").append(fmt(trs[5])).append(", ").append(fmt(trs[6])).append(")  S(")
                        .append(fmt(trs[7])).append(", ").append(fmt(trs[8])).append(", ").append(fmt(trs[9]))
                        .append(')');
            }
            if (m.mesh(node) >= 0) {
                line.append("  mesh ").append(m.mesh(node));
            }
            if (m.skinOf(node) >= 0) {
                line.append("  skin ").append(m.skinOf(node));
            }
            if (jointOf[node] >= 0) {
                line.append("  joint of skin ").append(jointOf[node]);
            }
            out.println(line);
            int[] kids = m.children(node);
            for (int k = kids.length - 1; k >= 0; k--) {
                stack[top++] = kids[k];
                stack[top++] = depth + 1;
            }
        }
    }

    static String nodeLabel(GltfModel m, int node) {
        return "[" + node + "]" + (m.nodeName(node) == null ? "" : " " + m.nodeName(node));
    }

    private static String quoted(String name) {
        return name == null ? "" : " \"" + name + "\"";
    }

    static String fmt(float v) {
        if (v == 0f) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.4g", v);
        if (s.contains("e")) {
            return s;
        }
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
