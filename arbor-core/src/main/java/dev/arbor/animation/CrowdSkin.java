package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.kernel.Palettes;
import dev.arbor.math.Affine;
import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * The skins of a crowd for {@link CrowdAnimator#writePalettes}: instances of one skeleton shape, each with its joints
 * (nodes of one hierarchy) and its skinned mesh node, all sharing the inverse bind matrices. Palette entry {@code j}
 * of instance {@code i} is {@code meshFromWorld[i] × worldFromJoint[i][j] × jointFromBind[j]}, as
 * {@link Skeleton#writePalette} computes it, and lies at entry {@code i × jointCount() + j} of the destination.
 *
 * <p>Holds the scratch arrays of the palette job (world planes of every joint, the meshes' inverses): one per crowd,
 * not thread-safe, not to be shared between animators running at the same time.
 */
public final class CrowdSkin {
    private final int instances;
    private final int jointCount;
    final long[] joints;
    /** The joints joint by joint: joint j of instance i at [j × instances + i]. */
    private final long[] jointsByJoint;
    final long[] meshes;
    final float[] inverseBinds;
    /** Lanes per joint in the planes: the instance count rounded up to {@link Palettes#STRIDE_MULTIPLE}. */
    private final int lanes;
    /** Floats per plane of {@link #worldPlanes}: lanes × joints. */
    private final int stride;
    /** Joint j of instance i: element e at [e × stride + j × lanes + i]; the world, then the palette entry. */
    private final float[] worldPlanes;
    private final float[] meshWorlds;
    private final float[] meshFromWorld = new float[Affine.STRIDE];
    /** The entries bound for a buffer, 16 floats each, put into it block by block. */
    private final float[] staging;
    /** Instance i's meshFromWorld: element e at [e × lanes + i]. */
    private final float[] meshFromWorldPlanes;

    /**
     * Creates a crowd's skins. The arrays are copied. O(instances × joints).
     *
     * @param joints every instance's joints in palette order, instance after instance ({@code instances × joints})
     * @param meshes per instance its skinned mesh node, or {@code null} for meshes at the world origin
     * @param inverseBindMatrices {@code jointFromBind} of each joint, 12 floats column-major 3×4 ({@link Affine})
     * @throws IllegalArgumentException if the lengths disagree or a matrix value is not finite
     */
    public CrowdSkin(long[] joints, long[] meshes, float[] inverseBindMatrices) {
        if (inverseBindMatrices.length % Affine.STRIDE != 0) {
            throw new IllegalArgumentException("inverseBindMatrices.length=" + inverseBindMatrices.length
                    + " is not a multiple of " + Affine.STRIDE);
        }
        int j = inverseBindMatrices.length / Affine.STRIDE;
        if (j == 0 ? joints.length != 0 : joints.length % j != 0) {
            throw new IllegalArgumentException("joints.length=" + joints.length + " is not a multiple of the joint"
                    + " count=" + j);
        }
        int n = j == 0 ? (meshes == null ? 0 : meshes.length) : joints.length / j;
        if (meshes != null && meshes.length != n) {
            throw new IllegalArgumentException("meshes.length=" + meshes.length + ", required=" + n);
        }
        for (int i = 0; i < inverseBindMatrices.length; i++) {
            if (!Float.isFinite(inverseBindMatrices[i])) {
                throw new IllegalArgumentException("inverse bind matrix of joint " + i / Affine.STRIDE
                        + " is not finite: value=" + inverseBindMatrices[i]);
            }
        }
        this.instances = n;
        this.jointCount = j;
        this.joints = joints.clone();
        this.meshes = meshes == null ? null : meshes.clone();
        this.inverseBinds = inverseBindMatrices.clone();
        this.lanes = Math.max(Palettes.STRIDE_MULTIPLE,
                (n + Palettes.STRIDE_MULTIPLE - 1) / Palettes.STRIDE_MULTIPLE * Palettes.STRIDE_MULTIPLE);
        this.stride = Math.multiplyExact(lanes, Math.max(1, j));
        this.jointsByJoint = new long[joints.length];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < j; k++) {
                jointsByJoint[k * n + i] = joints[i * j + k];
            }
        }
        this.worldPlanes = new float[Math.multiplyExact(Affine.STRIDE, stride)];
        this.meshWorlds = new float[Affine.STRIDE * n];
        this.meshFromWorldPlanes = new float[Affine.STRIDE * lanes];
        this.staging = new float[Math.multiplyExact(joints.length, 16)];
        Affine.identity(meshFromWorld, 0);
        for (int i = 0; i < n; i++) {
            setMeshFromWorld(i);
        }
    }

    /**
     * The skins of skeletons of one shape: joints and inverse binds from the skeletons (which must have equal inverse
     * bind matrices), meshes as given.
     *
     * @param skeletons one per instance
     * @param meshes per instance its skinned mesh node, or {@code null} for meshes at the world origin
     * @return the crowd's skins
     * @throws IllegalArgumentException if the skeletons differ in joint count or inverse bind matrices
     */
    public static CrowdSkin of(Skeleton[] skeletons, long[] meshes) {
        int j = skeletons.length == 0 ? 0 : skeletons[0].jointCount();
        float[] binds = new float[j * Affine.STRIDE];
        for (int k = 0; k < j; k++) {
            skeletons[0].inverseBindMatrix(k, binds, k * Affine.STRIDE);
        }
        long[] joints = new long[skeletons.length * j];
        float[] other = new float[binds.length];
        for (int i = 0; i < skeletons.length; i++) {
            if (skeletons[i].jointCount() != j) {
                throw new IllegalArgumentException("skeleton " + i + " jointCount=" + skeletons[i].jointCount()
                        + ", required=" + j);
            }
            for (int k = 0; k < j; k++) {
                joints[i * j + k] = skeletons[i].joint(k);
                skeletons[i].inverseBindMatrix(k, other, k * Affine.STRIDE);
            }
            if (!Arrays.equals(binds, other)) {
                throw new IllegalArgumentException("skeleton " + i + " has other inverse bind matrices than"
                        + " skeleton 0");
            }
        }
        return new CrowdSkin(joints, meshes, binds);
    }

    /** @return the number of instances */
    public int instances() {
        return instances;
    }

    /** @return joints per instance */
    public int jointCount() {
        return jointCount;
    }

    /** @return palette entries of the whole crowd: instances × joints */
    public int entryCount() {
        return joints.length;
    }

    /** @return the blocks of {@link Palettes#STRIDE_MULTIPLE} instances that palette jobs are split by */
    int blocks() {
        return lanes / Palettes.STRIDE_MULTIPLE;
    }

    private void setMeshFromWorld(int instance) {
        for (int e = 0; e < Affine.STRIDE; e++) {
            meshFromWorldPlanes[e * lanes + instance] = meshFromWorld[e];
        }
    }

    /**
     * The part of a palette job that touches the hierarchy, on the caller's thread: every joint's world matrix into
     * the planes, one bulk read per joint index (stale nodes brought up to date first), and every mesh's inverse.
     * Checks everything before a palette is written.
     */
    void prepare(Hierarchy hierarchy) {
        if (meshes != null) {
            hierarchy.writeWorldMatrices(meshes, 0, instances, MatrixLayout.COLUMN_MAJOR_3X4, meshWorlds, 0);
            for (int i = 0; i < instances; i++) {
                if (!Affine.invert(meshWorlds, i * Affine.STRIDE, meshFromWorld, 0)) {
                    throw new IllegalStateException("mesh world matrix is not invertible: instance=" + i
                            + ", determinant=" + Affine.determinant(meshWorlds, i * Affine.STRIDE));
                }
                setMeshFromWorld(i);
            }
        }
        for (int j = 0; j < jointCount; j++) {
            hierarchy.writeWorldPlanes(jointsByJoint, j * instances, instances, worldPlanes, j * lanes, stride);
        }
    }

    /**
     * The palettes of the instances of blocks [from, to): the products joint by joint over the instances' lanes,
     * then each entry converted to 4×4 column-major at {@code dest[offset + 16 × (i × joints + j)]}.
     */
    void palettes(int fromBlock, int toBlock, float[] dest, int offset) {
        int from = fromBlock * Palettes.STRIDE_MULTIPLE;
        int to = Math.min(instances, toBlock * Palettes.STRIDE_MULTIPLE);
        products(from, to);
        float[] w = worldPlanes;
        int s = stride;
        int n = jointCount;
        for (int i = from; i < to; i++) {
            for (int j = 0; j < n; j++) {
                int k = j * lanes + i;
                int d = offset + 16 * (i * n + j);
                dest[d] = w[k];
                dest[d + 1] = w[s + k];
                dest[d + 2] = w[2 * s + k];
                dest[d + 3] = 0f;
                dest[d + 4] = w[3 * s + k];
                dest[d + 5] = w[4 * s + k];
                dest[d + 6] = w[5 * s + k];
                dest[d + 7] = 0f;
                dest[d + 8] = w[6 * s + k];
                dest[d + 9] = w[7 * s + k];
                dest[d + 10] = w[8 * s + k];
                dest[d + 11] = 0f;
                dest[d + 12] = w[9 * s + k];
                dest[d + 13] = w[10 * s + k];
                dest[d + 14] = w[11 * s + k];
                dest[d + 15] = 1f;
            }
        }
    }

    /**
     * As {@link #palettes(int, int, float[], int)}, into a buffer at absolute float index {@code index}: each block's
     * entries through the staging array (still in cache) and one bulk copy, which costs less than a put per float.
     */
    void palettes(int fromBlock, int toBlock, FloatBuffer dest, int index) {
        for (int block = fromBlock; block < toBlock; block++) {
            palettes(block, block + 1, staging, 0);
            int from = 16 * jointCount * block * Palettes.STRIDE_MULTIPLE;
            int to = 16 * jointCount * Math.min(instances, (block + 1) * Palettes.STRIDE_MULTIPLE);
            if (to > from) {
                dest.put(index + from, staging, from, to - from);
            }
        }
    }

    /** The palette products of instances [from, to), joint by joint, in place in the world planes. */
    private void products(int from, int to) {
        for (int j = 0; j < jointCount; j++) {
            Palettes.chainLanes(meshFromWorldPlanes, lanes, worldPlanes, worldPlanes, j * lanes, stride,
                    inverseBinds, j * Affine.STRIDE, from, to);
        }
    }
}
