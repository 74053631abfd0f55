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
 * drawn, flat shading of each triangle (its material's colour under one directional light, lit on both sides, so
 * that a mirrored node — negative scale — is not drawn inside out), the z-buffered raster for PNG and GIF frames and
 * the painter-sorted polygons for SVG, and the axes.
 */
final class Picture {
    /** Height of the title band at the top of the picture, in pixels. */
    static final float TITLE_BAND = 36;
    /** Samples per pixel along each axis of PNG and GIF pictures (anti-aliased edges). */
    static final int SUPERSAMPLING = 2;
    static final int BACKGROUND = 0xFFFFFF;
    private static final float AMBIENT = 0.22f;
    private static final float DIFFUSE = 0.7f;

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

        /** Adds the vertices of every triangle of the scene, in its last update's pose. */
        void add(View view, MeshScene scene) {
            for (MeshScene.Part part : scene.parts) {
                float[] w = part.world;
                for (int i : part.triangles) {
                    add(view, w[3 * i], w[3 * i + 1], w[3 * i + 2]);
                }
            }
        }

        boolean empty() {
            return minU > maxU;
        }
    }

    /**
     * The colour of a flat-shaded triangle: {@code colour × (ambient + diffuse)}, the normal turned toward the viewer
     * (two-sided lighting), the light from the viewer's upper left; linear colour encoded as sRGB.
     *
     * @return {@code 0xRRGGBB}, or -1 for a degenerate triangle (no normal)
     */
    static int shade(View view, float[] color, float[] w, int a, int b, int c) {
        float ex = w[3 * b] - w[3 * a];
        float ey = w[3 * b + 1] - w[3 * a + 1];
        float ez = w[3 * b + 2] - w[3 * a + 2];
        float fx = w[3 * c] - w[3 * a];
        float fy = w[3 * c + 1] - w[3 * a + 1];
        float fz = w[3 * c + 2] - w[3 * a + 2];
        double nx = (double) ey * fz - (double) ez * fy;
        double ny = (double) ez * fx - (double) ex * fz;
        double nz = (double) ex * fy - (double) ey * fx;
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(length > 0) || !Double.isFinite(length)) {
            return -1;
        }
        Vector3f f = view.toViewer;
        double sign = nx * f.x + ny * f.y + nz * f.z < 0 ? -1 : 1;
        Vector3f l = view.light;
        double diffuse = Math.max(0, sign * (nx * l.x + ny * l.y + nz * l.z) / length);
        double light = AMBIENT + DIFFUSE * diffuse;
        return srgb(color[0] * light) << 16 | srgb(color[1] * light) << 8 | srgb(color[2] * light);
    }

    /** A linear colour channel in [0, 1] (clamped) as an 8-bit sRGB value. */
    static int srgb(double linear) {
        double c = Math.max(0, Math.min(1, linear));
        double s = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
        return (int) Math.round(s * 255);
    }

    /** Draws every triangle of the scene, in its last update's pose, into a fresh raster. */
    static BufferedImage raster(MeshScene scene, Projection p) {
        Raster raster = new Raster(p.size, p.size, SUPERSAMPLING, BACKGROUND);
        for (MeshScene.Part part : scene.parts) {
            float[] w = part.world;
            int n = w.length / 3;
            float[] xs = new float[n];
            float[] ys = new float[n];
            float[] zs = new float[n];
            for (int i = 0; i < n; i++) {
                xs[i] = p.x(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
                ys[i] = p.y(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
                zs[i] = p.depth(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
            }
            int[] t = part.triangles;
            for (int k = 0; k < t.length; k += 3) {
                int color = shade(p.view, part.color, w, t[k], t[k + 1], t[k + 2]);
                if (color >= 0) {
                    raster.triangle(xs[t[k]], ys[t[k]], zs[t[k]], xs[t[k + 1]], ys[t[k + 1]], zs[t[k + 1]],
                            xs[t[k + 2]], ys[t[k + 2]], zs[t[k + 2]], color);
                }
            }
        }
        return raster.image();
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
        for (MeshScene.Part part : scene.parts) {
            float[] w = part.world;
            int[] t = part.triangles;
            for (int k = 0; k < t.length; k += 3) {
                int color = shade(p.view, part.color, w, t[k], t[k + 1], t[k + 2]);
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
