package dev.arbor.bench.gl;

import static org.lwjgl.opengl.GL11.glFinish;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_STREAM_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL15.nglBufferSubData;

import dev.arbor.bench.animation.Crowd;
import dev.arbor.bench.animation.CrowdSystem;
import dev.arbor.gl.Camera;
import dev.arbor.gl.GlContext;
import dev.arbor.gl.GpuModel;
import dev.arbor.gl.ModelRenderer;
import dev.arbor.gltf.GltfException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Locale;
import org.joml.Vector3f;
import org.lwjgl.system.MemoryUtil;

/**
 * The frame of a drawn crowd, in thread CPU time: 1,000 skinned CesiumMan ({@code cesium-1000}, Arbor's crowd path on
 * one thread) animated ({@code CrowdSystem.frame}: sample, update, skin into the palette buffer), then the palettes
 * (1.2 MB) and mesh matrices uploaded and one instanced draw per primitive submitted ({@code ModelRenderer.drawCrowd}),
 * then {@code glFinish}, timed apart: the software rasterizer's work that the caller waits for.
 *
 * <p>Also the upload's bandwidth: {@code glBufferSubData} of the palette bytes into a buffer object against
 * {@code MemoryUtil.memCopy} of the same bytes between two direct buffers.
 *
 * <p>Usage: {@code CrowdDrawMain [frames]} (default 100, after 30 unmeasured). Prints medians and quartiles.
 */
public final class CrowdDrawMain {
    private static final int WARM_UP = 30;
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;

    private CrowdDrawMain() {
    }

    /**
     * Runs the measurement.
     *
     * @param args optional frame count
     * @throws GltfException if the model cannot be uploaded
     */
    public static void main(String[] args) throws GltfException {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Crowd crowd = Crowd.of("cesium-1000");
        CrowdSystem system = CrowdSystem.byId("arbor");
        system.setThreads(1);
        system.build(crowd);
        int count = crowd.count();
        int joints = crowd.joints();
        FloatBuffer palettes = MemoryUtil.memAllocFloat(count * joints * 16);
        FloatBuffer worlds = MemoryUtil.memAllocFloat(count * 16);
        float[] m = new float[16];
        float[] box = {Float.MAX_VALUE, 0, Float.MAX_VALUE, -Float.MAX_VALUE, 1.8f, -Float.MAX_VALUE};
        for (int i = 0; i < count; i++) {
            system.renderWorld(i, m);   // the spots do not move: the mesh matrices are written once
            worlds.put(16 * i, m);
            box[0] = Math.min(box[0], m[12] - 1);
            box[2] = Math.min(box[2], m[14] - 1);
            box[3] = Math.max(box[3], m[12] + 1);
            box[5] = Math.max(box[5], m[14] + 1);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] animation = new long[frames];
        long[] draw = new long[frames];
        long[] finishCpu = new long[frames];
        long[] finishWall = new long[frames];
        try (GlContext gl = GlContext.offscreen(WIDTH, HEIGHT); ModelRenderer renderer = new ModelRenderer();
             GpuModel gpu = GpuModel.upload(crowd.model())) {
            int mesh = crowd.model().mesh(crowd.meshNode());
            Camera camera = Camera.perspective(box, 0, new Vector3f(0.45f, -0.55f, -1f), new Vector3f(0, 1, 0), 0.7f,
                    (float) WIDTH / HEIGHT);
            for (int f = -WARM_UP; f < frames; f++) {
                float clock = (f + WARM_UP) * Crowd.FRAME;
                renderer.clear(1, 1, 1);
                long t0 = threads.getCurrentThreadCpuTime();
                system.frame(clock, palettes);
                long t1 = threads.getCurrentThreadCpuTime();
                renderer.drawCrowd(gpu, mesh, count, joints, palettes, worlds, camera);
                long t2 = threads.getCurrentThreadCpuTime();
                long w2 = System.nanoTime();
                glFinish();
                long t3 = threads.getCurrentThreadCpuTime();
                long w3 = System.nanoTime();
                if (f >= 0) {
                    animation[f] = t1 - t0;
                    draw[f] = t2 - t1;
                    finishCpu[f] = t3 - t2;
                    finishWall[f] = w3 - w2;
                }
            }
            System.out.printf(Locale.ROOT, "%s, %s, %d frames, %,d instances × %d joints: palettes %.2f MB a frame,"
                    + " mesh matrices %.3f MB%n", gl.renderer(), System.getProperty("java.vm.version"), frames, count,
                    joints, count * joints * 64 / 1e6, count * 64 / 1e6);
            long[] total = new long[frames];
            for (int f = 0; f < frames; f++) {
                total[f] = animation[f] + draw[f];
            }
            print("animation frame (thread CPU)", animation);
            print("upload + draw submission (thread CPU)", draw);
            print("animation + upload + draw (thread CPU)", total);
            System.out.printf(Locale.ROOT, "ratio of medians (animation + upload + draw) / animation: %.3f%n",
                    (double) median(total) / median(animation));
            print("glFinish, caller's thread CPU", finishCpu);
            print("glFinish, wall (llvmpipe's rasterizing waited for)", finishWall);
            bandwidth(palettes, count * joints * 64);
            // the draw's CPU time against the instances drawn: on a software driver the vertex shader runs in the
            // caller's thread at draw time; the line's intercept is what a draw costs without vertex work
            int[] sizes = {10, 100, 1000};
            long[] medians = new long[sizes.length];
            long[] sample = new long[15];
            for (int k = 0; k < sizes.length; k++) {
                for (int r = -5; r < sample.length; r++) {
                    renderer.clear(1, 1, 1);
                    long t0 = threads.getCurrentThreadCpuTime();
                    renderer.drawCrowd(gpu, mesh, sizes[k], joints, palettes, worlds, camera);
                    long t1 = threads.getCurrentThreadCpuTime();
                    glFinish();
                    if (r >= 0) {
                        sample[r] = t1 - t0;
                    }
                }
                medians[k] = median(sample);
                System.out.printf(Locale.ROOT, "drawCrowd of %,5d instances (thread CPU)                median %7.3f ms%n",
                        sizes[k], medians[k] / 1e6);
            }
            double perInstance = (medians[1] - medians[0]) / 90.0;
            double intercept = medians[0] - 10 * perInstance;
            System.out.printf(Locale.ROOT, "draw CPU time = %.3f ms + %.4f ms per instance (the driver's vertex work);"
                    + " animation + 1.2 MB upload + the draw without vertex work: %.3f ms, %.3f × the animation%n",
                    intercept / 1e6, perInstance / 1e6, (median(animation) + medianUpload + intercept) / 1e6,
                    (median(animation) + medianUpload + intercept) / median(animation));
        } finally {
            MemoryUtil.memFree(palettes);
            MemoryUtil.memFree(worlds);
        }
    }

    /** The median CPU time of the latest {@link #bandwidth} upload. */
    private static long medianUpload;

    /** glBufferSubData of {@code bytes} against a memory copy of the same bytes, thread CPU time, medians. */
    private static void bandwidth(FloatBuffer source, int bytes) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int repeats = 200;
        long[] upload = new long[repeats];
        long[] copy = new long[repeats];
        int buffer = glGenBuffers();
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glBufferData(GL_ARRAY_BUFFER, bytes, GL_STREAM_DRAW);
        FloatBuffer target = MemoryUtil.memAllocFloat(bytes / Float.BYTES);
        long from = MemoryUtil.memAddress(source, 0);
        long to = MemoryUtil.memAddress(target, 0);
        try {
            for (int r = -50; r < repeats; r++) {
                long t0 = threads.getCurrentThreadCpuTime();
                nglBufferSubData(GL_ARRAY_BUFFER, 0, bytes, from);
                long t1 = threads.getCurrentThreadCpuTime();
                MemoryUtil.memCopy(from, to, bytes);
                long t2 = threads.getCurrentThreadCpuTime();
                if (r >= 0) {
                    upload[r] = t1 - t0;
                    copy[r] = t2 - t1;
                }
            }
        } finally {
            MemoryUtil.memFree(target);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            glDeleteBuffers(buffer);
        }
        long u = median(upload);
        medianUpload = u;
        long c = median(copy);
        System.out.printf(Locale.ROOT, "upload of %.2f MB: glBufferSubData median %.3f ms (%.1f GB/s), memCopy median"
                + " %.3f ms (%.1f GB/s), ratio %.2f%n", bytes / 1e6, u / 1e6, bytes / (double) u, c / 1e6,
                bytes / (double) c, (double) u / c);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void print(String what, long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        System.out.printf(Locale.ROOT, "%-52s median %7.3f ms  (quartiles %.3f to %.3f)%n", what,
                sorted[n / 2] / 1e6, sorted[n / 4] / 1e6, sorted[3 * n / 4] / 1e6);
    }
}
