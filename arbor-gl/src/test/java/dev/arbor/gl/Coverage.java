package dev.arbor.gl;

import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.ByteBuffer;
import org.joml.Matrix4fc;
import org.joml.Vector4f;
import org.lwjgl.system.MemoryUtil;

/**
 * Pixel masks for the tests, in OpenGL's order (row 0 at the bottom): the pixels the GPU drew (those not of the
 * clear colour) and the pixels a reference rasterizer covers — every triangle of the posed instance, skinned on the
 * CPU ({@link ModelBounds#worldPositions}), projected by the camera's matrix and filled where a pixel's centre lies
 * inside (as OpenGL's rasterization rule samples).
 */
final class Coverage {
    private Coverage() {
    }

    /** The pixels of the context's framebuffer whose RGB differs from {@code rgb} (0xRRGGBB). */
    static boolean[] drawn(GlContext gl, int rgb) {
        int w = gl.width();
        int h = gl.height();
        ByteBuffer pixels = MemoryUtil.memAlloc(w * h * 4);
        try {
            gl.readPixels(pixels);
            boolean[] mask = new boolean[w * h];
            for (int i = 0; i < w * h; i++) {
                int c = (pixels.get(4 * i) & 0xFF) << 16 | (pixels.get(4 * i + 1) & 0xFF) << 8
                        | pixels.get(4 * i + 2) & 0xFF;
                mask[i] = c != rgb;
            }
            return mask;
        } finally {
            MemoryUtil.memFree(pixels);
        }
    }

    /** The reference coverage of every drawable triangle of the instance. */
    static boolean[] reference(GltfInstance instance, Matrix4fc clipFromWorld, int w, int h) throws GltfException {
        boolean[] mask = new boolean[w * h];
        GltfModel model = instance.model();
        for (int node = 0; node < model.nodeCount(); node++) {
            if (instance.handle(node) == Hierarchy.NULL || model.mesh(node) < 0) {
                continue;
            }
            GltfMesh mesh = model.readMesh(model.mesh(node));
            for (int p = 0; p < mesh.primitiveCount(); p++) {
                GltfPrimitive prim = mesh.primitive(p);
                if (prim.skipped() != null || prim.triangleCount() == 0) {
                    continue;
                }
                for (float[] world : ModelBounds.worldPositions(instance, node, prim)) {
                    fill(world, prim.triangles(), clipFromWorld, w, h, mask);
                }
            }
        }
        return mask;
    }

    /** The union of the instances' reference coverages. */
    static boolean[] reference(GltfInstance[] instances, Matrix4fc clipFromWorld, int w, int h)
            throws GltfException {
        boolean[] mask = new boolean[w * h];
        for (GltfInstance instance : instances) {
            boolean[] one = reference(instance, clipFromWorld, w, h);
            for (int p = 0; p < one.length; p++) {
                mask[p] |= one[p];
            }
        }
        return mask;
    }

    /** Fills the pixels whose centres lie inside any of the triangles (world positions, 3 indices each). */
    static void fill(float[] world, int[] triangles, Matrix4fc clipFromWorld, int w, int h, boolean[] mask) {
        int vertices = world.length / 3;
        float[] sx = new float[vertices];
        float[] sy = new float[vertices];
        Vector4f v = new Vector4f();
        for (int i = 0; i < vertices; i++) {
            v.set(world[3 * i], world[3 * i + 1], world[3 * i + 2], 1f).mul(clipFromWorld);
            sx[i] = (v.x / v.w + 1) / 2 * w;
            sy[i] = (v.y / v.w + 1) / 2 * h;
        }
        for (int t = 0; t + 2 < triangles.length; t += 3) {
            int a = triangles[t];
            int b = triangles[t + 1];
            int c = triangles[t + 2];
            double area = edge(sx[a], sy[a], sx[b], sy[b], sx[c], sy[c]);
            if (area == 0) {
                continue;
            }
            int x0 = Math.max(0, (int) Math.floor(Math.min(sx[a], Math.min(sx[b], sx[c]))));
            int x1 = Math.min(w - 1, (int) Math.ceil(Math.max(sx[a], Math.max(sx[b], sx[c]))));
            int y0 = Math.max(0, (int) Math.floor(Math.min(sy[a], Math.min(sy[b], sy[c]))));
            int y1 = Math.min(h - 1, (int) Math.ceil(Math.max(sy[a], Math.max(sy[b], sy[c]))));
            for (int y = y0; y <= y1; y++) {
                for (int x = x0; x <= x1; x++) {
                    double px = x + 0.5;
                    double py = y + 0.5;
                    double e0 = edge(sx[b], sy[b], sx[c], sy[c], px, py) / area;
                    double e1 = edge(sx[c], sy[c], sx[a], sy[a], px, py) / area;
                    double e2 = edge(sx[a], sy[a], sx[b], sy[b], px, py) / area;
                    if (e0 >= 0 && e1 >= 0 && e2 >= 0) {
                        mask[y * w + x] = true;
                    }
                }
            }
        }
    }

    private static double edge(double ax, double ay, double bx, double by, double px, double py) {
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    }

    /** |a ∩ b| / |a ∪ b|; 1 when both are empty. */
    static double overlap(boolean[] a, boolean[] b) {
        int both = 0;
        int either = 0;
        for (int i = 0; i < a.length; i++) {
            both += a[i] && b[i] ? 1 : 0;
            either += a[i] || b[i] ? 1 : 0;
        }
        return either == 0 ? 1 : (double) both / either;
    }

    static int count(boolean[] mask) {
        int n = 0;
        for (boolean m : mask) {
            n += m ? 1 : 0;
        }
        return n;
    }

    /** The covered pixels' box in the mask: {@code minX, minY, maxX, maxY}, or null when nothing is covered. */
    static int[] box(boolean[] mask, int w) {
        int[] box = {Integer.MAX_VALUE, Integer.MAX_VALUE, -1, -1};
        for (int i = 0; i < mask.length; i++) {
            if (mask[i]) {
                box[0] = Math.min(box[0], i % w);
                box[1] = Math.min(box[1], i / w);
                box[2] = Math.max(box[2], i % w);
                box[3] = Math.max(box[3], i / w);
            }
        }
        return box[2] < 0 ? null : box;
    }
}
