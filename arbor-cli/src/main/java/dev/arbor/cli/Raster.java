package dev.arbor.cli;

import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * A z-buffered triangle rasteriser into an RGB pixel array, for {@code render}. Coordinates are in picture pixels
 * (x right, y down; a pixel's centre at {@code +0.5}), depth grows toward the viewer: of two triangles over a pixel,
 * the one with the larger interpolated depth there wins. A pixel is covered when its centre lies inside the triangle
 * or on its edge, whatever the winding. With a supersampling {@code factor} above 1 every picture pixel is drawn
 * as {@code factor × factor} samples and {@link #image()} averages them (anti-aliased edges). A triangle is one
 * colour, or coloured per sample by a {@link Fragments} callback (textures, interpolated normals, alpha).
 */
final class Raster {
    final int width;
    final int height;
    final int factor;
    private final int sampleWidth;
    private final int sampleHeight;
    private final int[] rgb;
    private final float[] depth;

    /**
     * @param width picture width in pixels
     * @param height picture height in pixels
     * @param factor samples per pixel along each axis (1 to 4)
     * @param background background colour, {@code 0xRRGGBB}
     */
    Raster(int width, int height, int factor, int background) {
        if (factor < 1 || factor > 4) {
            throw new IllegalArgumentException("factor " + factor + " is not 1 to 4");
        }
        this.width = width;
        this.height = height;
        this.factor = factor;
        this.sampleWidth = width * factor;
        this.sampleHeight = height * factor;
        this.rgb = new int[Math.multiplyExact(sampleWidth, sampleHeight)];
        this.depth = new float[rgb.length];
        Arrays.fill(rgb, background);
        Arrays.fill(depth, Float.NEGATIVE_INFINITY);
    }

    /**
     * The colour of a triangle at one sample, from the sample's barycentric weights (each corner's share, summing to
     * 1; screen-linear, which is perspective-correct under {@code render}'s orthographic projection). Called only for
     * samples the triangle covers and that pass the depth test, so it may be costly; it must not allocate.
     */
    interface Fragments {
        /**
         * @param w0 weight of the first corner
         * @param w1 weight of the second corner
         * @param w2 weight of the third corner
         * @return {@code 0xAARRGGBB}: alpha 255 writes the colour and the depth, alpha 0 leaves the sample alone
         *     (discarded, as alpha MASK below its cut-off), anything between is blended over the sample (colour ×
         *     alpha + sample × (1 − alpha), in the stored 8-bit values) and leaves its depth
         */
        int color(float w0, float w1, float w2);
    }

    /**
     * Draws a triangle of one colour; each corner is (x, y) in picture pixels and a depth.
     *
     * @return the number of samples written
     */
    int triangle(float x0, float y0, float z0, float x1, float y1, float z1, float x2, float y2, float z2,
                 int color) {
        int opaque = 0xFF000000 | color;
        return triangle(new float[] {x0, y0, z0, x1, y1, z1, x2, y2, z2}, 0, 1, 2, (w0, w1, w2) -> opaque);
    }

    /**
     * Draws a triangle coloured per sample by {@code fragments}.
     *
     * @param screen x, y (picture pixels) and depth per vertex, 3 floats each
     * @param a first corner's vertex index into {@code screen}
     * @param b second corner's vertex index
     * @param c third corner's vertex index
     * @param fragments the colour at each covered sample nearer than what the sample holds
     * @return the number of samples written (opaque or blended)
     */
    int triangle(float[] screen, int a, int b, int c, Fragments fragments) {
        float f = factor;
        double ax = screen[3 * a] * f;
        double ay = screen[3 * a + 1] * f;
        double bx = screen[3 * b] * f;
        double by = screen[3 * b + 1] * f;
        double cx = screen[3 * c] * f;
        double cy = screen[3 * c + 1] * f;
        float z0 = screen[3 * a + 2];
        float z1 = screen[3 * b + 2];
        float z2 = screen[3 * c + 2];
        double area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        if (area == 0 || !Double.isFinite(area)) {
            return 0;
        }
        int minX = Math.max(0, (int) Math.floor(Math.min(ax, Math.min(bx, cx))));
        int maxX = Math.min(sampleWidth - 1, (int) Math.ceil(Math.max(ax, Math.max(bx, cx))));
        int minY = Math.max(0, (int) Math.floor(Math.min(ay, Math.min(by, cy))));
        int maxY = Math.min(sampleHeight - 1, (int) Math.ceil(Math.max(ay, Math.max(by, cy))));
        double inv = 1 / area;
        int[] colors = rgb;
        float[] depths = depth;
        int written = 0;
        for (int y = minY; y <= maxY; y++) {
            double py = y + 0.5;
            for (int x = minX; x <= maxX; x++) {
                double px = x + 0.5;
                // barycentric weights: each is the signed area opposite a corner, over the whole
                double w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) * inv;
                double w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) * inv;
                double w2 = 1 - w0 - w1;
                if (w0 < 0 || w1 < 0 || w2 < 0) {
                    continue;
                }
                float z = (float) (w0 * z0 + w1 * z1 + w2 * z2);
                int i = y * sampleWidth + x;
                if (z > depths[i]) {
                    int argb = fragments.color((float) w0, (float) w1, (float) w2);
                    int alpha = argb >>> 24;
                    if (alpha == 0xFF) {
                        depths[i] = z;
                        colors[i] = argb & 0xFFFFFF;
                    } else if (alpha != 0) {
                        colors[i] = over(argb, alpha, colors[i]);
                    } else {
                        continue;
                    }
                    written++;
                }
            }
        }
        return written;
    }

    /** {@code source} over {@code target} by {@code alpha} (0 to 255), per 8-bit channel, rounded. */
    private static int over(int source, int alpha, int target) {
        int keep = 255 - alpha;
        int r = ((source >> 16 & 0xFF) * alpha + (target >> 16 & 0xFF) * keep + 127) / 255;
        int g = ((source >> 8 & 0xFF) * alpha + (target >> 8 & 0xFF) * keep + 127) / 255;
        int b = ((source & 0xFF) * alpha + (target & 0xFF) * keep + 127) / 255;
        return r << 16 | g << 8 | b;
    }

    /**
     * @param x picture pixel column
     * @param y picture pixel row
     * @return the colour of the pixel's first sample, {@code 0xRRGGBB}
     */
    int sample(int x, int y) {
        return rgb[y * factor * sampleWidth + x * factor];
    }

    /** @return the picture: each pixel the average of its samples */
    BufferedImage image() {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int n = factor * factor;
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int r = 0;
                int g = 0;
                int b = 0;
                for (int sy = 0; sy < factor; sy++) {
                    int at = (y * factor + sy) * sampleWidth + x * factor;
                    for (int sx = 0; sx < factor; sx++) {
                        int c = rgb[at + sx];
                        r += c >> 16 & 0xFF;
                        g += c >> 8 & 0xFF;
                        b += c & 0xFF;
                    }
                }
                row[x] = (r + n / 2) / n << 16 | (g + n / 2) / n << 8 | (b + n / 2) / n;
            }
            image.setRGB(0, y, width, 1, row, 0, width);
        }
        return image;
    }
}
