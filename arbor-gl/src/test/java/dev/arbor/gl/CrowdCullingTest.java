package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.Skeleton;
import dev.arbor.bounds.Aabb;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.joml.Matrix4f;
import org.joml.Matrix4x3f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryUtil;

/**
 * A row of twelve walking CesiumMan, 1.5 m apart along x, seen by an orthographic camera that frames the first
 * four: {@link CrowdVisibility} finds those four with the frustum query, and drawing only them gives the very pixels
 * of drawing all twelve.
 *
 * <pre>
 *   x:        0    1.5   3.0   4.5 | 6.0   7.5  ...  16.5
 *   view:  [-1 ................ 5.25]
 *   drawn:    0     1     2     3  |  (4 to 11 culled)
 * </pre>
 */
class CrowdCullingTest {
    static final int COPIES = 12;
    static final int WIDTH = 320;
    static final int HEIGHT = 160;

    @Test
    void instancesOutsideTheFrustumAreNotDrawnAndThePictureIsTheSame() throws Exception {
        GltfModel model = ModelRendererTest.model("CesiumMan");
        int skin = 0;
        int meshNode = model.nodesWithSkin(skin)[0];
        int mesh = model.mesh(meshNode);
        int joints = model.skin(skin).jointCount();
        Hierarchy h = new Hierarchy();
        HierarchyBounds bounds = new HierarchyBounds(h);
        long[] meshNodes = new long[COPIES];
        GltfInstance[] copies = new GltfInstance[COPIES];
        for (int i = 0; i < COPIES; i++) {
            long root = h.createRoot();
            h.setLocalTranslation(root, 1.5f * i, 0, 0);
            copies[i] = model.instantiate(h, model.sceneToShow(), root);
            copies[i].applyAnimation(0, 0.1f * i, WrapMode.LOOP, model.restPose());
            meshNodes[i] = copies[i].handle(meshNode);
        }
        h.update();
        // each mesh node's content: the posed box of the first copy in its mesh's space, widened by a quarter
        float[] box = new float[6];
        ModelBounds.posed(copies[0], box);
        float[] meshBox = ModelRendererTest.widen(toMesh(h, meshNodes[0], box));
        for (long node : meshNodes) {
            bounds.setContentBounds(node, meshBox[0], meshBox[1], meshBox[2], meshBox[3], meshBox[4], meshBox[5]);
        }
        FloatBuffer palettes = MemoryUtil.memAllocFloat(COPIES * joints * 16);
        FloatBuffer worlds = MemoryUtil.memAllocFloat(COPIES * 16);
        try (GlContext gl = GlTests.context(WIDTH, HEIGHT); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            for (int i = 0; i < COPIES; i++) {
                Skeleton skeleton = copies[i].skeleton(skin);
                skeleton.writePalette(h, meshNodes[i], MatrixLayout.COLUMN_MAJOR_4X4, palettes, 16 * i * joints);
                h.getWorld(meshNodes[i], MatrixLayout.COLUMN_MAJOR_4X4, worlds, 16 * i);
            }
            // the first copy's posed box, stretched along x from -1 to 5.25
            float[] view = new float[6];
            ModelBounds.posed(copies[0], view);
            view[0] = -1f;
            view[3] = 5.25f;
            Camera camera = Camera.orthographic(view, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0),
                    (float) WIDTH / HEIGHT);
            CrowdVisibility visibility = new CrowdVisibility(bounds, meshNodes, COPIES);
            int[] visible = new int[COPIES];
            int count = visibility.query(camera, visible);
            System.out.printf("culling: %d of %d instances in view: %s%n", count, COPIES,
                    Arrays.toString(Arrays.copyOf(visible, count)));
            assertThat(Arrays.copyOf(visible, count)).containsExactly(0, 1, 2, 3);

            renderer.clear(ModelRendererTest.BACKGROUND_RGB[0], ModelRendererTest.BACKGROUND_RGB[1],
                    ModelRendererTest.BACKGROUND_RGB[2]);
            renderer.drawCrowd(gpu, mesh, COPIES, joints, palettes, worlds, camera);
            int[] all = pixels(gl);
            renderer.clear(ModelRendererTest.BACKGROUND_RGB[0], ModelRendererTest.BACKGROUND_RGB[1],
                    ModelRendererTest.BACKGROUND_RGB[2]);
            renderer.drawCrowd(gpu, mesh, visible, count, joints, palettes, worlds, camera);
            gl.writePng(ModelRendererTest.PICTURES.resolve("CesiumMan-culled.png"));
            int[] culled = pixels(gl);
            assertThat(culled).isEqualTo(all);
            assertThat(Coverage.count(Coverage.drawn(gl, ModelRendererTest.BACKGROUND))).isGreaterThan(1000);

            // the same camera with the world moved 100 m along x sees none
            Matrix4f shifted = new Matrix4f(camera.clipFromWorld()).translate(100, 0, 0);
            assertThat(visibility.query(Camera.of(shifted, new Vector3f(), new Vector3f(0, 0, -1), true), visible))
                    .isZero();
        } finally {
            MemoryUtil.memFree(palettes);
            MemoryUtil.memFree(worlds);
        }
    }

    /** A world box taken to a node's local space (the box of its eight corners). */
    static float[] toMesh(Hierarchy h, long node, float[] world) {
        float[] worldFromMesh = h.getWorld(node, new float[12], 0);
        float[] meshFromWorld = new Matrix4x3f().set(worldFromMesh).invert().get(new float[12]);
        float[] out = new float[6];
        Aabb.transform(meshFromWorld, 0, world, 0, out, 0);
        return out;
    }

    private static int[] pixels(GlContext gl) {
        java.awt.image.BufferedImage image = gl.readImage();
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }
}
