package dev.arbor.cli;

import dev.arbor.cli.RenderCommand.View;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.Locale;
import org.joml.Vector3f;

/**
 * How {@code render} turns world positions into a picture: the orthographic {@link Projection} fitted to what is
 * drawn, the z-buffered raster for PNG and GIF frames (each sample shaded by a {@link SurfaceShader}: textures,
 * vertex colours, smooth normals, alpha), the painter-sorted, flat-shaded polygons for SVG, and the axes.
 */
final class Picture {
    /** Height of the title band at the top of the picture, in pixels. */
    static final float TITLE_BAND = 36;
    /** Samples per pixel along each axis of PNG and GIF pictures (anti-aliased edges). */
    static final int SUPERSAMPLING = 2;
    static final int BACKGROUND = 0xFFFFFF;

    private Picture() {
    }

    /** The screen rectangle that world points fall in: a 10% margin, below the title band. */
    static final class Projection {
        final View view;
        final int size;
        final float scale;
        final float centreU;
        final float centreV;

        private Projection(View view, int size, float scale, float centreU, float centreV) {
            this.view = view;
            this.size = size;
            this.scale = scale;
            this.centreU = centreU;
            this.centreV = centreV;
        }

        /** Fits the extent into a square picture of {@code size} pixels, the same scale on both axes. */
        static Projection fit(Extent e, View view, int size) {
            if (e.empty()) {
                return new Projection(view, size, 1, 0, 0);
            }
            float margin = size * 0.1f;
            float span = Math.max(e.maxU - e.minU, e.maxV - e.minV);
            float scale = span > 0 && Float.isFinite(span) ? (size - 2 * margin - TITLE_BAND) / span : 1f;
            return new Projection(view, size, scale, (e.minU + e.maxU) / 2, (e.minV + e.maxV) / 2);
        }

        float x(float wx, float wy, float wz) {
            Vector3f r = view.screenRight;
            return size / 2f + (wx * r.x + wy * r.y + wz * r.z - centreU) * scale;
        }

        float y(float wx, float wy, float wz) {
            Vector3f u = view.screenUp;
            return TITLE_BAND + (size - TITLE_BAND) / 2f - (wx * u.x + wy * u.y + wz * u.z - centreV) * scale;
        }

        /** Depth toward the viewer: the larger, the nearer. */
        float depth(float wx, float wy, float wz) {
            Vector3f f = view.toViewer;
            return wx * f.x + wy * f.y + wz * f.z;
        }
    }

    /** The screen-plane extent of the points drawn, in world units along the view's right and up. */
    static final class Extent {
        float minU = Float.POSITIVE_INFINITY;
        float maxU = Float.NEGATIVE_INFINITY;
        float minV = Float.POSITIVE_INFINITY;
        float maxV = Float.NEGATIVE_INFINITY;

        void add(View view, float x, float y, float z) {
            float u = x * view.screenRight.x + y * view.screenRight.y + z * view.screenRight.z;
            float v = x * view.screenUp.x + y * view.screenUp.y + z * view.screenUp.z;
            if (Float.isFinite(u) && Float.isFinite(v)) {
                minU = Math.min(minU, u);
                maxU = Math.max(maxU, u);
                minV = Math.min(minV, v);
                maxV = Math.max(maxV, v);
            }
        }

        /** Adds the vertices of every triangle of the scene, every instance, in its last update's pose. */
        void add(View view, MeshScene scene) {
            scene.worldPoints((x, y, z) -> add(view, x, y, z));
        }

        boolean empty() {
            return minU > maxU;
        }
    }

    /**
     * The colour of a flat-shaded triangle for SVG: its {@link Surface#flatColor} under the light of its face normal
     * turned toward the viewer (two-sided lighting; none for an unlit material), encoded as sRGB.
     *
     * @param rgb scratch of 3 floats
     * @return {@code 0xRRGGBB}, or -1 for a degenerate triangle (no normal)
     */
    static int shade(SurfaceShader flat, MeshScene.Part part, float[] world, int a, int b, int c, float[] rgb) {
        if (!flat.triangle(world, a, b, c)) {
            return -1;
        }
        float light = part.surface.unlit ? 1 : flat.faceLight();
        part.surface.flatColor(part.colors, a, b, c, rgb);
        return srgb(rgb[0] * light) << 16 | srgb(rgb[1] * light) << 8 | srgb(rgb[2] * light);
    }

    /** A linear colour channel in [0, 1] (clamped) as an 8-bit sRGB value. */
    static int srgb(double linear) {
        double c = Math.max(0, Math.min(1, linear));
        double s = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
        return (int) Math.round(s * 255);
    }

    /**
     * Draws every triangle of the scene, every instance, in its last update's pose, into a fresh raster, each sample
     * coloured by a {@link SurfaceShader}. Alpha BLEND parts are drawn after all others, each instance's triangles
     * far to near, blended over what is drawn without hiding what lies behind them from later triangles (no depth
     * written): right for one layer of transparency, approximate where transparent parts overlap each other.
     */
    static BufferedImage raster(MeshScene scene, Projection p) {
        Raster raster = new Raster(p.size, p.size, SUPERSAMPLING, BACKGROUND);
        SurfaceShader shader = new SurfaceShader(p.view);
        float[] world = new float[3 * scene.maxVertices];
        float[] normals = new float[world.length];
        float[] screen = new float[world.length];
        for (boolean blendPass : new boolean[] {false, true}) {
            for (MeshScene.Part part : scene.parts) {
                boolean blend = part.surface.alphaMode == Surface.BLEND;
                if (blend != blendPass) {
                    continue;
                }
                shader.part(part.surface, part.normals == null ? null : normals, part.uvs, part.colors);
                for (int i = 0; i < part.instanceCount(); i++) {
                    part.toWorld(i, world, normals);
                    int n = part.positions.length / 3;
                    for (int v = 0; v < n; v++) {
                        float x = world[3 * v];
                        float y = world[3 * v + 1];
                        float z = world[3 * v + 2];
                        screen[3 * v] = p.x(x, y, z);
                        screen[3 * v + 1] = p.y(x, y, z);
                        screen[3 * v + 2] = p.depth(x, y, z);
                    }
                    int[] t = blend ? farToNear(part.triangles, screen) : part.triangles;
                    for (int k = 0; k < t.length; k += 3) {
                        if (shader.triangle(world, t[k], t[k + 1], t[k + 2])) {
                            raster.triangle(screen, t[k], t[k + 1], t[k + 2], shader);
                        }
                    }
                }
            }
        }
        return raster.image();
    }

    /** The triangles (3 vertex indices each) sorted by their mean depth, far first; {@code screen} holds depths. */
    static int[] farToNear(int[] triangles, float[] screen) {
        int count = triangles.length / 3;
        long[] keys = new long[count];
        for (int k = 0; k < count; k++) {
            float depth = screen[3 * triangles[3 * k] + 2] + screen[3 * triangles[3 * k + 1] + 2]
                    + screen[3 * triangles[3 * k + 2] + 2];
            // the depth's order-preserving bits in the high word, the triangle in the low word
            int bits = Float.floatToIntBits(depth);
            bits ^= bits >> 31 & 0x7FFFFFFF;
            keys[k] = (long) bits << 32 | k;
        }
        Arrays.sort(keys);
        int[] sorted = new int[triangles.length];
        for (int k = 0; k < count; k++) {
            int from = 3 * (int) keys[k];
            System.arraycopy(triangles, from, sorted, 3 * k, 3);
        }
        return sorted;
    }

    /**
     * The triangles as SVG polygons, far to near by their mean depth (the painter's order: right for triangles that
     * do not intersect or overlap cyclically, which is most of a model; there is no z-buffer in SVG).
     */
    static void svgTriangles(MeshScene scene, Projection p, StringBuilder s) {
        int total = scene.triangleCount;
        float[] depth = new float[total];
        String[] polygon = new String[total];
        int n = 0;
        SurfaceShader flat = new SurfaceShader(p.view);
        float[] w = new float[3 * scene.maxVertices];
        float[] rgb = new float[3];
        for (MeshScene.Part part : scene.parts) {
            flat.part(part.surface, null, null, null);
            int[] t = part.triangles;
            for (int i = 0; i < part.instanceCount(); i++) {
                part.toWorld(i, w, null);
                for (int k = 0; k < t.length; k += 3) {
                    int color = shade(flat, part, w, t[k], t[k + 1], t[k + 2], rgb);
                    if (color < 0) {
                        continue;
                    }
                    StringBuilder points = new StringBuilder();
                    float z = 0;
                    for (int c = 0; c < 3; c++) {
                        int v = 3 * t[k + c];
                        points.append(String.format(Locale.ROOT, "%s%.1f,%.1f", c == 0 ? "" : " ",
                                p.x(w[v], w[v + 1], w[v + 2]), p.y(w[v], w[v + 1], w[v + 2])));
                        z += p.depth(w[v], w[v + 1], w[v + 2]) / 3;
                    }
                    depth[n] = z;
                    // the stroke in the fill colour closes the hairline gaps anti-aliasing leaves between neighbours
                    polygon[n++] = String.format(Locale.ROOT, "<polygon points=\"%s\" fill=\"#%06x\" stroke=\"#%06x\""
                            + " stroke-width=\"0.5\"/>%n", points, color, color);
                }
            }
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        float[] d = Arrays.copyOf(depth, n);
        Arrays.sort(order, (a, b) -> Float.compare(d[a], d[b]));
        s.append("<g stroke-linejoin=\"round\">\n");
        for (Integer i : order) {
            s.append(polygon[i]);
        }
        s.append("</g>\n");
    }

    /** The world axes, drawn in the lower right corner as the view sees them: X red, Y green, Z blue. */
    static final class Axes {
        static final String[] NAMES = {"X", "Y", "Z"};
        static final String[] COLORS = {"#d03030", "#20a040", "#3060d0"};
        final float cx;
        final float cy;
        final float[] ex = new float[3];
        final float[] ey = new float[3];
        final Integer[] order = {0, 1, 2};

        Axes(View view, int size) {
            float length = Math.max(20, size / 16f);
            cx = size - length - 18;
            cy = size - length - 18;
            float[] depth = new float[3];
            for (int a = 0; a < 3; a++) {
                Vector3f axis = new Vector3f(a == 0 ? 1 : 0, a == 1 ? 1 : 0, a == 2 ? 1 : 0);
                ex[a] = cx + axis.dot(view.screenRight) * length;
                ey[a] = cy - axis.dot(view.screenUp) * length;
                depth[a] = axis.dot(view.toViewer);
            }
            Arrays.sort(order, (a, b) -> Float.compare(depth[a], depth[b]));
        }

        void paint(Graphics2D g) {
            g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
            for (int a : order) {
                g.setColor(Color.decode(COLORS[a]));
                g.draw(new Line2D.Float(cx, cy, ex[a], ey[a]));
                g.drawString(NAMES[a], ex[a] + (ex[a] >= cx ? 3 : -11), ey[a] + (ey[a] > cy ? 12 : -2));
            }
        }

        void svg(StringBuilder s) {
            for (int a : order) {
                s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                        + " stroke=\"%s\" stroke-width=\"2.5\" stroke-linecap=\"round\"/><text x=\"%.1f\" y=\"%.1f\""
                        + " font-family=\"sans-serif\" font-size=\"12\" font-weight=\"bold\" fill=\"%s\">%s</text>%n",
                        cx, cy, ex[a], ey[a], COLORS[a], ex[a] + (ex[a] >= cx ? 3 : -11),
                        ey[a] + (ey[a] > cy ? 12 : -2), COLORS[a], NAMES[a]));
            }
        }
    }

    /** A Graphics2D on the image with anti-aliasing on. */
    static Graphics2D graphics(BufferedImage image) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        return g;
    }
}
