package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryUtil;

/**
 * Morph targets displaced in the vertex shader from the instance's {@link MorphWeights}, against the CPU's
 * {@code GltfPrimitive.morphed} of the same weights (the reference rasterizer of {@link Coverage} fills the CPU-morphed
 * triangles). AnimatedMorphCube: a cube with the targets {@code thin} and {@code angle}, its clip moving between them.
 */
class MorphDrawTest {
    static final int SIZE = 200;

    static GltfModel gltf(String name) throws Exception {
        return Gltf.read(Path.of(MorphDrawTest.class.getResource("/models/" + name + "/" + name + ".gltf").toURI()));
    }

    @Test
    void morphedCubeCoversThePixelsOfTheCpuMorph() throws Exception {
        GltfModel model = gltf("AnimatedMorphCube");
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            assertThat(gpu.notes()).isEmpty();
            // one camera for every pose: fitted to the rest cube, from the front left and above
            GltfInstance rest = ModelRendererTest.posed(model, -1, 0);
            float[] box = new float[6];
            ModelBounds.posed(rest, box);
            for (int k = 0; k < 3; k++) {   // room for the targets, which move vertices out of the rest box
                float half = (box[3 + k] - box[k]) / 2;
                box[k] -= half;
                box[3 + k] += half;
            }
            Camera camera = Camera.perspective(box, 0, new Vector3f(0.6f, -0.5f, -1f), new Vector3f(0, 1, 0),
                    (float) Math.toRadians(40), 1f);
            boolean[] restDrawn = null;
            float duration = model.animation(0).endTime();
            for (float fraction : new float[] {0f, 0.25f, 0.5f, 0.75f}) {
                GltfInstance instance = ModelRendererTest.posed(model, 0, fraction * duration);
                MorphWeights weights = model.restWeights();
                model.animation(0).sampleWeights(fraction * duration, WrapMode.LOOP, weights);
                instance.applyWeights(weights);
                String picture = String.format("AnimatedMorphCube-%.2f.png", fraction);
                double overlap = ModelRendererTest.drawAndCompare(gl, renderer, gpu, instance, camera, picture);
                System.out.printf("%s: weights=%s%n", picture, weights);
                assertThat(overlap).as(picture).isGreaterThanOrEqualTo(0.97);
                boolean[] drawn = Coverage.drawn(gl, ModelRendererTest.BACKGROUND);
                if (restDrawn == null) {
                    restDrawn = Coverage.reference(rest, camera.clipFromWorld(), SIZE, SIZE);
                }
                double fromRest = Coverage.overlap(drawn, restDrawn);
                System.out.printf("%s: overlap with the rest cube=%.4f%n", picture, fromRest);
                if (weights.weight(0, 0) + weights.weight(0, 1) > 0.5f) {
                    assertThat(fromRest).as(picture + " against the rest cube").isLessThan(0.9);
                }
            }
        }
    }

    @Test
    void weightsSetByHandAreDrawnAsTheCpuMorphsThem() throws Exception {
        GltfModel model = gltf("SimpleMorph");
        try (GlContext gl = GlTests.context(SIZE, SIZE); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            GltfInstance instance = ModelRendererTest.posed(model, -1, 0);
            float[] box = {-0.5f, -0.5f, -0.5f, 2.5f, 2.5f, 0.5f};
            Camera camera = Camera.orthographic(box, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 1f);
            MorphWeights weights = model.restWeights();
            for (float[] w : new float[][] {{0, 0}, {1, 0}, {0, 1}, {0.5f, 0.8f}}) {
                weights.set(0, w, 0);
                instance.applyWeights(weights);
                String picture = String.format("SimpleMorph-%.1f-%.1f.png", w[0], w[1]);
                double overlap = ModelRendererTest.drawAndCompare(gl, renderer, gpu, instance, camera, picture);
                assertThat(overlap).as(picture).isGreaterThanOrEqualTo(0.97);
            }
        }
    }

    @Test
    void crowdOfCubesEachWithItsOwnWeightsCoversTheCpuMorphs() throws Exception {
        GltfModel model = gltf("AnimatedMorphCube");
        float[][] perCopy = {{0, 0}, {1, 0}, {0, 1}, {0.5f, 0.5f}};
        int copies = perCopy.length;
        int meshNode = model.morphNodes()[0];
        int mesh = model.mesh(meshNode);
        Hierarchy h = new Hierarchy();
        GltfInstance[] instances = new GltfInstance[copies];
        FloatBuffer weights = MemoryUtil.memAllocFloat(2 * copies);
        FloatBuffer worlds = MemoryUtil.memAllocFloat(16 * copies);
        MorphWeights w = model.restWeights();
        for (int i = 0; i < copies; i++) {
            long root = h.createRoot();
            h.setLocalTranslation(root, 3f * i, 0, 0);
            instances[i] = model.instantiate(h, model.sceneToShow(), root);
            w.set(0, perCopy[i], 0);
            instances[i].applyWeights(w);
            weights.put(2 * i, perCopy[i]);
        }
        h.update();
        for (int i = 0; i < copies; i++) {
            h.getWorld(instances[i].handle(meshNode), MatrixLayout.COLUMN_MAJOR_4X4, worlds, 16 * i);
        }
        int width = 400;
        int height = 100;
        try (GlContext gl = GlTests.context(width, height); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            Camera camera = Camera.orthographic(new float[] {-1.5f, -1.5f, -1.5f, 10.5f, 1.5f, 1.5f}, 0,
                    new Vector3f(0.3f, -0.3f, -1f), new Vector3f(0, 1, 0), (float) width / height);
            renderer.clear(ModelRendererTest.BACKGROUND_RGB[0], ModelRendererTest.BACKGROUND_RGB[1],
                    ModelRendererTest.BACKGROUND_RGB[2]);
            renderer.drawCrowd(gpu, mesh, copies, 0, worlds, worlds, weights, 2, camera);
            gl.writePng(ModelRendererTest.PICTURES.resolve("AnimatedMorphCube-crowd.png"));
            boolean[] drawn = Coverage.drawn(gl, ModelRendererTest.BACKGROUND);
            boolean[] reference = Coverage.reference(instances, camera.clipFromWorld(), width, height);
            double overlap = Coverage.overlap(drawn, reference);
            System.out.printf("morphed crowd: drawn=%d reference=%d overlap=%.4f%n", Coverage.count(drawn),
                    Coverage.count(reference), overlap);
            assertThat(overlap).isGreaterThanOrEqualTo(0.97);
            assertThat(Coverage.count(reference)).isGreaterThan(2000);
        } finally {
            MemoryUtil.memFree(weights);
            MemoryUtil.memFree(worlds);
        }
    }

    @Test
    void morphedDrawingAllocatesNothing() throws Exception {
        GltfModel model = gltf("AnimatedMorphCube");
        try (GlContext gl = GlTests.context(32, 32); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            Hierarchy h = new Hierarchy(16);
            GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
            float[] box = {-2, -2, -2, 2, 2, 2};
            Camera camera = Camera.orthographic(box, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 1f);
            MorphWeights weights = model.restWeights();
            long allocated = AllocationProbe.bytes(200, frame -> {
                model.animation(0).sampleWeights(frame * 0.01f, WrapMode.LOOP, weights);
                instance.applyWeights(weights);
                renderer.draw(gpu, instance, camera);
            });
            assertThat(allocated).isZero();
        }
    }
}
