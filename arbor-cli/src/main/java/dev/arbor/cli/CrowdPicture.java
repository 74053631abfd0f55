package dev.arbor.cli;

import dev.arbor.gl.Camera;
import dev.arbor.gl.GlContext;
import dev.arbor.gl.GlUnavailableException;
import dev.arbor.gl.GpuModel;
import dev.arbor.gl.ModelRenderer;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.joml.Vector3f;

/**
 * {@code demo --draw}: the demo's crowd as its last frame left it, drawn with OpenGL ({@code arbor-gl}) offscreen in
 * one instanced draw per primitive from the frame's palette buffer, written as a PNG, with the time a draw takes
 * (upload and submission; a software rasterizer such as llvmpipe also rasterizes the previous draw meanwhile) and
 * the time the picture took to read back.
 */
final class CrowdPicture {
    /** The picture's size in pixels. */
    static final int WIDTH = 960;
    static final int HEIGHT = 540;
    /** Draws timed after the first. */
    private static final int DRAWS = 9;

    private CrowdPicture() {
    }

    /**
     * Draws the crowd and writes the picture.
     *
     * @param model the crowd's model
     * @param h the hierarchy holding the crowd
     * @param meshes each instance's skinned mesh node
     * @param mesh the model's mesh index the skin deforms
     * @param joints joints per palette
     * @param palettes every instance's palette, column-major 4×4, instance after instance
     * @param bounds the crowd's world box, {@code minX minY minZ maxX maxY maxZ}
     * @param file the PNG to write
     * @throws Problems.Failure if OpenGL is unavailable, the model cannot be uploaded or the file cannot be written
     */
    static void draw(PrintStream out, GltfModel model, Hierarchy h, long[] meshes, int mesh, int joints,
                     FloatBuffer palettes, float[] bounds, Path file) {
        int crowd = meshes.length;
        FloatBuffer worldFromMesh = ByteBuffer.allocateDirect(crowd * 16 * Float.BYTES).order(ByteOrder.nativeOrder())
                .asFloatBuffer();
        float[] m = new float[16];
        for (int i = 0; i < crowd; i++) {
            worldFromMesh.put(h.getWorld4x4(meshes[i], m, 0));
        }
        worldFromMesh.flip();
        Camera camera = Camera.perspective(bounds, 0, new Vector3f(0.45f, -0.55f, -1f), new Vector3f(0, 1, 0), 0.7f,
                (float) WIDTH / HEIGHT);
        try (GlContext gl = GlContext.offscreen(WIDTH, HEIGHT); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(model)) {
            // the first draw compiles the shaders and creates the buffers; the next ones are what a frame costs
            long[] submissions = new long[DRAWS];
            long first = 0;
            for (int d = 0; d <= DRAWS; d++) {
                renderer.clear(1, 1, 1);
                long t0 = System.nanoTime();
                renderer.drawCrowd(gpu, mesh, crowd, joints, palettes, worldFromMesh, camera);
                long t1 = System.nanoTime();
                if (d == 0) {
                    first = t1 - t0;
                } else {
                    submissions[d - 1] = t1 - t0;
                }
            }
            long t1 = System.nanoTime();
            BufferedImage image = gl.readImage();
            long t2 = System.nanoTime();
            ImageIO.write(image, "png", file.toFile());
            java.util.Arrays.sort(submissions);
            out.printf(Locale.ROOT, "drew %,d instances, one instanced draw per primitive, %,d palette matrices (%.2f MB)"
                    + " uploaded a draw: median %.1f ms a draw over %d draws, the previous draw's rasterizing included"
                    + " where the driver waits for it (the first, which compiles the shaders, %.1f ms); read-back"
                    + " %.1f ms on %s; wrote %s%n", crowd, crowd * joints, crowd * joints * 64 / 1e6,
                    submissions[DRAWS / 2] / 1e6, DRAWS, first / 1e6, (t2 - t1) / 1e6, gl.renderer(), file);
        } catch (GlUnavailableException e) {
            throw new Problems.Failure("cannot draw with --draw: " + e.getMessage());
        } catch (GltfException e) {
            throw new Problems.Failure("cannot upload " + model.sourceName() + ": " + e.getMessage());
        } catch (IOException e) {
            throw Problems.cannotWrite(file, e);
        }
    }
}
