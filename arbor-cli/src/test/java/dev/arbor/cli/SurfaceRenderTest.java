package dev.arbor.cli;

import static dev.arbor.cli.GltfCommandsTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.cli.Picture.Extent;
import dev.arbor.cli.Picture.Projection;
import dev.arbor.cli.RenderCommand.View;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.assertj.core.data.Offset;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CPU {@code render} on glTF files built here, pixel by pixel: the square [-1, 1]² facing the viewer (front
 * view), textured, coloured per vertex, with normals, morph targets or instances; each expected colour is the base
 * colour × the light a normal receives ({@link SurfaceShader#light}), encoded as sRGB, at the pixel where the
 * projection ({@link Projection#fit}, the same fit the command makes) puts the world point.
 */
class SurfaceRenderTest {
    private static final int SIZE = 200;
    private static final int RED = 0xFFFF0000;
    private static final int GREEN = 0xFF00FF00;
    private static final int BLUE = 0xFF0000FF;
    private static final int YELLOW = 0xFFFFFF00;
    /** The 2 × 2 texture: red, green on the top row; blue, yellow below. */
    private static final String CHECKER = TestGltf.png(2, 2, RED, GREEN, BLUE, YELLOW);
    /** A sampler of nearest texels, repeating. */
    private static final String NEAREST = "{\"magFilter\":9728}";
    private static final float FACING = new SurfaceShader(View.front).light(0, 0, 1);

    @TempDir
    Path temp;

    /** The rendered picture and the command's standard error. */
    private record Rendered(BufferedImage image, String err, Projection projection) {
        /** The pixel where the world point (x, y, 0) falls, {@code 0xRRGGBB}. */
        int at(float x, float y) {
            return image.getRGB((int) Math.floor(projection.x(x, y, 0)), (int) Math.floor(projection.y(x, y, 0)))
                    & 0xFFFFFF;
        }
    }

    private Rendered render(Path file, float minX, float minY, float maxX, float maxY) throws IOException {
        Path png = temp.resolve(file.getFileName() + ".png");
        String[] r = run(0, "render", file.toString(), "--size", Integer.toString(SIZE), "-o", png.toString());
        Extent extent = new Extent();
        extent.add(View.front, minX, minY, 0);
        extent.add(View.front, maxX, maxY, 0);
        return new Rendered(ImageIO.read(png.toFile()), r[1], Projection.fit(extent, View.front, SIZE));
    }

    /** The sRGB pixel of a linear colour under a light. */
    private static int lit(float r, float g, float b, float light) {
        return Picture.srgb(r * light) << 16 | Picture.srgb(g * light) << 8 | Picture.srgb(b * light);
    }

    /** A texel's colour (8-bit values 0 or 255, so linear 0 or 1) facing the light. */
    private static int lit(int argb) {
        return lit((argb >> 16 & 0xFF) / 255f, (argb >> 8 & 0xFF) / 255f, (argb & 0xFF) / 255f, FACING);
    }

    /** The square with the checker texture, its sampler and texture reference's extra members as given. */
    private Path texturedSquare(String name, float uvScale, String sampler, String referenceExtra) throws IOException {
        TestGltf g = new TestGltf();
        int[] indices = new int[1];
        String attributes = g.square(uvScale, indices);
        return g.write(temp.resolve(name + ".gltf"), "\"extensionsUsed\":[\"KHR_texture_transform\"],"
                + "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{" + attributes + "},\"indices\":" + indices[0]
                + ",\"material\":0}]}],"
                + "\"materials\":[{\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0" + referenceExtra
                + "}}}],\"textures\":[{\"source\":0,\"sampler\":0}],\"samplers\":[" + sampler + "],"
                + "\"images\":[{\"uri\":\"" + CHECKER + "\"}]");
    }

    @Test
    void eachQuadrantOfTheSquareShowsItsTexelTheRightWayUp() throws IOException {
        // UV (0, 0) is the image's top-left corner: red at the upper left of the square, yellow at the lower right
        // nearest texels: exactly the texel's colour
        Rendered nearest = render(texturedSquare("nearest", 1, NEAREST, ""), -1, -1, 1, 1);
        assertThat(nearest.err).isEmpty();
        assertThat(nearest.at(-0.5f, 0.5f)).isEqualTo(lit(RED));
        assertThat(nearest.at(0.5f, 0.5f)).isEqualTo(lit(GREEN));
        assertThat(nearest.at(-0.5f, -0.5f)).isEqualTo(lit(BLUE));
        assertThat(nearest.at(0.5f, -0.5f)).isEqualTo(lit(YELLOW));
        assertThat(nearest.at(0.1f, 0.1f)).isEqualTo(lit(GREEN));
        // bilinear (the default): the texel's colour at its centre (within the pixel's distance from it), the mean
        // of the four (in linear colour) at the middle of the square
        Rendered bilinear = render(texturedSquare("bilinear", 1, "{}", ""), -1, -1, 1, 1);
        int[] texels = {RED, GREEN, BLUE, YELLOW};
        float[][] centres = {{-0.5f, 0.5f}, {0.5f, 0.5f}, {-0.5f, -0.5f}, {0.5f, -0.5f}};
        for (int k = 0; k < 4; k++) {
            int pixel = bilinear.at(centres[k][0], centres[k][1]);
            for (int shift = 0; shift <= 16; shift += 8) {
                // in linear colour: the pixel's centre lies up to a pixel from the texel's, 1/124 of the texture
                assertThat(linear(channel(pixel, shift))).as("texel %d", k)
                        .isCloseTo(linear(channel(lit(texels[k]), shift)), Offset.offset(0.02));
            }
        }
        int middle = bilinear.at(0.001f, 0.001f);
        assertThat(channel(middle, 16)).isCloseTo(Picture.srgb(0.5 * FACING), Offset.offset(6));
        assertThat(channel(middle, 8)).isCloseTo(Picture.srgb(0.5 * FACING), Offset.offset(6));
        assertThat(channel(middle, 0)).isCloseTo(Picture.srgb(0.25 * FACING), Offset.offset(6));
    }

    /** An 8-bit sRGB value as linear. */
    private static double linear(int srgb) {
        double s = srgb / 255.0;
        return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }

    private static int channel(int rgb, int shift) {
        return rgb >> shift & 0xFF;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # transform                                 | upper left | upper right | lower left | lower right
            "offset":[0.5,0]                            | GREEN      | RED         | YELLOW     | BLUE
            "offset":[0,0.5]                            | BLUE       | YELLOW      | RED        | GREEN
            "rotation":1.5707964                        | BLUE       | RED         | YELLOW     | GREEN
            "scale":[-1,1]                              | GREEN      | RED         | YELLOW     | BLUE
            "texCoord":0,"offset":[0.5,0.5]             | YELLOW     | BLUE        | GREEN      | RED
            """)
    void textureTransformMovesTheTexelsToThePredictedQuadrants(String transform, String upperLeft,
                                                             String upperRight, String lowerLeft, String lowerRight)
            throws IOException {
        // nearest texels, REPEAT wrapping; a quadrant's centre has UV (0.25 or 0.75, 0.25 or 0.75), taken to
        // T(offset) × R(rotation) × S(scale) × uv with R = [cos sin; -sin cos] (rotation by π/2: u' = v, v' = -u)
        Rendered r = render(texturedSquare("transform", 1, NEAREST,
                ",\"extensions\":{\"KHR_texture_transform\":{" + transform + "}}"), -1, -1, 1, 1);
        assertThat(r.err).isEmpty();
        assertThat(r.at(-0.5f, 0.5f)).as("upper left").isEqualTo(lit(named(upperLeft)));
        assertThat(r.at(0.5f, 0.5f)).as("upper right").isEqualTo(lit(named(upperRight)));
        assertThat(r.at(-0.5f, -0.5f)).as("lower left").isEqualTo(lit(named(lowerLeft)));
        assertThat(r.at(0.5f, -0.5f)).as("lower right").isEqualTo(lit(named(lowerRight)));
    }

    private static int named(String colour) {
        return switch (colour) {
            case "RED" -> RED;
            case "GREEN" -> GREEN;
            case "BLUE" -> BLUE;
            default -> YELLOW;
        };
    }

    @ParameterizedTest
    @CsvSource({"10497, GREEN, RED, GREEN, RED", "33648, GREEN, GREEN, RED, RED", "33071, GREEN, GREEN, GREEN, GREEN"})
    void wrapModesRepeatMirrorOrClampBeyondTheImage(int wrap, String u075, String u125, String u175, String u225)
            throws IOException {
        // UVs 0 to 3 across the square (nearest texels): u = 0.75 is the right texel; beyond 1, REPEAT starts
        // again, MIRRORED_REPEAT runs back (right texel from 1 to 1.5, left from 1.5 to 2, left again from 2 to
        // 2.5), CLAMP_TO_EDGE keeps the right edge's texel
        Rendered r = render(texturedSquare("wrap" + wrap, 3, "{\"magFilter\":9728,\"wrapS\":" + wrap
                + ",\"wrapT\":10497}", ""), -1, -1, 1, 1);
        float row = 1 - 2 * 0.25f / 3; // v = 0.25: the top row of texels
        String[] expected = {u075, u125, u175, u225};
        float[] us = {0.75f, 1.25f, 1.75f, 2.25f};
        for (int k = 0; k < 4; k++) {
            float x = -1 + 2 * us[k] / 3;
            assertThat(r.at(x, row)).as("u = %s", us[k]).isEqualTo(lit(named(expected[k])));
        }
    }

    /** The square with the given extra attributes and material; one node with the given extra members. */
    private Path square(String name, String extraAttributes, String material, String nodeExtra,
                        TestGltf g) throws IOException {
        int[] indices = new int[1];
        String attributes = g.square(1, indices) + extraAttributes;
        return g.write(temp.resolve(name + ".gltf"), "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                + "\"nodes\":[{\"mesh\":0" + nodeExtra + "}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{" + attributes + "},\"indices\":" + indices[0]
                + ",\"material\":0}]}],\"materials\":[" + material + "]");
    }

    @Test
    void vertexColoursAreInterpolatedAcrossTheTriangles() throws IOException {
        // red on the left corners, green on the right: the colour at x is red (1 − t), green t, t = (x + 1) / 2
        for (boolean bytes : new boolean[] {false, true}) {
            TestGltf g = new TestGltf();
            int colors = bytes ? g.normalizedBytes(255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255)
                    : g.floats("VEC3", 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0);
            Rendered r = render(square("colours" + bytes, ",\"COLOR_0\":" + colors, "{}", "", g), -1, -1, 1, 1);
            for (float x : new float[] {-0.6f, 0, 0.5f}) {
                int px = (int) Math.floor(r.projection.x(x, 0, 0));
                // the pixel's centre, back in world units
                double centre = (px + 0.5 - SIZE / 2.0) / r.projection.scale + r.projection.centreU;
                double t = (centre + 1) / 2;
                int pixel = r.at(x, 0.3f);
                assertThat(channel(pixel, 16)).as("red at x=%s", x)
                        .isCloseTo(Picture.srgb((1 - t) * FACING), Offset.offset(2));
                assertThat(channel(pixel, 8)).as("green at x=%s", x)
                        .isCloseTo(Picture.srgb(t * FACING), Offset.offset(2));
                assertThat(channel(pixel, 0)).isZero();
            }
        }
    }

    @Test
    void normalsShadeSmoothlyWhereFlatShadingIsOneColour() throws IOException {
        // the left corners' normals lean left, the right ones' right: across the square the light changes; without
        // NORMAL every pixel has the face's light. Base colour: the factor 1, 1, 1.
        String white = "{\"pbrMetallicRoughness\":{\"baseColorFactor\":[1,1,1,1]}}";
        float lean = 0.6f;
        TestGltf g = new TestGltf();
        int normals = g.floats("VEC3", -lean, 0, 0.8f, lean, 0, 0.8f, lean, 0, 0.8f, -lean, 0, 0.8f);
        Rendered smooth = render(square("smooth", ",\"NORMAL\":" + normals, white, "", g), -1, -1, 1, 1);
        Rendered flat = render(square("flat", "", white, "", new TestGltf()), -1, -1, 1, 1);
        SurfaceShader shader = new SurfaceShader(View.front);
        for (float x : new float[] {-0.9f, -0.3f, 0.4f, 0.9f}) {
            assertThat(flat.at(x, 0)).as("flat at %s", x).isEqualTo(lit(1, 1, 1, FACING));
            int px = (int) Math.floor(smooth.projection.x(x, 0, 0));
            double centre = (px + 0.5 - SIZE / 2.0) / smooth.projection.scale + smooth.projection.centreU;
            float nx = (float) (lean * centre);
            float length = (float) Math.sqrt(nx * nx + 0.64f);
            int expected = Picture.srgb(shader.light(nx / length, 0, 0.8f / length));
            assertThat(channel(smooth.at(x, 0), 8)).as("smooth at %s", x)
                    .isCloseTo(expected, Offset.offset(1));
        }
        // the light comes from the upper left: the left edge is lit more than the right
        assertThat(channel(smooth.at(-0.9f, 0), 8)).isGreaterThan(channel(smooth.at(0.9f, 0), 8) + 20);
        // a mirrored node (scale -1 on x) mirrors the normals with the positions: the symmetric square looks the same
        TestGltf m = new TestGltf();
        int mirroredNormals = m.floats("VEC3", -lean, 0, 0.8f, lean, 0, 0.8f, lean, 0, 0.8f, -lean, 0, 0.8f);
        Rendered mirrored = render(square("mirrored", ",\"NORMAL\":" + mirroredNormals, white,
                ",\"scale\":[-1,1,1]", m), -1, -1, 1, 1);
        for (float x : new float[] {-0.9f, -0.3f, 0.4f, 0.9f}) {
            assertThat(channel(mirrored.at(x, 0), 8)).as("mirrored at %s", x)
                    .isCloseTo(channel(smooth.at(x, 0), 8), Offset.offset(1));
        }
    }

    @Test
    void morphWeightsMoveTheSilhouetteByTheTargetsDisplacement() throws IOException {
        // the target moves the right corners 2 to the right: the square becomes 2 + 2w wide and stays 2 high
        for (String weights : new String[] {"", ",\"weights\":[0]", ",\"weights\":[0.5]"}) {
            TestGltf g = new TestGltf();
            int[] indices = new int[1];
            String attributes = g.square(1, indices);
            int target = g.floats("VEC3", 0, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 0);
            Path file = g.write(temp.resolve("morph.gltf"), "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                    + "\"nodes\":[{\"mesh\":0" + weights + "}],\"meshes\":[{\"primitives\":[{\"attributes\":{"
                    + attributes + "},\"indices\":" + indices[0] + ",\"targets\":[{\"POSITION\":" + target
                    + "}]}],\"weights\":[1]}]");
            float w = weights.isEmpty() ? 1 : weights.contains("0.5") ? 0.5f : 0;
            Rendered r = render(file, -1, -1, 1 + 2 * w, 1);
            assertThat(r.err).as(weights).isEmpty();
            int middleRow = (int) Math.floor(r.projection.y(0, 0, 0));
            int middleColumn = (int) Math.floor(r.projection.x(0, 0, 0));
            int wide = covered(r.image, middleRow, true);
            int high = covered(r.image, middleColumn, false);
            assertThat(wide).as("width, weights %s", weights).isCloseTo(Math.round(high * (1 + w)),
                    Offset.offset(2));
        }
    }

    /** Pixels not white along a row (or a column), below the title band. */
    private static int covered(BufferedImage image, int line, boolean row) {
        int count = 0;
        int n = row ? image.getWidth() : image.getHeight();
        for (int k = (int) Picture.TITLE_BAND; k < n; k++) {
            int rgb = (row ? image.getRGB(k, line) : image.getRGB(line, k)) & 0xFFFFFF;
            count += rgb == 0xFFFFFF ? 0 : 1;
        }
        return count;
    }

    /** Runs of pixels not white along a row. */
    private static int blobs(BufferedImage image, int row) {
        int runs = 0;
        boolean inside = false;
        for (int x = 0; x < image.getWidth(); x++) {
            boolean drawn = (image.getRGB(x, row) & 0xFFFFFF) != 0xFFFFFF;
            runs += drawn && !inside ? 1 : 0;
            inside = drawn;
        }
        return runs;
    }

    /** Instances: translation, rotation (x y z w), scale. */
    private static final float[][] INSTANCES = {
        {-4, 0, 0, 0, 0, 0, 1, 1, 1, 1},
        {0, 0, 0, 0, 0, 0.38268343f, 0.9238795f, 0.5f, 0.5f, 0.5f},
        {4, 1, -1, 0, 0, 0.70710677f, 0.70710677f, 2, 1, 1},
    };

    private Path instanced(String name) throws IOException {
        TestGltf g = new TestGltf();
        int[] indices = new int[1];
        String attributes = g.square(1, indices);
        float[] t = new float[9];
        float[] q = new float[12];
        float[] s = new float[9];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(INSTANCES[i], 0, t, 3 * i, 3);
            System.arraycopy(INSTANCES[i], 3, q, 4 * i, 4);
            System.arraycopy(INSTANCES[i], 7, s, 3 * i, 3);
        }
        int translation = g.floats("VEC3", t);
        int rotation = g.floats("VEC4", q);
        int scale = g.floats("VEC3", s);
        return g.write(temp.resolve(name + ".gltf"), "\"extensionsUsed\":[\"EXT_mesh_gpu_instancing\"],"
                + "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0,\"translation\":[0,0,1],"
                + "\"extensions\":{\"EXT_mesh_gpu_instancing\":{\"attributes\":{\"TRANSLATION\":" + translation
                + ",\"ROTATION\":" + rotation + ",\"SCALE\":" + scale + "}}}}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{" + attributes + "},\"indices\":" + indices[0]
                + "}]}]");
    }

    /** The world box of the square under the node (translation 0, 0, 1) and each instance, by its corners. */
    private static float[] instancedBox() {
        float[] box = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE,
            -Float.MAX_VALUE};
        for (float[] inst : INSTANCES) {
            // the node's translation (0, 0, 1) added to the instance's
            Matrix4f m = new Matrix4f().translate(inst[0], inst[1], inst[2] + 1)
                    .rotate(new Quaternionf(inst[3], inst[4], inst[5], inst[6])).scale(inst[7], inst[8], inst[9]);
            for (int corner = 0; corner < 4; corner++) {
                Vector3f p = m.transformPosition(new Vector3f(corner % 2 == 0 ? -1 : 1, corner < 2 ? -1 : 1, 0));
                for (int c = 0; c < 3; c++) {
                    box[c] = Math.min(box[c], p.get(c));
                    box[3 + c] = Math.max(box[3 + c], p.get(c));
                }
            }
        }
        return box;
    }

    @Test
    void everyInstanceIsDrawnAndTheFitCoversThemAll() throws IOException {
        float[] box = instancedBox();
        Rendered r = render(instanced("instanced"), box[0], box[1], box[3], box[4]);
        assertThat(r.err).isEmpty();
        // three separate shapes along y = 0.2: the square, the small turned one, the wide one turned upright
        assertThat(blobs(r.image, (int) Math.floor(r.projection.y(0, 0.2f, 0)))).isEqualTo(3);
        // each instance's centre is drawn, lit as a square facing the viewer
        for (float[] inst : INSTANCES) {
            assertThat(r.at(inst[0], inst[1])).isEqualTo(lit(Surface.GREY[0], Surface.GREY[1], Surface.GREY[2],
                    FACING));
        }
        // the fit: the leftmost and rightmost drawn columns are the instances' extreme x
        int row = (int) Math.floor(r.projection.y(0, 0.2f, 0));
        assertThat((r.image.getRGB((int) Math.floor(r.projection.x(box[3] - 0.05f, 0.2f, 0)), row) & 0xFFFFFF))
                .isNotEqualTo(0xFFFFFF);
        String out = run(0, "render", instanced("count").toString(), "--size", "64", "-o",
                temp.resolve("count.png").toString())[0];
        assertThat(out).contains("6 triangles");
    }

    @Test
    void boundsCoverEveryInstance() throws IOException {
        JsonNode json = new ObjectMapper().readTree(run(0, "bounds", instanced("bounds").toString(), "--json")[0]);
        JsonNode node = json.get("nodes").get(0);
        float[] box = instancedBox();
        for (String field : new String[] {"world_aabb", "subtree_aabb"}) {
            for (int c = 0; c < 6; c++) {
                assertThat(node.get(field).get(c).floatValue()).as("%s[%d]", field, c)
                        .isCloseTo(box[c], Offset.offset(1e-5f));
            }
        }
        // the widest instance reaches x = 4 + 1 (2 wide, turned upright: 1 across) and y = 1 + 2
        assertThat(box[3]).isCloseTo(5f, Offset.offset(1e-5f));
        assertThat(box[4]).isCloseTo(3f, Offset.offset(1e-5f));
    }

    @Test
    void alphaMaskDiscardsBelowTheCutOffAndBlendMixesWithTheBackground() throws IOException {
        // vertex alpha 0 on the left corners, 1 on the right: MASK 0.5 keeps the right half
        TestGltf g = new TestGltf();
        int colors = g.floats("VEC4", 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0);
        Rendered mask = render(square("mask", ",\"COLOR_0\":" + colors, "{\"pbrMetallicRoughness\":"
                + "{\"baseColorFactor\":[1,0,0,1]},\"alphaMode\":\"MASK\",\"alphaCutoff\":0.5}", "", g), -1, -1, 1, 1);
        assertThat(mask.at(-0.5f, 0)).isEqualTo(0xFFFFFF);
        assertThat(mask.at(-0.1f, 0)).isEqualTo(0xFFFFFF);
        assertThat(mask.at(0.1f, 0)).isEqualTo(lit(1, 0, 0, FACING));
        assertThat(mask.at(0.5f, 0)).isEqualTo(lit(1, 0, 0, FACING));
        // BLEND: the factor's alpha 0.5 mixes the lit red with the white background, half and half (8-bit values)
        Rendered blend = render(square("blend", "", "{\"pbrMetallicRoughness\":{\"baseColorFactor\":[1,0,0,0.5]},"
                + "\"alphaMode\":\"BLEND\"}", "", new TestGltf()), -1, -1, 1, 1);
        int red = lit(1, 0, 0, FACING);
        int alpha = Math.round(0.5f * 255);
        int expectedRed = ((red >> 16) * alpha + 255 * (255 - alpha) + 127) / 255;
        int expectedGreen = (255 * (255 - alpha) + 127) / 255;
        assertThat(blend.at(0.5f, -0.5f)).isEqualTo(expectedRed << 16 | expectedGreen << 8 | expectedGreen);
    }

    @Test
    void aTextureThatCannotBeDecodedIsWarnedOfAndDrawnAsTheFactor() throws IOException {
        TestGltf g = new TestGltf();
        int[] indices = new int[1];
        String attributes = g.square(1, indices);
        String webp = "data:image/webp;base64," + java.util.Base64.getEncoder().encodeToString(
                "RIFF\u001a\u0000\u0000\u0000WEBPVP8L".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Path file = g.write(temp.resolve("webp.gltf"), "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                + "\"nodes\":[{\"mesh\":0}],\"meshes\":[{\"primitives\":[{\"attributes\":{" + attributes
                + "},\"indices\":" + indices[0] + ",\"material\":0}]}],\"materials\":[{\"pbrMetallicRoughness\":"
                + "{\"baseColorFactor\":[0,0,1,1],\"baseColorTexture\":{\"index\":0}}}],"
                + "\"textures\":[{\"source\":0}],\"images\":[{\"name\":\"leaves\",\"uri\":\"" + webp + "\"}]");
        Rendered r = render(file, -1, -1, 1, 1);
        String[] lines = r.err.split("\\R");
        assertThat(lines).hasSize(1);
        assertThat(lines[0]).startsWith("arbor: render: warning: textures[0]: images[0] \"leaves\" not decoded: ")
                .endsWith("; drawn with the base colour factor");
        assertThat(r.at(0.5f, 0.5f)).isEqualTo(lit(0, 0, 1, FACING));
        assertThat(String.format(Locale.ROOT, "%06x", r.at(-0.5f, -0.5f))).isEqualTo(String.format(Locale.ROOT,
                "%06x", lit(0, 0, 1, FACING)));
    }
}
