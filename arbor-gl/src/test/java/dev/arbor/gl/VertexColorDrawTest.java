package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * {@code COLOR_0}: base colour = factor × texture × vertex colour, the colour interpolated across the triangle. A quad
 * with red left corners and green right corners, seen straight on ({@link MaterialTest#straightOn}: the quad covers
 * pixels 16 to 47, pixel {@code x}'s centre lies at world {@code (x + 0.5) / 32 − 1}), under an ambient light of 0.8
 * alone, so that a pixel's linear colour is {@code 0.8 × ((1 − t), t, 0)} with {@code t = worldX + 0.5}, encoded to
 * sRGB.
 *
 * <pre>
 *   red  3 ──── 2 green
 *        │      │          t = 0 at the left edge, 1 at the right
 *   red  0 ──── 1 green
 * </pre>
 */
class VertexColorDrawTest {
    static final int SIZE = MaterialTest.SIZE;
    static final int ROW = MaterialTest.ROW;
    static final float AMBIENT = 0.8f;
    /** Columns sampled: near the left edge, the middle, near the right edge. */
    static final int[] COLUMNS = {18, 32, 45};

    /** Linear [0, 1] to 8-bit sRGB, as the fragment shader encodes. */
    static int srgb(double linear) {
        double s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
        return (int) Math.round(Math.max(0, Math.min(1, s)) * 255);
    }

    /** The predicted colour of column {@code x} (0xRRGGBB), the corners' colours interpolated, times the light. */
    static int predicted(int x) {
        double t = (x + 0.5) / (SIZE / 2.0) - 1 + 0.5;
        return srgb(AMBIENT * (1 - t)) << 16 | srgb(AMBIENT * t) << 8;
    }

    static BufferedImage draw(GlContext gl, ModelRenderer renderer, AttributeQuad quad, String picture)
            throws Exception {
        return MaterialTest.draw(gl, renderer, quad.read(picture + ".gltf"), picture);
    }

    @Test
    void vertexColoursAreInterpolatedAndMultiplyTheBaseColour() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            renderer.setLight(new Vector3f(0, 0, 1), MaterialTest.NONE, new Vector3f(AMBIENT));
            AttributeQuad floats = new AttributeQuad().colors(3, AttributeQuad.FLOAT,
                    1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0);
            AttributeQuad bytes = new AttributeQuad().colors(4, AttributeQuad.UNSIGNED_BYTE,
                    1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1);
            AttributeQuad shorts = new AttributeQuad().colors(4, AttributeQuad.UNSIGNED_SHORT,
                    1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1);
            for (Object[] c : new Object[][] {{"colors-vec3-float", floats}, {"colors-vec4-ubyte", bytes},
                {"colors-vec4-ushort", shorts}}) {
                BufferedImage image = draw(gl, renderer, (AttributeQuad) c[1], (String) c[0]);
                for (int x : COLUMNS) {
                    MaterialTest.assertNear(image, x, ROW, predicted(x), 1);
                }
                // the middle pixel: t = 0.515625, (0.3875, 0.4125, 0) linear → (167, 172, 0)
                assertThat(predicted(32)).isEqualTo(0xA7AC00);
                assertThat(MaterialTest.rgb(image, MaterialTest.OUTSIDE, ROW)).isEqualTo(0xFFFFFF);
            }

            // the factor multiplies: half blue factor over the colours leaves red and green at half
            BufferedImage factor = draw(gl, renderer, new AttributeQuad().material("{\"pbrMetallicRoughness\":"
                    + "{\"baseColorFactor\":[0.5,0.5,0.5,1],\"metallicFactor\":0}}").colors(3, AttributeQuad.FLOAT,
                    1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0), "colors-times-factor");
            MaterialTest.assertNear(factor, 32, ROW, srgb(0.4 * 0.484375) << 16 | srgb(0.4 * 0.515625) << 8, 1);

            // without COLOR_0 the surface is white
            BufferedImage white = draw(gl, renderer, new AttributeQuad(), "colors-none");
            MaterialTest.assertNear(white, 32, ROW, srgb(AMBIENT) * 0x010101, 1);
        }
    }

    @Test
    void rgbColoursAreOpaqueAndTheAlphaOfRgbaColoursBlends() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            renderer.setLight(new Vector3f(0, 0, 1), MaterialTest.NONE, new Vector3f(AMBIENT));
            String blend = "{\"pbrMetallicRoughness\":{\"metallicFactor\":0},\"alphaMode\":\"BLEND\"}";
            // RGB: alpha 1, nothing of the white background shows through
            BufferedImage rgb = draw(gl, renderer, new AttributeQuad().material(blend).colors(3, AttributeQuad.FLOAT,
                    1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0), "colors-rgb-blend");
            MaterialTest.assertNear(rgb, 32, ROW, predicted(32), 1);
            // RGBA with alpha 0.5 (bytes: 128 / 255): half the colour, half the white, in the sRGB framebuffer
            BufferedImage rgba = draw(gl, renderer, new AttributeQuad().material(blend).colors(4,
                    AttributeQuad.UNSIGNED_BYTE, 1, 0, 0, 0.5f, 0, 1, 0, 0.5f, 0, 1, 0, 0.5f, 1, 0, 0, 0.5f),
                    "colors-rgba-blend");
            double a = 128 / 255.0;
            int p = predicted(32);
            int expected = (int) Math.round(a * (p >> 16) + (1 - a) * 255) << 16
                    | (int) Math.round(a * (p >> 8 & 0xFF) + (1 - a) * 255) << 8
                    | (int) Math.round((1 - a) * 255);
            MaterialTest.assertNear(rgba, 32, ROW, expected, 2);
        }
    }
}
