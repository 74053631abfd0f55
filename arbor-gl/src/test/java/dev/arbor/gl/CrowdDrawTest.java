package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.animation.Crowd;
import dev.arbor.gltf.GltfCrowd;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryUtil;

/**
 * A crowd of CesiumMan copies, each at its own time of the walk, sampled and skinned by a {@link Crowd} into
 * one direct buffer and drawn with one instanced draw call per primitive.
 */
class CrowdDrawTest {
    static final int COPIES = 4;
    static final int WIDTH = 400;
    static final int HEIGHT = 100;

    @Test
    void crowdAtDifferentTimesGivesDifferentSilhouettes() throws Exception {
        GltfModel model = ModelRendererTest.model("CesiumMan");
        int skin = 0;
        int meshNode = model.nodesWithSkin(skin)[0];
        int mesh = model.mesh(meshNode);
        Hierarchy hierarchy = new Hierarchy();
        GltfInstance[] copies = new GltfInstance[COPIES];
        long[] meshNodes = new long[COPIES];
        for (int i = 0; i < COPIES; i++) {
            long root = hierarchy.createRoot();
            hierarchy.setLocalTranslation(root, 1.5f * i, 0, 0);   // 1.5 m apart along x
            copies[i] = model.instantiate(hierarchy, model.sceneToShow(), root);
            meshNodes[i] = copies[i].handle(meshNode);
        }
        int joints = model.skin(skin).jointCount();
        Crowd crowd = GltfCrowd.of(copies);
        float[] times = {0f, 0.3f, 0.6f, 0.9f};
        System.arraycopy(times, 0, crowd.times(), 0, COPIES);
        FloatBuffer palettes = MemoryUtil.memAllocFloat(COPIES * joints * 16);
        FloatBuffer worlds = MemoryUtil.memAllocFloat(COPIES * 16);
        try (crowd;
             GlContext gl = GlTests.context(WIDTH, HEIGHT); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            crowd.frame();
            palettes.put(0, crowd.palettes(), 0, crowd.palettes().capacity());
            hierarchy.update();
            for (int i = 0; i < COPIES; i++) {
                hierarchy.getWorld(meshNodes[i], MatrixLayout.COLUMN_MAJOR_4X4, worlds, 16 * i);
            }
            // the view: the union of the copies' posed boxes, seen from the front
            float[] all = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE,
                    -Float.MAX_VALUE};
            float[] box = new float[6];
            for (GltfInstance copy : copies) {
                ModelBounds.posed(copy, box);
                for (int k = 0; k < 3; k++) {
                    all[k] = Math.min(all[k], box[k]);
                    all[3 + k] = Math.max(all[3 + k], box[3 + k]);
                }
            }
            Camera camera = Camera.orthographic(all, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0),
                    (float) WIDTH / HEIGHT);
            renderer.clear(ModelRendererTest.BACKGROUND_RGB[0], ModelRendererTest.BACKGROUND_RGB[1],
                    ModelRendererTest.BACKGROUND_RGB[2]);
            renderer.drawCrowd(gpu, mesh, COPIES, joints, palettes, worlds, camera);
            Files.createDirectories(ModelRendererTest.PICTURES);
            gl.writePng(ModelRendererTest.PICTURES.resolve("CesiumMan-crowd.png"));

            boolean[] drawn = Coverage.drawn(gl, ModelRendererTest.BACKGROUND);
            boolean[] reference = new boolean[WIDTH * HEIGHT];
            boolean[][] each = new boolean[COPIES][];
            for (int i = 0; i < COPIES; i++) {
                each[i] = Coverage.reference(copies[i], camera.clipFromWorld(), WIDTH, HEIGHT);
                for (int p = 0; p < reference.length; p++) {
                    reference[p] |= each[i][p];
                }
            }
            double overlap = Coverage.overlap(drawn, reference);
            System.out.printf("crowd: drawn=%d reference=%d overlap=%.4f%n", Coverage.count(drawn),
                    Coverage.count(reference), overlap);
            assertThat(overlap).isGreaterThanOrEqualTo(0.97);
            // each copy's drawn silhouette, moved to the first copy's place, against the others'
            int[][] boxes = new int[COPIES][];
            boolean[][] shapes = new boolean[COPIES][];
            for (int i = 0; i < COPIES; i++) {
                boxes[i] = Coverage.box(each[i], WIDTH);
                shapes[i] = crop(drawn, boxes[i], WIDTH);
                assertThat(Coverage.count(shapes[i])).as("copy %d drawn", i).isGreaterThan(200);
            }
            for (int i = 1; i < COPIES; i++) {
                double same = aligned(shapes[0], boxes[0], shapes[i], boxes[i]);
                System.out.printf("crowd: copy 0 (t=%.1f) versus copy %d (t=%.1f): overlap=%.4f%n", times[0], i,
                        times[i], same);
                assertThat(same).as("copy %d", i).isLessThan(0.9);
            }
        } finally {
            MemoryUtil.memFree(palettes);
            MemoryUtil.memFree(worlds);
        }
    }

    /** The drawn pixels inside a box (with a margin of 2), the rest cleared. */
    private static boolean[] crop(boolean[] mask, int[] box, int w) {
        boolean[] out = new boolean[mask.length];
        for (int y = Math.max(0, box[1] - 2); y <= Math.min(HEIGHT - 1, box[3] + 2); y++) {
            for (int x = Math.max(0, box[0] - 2); x <= Math.min(w - 1, box[2] + 2); x++) {
                out[y * w + x] = mask[y * w + x];
            }
        }
        return out;
    }

    /** Overlap of two silhouettes with their boxes' lower left corners put together. */
    private static double aligned(boolean[] a, int[] boxA, boolean[] b, int[] boxB) {
        int dx = boxB[0] - boxA[0];
        int dy = boxB[1] - boxA[1];
        boolean[] moved = new boolean[a.length];
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                int sx = x + dx;
                int sy = y + dy;
                if (sx >= 0 && sx < WIDTH && sy >= 0 && sy < HEIGHT) {
                    moved[y * WIDTH + x] = b[sy * WIDTH + sx];
                }
            }
        }
        return Coverage.overlap(a, moved);
    }

    @Test
    void misuseIsRefusedWithTheValueAndTheBound() throws Exception {
        GltfModel model = ModelRendererTest.model("CesiumMan");
        FloatBuffer small = MemoryUtil.memAllocFloat(16);
        try (GlContext gl = GlTests.context(16, 16); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            float[] box = {-1, -1, -1, 1, 1, 1};
            Camera camera = Camera.orthographic(box, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 1);
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 0, 2, 19, small, small, camera))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("palettes too short: limit=16, required=608");
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 0, 2, 0, small, small, camera))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("worldFromMesh too short: limit=16, required=32");
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 1, 1, 0, small, small, camera))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("mesh out of range: mesh=1, meshCount=1");
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 0, -1, 0, small, small, camera))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("negative count: instances=-1, joints=0, weightsPerInstance=0");
            GltfModel other = ModelRendererTest.model("BoxTextured");
            assertThatThrownBy(() -> renderer.draw(gpu, ModelRendererTest.posed(other, -1, 0), camera))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("instance of another model: instance=BoxTextured.glb, gpu=CesiumMan.glb");
            gpu.close();
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 0, 1, 0, small, small, camera))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("GPU model is closed: CesiumMan.glb");
            renderer.close();
            assertThatThrownBy(() -> renderer.drawCrowd(gpu, 0, 1, 0, small, small, camera))
                    .isInstanceOf(IllegalStateException.class).hasMessage("renderer is closed");
        } finally {
            MemoryUtil.memFree(small);
        }
    }

    @Test
    void cameraRefusesEmptyBoxesAndParallelDirections() {
        Vector3f up = new Vector3f(0, 1, 0);
        assertThatThrownBy(() -> Camera.orthographic(new float[] {0, 0, 0, -1, 1, 1}, 0, new Vector3f(0, 0, -1), up,
                1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bounds empty or not finite: axis=0, min=0.0, max=-1.0");
        assertThatThrownBy(() -> Camera.perspective(new float[] {0, 0, 0, 1, 1, 1}, 0, new Vector3f(0, 2, 0), up,
                1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("viewDirection parallel to up: viewDirection=( 0.000E+0  2.000E+0  0.000E+0),"
                        + " up=( 0.000E+0  1.000E+0  0.000E+0)");
        assertThatThrownBy(() -> Camera.perspective(new float[] {0, 0, 0, 1, 1, 1}, 0, new Vector3f(0, 0, -1), up,
                4, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("verticalFov out of range: verticalFov=4.0, range=(0, 3.1415927)");
        assertThatThrownBy(() -> Camera.orthographic(new float[] {0, 0, 0, 1, 1}, 0, new Vector3f(0, 0, -1), up, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bounds too short: length=5, offset=0, required=6");
    }
}
