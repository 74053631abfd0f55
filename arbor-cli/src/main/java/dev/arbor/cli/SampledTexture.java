package dev.arbor.cli;

import dev.arbor.gltf.GltfPixels;
import dev.arbor.gltf.GltfSampler;
import java.nio.ByteBuffer;

/**
 * A decoded colour texture as {@code render} samples it on the CPU: the image's RGBA bytes, its sampler's wrap
 * modes (REPEAT, CLAMP_TO_EDGE, MIRRORED_REPEAT) and magnification filter. Colour channels are stored sRGB and
 * decoded to linear before filtering (as an sRGB texture on a GPU is); alpha is linear. Filtering is bilinear, or
 * nearest when the sampler asks for NEAREST magnification; there are no mipmaps, so a texture shown much smaller than
 * its size aliases. Row 0 is the top of the image, at v = 0 (glTF's UV origin is the image's top-left corner).
 * Immutable; {@link #sample} writes into the caller's array and allocates nothing.
 */
final class SampledTexture {
    /** glTF's (OpenGL's) wrap and filter values. */
    static final int REPEAT = 10497;
    static final int CLAMP_TO_EDGE = 33071;
    static final int MIRRORED_REPEAT = 33648;
    static final int NEAREST = 9728;

    /** 8-bit sRGB value to linear. */
    private static final float[] LINEAR = new float[256];

    static {
        for (int i = 0; i < 256; i++) {
            double s = i / 255.0;
            LINEAR[i] = (float) (s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4));
        }
    }

    final int width;
    final int height;
    /** One {@code 0xAABBGGRR} int per texel, rows top to bottom. */
    private final int[] texels;
    private final int wrapS;
    private final int wrapT;
    private final boolean nearest;
    /** The mean linear colour and alpha of the texels, for flat colours (SVG). */
    private final float[] mean = new float[4];

    SampledTexture(GltfPixels pixels, GltfSampler sampler) {
        this(pixels.width(), pixels.height(), texels(pixels), sampler);
    }

    /**
     * @param width texels per row
     * @param height rows
     * @param texels {@code width × height} texels, {@code 0xAABBGGRR} (R in the low byte), rows top to bottom
     * @param sampler wrap modes and filters
     */
    SampledTexture(int width, int height, int[] texels, GltfSampler sampler) {
        if (width < 1 || height < 1 || texels.length < width * height) {
            throw new IllegalArgumentException("texels too short: length=" + texels.length + ", required="
                    + width * height);
        }
        this.width = width;
        this.height = height;
        this.texels = texels;
        this.wrapS = sampler.wrapS();
        this.wrapT = sampler.wrapT();
        this.nearest = sampler.magFilter() == NEAREST;
        double[] sum = new double[4];
        for (int i = 0; i < width * height; i++) {
            int t = texels[i];
            sum[0] += LINEAR[t & 0xFF];
            sum[1] += LINEAR[t >> 8 & 0xFF];
            sum[2] += LINEAR[t >> 16 & 0xFF];
            sum[3] += (t >>> 24) / 255.0;
        }
        for (int c = 0; c < 4; c++) {
            mean[c] = (float) (sum[c] / (width * height));
        }
    }

    private static int[] texels(GltfPixels pixels) {
        ByteBuffer rgba = pixels.rgba();
        int[] texels = new int[pixels.width() * pixels.height()];
        for (int i = 0; i < texels.length; i++) {
            texels[i] = rgba.getInt(4 * i); // little-endian: R in the low byte
        }
        return texels;
    }

    /** @return the mean linear colour and alpha of the texture, 4 floats, a copy */
    float[] mean() {
        return mean.clone();
    }

    /**
     * Samples the texture at a UV, filtered and wrapped as its sampler says.
     *
     * @param u texture coordinate across, 0 at the left edge, 1 at the right
     * @param v texture coordinate down, 0 at the top edge, 1 at the bottom
     * @param dest receives linear R, G, B and alpha
     * @return {@code dest}
     */
    float[] sample(float u, float v, float[] dest) {
        float x = u * width;
        float y = v * height;
        if (nearest || !Float.isFinite(x) || !Float.isFinite(y)) {
            int t = texel(wrap(floor(x), width, wrapS), wrap(floor(y), height, wrapT));
            dest[0] = LINEAR[t & 0xFF];
            dest[1] = LINEAR[t >> 8 & 0xFF];
            dest[2] = LINEAR[t >> 16 & 0xFF];
            dest[3] = (t >>> 24) / 255f;
            return dest;
        }
        // texel centres lie at +0.5: blend the four around the point
        x -= 0.5f;
        y -= 0.5f;
        int x0 = floor(x);
        int y0 = floor(y);
        float fx = x - x0;
        float fy = y - y0;
        int left = wrap(x0, width, wrapS);
        int right = wrap(x0 + 1, width, wrapS);
        int top = wrap(y0, height, wrapT);
        int bottom = wrap(y0 + 1, height, wrapT);
        int t00 = texel(left, top);
        int t10 = texel(right, top);
        int t01 = texel(left, bottom);
        int t11 = texel(right, bottom);
        float w00 = (1 - fx) * (1 - fy);
        float w10 = fx * (1 - fy);
        float w01 = (1 - fx) * fy;
        float w11 = fx * fy;
        for (int c = 0; c < 3; c++) {
            int shift = 8 * c;
            dest[c] = w00 * LINEAR[t00 >> shift & 0xFF] + w10 * LINEAR[t10 >> shift & 0xFF]
                    + w01 * LINEAR[t01 >> shift & 0xFF] + w11 * LINEAR[t11 >> shift & 0xFF];
        }
        dest[3] = (w00 * (t00 >>> 24) + w10 * (t10 >>> 24) + w01 * (t01 >>> 24) + w11 * (t11 >>> 24)) / 255f;
        return dest;
    }

    private int texel(int x, int y) {
        return texels[y * width + x];
    }

    /** {@code Math.floor} to an int, saturating far outside the texture (wrapped afterwards). */
    private static int floor(float f) {
        return (int) Math.max(-1e9f, Math.min(1e9f, (float) Math.floor(f)));
    }

    /**
     * A texel index wrapped into {@code [0, n)}: REPEAT takes it modulo {@code n}, MIRRORED_REPEAT reflects it every
     * {@code n} texels, CLAMP_TO_EDGE (and any unknown mode) clamps it.
     */
    static int wrap(int i, int n, int mode) {
        if (mode == REPEAT) {
            return Math.floorMod(i, n);
        }
        if (mode == MIRRORED_REPEAT) {
            int m = Math.floorMod(i, 2 * n);
            return m < n ? m : 2 * n - 1 - m;
        }
        return Math.max(0, Math.min(n - 1, i));
    }
}
