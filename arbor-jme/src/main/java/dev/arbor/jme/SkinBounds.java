package dev.arbor.jme;

import com.jme3.bounding.BoundingBox;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.ShortBuffer;
import java.util.List;

/**
 * Keeps the model bounds of a character's skinned geometries true to Arbor's pose, so that jME's frustum culling
 * sees where the animated mesh is (jME itself keeps the bind pose's box for a mesh skinned on the GPU).
 *
 * <p>Read once per geometry: for each joint, the box (in the mesh's bind space) of the vertices it weighs on. A
 * skinned vertex is a weighted average of its joints' palette entries applied to it, so it lies in the convex hull of
 * those entries applied to the joints' boxes, and the union of {@code palette[j] × box[j]} over the joints bounds the
 * whole skinned mesh: never too small, usually a little large. {@link #update} computes it into the geometry's own
 * {@link BoundingBox} in place and marks the geometry's world bound stale (through its local transform, set to
 * itself), allocation-free, O(joints) per geometry. Geometries with no vertex data keep their bound.
 */
final class SkinBounds {
    /** Floats per joint box: min x, y, z, max x, y, z; an empty box has min > max. */
    private static final int BOX = 6;
    private final Geometry[] geometries;
    private final float[][] jointBoxes;
    private final BoundingBox[] boxes;
    private final Vector3f center = new Vector3f();

    /**
     * Reads the joint boxes of skinned geometries. O(vertices); allocates.
     *
     * @param targets the geometries a skinning control deforms
     * @param joints the armature's joint count
     */
    SkinBounds(List<Geometry> targets, int joints) {
        int n = 0;
        Geometry[] g = new Geometry[targets.size()];
        float[][] b = new float[targets.size()][];
        for (Geometry geometry : targets) {
            float[] read = jointBoxes(geometry.getMesh(), joints);
            if (read != null) {
                g[n] = geometry;
                b[n++] = read;
            }
        }
        geometries = java.util.Arrays.copyOf(g, n);
        jointBoxes = java.util.Arrays.copyOf(b, n);
        boxes = new BoundingBox[n];
        for (int i = 0; i < n; i++) {
            boxes[i] = new BoundingBox();
            geometries[i].setModelBound(boxes[i]);
        }
    }

    /** @return the number of geometries whose bounds are kept */
    int geometryCount() {
        return geometries.length;
    }

    private static float[] jointBoxes(Mesh mesh, int joints) {
        if (mesh == null || mesh.getVertexCount() == 0) {
            return null;
        }
        VertexBuffer positions = mesh.getBuffer(VertexBuffer.Type.BindPosePosition);
        if (positions == null) {
            positions = mesh.getBuffer(VertexBuffer.Type.Position);
        }
        VertexBuffer indexBuffer = mesh.getBuffer(VertexBuffer.Type.BoneIndex);
        VertexBuffer weightBuffer = mesh.getBuffer(VertexBuffer.Type.BoneWeight);
        if (positions == null || indexBuffer == null || weightBuffer == null) {
            return null;
        }
        FloatBuffer p = (FloatBuffer) positions.getData();
        Buffer indices = indexBuffer.getData();
        FloatBuffer weights = (FloatBuffer) weightBuffer.getData();
        int perVertex = weightBuffer.getNumComponents();
        float[] boxes = new float[BOX * joints];
        for (int j = 0; j < joints; j++) {
            for (int c = 0; c < 3; c++) {
                boxes[BOX * j + c] = Float.POSITIVE_INFINITY;
                boxes[BOX * j + 3 + c] = Float.NEGATIVE_INFINITY;
            }
        }
        int vertices = mesh.getVertexCount();
        for (int v = 0; v < vertices; v++) {
            for (int k = 0; k < perVertex; k++) {
                int at = v * perVertex + k;
                if (!(weights.get(at) > 0f)) {
                    continue;
                }
                int j = index(indices, at);
                if (j < 0 || j >= joints) {
                    throw new IllegalArgumentException("vertex " + v + " weighs on joint=" + j + ", joints=" + joints);
                }
                for (int c = 0; c < 3; c++) {
                    float x = p.get(3 * v + c);
                    boxes[BOX * j + c] = Math.min(boxes[BOX * j + c], x);
                    boxes[BOX * j + 3 + c] = Math.max(boxes[BOX * j + 3 + c], x);
                }
            }
        }
        return boxes;
    }

    private static int index(Buffer indices, int at) {
        if (indices instanceof ByteBuffer) {
            return ((ByteBuffer) indices).get(at) & 0xff;
        }
        if (indices instanceof ShortBuffer) {
            return ((ShortBuffer) indices).get(at) & 0xffff;
        }
        return ((IntBuffer) indices).get(at);
    }

    /**
     * Sets every kept geometry's model bound from a palette and marks its world bound stale. O(geometries × joints),
     * allocation-free.
     *
     * @param palettes the palette array
     * @param base float index of joint 0's entry (4×4 column-major entries)
     */
    void update(float[] palettes, int base) {
        for (int g = 0; g < geometries.length; g++) {
            float[] b = jointBoxes[g];
            float minX = Float.POSITIVE_INFINITY;
            float minY = Float.POSITIVE_INFINITY;
            float minZ = Float.POSITIVE_INFINITY;
            float maxX = Float.NEGATIVE_INFINITY;
            float maxY = Float.NEGATIVE_INFINITY;
            float maxZ = Float.NEGATIVE_INFINITY;
            int joints = b.length / BOX;
            for (int j = 0; j < joints; j++) {
                int o = BOX * j;
                if (!(b[o] <= b[o + 3])) {
                    continue; // no vertex weighs on this joint
                }
                float cx = (b[o] + b[o + 3]) * 0.5f;
                float cy = (b[o + 1] + b[o + 4]) * 0.5f;
                float cz = (b[o + 2] + b[o + 5]) * 0.5f;
                float ex = (b[o + 3] - b[o]) * 0.5f;
                float ey = (b[o + 4] - b[o + 1]) * 0.5f;
                float ez = (b[o + 5] - b[o + 2]) * 0.5f;
                int m = base + PaletteBinding.ENTRY_FLOATS * j;
                // column-major 4×4: element (row, col) at m + 4 col + row
                float x = palettes[m] * cx + palettes[m + 4] * cy + palettes[m + 8] * cz + palettes[m + 12];
                float y = palettes[m + 1] * cx + palettes[m + 5] * cy + palettes[m + 9] * cz + palettes[m + 13];
                float z = palettes[m + 2] * cx + palettes[m + 6] * cy + palettes[m + 10] * cz + palettes[m + 14];
                float rx = Math.abs(palettes[m]) * ex + Math.abs(palettes[m + 4]) * ey + Math.abs(palettes[m + 8]) * ez;
                float ry = Math.abs(palettes[m + 1]) * ex + Math.abs(palettes[m + 5]) * ey
                        + Math.abs(palettes[m + 9]) * ez;
                float rz = Math.abs(palettes[m + 2]) * ex + Math.abs(palettes[m + 6]) * ey
                        + Math.abs(palettes[m + 10]) * ez;
                minX = Math.min(minX, x - rx);
                minY = Math.min(minY, y - ry);
                minZ = Math.min(minZ, z - rz);
                maxX = Math.max(maxX, x + rx);
                maxY = Math.max(maxY, y + ry);
                maxZ = Math.max(maxZ, z + rz);
            }
            if (!(minX <= maxX)) {
                continue;
            }
            BoundingBox box = boxes[g];
            box.setCenter(center.set((minX + maxX) * 0.5f, (minY + maxY) * 0.5f, (minZ + maxZ) * 0.5f));
            box.setXExtent((maxX - minX) * 0.5f);
            box.setYExtent((maxY - minY) * 0.5f);
            box.setZExtent((maxZ - minZ) * 0.5f);
            Geometry geometry = geometries[g];
            // the world bound is recomputed from the model bound when the transform is marked changed
            geometry.setLocalTransform(geometry.getLocalTransform());
        }
    }

    /**
     * @param geometry index of a kept geometry
     * @return its bounding box, the object the geometry's mesh holds as its bound
     */
    BoundingBox box(int geometry) {
        return boxes[geometry];
    }
}
