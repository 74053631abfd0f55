package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.kernel.Palettes;
import dev.arbor.math.Affine;
import java.nio.FloatBuffer;
import java.util.Objects;

/**
 * A skeleton: an ordered set of joints (nodes of one {@link Hierarchy}) with one inverse bind matrix
 * ({@code jointFromBind}, the inverse of the joint's world matrix at bind time) per joint.
 *
 * <p>The skinning palette entry of joint {@code j} is, by the glTF 2.0 rule,
 * {@code meshFromWorld × worldFromJoint[j] × jointFromBind[j]} where {@code meshFromWorld} is the inverse of the
 * skinned mesh node's world matrix: it maps a vertex in the mesh's bind space to the mesh's current space.
 *
 * <p>Not thread-safe (it keeps scratch matrices, and the hierarchy it reads is not thread-safe either). The joint
 * handles are fixed; if a joint is destroyed, palette calls throw.
 */
public final class Skeleton {
    private final long[] joints;
    /** Floats per plane below: the joint count rounded up to {@link Palettes#STRIDE_MULTIPLE}, for whole vectors. */
    private final int stride;
    /** Inverse bind matrices (affine 3×4 column-major) in 12 planes of {@link #stride}; the padding holds zeros. */
    private final float[] bindPlanes;
    /** The joints' world matrices during a palette call, then the palette, in 12 planes of {@link #stride}. */
    private final float[] planes;
    private final float[] meshFromWorld = new float[Affine.STRIDE];
    /** The entries of a palette bound for a buffer (room for the largest layout), put into it in one bulk copy. */
    private final float[] entries;

    /**
     * Creates a skeleton. The arrays are copied. O(joints).
     *
     * @param joints joint handles, in palette order
     * @param inverseBindMatrices {@code 12 × joints.length} floats, affine 3×4 column-major ({@link Affine})
     * @throws IllegalArgumentException if the lengths disagree or a matrix value is not finite
     */
    public Skeleton(long[] joints, float[] inverseBindMatrices) {
        if (inverseBindMatrices.length != (long) joints.length * Affine.STRIDE) {
            throw new IllegalArgumentException("inverseBindMatrices.length=" + inverseBindMatrices.length
                    + ", required=" + (long) joints.length * Affine.STRIDE);
        }
        for (int i = 0; i < inverseBindMatrices.length; i++) {
            if (!Float.isFinite(inverseBindMatrices[i])) {
                throw new IllegalArgumentException("inverse bind matrix of joint " + i / Affine.STRIDE
                        + " is not finite: value=" + inverseBindMatrices[i]);
            }
        }
        this.joints = joints.clone();
        int n = joints.length;
        this.stride = (n + Palettes.STRIDE_MULTIPLE - 1) / Palettes.STRIDE_MULTIPLE * Palettes.STRIDE_MULTIPLE;
        this.bindPlanes = new float[Affine.STRIDE * stride];
        for (int j = 0; j < n; j++) {
            for (int e = 0; e < Affine.STRIDE; e++) {
                bindPlanes[e * stride + j] = inverseBindMatrices[j * Affine.STRIDE + e];
            }
        }
        this.planes = new float[Affine.STRIDE * stride];
        this.entries = new float[n * MatrixLayout.COLUMN_MAJOR_4X4.floats()];
    }

    /** @return the number of joints */
    public int jointCount() {
        return joints.length;
    }

    /**
     * @param joint joint index in palette order
     * @return the joint's handle
     * @throws IndexOutOfBoundsException if {@code joint} is out of range
     */
    public long joint(int joint) {
        return joints[joint];
    }

    /**
     * Copies one inverse bind matrix ({@code jointFromBind}, 12 floats column-major 3×4). O(1).
     *
     * @param joint joint index
     * @param dest destination
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code joint} is out of range or {@code dest} too short
     */
    public float[] inverseBindMatrix(int joint, float[] dest, int offset) {
        MatrixLayout.COLUMN_MAJOR_3X4.convert(bindPlanes, Objects.checkIndex(joint, joints.length), stride, dest,
                offset);
        return dest;
    }

    /**
     * The lazy single-joint query: the joint's world matrix, exact at any time. If the joint or an
     * ancestor changed since the last {@link Hierarchy#update()}, only the stale chain above the joint is
     * recomputed (O(stale chain)); other joints are not touched.
     *
     * @param hierarchy the hierarchy holding the joints
     * @param joint joint index
     * @param dest receives 12 floats column-major 3×4
     * @param offset start in {@code dest}
     * @return {@code dest}
     * @throws IndexOutOfBoundsException if {@code joint} is out of range
     * @throws IllegalArgumentException if the joint's handle is stale or {@code dest} is too short
     */
    public float[] jointWorld(Hierarchy hierarchy, int joint, float[] dest, int offset) {
        return hierarchy.getWorld(joints[joint], dest, offset);
    }

    /**
     * Writes the skinning palette for the mesh node {@code mesh}: entry {@code j} is
     * {@code meshFromWorld × worldFromJoint[j] × jointFromBind[j]}, in {@code layout}, at
     * {@code dest[offset + j × layout.floats()]}. With {@code mesh == Hierarchy.NULL} the mesh is taken to be at
     * the world origin ({@code meshFromWorld} = identity). World matrices are exact: the hierarchy's stale nodes are
     * brought up to date first, as by {@link Hierarchy#writeWorldPlanes}. Every joint is checked before an entry is
     * written. O(joints) plus any stale recomputation, allocation-free.
     *
     * @param hierarchy the hierarchy holding the joints and the mesh node
     * @param mesh the skinned mesh node, or {@link Hierarchy#NULL}
     * @param layout matrix layout of each entry
     * @param dest destination
     * @param offset index of entry 0
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} is too short or a handle is stale (nothing written)
     * @throws IllegalStateException if the mesh node's world matrix is not invertible (nothing written)
     */
    public float[] writePalette(Hierarchy hierarchy, long mesh, MatrixLayout layout, float[] dest, int offset) {
        requireRoom(dest.length, offset, layout);
        meshFromWorld(hierarchy, mesh);
        palette(hierarchy, layout, dest, offset);
        return dest;
    }

    /**
     * Writes the skinning palette as {@link #writePalette(Hierarchy, long, MatrixLayout, float[], int)} does, with
     * the mesh's world matrix given ({@code worldFromMesh}, 12 floats column-major 3×4) instead of a node.
     *
     * @param hierarchy the hierarchy holding the joints
     * @param worldFromMesh the mesh's world matrix
     * @param meshOffset start of it
     * @param layout matrix layout of each entry
     * @param dest destination
     * @param offset index of entry 0
     * @return {@code dest}
     * @throws IllegalArgumentException if an array is too short or a handle is stale
     * @throws IllegalStateException if {@code worldFromMesh} is not invertible
     */
    public float[] writePalette(Hierarchy hierarchy, float[] worldFromMesh, int meshOffset, MatrixLayout layout,
                                float[] dest, int offset) {
        if (meshOffset < 0 || worldFromMesh.length - meshOffset < Affine.STRIDE) {
            throw new IllegalArgumentException("worldFromMesh too short: length=" + worldFromMesh.length
                    + ", offset=" + meshOffset + ", required=" + Affine.STRIDE);
        }
        requireRoom(dest.length, offset, layout);
        if (!Affine.invert(worldFromMesh, meshOffset, meshFromWorld, 0)) {
            throw new IllegalStateException("mesh world matrix is not invertible: determinant="
                    + Affine.determinant(worldFromMesh, meshOffset));
        }
        palette(hierarchy, layout, dest, offset);
        return dest;
    }

    /**
     * Writes the skinning palette into a float buffer at absolute index {@code index} (the buffer's position is not
     * changed). See {@link #writePalette(Hierarchy, long, MatrixLayout, float[], int)}. O(joints), allocation-free.
     *
     * @param hierarchy the hierarchy holding the joints and the mesh node
     * @param mesh the skinned mesh node, or {@link Hierarchy#NULL}
     * @param layout matrix layout of each entry
     * @param dest destination buffer (heap or direct)
     * @param index float index of entry 0
     * @return {@code dest}
     * @throws IllegalArgumentException if the buffer is too short or a handle is stale
     * @throws IllegalStateException if the mesh node's world matrix is not invertible
     */
    public FloatBuffer writePalette(Hierarchy hierarchy, long mesh, MatrixLayout layout, FloatBuffer dest,
                                    int index) {
        requireRoom(dest.limit(), index, layout);
        meshFromWorld(hierarchy, mesh);
        palette(hierarchy, layout, entries, 0);
        dest.put(index, entries, 0, joints.length * layout.floats());
        return dest;
    }

    private void meshFromWorld(Hierarchy hierarchy, long mesh) {
        if (mesh == Hierarchy.NULL) {
            Affine.identity(meshFromWorld, 0);
        } else {
            hierarchy.getWorldInverse(mesh, meshFromWorld, 0);
        }
    }

    /**
     * Writes every palette entry into {@code dest} from {@code d}, with {@link #meshFromWorld} set: the joints' world
     * matrices in one bulk read into planes (which checks every joint before anything is written), the two products
     * for all joints in the palette kernel (a vector of joints at a time where the vector path is on), then each entry
     * converted into {@code layout}.
     */
    private void palette(Hierarchy hierarchy, MatrixLayout layout, float[] dest, int d) {
        int n = joints.length;
        hierarchy.writeWorldPlanes(joints, 0, n, planes, 0, stride);
        Palettes.chain(meshFromWorld, 0, planes, bindPlanes, planes, stride, n);
        int floats = layout.floats();
        for (int j = 0; j < n; j++) {
            layout.convert(planes, j, stride, dest, d + j * floats);
        }
    }

    private void requireRoom(int length, int offset, MatrixLayout layout) {
        long required = (long) joints.length * layout.floats();
        if (offset < 0 || length - (long) offset < required) {
            throw new IllegalArgumentException("palette destination too short: length=" + length + ", offset="
                    + offset + ", required=" + required);
        }
    }
}
