package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.Crowd;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfCrowd;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.lwjgl.system.MemoryUtil;

/** The code of docs/gl.md, run: every java block of the page is a region of this file, word for word. */
class GlGuideTest {
    @Test
    void everyJavaBlockOfThePageIsARegionOfThisTest() throws Exception {
        String source = Files.readString(Path.of("src/test/java/dev/arbor/gl/GlGuideTest.java"));
        Map<String, String> regions = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?s)// \\[(\\w+)\\]\\n(.*?)\\n[ ]*// \\[/\\1\\]").matcher(source);
        while (m.find()) {
            regions.put(m.group(1), dedent(m.group(2)));
        }
        assertThat(regions).containsOnlyKeys("use", "crowd", "culling", "static");
        String page = Files.readString(Path.of("../docs/gl.md"));
        List<String> blocks = new ArrayList<>();
        Matcher b = Pattern.compile("(?s)```java\\n(.*?)\\n```").matcher(page);
        while (b.find()) {
            blocks.add(b.group(1));
        }
        assertThat(blocks).containsExactlyElementsOf(regions.values());
    }

    private static String dedent(String text) {
        String[] lines = text.split("\n", -1);
        int indent = Integer.MAX_VALUE;
        for (String line : lines) {
            if (!line.isBlank()) {
                indent = Math.min(indent, line.length() - line.stripLeading().length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k].isBlank() ? "" : lines[k].substring(indent).stripTrailing();
            out.append(k == 0 ? "" : "\n").append(line);
        }
        return out.toString();
    }

    @Test
    void thePagesFirstExampleWritesAPictureOfTheWalkingMan() throws Exception {
        GlTests.context(1, 1).close();   // skips where there is no EGL display
        Path file = Path.of(GlGuideTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI());
        Path output = Files.createDirectories(ModelRendererTest.PICTURES).resolve("guide-man.png");
        // [use]
        GltfModel model = Gltf.read(file);                           // CesiumMan.glb
        Hierarchy h = new Hierarchy();
        GltfInstance man = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        man.applyAnimation(0, 0.5f, WrapMode.LOOP, model.restPose());
        h.update();

        try (GlContext gl = GlContext.offscreen(800, 800);          // current on this thread
             ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            float[] box = new float[6];
            ModelBounds.posed(man, box);
            Camera camera = Camera.perspective(box, 0, new Vector3f(0, 0, -1), new Vector3f(0, 1, 0),
                    (float) Math.toRadians(35), 1f);
            renderer.clear(1, 1, 1);
            renderer.draw(gpu, man, camera);                         // palettes written and uploaded, one draw per primitive
            gl.writePng(output);                                     // a .png file
        }
        // [/use]
        java.awt.image.BufferedImage image = ImageIO.read(output.toFile());
        int covered = 0;
        for (int y = 0; y < 800; y++) {
            for (int x = 0; x < 800; x++) {
                covered += (image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF ? 1 : 0;
            }
        }
        System.out.println("guide picture: covered pixels=" + covered);
        // the man fills a good part of the fitted view, but not all of it
        assertThat(covered).isBetween(800 * 800 / 20, 800 * 800 / 2);
        assertThat(image.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0xFFFFFF);
    }

    @Test
    void thePagesCrowdExampleDrawsEveryCopy() throws Exception {
        GltfModel model = Gltf.read(Path.of(GlGuideTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI()));
        int count = 3;
        int meshNode = model.nodesWithSkin(0)[0];
        int mesh = model.mesh(meshNode);
        int joints = model.skin(0).jointCount();
        Hierarchy hierarchy = new Hierarchy();
        long[] meshNodes = new long[count];
        GltfInstance[] copies = new GltfInstance[count];
        for (int i = 0; i < count; i++) {
            long root = hierarchy.createRoot();
            hierarchy.setLocalTranslation(root, 2f * i, 0, 0);
            copies[i] = model.instantiate(hierarchy, model.sceneToShow(), root);
            meshNodes[i] = copies[i].handle(meshNode);
        }
        Crowd crowd = GltfCrowd.of(copies);   // plays the model's first clip
        float[] times = {0.1f, 0.5f, 0.9f};
        System.arraycopy(times, 0, crowd.times(), 0, count);
        FloatBuffer worlds = MemoryUtil.memAllocFloat(count * 16);
        try (crowd; GlContext gl = GlTests.context(300, 100);
             ModelRenderer renderer = new ModelRenderer(); GpuModel gpu = GpuModel.upload(model)) {
            Camera camera = Camera.orthographic(new float[] {-0.6f, -0.1f, -0.5f, 4.6f, 1.6f, 0.5f}, 0,
                    new Vector3f(0, 0, -1), new Vector3f(0, 1, 0), 3f);
            renderer.clear(0.2f, 0.4f, 0.6f);
            // [crowd]
            crowd.frame();
            hierarchy.update();
            for (int i = 0; i < count; i++) {
                hierarchy.getWorld(meshNodes[i], MatrixLayout.COLUMN_MAJOR_4X4, worlds, 16 * i);
            }
            renderer.drawCrowd(gpu, mesh, count, joints, crowd.palettes(), worlds, camera);   // one instanced draw per primitive
            // [/crowd]
            Files.createDirectories(ModelRendererTest.PICTURES);
            gl.writePng(ModelRendererTest.PICTURES.resolve("guide-crowd.png"));
            boolean[] drawn = Coverage.drawn(gl, ModelRendererTest.BACKGROUND);
            boolean[] reference = Coverage.reference(copies, camera.clipFromWorld(), 300, 100);
            double overlap = Coverage.overlap(drawn, reference);
            System.out.printf("guide crowd: drawn=%d reference=%d overlap=%.4f%n", Coverage.count(drawn),
                    Coverage.count(reference), overlap);
            assertThat(overlap).isGreaterThanOrEqualTo(0.97);
            // each copy in its own third of the picture
            for (int i = 0; i < count; i++) {
                int inThird = 0;
                for (int y = 0; y < 100; y++) {
                    for (int x = 100 * i; x < 100 * i + 100; x++) {
                        inThird += drawn[y * 300 + x] ? 1 : 0;
                    }
                }
                assertThat(inThird).as("copy %d", i).isGreaterThan(150);
            }
            // every copy's mesh node gets the first copy's posed box (in mesh space, widened) as its content
            HierarchyBounds bounds = new HierarchyBounds(hierarchy);
            float[] posed = new float[6];
            ModelBounds.posed(copies[0], posed);
            float[] box = ModelRendererTest.widen(CrowdCullingTest.toMesh(hierarchy, meshNodes[0], posed));
            for (long node : meshNodes) {
                bounds.setContentBounds(node, box[0], box[1], box[2], box[3], box[4], box[5]);
            }
            // [culling]
            CrowdVisibility visibility = new CrowdVisibility(bounds, meshNodes, count);
            int[] visible = new int[count];
            // each frame, after the crowd's frame and hierarchy.update():
            int seen = visibility.query(camera, visible);                       // ascending instance indices
            renderer.drawCrowd(gpu, mesh, visible, seen, joints, crowd.palettes(), worlds, camera);
            // [/culling]
            assertThat(seen).isEqualTo(count);
            assertThat(visible).containsExactly(0, 1, 2);
        } finally {
            MemoryUtil.memFree(worlds);
        }
    }

    @Test
    void thePagesStaticSceneExampleUploadsOneMatrix() {
        Hierarchy hierarchy = new Hierarchy();
        long root = hierarchy.createRoot();
        long node = hierarchy.createChild(root);
        hierarchy.createChild(root);
        hierarchy.update();
        try (GlContext gl = GlTests.context(4, 4)) {
            // [static]
            try (WorldMatrixBuffer worlds = new WorldMatrixBuffer(hierarchy)) {
                worlds.sync();                                   // the first sync uploads every matrix
                hierarchy.setLocalTranslation(node, 1, 0, 0);    // each frame: some nodes move,
                hierarchy.update();
                int moved = worlds.sync();                       // and only their matrices go up, 64 bytes each
                System.out.println(moved + " matrices, " + worlds.lastUploadBytes() + " bytes");
            }
            // [/static]
        }
    }
}
