package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.gltf.GltfModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/**
 * Materials with known pixels: unit quads ({@link QuadScene}) seen straight on by an orthographic camera that maps
 * world x and y in [-1, 1] to the 64 × 64 picture, so that a quad at the origin covers pixels 16 to 47 and its
 * texture's left half lies left of pixel 32. Lights are set so that one term of the shading is left at a time.
 *
 * <pre>
 *   picture x:   0 ........ 16 ..... 32 ..... 48 ........ 63
 *   world x:    -1        -0.5       0       0.5          1
 *   quad:                  [ u < 0.5 | u > 0.5 ]
 * </pre>
 */
class MaterialTest {
    static final int SIZE = 64;
    static final Vector3f NONE = new Vector3f();
    static final Vector3f ONE = new Vector3f(1);
    /** Pixels at the quad's left half, right half and outside it (picture rows from the top). */
    static final int LEFT = 24;
    static final int RIGHT = 40;
    static final int OUTSIDE = 4;
    static final int ROW = 32;

    static Camera straightOn() {
        Matrix4f clipFromWorld = new Matrix4f().ortho(-1, 1, -1, 1, 0.1f, 10f).lookAt(0, 0, 5, 0, 0, 0, 0, 1, 0);
        return Camera.of(clipFromWorld, new Vector3f(0, 0, 5), new Vector3f(0, 0, -1), true);
    }

    /** Draws the scene's model on a white background and returns the picture. */
    static BufferedImage draw(GlContext gl, ModelRenderer renderer, QuadScene scene, String picture)
            throws Exception {
        return draw(gl, renderer, scene.read(picture + ".gltf"), picture);
    }

    /** Draws a model at rest on a white background, writes the picture to {@code PICTURES} and returns it. */
    static BufferedImage draw(GlContext gl, ModelRenderer renderer, GltfModel model, String picture)
            throws Exception {
        try (GpuModel gpu = GpuModel.upload(model)) {
            assertThat(gpu.notes()).isEmpty();
            renderer.clear(1, 1, 1);
            renderer.draw(gpu, ModelRendererTest.posed(model, -1, 0), straightOn());
            Files.createDirectories(ModelRendererTest.PICTURES);
            gl.writePng(ModelRendererTest.PICTURES.resolve(picture + ".png"));
            return gl.readImage();
        }
    }

    static int rgb(BufferedImage image, int x, int y) {
        return image.getRGB(x, y) & 0xFFFFFF;
    }

    static void assertNear(BufferedImage image, int x, int y, int expectedRgb, int tolerance) {
        int actual = rgb(image, x, y);
        for (int shift = 0; shift <= 16; shift += 8) {
            int a = actual >> shift & 0xFF;
            int e = expectedRgb >> shift & 0xFF;
            assertThat(Math.abs(a - e)).as("pixel (%d, %d): %06x, expected %06x", x, y, actual, expectedRgb)
                    .isLessThanOrEqualTo(tolerance);
        }
    }

    @Test
    void emissionIsFactorTimesStrengthTimesTexture() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            renderer.setLight(new Vector3f(0, 0, 1), NONE, NONE);   // only the emission is left
            QuadScene factor = new QuadScene(false);
            factor.quad(0, 0, 0, 1, factor.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,0,1],"
                    + "\"metallicFactor\":0},\"emissiveFactor\":[1,0.5,0]}"));
            BufferedImage image = draw(gl, renderer, factor, "emissive-factor");
            // linear 0.5 encoded to sRGB: 1.055 × 0.5^(1/2.4) − 0.055 = 0.7354, × 255 = 187.5
            assertNear(image, LEFT, ROW, 0xFFBC00, 1);
            assertNear(image, RIGHT, ROW, 0xFFBC00, 1);
            assertThat(rgb(image, OUTSIDE, ROW)).isEqualTo(0xFFFFFF);

            QuadScene texture = new QuadScene(false);
            int stripes = texture.image(QuadScene.stripes(0xFFFF0000, 0xFF00FF00));
            texture.quad(0, 0, 0, 1, texture.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,0,1],"
                    + "\"metallicFactor\":0},\"emissiveFactor\":[1,1,1],\"emissiveTexture\":{\"index\":" + stripes
                    + "}}"));
            image = draw(gl, renderer, texture, "emissive-texture");
            assertNear(image, LEFT, ROW, 0xFF0000, 0);
            assertNear(image, RIGHT, ROW, 0x00FF00, 0);

            QuadScene strength = new QuadScene(false);
            strength.quad(0, 0, 0, 1, strength.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,0,1],"
                    + "\"metallicFactor\":0},\"emissiveFactor\":[0.25,0.25,0.25],\"extensions\":"
                    + "{\"KHR_materials_emissive_strength\":{\"emissiveStrength\":2}}}"));
            image = draw(gl, renderer, strength, "emissive-strength");
            assertNear(image, LEFT, ROW, 0xBCBCBC, 1);
        }
    }

    @Test
    void maskDiscardsFragmentsBelowTheCutoffAndOpaqueIgnoresAlpha() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            // unlit white: a drawn pixel is white-on-black-background-free, so draw on white and tint the texture
            for (String mode : new String[] {"MASK-0.5", "MASK-0.2", "OPAQUE"}) {
                QuadScene scene = new QuadScene(false);
                // alpha 0.25 on the left, 0.75 on the right, both red
                int stripes = scene.image(QuadScene.stripes(0x40FF0000, 0xC0FF0000));
                String alpha = mode.startsWith("MASK")
                        ? "\"alphaMode\":\"MASK\",\"alphaCutoff\":" + mode.substring(5) : "\"alphaMode\":\"OPAQUE\"";
                scene.quad(0, 0, 0, 1, scene.material("{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":"
                        + stripes + "}}," + alpha + ",\"extensions\":{\"KHR_materials_unlit\":{}}}"));
                BufferedImage image = draw(gl, renderer, scene, "alpha-" + mode);
                boolean leftDrawn = !mode.equals("MASK-0.5");
                assertThat(rgb(image, LEFT, ROW)).as(mode + " left").isEqualTo(leftDrawn ? 0xFF0000 : 0xFFFFFF);
                assertThat(rgb(image, RIGHT, ROW)).as(mode + " right").isEqualTo(0xFF0000);
                assertThat(image.getRGB(RIGHT, ROW) >>> 24).as(mode + " alpha written").isEqualTo(255);
            }
        }
    }

    @Test
    void blendIsDrawnAfterTheOpaqueAndBackToFront() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            String unlit = ",\"extensions\":{\"KHR_materials_unlit\":{}}}";
            // the BLEND quad comes first in the file, in front of an opaque one: drawn after it, it tints it
            QuadScene over = new QuadScene(false);
            int blue = over.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,1,0.5]},"
                    + "\"alphaMode\":\"BLEND\"" + unlit);
            int red = over.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[1,0,0,1]}" + unlit);
            over.quad(0, 0, 0, 1, blue).quad(0, 0, -1, 1.5f, red);
            BufferedImage image = draw(gl, renderer, over, "blend-over-opaque");
            // blended in the sRGB framebuffer: 0.5 × blue + 0.5 × red
            assertNear(image, LEFT, ROW, 0x800080, 1);
            assertNear(image, 12, ROW, 0xFF0000, 0);   // the red quad alone

            // two BLEND quads, the near one first in the file: sorted, the far green one is drawn first
            QuadScene two = new QuadScene(false);
            int near = two.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,0,1,0.5]},"
                    + "\"alphaMode\":\"BLEND\"" + unlit);
            int far = two.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":[0,1,0,0.5]},"
                    + "\"alphaMode\":\"BLEND\"" + unlit);
            two.quad(0, 0, 0.5f, 1, near).quad(0, 0, -0.5f, 1, far);
            image = draw(gl, renderer, two, "blend-sorted");
            // white, then green at 0.5: (0.5, 1, 0.5); then blue at 0.5: (0.25, 0.5, 0.75)
            assertNear(image, LEFT, ROW, 0x4080BF, 2);
        }
    }

    @Test
    void singleSidedMaterialsHideTheirBackFaces() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            for (boolean doubleSided : new boolean[] {false, true}) {
                QuadScene scene = new QuadScene(false);
                scene.backwardQuad(0, 0, 0, scene.material("{\"pbrMetallicRoughness\":{\"baseColorFactor\":"
                        + "[1,0,0,1]},\"doubleSided\":" + doubleSided + ",\"extensions\":{\"KHR_materials_unlit\":{}}}"));
                BufferedImage image = draw(gl, renderer, scene, "double-sided-" + doubleSided);
                assertThat(rgb(image, LEFT, ROW)).as("doubleSided=" + doubleSided)
                        .isEqualTo(doubleSided ? 0xFF0000 : 0xFFFFFF);
            }
        }
    }

    @Test
    void occlusionDarkensTheAmbientTermByItsStrength() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            renderer.setLight(new Vector3f(0, 0, 1), NONE, ONE);   // only the ambient term is left
            for (float strength : new float[] {1f, 0.5f}) {
                QuadScene scene = new QuadScene(false);
                int stripes = scene.image(QuadScene.stripes(0xFF000000, 0xFFFFFFFF));   // occlusion 0, then 1
                scene.quad(0, 0, 0, 1, scene.material("{\"pbrMetallicRoughness\":{\"metallicFactor\":0},"
                        + "\"occlusionTexture\":{\"index\":" + stripes + ",\"strength\":" + strength + "}}"));
                BufferedImage image = draw(gl, renderer, scene, "occlusion-" + strength);
                // 1 + strength × (occlusion − 1): 0 at full strength, 0.5 (sRGB 188) at half
                assertNear(image, LEFT, ROW, strength == 1f ? 0x000000 : 0xBCBCBC, 1);
                assertNear(image, RIGHT, ROW, 0xFFFFFF, 0);
            }
        }
    }

    @Test
    void normalTextureTurnsTheNormalInTheTangentFrame() throws Exception {
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer()) {
            // tangent-space normals: +x (the tangent, along u), and straight up (the quad's own normal)
            for (boolean tangents : new boolean[] {false, true}) {
                QuadScene scene = new QuadScene(tangents);
                int texture = scene.image(QuadScene.stripes(0xFFFF8080, 0xFF8080FF));
                scene.quad(0, 0, 0, 1, scene.material("{\"pbrMetallicRoughness\":{\"metallicFactor\":0},"
                        + "\"normalTexture\":{\"index\":" + texture + "}}"));
                String name = "normal-" + (tangents ? "tangents" : "derivatives");
                // light from the left front: the left half's normal (+x) faces away from it, black without ambient
                renderer.setLight(new Vector3f(-1, 0, 1), new Vector3f((float) Math.PI), NONE);
                BufferedImage fromLeft = draw(gl, renderer, scene, name + "-light-left");
                assertNear(fromLeft, LEFT, ROW, 0x000000, 0);
                int flat = rgb(fromLeft, RIGHT, ROW);
                assertThat(flat & 0xFF).as(name + ": the flat half is lit").isGreaterThan(100);
                // light from the right front: the turned half faces it more than the flat half does
                renderer.setLight(new Vector3f(1, 0, 1), new Vector3f((float) Math.PI), NONE);
                BufferedImage fromRight = draw(gl, renderer, scene, name + "-light-right");
                assertThat(rgb(fromRight, LEFT, ROW) & 0xFF).as(name + ": the turned half")
                        .isGreaterThan(flat & 0xFF);
                // the flat half is lit alike from either side (mirror-symmetric light)
                assertNear(fromRight, RIGHT, ROW, flat, 1);
            }
        }
    }
}
