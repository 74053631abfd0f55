package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * {@code EXT_mesh_gpu_instancing}: a unit quad's node, turned a quarter turn about z, with three instances; each is
 * drawn at {@code nodeWorld × T × R × S}, with one instanced draw call. Seen straight on
 * ({@link MaterialTest#straightOn}, world [-1, 1]² over 128 × 128 pixels).
 *
 * <pre>
 *   instance  T (node space)   R           S            world: centre, shape
 *   a         ( 0.5,  0.5)     —           0.4 × 0.4    (-0.5,  0.5), a square 0.4 wide
 *   b         ( 0.5, -0.5)     45° about z 0.4 × 0.4    ( 0.5,  0.5), a diamond, corners 0.283 from the centre
 *   c         (-0.5,  0)       —           0.8 × 0.2    ( 0,   -0.5), 0.2 wide, 0.8 tall (the node's turn)
 * </pre>
 */
class InstancingDrawTest {
    static final int SIZE = 128;
    static final int WHITE = 0xFFFFFF;
    static final float HALF = (float) Math.sqrt(0.5);

    static AttributeQuad threeInstances() {
        return new AttributeQuad().node("\"rotation\":[0,0," + HALF + "," + HALF + "]").instances(
                new float[] {0.5f, 0.5f, 0, 0.5f, -0.5f, 0, -0.5f, 0, 0},
                new float[] {0, 0, 0, 1, 0, 0, (float) Math.sin(Math.PI / 8), (float) Math.cos(Math.PI / 8), 0, 0, 0, 1},
                new float[] {0.4f, 0.4f, 1, 0.4f, 0.4f, 1, 0.8f, 0.2f, 1});
    }

    /** Whether the pixel at a world point (x, y) was drawn. */
    static boolean drawnAt(BufferedImage image, double x, double y) {
        return (image.getRGB((int) ((x + 1) * SIZE / 2), (int) ((1 - y) * SIZE / 2)) & 0xFFFFFF) != WHITE;
    }

    @Test
    void everyInstanceIsDrawnWhereItsTransformPlacesIt() throws Exception {
        GltfModel model = threeInstances().read("instances.gltf");
        GltfInstance instance = ModelRendererTest.posed(model, -1, 0);
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            Camera camera = MaterialTest.straightOn();
            renderer.clear(1, 1, 1);
            renderer.draw(gpu, instance, camera);
            Files.createDirectories(ModelRendererTest.PICTURES);
            gl.writePng(ModelRendererTest.PICTURES.resolve("instances.png"));
            BufferedImage image = gl.readImage();

            // three shapes at the predicted centres, nothing between them
            assertThat(drawnAt(image, -0.5, 0.5)).as("a's centre").isTrue();
            assertThat(drawnAt(image, 0.5, 0.5)).as("b's centre").isTrue();
            assertThat(drawnAt(image, 0, -0.5)).as("c's centre").isTrue();
            assertThat(drawnAt(image, 0, 0)).as("the origin, between them").isFalse();
            assertThat(drawnAt(image, 0, 0.5)).as("between a and b").isFalse();
            // a: an axis-aligned square of half-width 0.2
            assertThat(drawnAt(image, -0.5 + 0.17, 0.5 + 0.17)).as("a's corner").isTrue();
            assertThat(drawnAt(image, -0.5 + 0.25, 0.5)).as("beyond a's side").isFalse();
            // b: turned 45°, a diamond reaching 0.283 along the axes but not to (0.19, 0.19)
            assertThat(drawnAt(image, 0.5 + 0.25, 0.5)).as("b's right corner").isTrue();
            assertThat(drawnAt(image, 0.5, 0.5 - 0.25)).as("b's lower corner").isTrue();
            assertThat(drawnAt(image, 0.5 + 0.17, 0.5 + 0.17)).as("outside b's edge").isFalse();
            // c: scaled 0.8 × 0.2 in the node's space, then turned by the node: tall, not wide
            assertThat(drawnAt(image, 0, -0.5 + 0.35)).as("c's top").isTrue();
            assertThat(drawnAt(image, 0, -0.5 - 0.35)).as("c's bottom").isTrue();
            assertThat(drawnAt(image, 0.15, -0.5)).as("beside c").isFalse();

            // covered area: three shapes of 0.16 world units² each, 4,096 pixels per unit²: 1,966; measured 1,984
            boolean[] drawn = Coverage.drawn(gl, WHITE);
            System.out.printf("instances: drawn=%d%n", Coverage.count(drawn));
            assertThat(Coverage.count(drawn)).isBetween(1900, 2040);
            boolean[] reference = Coverage.reference(instance, camera.clipFromWorld(), SIZE, SIZE);
            assertThat(Coverage.overlap(drawn, reference)).isGreaterThanOrEqualTo(0.99);
        }
    }

    @Test
    void theBoundsHoldEveryInstance() throws Exception {
        GltfModel model = threeInstances().read("instances.gltf");
        float[] box = new float[6];
        assertThat(ModelBounds.posed(ModelRendererTest.posed(model, -1, 0), box)).isTrue();
        // x from a's left side to b's right corner, y from c's bottom to b's upper corner
        float corner = 0.2f * (float) Math.sqrt(2);
        float[] expected = {-0.7f, -0.9f, 0, 0.5f + corner, 0.5f + corner, 0};
        for (int k = 0; k < 6; k++) {
            assertThat(box[k]).as("box[%d]", k).isCloseTo(expected[k], within(1e-5f));
        }
    }
}
