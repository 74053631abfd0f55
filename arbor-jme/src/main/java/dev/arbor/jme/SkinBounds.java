package dev.arbor.jme;

import com.jme3.bounding.BoundingBox;
import com.jme3.math.Vector3f;
import com.jme3.scene.Geometry;
import com.jme3.scene.Mesh;
import com.jme3.scene.VertexBuffer;
import dev.arbor.bounds.Aabb;
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
 * whole skinned mesh: never too small, usually a little large. {@link #update} computes it with Arbor's box kernel
 * ({@link Aabb}) into the geometry's own
 * {@link BoundingBox} in place and marks the geometry's world bound stale (through its local transform, set to
 * itself), allocation-free, O(joints) per geometry. Geometries with no vertex data keep their bound.
 */
final class SkinBounds {
    /** Floats per joint box ({@link Aabb}'s layout); a joint no vertex weighs on has min > max. */
    private static final int BOX = Aabb.STRIDE;
    private final Geometry[] geometries;
    private final float[][] jointBoxes;
    private final BoundingBox[] boxes;
    private final Vector3f center = new Vector3f();
    private final float[] affine = new float[12];
    private final float[] moved = new float[Aabb.STRIDE];
    private final float[] total = new float[Aabb.STRIDE];

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
            int joints = b.length / BOX;
            boolean any = false;
            for (int j = 0; j < joints; j++) {
                int o = BOX * j;
                if (!(b[o] <= b[o + 3])) {
                    continue; // no vertex weighs on this joint
                }
                // the entry's affine part as Arbor's 3×4 column-major matrix: each column's first three rows
                int m = base + PaletteBinding.ENTRY_FLOATS * j;
                for (int c = 0; c < 4; c++) {
                    System.arraycopy(palettes, m + 4 * c, affine, 3 * c, 3);
                }
                Aabb.transform(affine, 0, b, o, any ? moved : total, 0);
                if (any) {
                    Aabb.include(moved, 0, total, 0);
                }
                any = true;
            }
            if (!any) {
                continue;
            }
            BoundingBox box = boxes[g];
            box.setCenter(center.set((total[0] + total[3]) * 0.5f, (total[1] + total[4]) * 0.5f,
                    (total[2] + total[5]) * 0.5f));
            box.setXExtent((total[3] - total[0]) * 0.5f);
            box.setYExtent((total[4] - total[1]) * 0.5f);
            box.setZExtent((total[5] - total[2]) * 0.5f);
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
