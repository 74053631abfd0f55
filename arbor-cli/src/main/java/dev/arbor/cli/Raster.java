package dev.arbor.cli;

import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * A z-buffered triangle rasteriser into an RGB pixel array, for {@code render}. Coordinates are in picture pixels
 * (x right, y down; a pixel's centre at {@code +0.5}), depth grows toward the viewer: of two triangles over a pixel,
 * the one with the larger interpolated depth there wins. A pixel is covered when its centre lies inside the triangle
 * or on its edge, whatever the winding. With a supersampling {@code factor} above 1 every picture pixel is drawn
 * as {@code factor × factor} samples and {@link #image()} averages them (anti-aliased edges).
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
     * Draws a triangle of one colour; each corner is (x, y) in picture pixels and a depth.
     *
     * @return the number of samples written
     */
    int triangle(float x0, float y0, float z0, float x1, float y1, float z1, float x2, float y2, float z2,
                 int color) {
        float f = factor;
        double ax = x0 * f;
        double ay = y0 * f;
        double bx = x1 * f;
        double by = y1 * f;
        double cx = x2 * f;
        double cy = y2 * f;
        double area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        if (area == 0 || !Double.isFinite(area)) {
            return 0;
        }
        int minX = Math.max(0, (int) Math.floor(Math.min(ax, Math.min(bx, cx))));
        int maxX = Math.min(sampleWidth - 1, (int) Math.ceil(Math.max(ax, Math.max(bx, cx))));
        int minY = Math.max(0, (int) Math.floor(Math.min(ay, Math.min(by, cy))));
        int maxY = Math.min(sampleHeight - 1, (int) Math.ceil(Math.max(ay, Math.max(by, cy))));
        double inv = 1 / area;
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
                if (z > depth[i]) {
                    depth[i] = z;
                    rgb[i] = color;
                    written++;
                }
            }
        }
        return written;
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
