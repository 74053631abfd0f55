package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class ModelRendererTest {
    /** The clear colour, which no lit model pixel of these models has. */
    static final int BACKGROUND = 0x336699;
    static final float[] BACKGROUND_RGB = {0x33 / 255f, 0x66 / 255f, 0x99 / 255f};
    static final Path PICTURES = Path.of("target", "pictures");

    static GltfModel model(String name) throws Exception {
        return Gltf.read(Path.of(ModelRendererTest.class.getResource("/models/" + name + "/" + name + ".glb").toURI()));
    }

    static GltfInstance posed(GltfModel model, int animation, float time) {
        Hierarchy h = new Hierarchy(Math.max(16, model.nodeCount()));
        GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        if (animation >= 0) {
            instance.applyAnimation(animation, time, WrapMode.LOOP, model.restPose());
        }
        h.update();
        return instance;
    }

    /** Draws the instance, writes the picture and returns the GPU's coverage against the reference's. */
    static double drawAndCompare(GlContext gl, ModelRenderer renderer, GpuModel gpu, GltfInstance instance,
                                 Camera camera, String picture) throws Exception {
        renderer.clear(BACKGROUND_RGB[0], BACKGROUND_RGB[1], BACKGROUND_RGB[2]);
        renderer.draw(gpu, instance, camera);
        Files.createDirectories(PICTURES);
        gl.writePng(PICTURES.resolve(picture));
        boolean[] drawn = Coverage.drawn(gl, BACKGROUND);
        boolean[] reference = Coverage.reference(instance, camera.clipFromWorld(), gl.width(), gl.height());
        double overlap = Coverage.overlap(drawn, reference);
        System.out.printf("%s: drawn=%d reference=%d overlap=%.4f%n", picture, Coverage.count(drawn),
                Coverage.count(reference), overlap);
        assertThat(Coverage.count(reference)).isGreaterThan(gl.width() * gl.height() / 40);
        return overlap;
    }

    @Test
    void texturedBoxIsDrawnWithItsTextureAndLitFaces() throws Exception {
        GltfModel model = model("BoxTextured");
        try (GlContext gl = GlTests.context(160, 160); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            assertThat(gpu.notes()).isEmpty();
            GltfInstance instance = posed(model, -1, 0);
            float[] bounds = new float[6];
            assertThat(ModelBounds.posed(instance, bounds)).isTrue();
            // the unit cube: -0.5 to 0.5 on every axis
            assertThat(bounds).containsExactly(new float[] {-0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f},
                    org.assertj.core.data.Offset.offset(1e-5f));
            Camera camera = Camera.perspective(bounds, 0, new Vector3f(-0.6f, -0.5f, -1f), new Vector3f(0, 1, 0),
                    (float) Math.toRadians(40), 1f);
            double overlap = drawAndCompare(gl, renderer, gpu, instance, camera, "BoxTextured.png");
            assertThat(overlap).isGreaterThanOrEqualTo(0.97);
            BufferedImage image = gl.readImage();
            assertThat(image.getRGB(0, 0) & 0xFFFFFF).isEqualTo(BACKGROUND);
            assertThat(image.getRGB(159, 159) & 0xFFFFFF).isEqualTo(BACKGROUND);
            Set<Integer> colours = new HashSet<>();
            for (int y = 0; y < 160; y++) {
                for (int x = 0; x < 160; x++) {
                    colours.add(image.getRGB(x, y) & 0xFFFFFF);
                }
            }
            // a plain lit box shows three flat shades; the texture (the logo on every face) gives hundreds
            System.out.println("BoxTextured: distinct colours=" + colours.size());
            assertThat(colours.size()).isGreaterThan(200);
        }
    }

    @Test
    void walkingManMatchesTheReferenceSilhouette() throws Exception {
        GltfModel model = model("CesiumMan");
        try (GlContext gl = GlTests.context(200, 200); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            for (float time : new float[] {0.5f, 1.25f}) {
                GltfInstance instance = posed(model, 0, time);
                float[] bounds = new float[6];
                ModelBounds.posed(instance, bounds);
                Camera camera = Camera.perspective(bounds, 0, new Vector3f(0.4f, -0.2f, -1f), new Vector3f(0, 1, 0),
                        (float) Math.toRadians(35), 1f);
                double overlap = drawAndCompare(gl, renderer, gpu, instance, camera, "CesiumMan-" + time + ".png");
                assertThat(overlap).as("t=%s", time).isGreaterThanOrEqualTo(0.97);
            }
        }
    }

    @Test
    void knownPoseBendsTheSilhouette() throws Exception {
        // RiggedSimple: a cylinder along one axis, two joints; its animation bends the upper half
        GltfModel model = model("RiggedSimple");
        try (GlContext gl = GlTests.context(128, 128); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            GltfInstance rest = posed(model, -1, 0);
            float[] bounds = new float[6];
            ModelBounds.posed(rest, bounds);
            Camera camera = Camera.orthographic(widen(bounds), 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 1f);
            double restOverlap = drawAndCompare(gl, renderer, gpu, rest, camera, "RiggedSimple-rest.png");
            boolean[] restMask = Coverage.drawn(gl, BACKGROUND);
            // at rest the cylinder stands upright, centred: its pixels' box is symmetric about the middle column
            int[] restBox = Coverage.box(restMask, 128);
            System.out.println("RiggedSimple rest box: " + java.util.Arrays.toString(restBox));
            assertThat(Math.abs(restBox[0] + restBox[2] - 127)).isLessThanOrEqualTo(1);
            GltfInstance bent = posed(model, 0, model.animation(0).endTime() / 2);
            double bentOverlap = drawAndCompare(gl, renderer, gpu, bent, camera, "RiggedSimple-bent.png");
            boolean[] bentMask = Coverage.drawn(gl, BACKGROUND);
            double restVersusBent = Coverage.overlap(restMask, bentMask);
            System.out.printf("RiggedSimple: rest=%.4f bent=%.4f rest versus bent=%.4f%n", restOverlap, bentOverlap,
                    restVersusBent);
            assertThat(restOverlap).isGreaterThanOrEqualTo(0.97);
            assertThat(bentOverlap).isGreaterThanOrEqualTo(0.97);
            assertThat(restVersusBent).isLessThan(0.9);
        }
    }

    @Test
    void drawingAPosedFrameAllocatesNothing() throws Exception {
        GltfModel model = model("CesiumMan");
        GltfInstance instance = posed(model, 0, 0);
        try (GlContext gl = GlTests.context(64, 64); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            float[] bounds = new float[6];
            ModelBounds.posed(instance, bounds);
            Camera camera = Camera.perspective(bounds, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 1f, 1f);
            long allocated = AllocationProbe.bytes(100, frame -> {
                renderer.clear(0, 0, 0);
                renderer.draw(gpu, instance, camera);
            });
            assertThat(allocated).isZero();
        }
    }

    /** The box grown by a quarter of its largest side in every direction, so that a bent pose stays in view. */
    static float[] widen(float[] b) {
        float side = Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2])) / 4;
        return new float[] {b[0] - side, b[1] - side, b[2] - side, b[3] + side, b[4] + side, b[5] + side};
    }
}
