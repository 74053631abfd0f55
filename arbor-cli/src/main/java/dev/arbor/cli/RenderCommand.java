package dev.arbor.cli;

import dev.arbor.animation.WrapMode;
import dev.arbor.cli.Picture.Extent;
import dev.arbor.cli.Picture.Projection;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.joml.Vector3f;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arbor render FILE [--animation … --time T] -o out.png|out.svg|out.gif}: draws the posed model — the
 * triangles of its meshes, morph targets applied and skinned meshes deformed on the CPU, every instance of
 * {@code EXT_mesh_gpu_instancing} ({@link MeshScene}), with a z-buffer, each sample shaded from its base colour
 * factor, texture and vertex colour and its interpolated normal ({@link Picture}, {@link SurfaceShader}) — in an
 * orthographic view along a chosen axis, fitted to the picture. {@code --skeleton} adds
 * the node hierarchy (links, nodes, skin joints orange, mesh nodes blue), {@code --axes} the world axes. A model
 * without triangles is drawn as its hierarchy. SVG holds the triangles as polygons in painter's order;
 * {@code --frames N -o walk.gif} writes an animated GIF of the whole animation. PNG and GIF through Java2D and
 * ImageIO (headless), SVG written by hand. {@code --gpu} draws the PNG with OpenGL instead ({@link GpuPicture}).
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = {"Draw the posed model to a PNG or SVG picture, or an animated GIF.",
            "The CPU picture draws every mesh (morph targets and skins applied, every EXT_mesh_gpu_instancing "
                    + "instance) with its base colour factor, base colour texture (UVs, KHR_texture_transform, "
                    + "wrap modes, bilinear or nearest) and vertex colours, smooth-shaded from its normals (flat "
                    + "without them) by one light from the upper left; alpha MASK cut out, BLEND blended over what "
                    + "lies behind; no shadows, no specular, no other textures. SVG: one flat colour a triangle."})
public final class RenderCommand implements Callable<Integer> {
    static final int MIN_SIZE = 64;
    static final int MAX_SIZE = 8192;
    static final int MAX_FRAMES = 1000;

    /** Orthographic views: the screen's right and up directions in world space (glTF: +Y up, +Z front). */
    enum View {
        front(1, 0, 0, 0, 1, 0), back(-1, 0, 0, 0, 1, 0), right(0, 0, -1, 0, 1, 0), left(0, 0, 1, 0, 1, 0),
        top(1, 0, 0, 0, 0, -1), bottom(1, 0, 0, 0, 0, 1),
        iso(0.70710677f, 0, -0.70710677f, -0.40824829f, 0.81649658f, -0.40824829f);

        final Vector3f screenRight;
        final Vector3f screenUp;
        /** right × up: out of the screen, toward the viewer. */
        final Vector3f toViewer;
        /** Toward the light: from the viewer's upper left. */
        final Vector3f light;

        View(float rx, float ry, float rz, float ux, float uy, float uz) {
            screenRight = new Vector3f(rx, ry, rz);
            screenUp = new Vector3f(ux, uy, uz);
            toViewer = screenRight.cross(screenUp, new Vector3f());
            light = new Vector3f(screenRight).mul(-0.35f).fma(0.55f, screenUp).fma(0.75f, toViewer).normalize();
        }
    }

    @Spec
    private CommandSpec spec;

    @Mixin
    private PoseOptions pose;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT",
            description = "Output picture: .png, .svg, or .gif with --frames; its directory must exist, an existing "
                    + "file is replaced.")
    private Path output;

    @Option(names = "--view", defaultValue = "front", paramLabel = "VIEW",
            description = "View axis: ${COMPLETION-CANDIDATES}, in any case (default: ${DEFAULT-VALUE}: looking "
                    + "along -Z, +Y up).")
    private View view;

    @Option(names = "--size", defaultValue = "800", paramLabel = "PIXELS",
            description = "Width and height of the picture, " + MIN_SIZE + " to " + MAX_SIZE
                    + " (default: ${DEFAULT-VALUE}).")
    private int size;

    @Option(names = "--skeleton", description = "Draw the node hierarchy over the model: links, nodes, skin joints.")
    private boolean skeleton;

    @Option(names = "--labels", description = "Write node names beside the nodes (draws the hierarchy, as "
            + "--skeleton).")
    private boolean labels;

    @Option(names = "--axes", description = "Draw the world axes (X red, Y green, Z blue) in a corner.")
    private boolean axes;

    @Option(names = "--gpu", description = "Draw with OpenGL (offscreen, through EGL): textured, metallic-roughness "
            + "materials lit per pixel, skinned on the GPU, in the same projection as the default CPU drawing; PNG only.")
    private boolean gpu;

    @Option(names = "--frames", paramLabel = "N", description = "Write an animated GIF (-o NAME.gif) of N frames, "
            + "1 to " + MAX_FRAMES + ", evenly over the whole --animation, looping.")
    private Integer frames;

    @Override
    public Integer call() {
        String name = output.getFileName() == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        boolean gif = name.endsWith(".gif");
        if (!svg && !gif && !name.endsWith(".png")) {
            throw Problems.invalid(spec, "-o", "the picture's name must end in .png, .svg or .gif");
        }
        if (size < MIN_SIZE || size > MAX_SIZE) {
            throw Problems.invalid(spec, "--size", "must be " + MIN_SIZE + " to " + MAX_SIZE + " pixels");
        }
        checkFrames(gif);
        if (gpu && (svg || gif)) {
            throw Problems.invalid(spec, "-o", "--gpu draws PNG pictures only: -o NAME.png");
        }
        Problems.checkWritable(output);
        PosedModel posed = pose.load();
        MeshScene scene = MeshScene.of(posed);
        PrintWriter err = spec.commandLine().getErr();
        if (!gpu) {
            for (String note : scene.notes) {
                err.println("arbor: render: note: " + note);
            }
            for (String warning : scene.warnings) {
                err.println("arbor: render: warning: " + warning);
            }
        }
        // a model without triangles is drawn as its node hierarchy
        boolean sticks = skeleton || labels || scene.parts.isEmpty();
        err.flush();
        float[] times = gif ? frameTimes(posed.model, posed.animation, frames) : new float[] {posed.time};
        // the same projection for every frame: fitted to the union of all poses
        Extent extent = new Extent();
        for (float t : times) {
            poseAt(posed, scene, t, gif);
            extent.add(view, scene);
            if (sticks) {
                addNodes(posed, extent);
            }
        }
        Projection projection = Projection.fit(extent, view, size);
        byte[] picture;
        Drawing d;
        if (gif) {
            picture = gif(posed, scene, projection, sticks, times);
            d = Drawing.of(posed, projection, labels, times[times.length - 1]);
        } else {
            d = Drawing.of(posed, projection, labels, posed.time);
            picture = svg ? svg(scene, projection, d, sticks).getBytes(StandardCharsets.UTF_8)
                    : png(gpu ? gpuFrame(posed, scene, projection, d, sticks, err)
                    : frame(scene, projection, d, sticks));
        }
        try {
            Files.write(output, picture);
        } catch (IOException e) {
            throw Problems.cannotWrite(output, e);
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %d nodes, %d joints, %d triangles%s, view %s%s%n",
                output, d.count, d.jointCount, scene.triangleCount, scene.parts.isEmpty() ? " (the node hierarchy"
                        + " drawn instead)" : "", view, gif ? String.format(Locale.ROOT,
                        ", %d frames %.3f s apart", times.length, times.length > 1 ? times[1] - times[0] : 0f) : "");
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** Checks --frames against the output and the pose options: a GIF needs frames, frames need a GIF. */
    private void checkFrames(boolean gif) {
        if (frames == null) {
            if (gif) {
                throw Problems.invalid(spec, "-o", "an animated GIF needs --frames N and --animation NAME|INDEX");
            }
            return;
        }
        if (!gif) {
            throw Problems.invalid(spec, "--frames", "needs an animated GIF output, -o NAME.gif");
        }
        if (frames < 1 || frames > MAX_FRAMES) {
            throw Problems.invalid(spec, "--frames", "must be 1 to " + MAX_FRAMES + " frames");
        }
        if (pose.animation == null) {
            throw Problems.usage(spec, "--frames " + Problems.given(spec, "--frames")
                    + ": needs --animation NAME|INDEX (the frames show the whole animation)");
        }
        if (Problems.isGiven(spec, "--time")) {
            throw Problems.usage(spec, "--time " + Problems.given(spec, "--time") + ": not with --frames (the frames"
                    + " cover the whole animation, from 0 to its end)");
        }
    }

    /** N times evenly over {@code [0, end)} of the animation, so that the GIF loops without a repeated frame. */
    static float[] frameTimes(GltfModel model, int animation, int frames) {
        float end = model.animation(animation).endTime();
        float[] times = new float[frames];
        for (int k = 0; k < frames; k++) {
            times[k] = end * k / frames;
        }
        return times;
    }

    /** Poses the model at {@code time} (for GIF frames; a single picture keeps the pose loaded), then the meshes. */
    private static void poseAt(PosedModel posed, MeshScene scene, float time, boolean gif) {
        if (gif) {
            posed.pose(time, WrapMode.LOOP);
        }
        scene.update(posed);
    }

    private void addNodes(PosedModel posed, Extent extent) {
        Vector3f w = new Vector3f();
        for (int node : posed.builtNodes()) {
            posed.hierarchy.getWorldTranslation(posed.instance.handle(node), w);
            extent.add(view, w.x, w.y, w.z);
        }
    }

    /** The picture drawn with OpenGL, then what {@link #frame} paints over it; the GPU's notes to {@code err}. */
    private BufferedImage gpuFrame(PosedModel posed, MeshScene scene, Projection projection, Drawing d,
                                   boolean sticks, PrintWriter err) {
        System.setProperty("java.awt.headless", "true");
        List<String> notes = new ArrayList<>();
        BufferedImage image = scene.parts.isEmpty() ? Picture.raster(scene, projection)
                : GpuPicture.draw(posed, scene, projection, notes);
        for (String note : notes) {
            err.println("arbor: render: note: " + note);
        }
        err.flush();
        return paint(image, d, sticks);
    }

    /** One picture: the triangles, then the hierarchy (with {@code sticks}), the title and the axes. */
    private BufferedImage frame(MeshScene scene, Projection projection, Drawing d, boolean sticks) {
        System.setProperty("java.awt.headless", "true");
        return paint(Picture.raster(scene, projection), d, sticks);
    }

    /** Paints the hierarchy (with {@code sticks}), the title and the axes over a picture of the triangles. */
    private BufferedImage paint(BufferedImage image, Drawing d, boolean sticks) {
        Graphics2D g = Picture.graphics(image);
        try {
            d.paint(g, sticks);
            if (axes) {
                new Picture.Axes(view, size).paint(g);
            }
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The picture as PNG bytes. */
    private static byte[] png(BufferedImage image) {
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

    /** The picture as an SVG document: the triangles in painter's order, then what {@link Drawing#svg} adds. */
    private String svg(MeshScene scene, Projection projection, Drawing d, boolean sticks) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\">%n", size, size, size, size));
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", size, size));
        Picture.svgTriangles(scene, projection, s);
        d.svg(s, sticks);
        if (axes) {
            new Picture.Axes(view, size).svg(s);
        }
        s.append("</svg>\n");
        return s.toString();
    }

    /**
     * An animated GIF, one frame per time, each shown for the time between frames (in the GIF's hundredths of a
     * second, at least 2: viewers show shorter frames slower), looping forever (the NETSCAPE2.0 extension).
     */
    private byte[] gif(PosedModel posed, MeshScene scene, Projection projection, boolean sticks, float[] times) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("gif").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        float step = times.length > 1 ? times[1] - times[0] : 0;
        int delay = Math.max(2, Math.round(step * 100));
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(stream);
            writer.prepareWriteSequence(null);
            for (float t : times) {
                poseAt(posed, scene, t, true);
                BufferedImage image = frame(scene, projection, Drawing.of(posed, projection, labels, t), sticks);
                IIOMetadata meta = writer.getDefaultImageMetadata(new ImageTypeSpecifier(image), null);
                String format = meta.getNativeMetadataFormatName();
                IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
                IIOMetadataNode control = child(root, "GraphicControlExtension");
                control.setAttribute("disposalMethod", "none");
                control.setAttribute("userInputFlag", "FALSE");
                control.setAttribute("transparentColorFlag", "FALSE");
                control.setAttribute("delayTime", Integer.toString(delay));
                control.setAttribute("transparentColorIndex", "0");
                IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
                app.setAttribute("applicationID", "NETSCAPE");
                app.setAttribute("authenticationCode", "2.0");
                app.setUserObject(new byte[] {1, 0, 0}); // sub-block 1: loop count 0, forever
                child(root, "ApplicationExtensions").appendChild(app);
                meta.setFromTree(format, root);
                writer.writeToSequence(new IIOImage(image, null, meta), null);
            }
            writer.endWriteSequence();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    /** The child of a metadata tree with this name, added when missing. */
    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
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

        /** The posed hierarchy of {@code p} in the projection; {@code time} is the pose's, for the title. */
        static Drawing of(PosedModel p, Projection proj, boolean labels, float time) {
            GltfModel m = p.model;
            View view = proj.view;
            int size = proj.size;
            int n = m.nodeCount();
            int[] index = new int[n];
            int count = 0;
            for (int i = 0; i < n; i++) {
                index[i] = p.instance.handle(i) == Hierarchy.NULL ? -1 : count++;
            }
            String title = m.sourceName() + (p.graph != null ? String.format(Locale.ROOT, "  graph %s  t=%.3f s",
                    p.graph.file.getFileName(), time) : p.animation < 0 ? "  rest pose" : String.format(Locale.ROOT,
                    "  animation %d%s  t=%.3f s", p.animation, m.animation(p.animation).name() == null ? ""
                            : " \"" + m.animation(p.animation).name() + "\"", time)) + "  view " + view;
            Drawing d = new Drawing(size, count, title);
            boolean[] joint = new boolean[n];
            for (int s = 0; s < m.skinCount(); s++) {
                for (int j : m.skin(s).joints()) {
                    joint[j] = true;
                }
            }
            Vector3f w = new Vector3f();
            for (int i = 0; i < n; i++) {
                int k = index[i];
                if (k < 0) {
                    continue;
                }
                p.hierarchy.getWorldTranslation(p.instance.handle(i), w);
                d.xs[k] = proj.x(w.x, w.y, w.z);
                d.ys[k] = proj.y(w.x, w.y, w.z);
                d.parents[k] = m.parent(i) < 0 ? -1 : index[m.parent(i)];
                d.kinds[k] = joint[i] ? KIND_JOINT : m.skinOf(i) >= 0 || m.mesh(i) >= 0 ? KIND_MESH : KIND_NODE;
                d.jointCount += joint[i] ? 1 : 0;
                d.names[k] = labels ? (m.nodeName(i) == null ? "#" + i : m.nodeName(i)) : null;
            }
            return d;
        }

        float radius(int k) {
            return kinds[k] == KIND_JOINT ? size / 110f + 2 : size / 220f + 1.5f;
        }

        static String color(int kind) {
            return kind == KIND_JOINT ? "#e07020" : kind == KIND_MESH ? "#2060c0" : "#303030";
        }

        /**
         * Paints over a picture: with {@code sticks} the links and dots (and names, and the legend), then the title.
         */
        void paint(Graphics2D g, boolean sticks) {
            if (sticks) {
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
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, Math.max(10, size / 70)));
                legend(g);
            }
            g.setColor(Color.BLACK);
            int points = Math.max(11, size / 55);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, points));
            while (points > 8 && g.getFontMetrics().stringWidth(title) > size - 20) {
                g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, --points));
            }
            g.drawString(title, 10, 22);
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

        /** Writes what {@link #paint} paints, as SVG elements. */
        void svg(StringBuilder s, boolean sticks) {
            if (sticks) {
                s.append(String.format(Locale.ROOT, "<g stroke=\"#999999\" stroke-width=\"%.2f\""
                        + " stroke-linecap=\"round\">%n", Math.max(1.5f, size / 400f)));
                for (int k = 0; k < count; k++) {
                    if (parents[k] >= 0) {
                        s.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\""
                                + " y2=\"%.2f\"/>%n", xs[parents[k]], ys[parents[k]], xs[k], ys[k]));
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
                String[] text = {"node", "skin joint", "mesh node"};
                int[] kind = {KIND_NODE, KIND_JOINT, KIND_MESH};
                for (int i = 0; i < 3; i++) {
                    int y = size - 12 - (2 - i) * 18;
                    s.append(String.format(Locale.ROOT, "<circle cx=\"16\" cy=\"%d\" r=\"4.5\" fill=\"%s\"/>"
                            + "<text x=\"28\" y=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%s</text>%n",
                            y - 4, color(kind[i]), y, text[i]));
                }
            }
            s.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"22\" font-family=\"sans-serif\""
                    + " font-size=\"%d\" font-weight=\"bold\">%s</text>%n", Math.max(11, size / 55),
                    escape(title)));
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
