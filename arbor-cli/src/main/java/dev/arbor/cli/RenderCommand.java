package dev.arbor.cli;

import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.joml.Vector3f;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arbor render FILE [--animation … --time T] -o out.png|out.svg}: draws the posed hierarchy — nodes as dots,
 * parent-child links as lines, skin joints as larger orange dots, skinned mesh nodes blue — in an orthographic view
 * along a chosen axis, fitted to the picture. PNG through Java2D (headless), SVG written by hand.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Draw the posed node hierarchy (dots, links, joints) to a PNG or SVG picture.")
public final class RenderCommand implements Callable<Integer> {
    static final int MIN_SIZE = 64;
    static final int MAX_SIZE = 8192;

    /** Orthographic views: the screen's right and up directions in world space (glTF: +Y up, +Z front). */
    enum View {
        front(1, 0, 0, 0, 1, 0), back(-1, 0, 0, 0, 1, 0), right(0, 0, -1, 0, 1, 0), left(0, 0, 1, 0, 1, 0),
        top(1, 0, 0, 0, 0, -1), bottom(1, 0, 0, 0, 0, 1),
        iso(0.70710677f, 0, -0.70710677f, -0.40824829f, 0.81649658f, -0.40824829f);

        final Vector3f screenRight;
        final Vector3f screenUp;

        View(float rx, float ry, float rz, float ux, float uy, float uz) {
            screenRight = new Vector3f(rx, ry, rz);
            screenUp = new Vector3f(ux, uy, uz);
        }
    }

    @Spec
    private CommandSpec spec;

    @Mixin
    private PoseOptions pose;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT",
            description = "Output picture: .png or .svg; its directory must exist, an existing file is replaced.")
    private Path output;

    @Option(names = "--view", defaultValue = "front", paramLabel = "VIEW",
            description = "View axis: ${COMPLETION-CANDIDATES}, in any case (default: ${DEFAULT-VALUE}: looking "
                    + "along -Z, +Y up).")
    private View view;

    @Option(names = "--size", defaultValue = "800", paramLabel = "PIXELS",
            description = "Width and height of the picture, " + MIN_SIZE + " to " + MAX_SIZE
                    + " (default: ${DEFAULT-VALUE}).")
    private int size;

    @Option(names = "--labels", description = "Write node names beside the dots.")
    private boolean labels;

    @Override
    public Integer call() {
        String name = output.getFileName() == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        if (!svg && !name.endsWith(".png")) {
            throw Problems.invalid(spec, "-o", "the picture's name must end in .png or .svg");
        }
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw Problems.invalid(spec, "--size", "must be " + MIN_SIZE + " to " + MAX_SIZE + " pixels");
        }
        Problems.checkWritable(output);
        PosedModel posed = pose.load();
        Drawing d = Drawing.of(posed, view, size, labels);
        byte[] picture = svg ? d.svg().getBytes(StandardCharsets.UTF_8) : d.png();
        try {
            Files.write(output, picture);
        } catch (IOException e) {
            throw Problems.cannotWrite(output, e);
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %d nodes, %d joints, view %s%n", output,
                d.count, d.jointCount, view);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** The projected picture: screen positions, links and node kinds, independent of the output format. */
    static final class Drawing {
        static final int KIND_NODE = 0;
        static final int KIND_JOINT = 1;
        static final int KIND_MESH = 2;

        final int size;
        final int count;
        final float[] xs;
        final float[] ys;
        final int[] parents;
        final int[] kinds;
        final String[] names;
        final String title;
        int jointCount;

        private Drawing(int size, int count, String title) {
            this.size = size;
            this.count = count;
            this.xs = new float[count];
            this.ys = new float[count];
            this.parents = new int[count];
            this.kinds = new int[count];
            this.names = new String[count];
            this.title = title;
        }

        static Drawing of(PosedModel p, View view, int size, boolean labels) {
            GltfModel m = p.model;
            int n = m.nodeCount();
            int[] index = new int[n];
            int count = 0;
            for (int i = 0; i < n; i++) {
                index[i] = p.instance.handle(i) == Hierarchy.NULL ? -1 : count++;
            }
            String title = m.sourceName() + (p.animation < 0 ? "  rest pose" : String.format(Locale.ROOT,
                    "  animation %d%s  t=%.3f s", p.animation, m.animation(p.animation).name() == null ? ""
                            : " \"" + m.animation(p.animation).name() + "\"", p.time)) + "  view " + view;
            Drawing d = new Drawing(size, count, title);
            boolean[] joint = new boolean[n];
            for (int s = 0; s < m.skinCount(); s++) {
                for (int j : m.skin(s).joints()) {
                    joint[j] = true;
                }
            }
            Vector3f w = new Vector3f();
            float[] u = new float[count];
            float[] v = new float[count];
            float minU = Float.POSITIVE_INFINITY;
            float maxU = Float.NEGATIVE_INFINITY;
            float minV = Float.POSITIVE_INFINITY;
            float maxV = Float.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                int k = index[i];
                if (k < 0) {
                    continue;
                }
                p.hierarchy.getWorldTranslation(p.instance.handle(i), w);
                u[k] = w.dot(view.screenRight);
                v[k] = w.dot(view.screenUp);
                minU = Math.min(minU, u[k]);
                maxU = Math.max(maxU, u[k]);
                minV = Math.min(minV, v[k]);
                maxV = Math.max(maxV, v[k]);
                d.parents[k] = m.parent(i) < 0 ? -1 : index[m.parent(i)];
                d.kinds[k] = joint[i] ? KIND_JOINT : m.skinOf(i) >= 0 || m.mesh(i) >= 0 ? KIND_MESH : KIND_NODE;
                d.jointCount += joint[i] ? 1 : 0;
                d.names[k] = labels ? (m.nodeName(i) == null ? "#" + i : m.nodeName(i)) : null;
            }
            // fit: uniform scale, 10% margin, a title band at the top
            float margin = size * 0.1f;
            float top = 36;
            float span = Math.max(maxU - minU, maxV - minV);
            float scale = span > 0 && Float.isFinite(span) ? (size - 2 * margin - top) / span : 1f;
            float cu = (minU + maxU) / 2;
            float cv = (minV + maxV) / 2;
            for (int k = 0; k < count; k++) {
                d.xs[k] = size / 2f + (u[k] - cu) * scale;
                d.ys[k] = top + (size - top) / 2f - (v[k] - cv) * scale;
            }
            return d;
        }

        float radius(int k) {
            return kinds[k] == KIND_JOINT ? size / 110f + 2 : size / 220f + 1.5f;
        }

        static String color(int kind) {
            return kind == KIND_JOINT ? "#e07020" : kind == KIND_MESH ? "#2060c0" : "#303030";
        }

        /** The picture as PNG bytes, drawn by Java2D (headless). */
        byte[] png() {
            System.setProperty("java.awt.headless", "true");
            BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, size, size);
                g.setColor(new Color(0x999999));
                g.setStroke(new BasicStroke(Math.max(1.5f, size / 400f), BasicStroke.CAP_ROUND,
                        BasicStroke.JOIN_ROUND));
                for (int k = 0; k < count; k++) {
                    if (parents[k] >= 0) {
                        g.draw(new Line2D.Float(xs[parents[k]], ys[parents[k]], xs[k], ys[k]));
                    }
                }
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(10, size / 70)));
                for (int k = 0; k < count; k++) {
                    float r = radius(k);
                    g.setColor(Color.decode(color(kinds[k])));
                    g.fill(new Ellipse2D.Float(xs[k] - r, ys[k] - r, 2 * r, 2 * r));
                    if (names[k] != null) {
                        g.setColor(new Color(0x505050));
                        g.drawString(names[k], xs[k] + r + 2, ys[k] - r);
                    }
                }
                g.setColor(Color.BLACK);
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(11, size / 55)));
                g.drawString(title, 10, 22);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(10, size / 70)));
                legend(g);
            } finally {
                g.dispose();
            }
            // into memory, without ImageIO's cache file: its file outputs print a stack trace when they fail
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
                if (!ImageIO.write(image, "png", stream)) {
                    throw new IllegalStateException("no PNG writer in this Java runtime");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        private void legend(Graphics2D g) {
            String[] text = {"node", "skin joint", "mesh node"};
            int[] kind = {KIND_NODE, KIND_JOINT, KIND_MESH};
            for (int i = 0; i < 3; i++) {
                int y = size - 12 - (2 - i) * 18;
                g.setColor(Color.decode(color(kind[i])));
                g.fill(new Ellipse2D.Float(12, y - 9, 9, 9));
                g.setColor(Color.DARK_GRAY);
                g.drawString(text[i], 28, y);
            }
        }

        String svg() {
            StringBuilder s = new StringBuilder();
            s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                    + " viewBox=\"0 0 %d %d\">%n", size, size, size, size));
            s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", size, size));
            s.append(String.format(Locale.ROOT, "<g stroke=\"#999999\" stroke-width=\"%.2f\" stroke-linecap=\"round\">%n",
                    Math.max(1.5f, size / 400f)));
            for (int k = 0; k < count; k++) {
                if (parents[k] >= 0) {
                    s.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>%n",
                            xs[parents[k]], ys[parents[k]], xs[k], ys[k]));
                }
            }
            s.append("</g>\n<g>\n");
            for (int k = 0; k < count; k++) {
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\"/>%n",
                        xs[k], ys[k], radius(k), color(kinds[k])));
                if (names[k] != null) {
                    s.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\""
                            + " font-size=\"%d\" fill=\"#505050\">%s</text>%n", xs[k] + radius(k) + 2,
                            ys[k] - radius(k), Math.max(10, size / 70), escape(names[k])));
                }
            }
            s.append("</g>\n");
            s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"22\" font-family=\"sans-serif\" font-size=\"%d\""
                    + " font-weight=\"bold\">%s</text>%n", Math.max(11, size / 55), escape(title)));
            String[] text = {"node", "skin joint", "mesh node"};
            int[] kind = {KIND_NODE, KIND_JOINT, KIND_MESH};
            for (int i = 0; i < 3; i++) {
                int y = size - 12 - (2 - i) * 18;
                s.append(String.format(Locale.ROOT, "<circle cx=\"16\" cy=\"%d\" r=\"4.5\" fill=\"%s\"/>"
                        + "<text x=\"28\" y=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%s</text>%n",
                        y - 4, color(kind[i]), y, text[i]));
            }
            s.append("</svg>\n");
            return s.toString();
        }

        static String escape(String text) {
            StringBuilder b = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '<':
                        b.append("&lt;");
                        break;
                    case '>':
                        b.append("&gt;");
                        break;
                    case '&':
                        b.append("&amp;");
                        break;
                    case '"':
                        b.append("&quot;");
                        break;
                    default:
                        if (c >= 0x20 || c == '\t') {
                            b.append(c);
                        }
                }
            }
            return b.toString();
        }
    }
}
