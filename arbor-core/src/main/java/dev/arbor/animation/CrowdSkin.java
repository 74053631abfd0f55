package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.kernel.Palettes;
import dev.arbor.math.Affine;
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
    final long[] meshes;
    final float[] inverseBinds;
    final int stride;
    final float[] worldPlanes;
    final float[] meshWorlds;
    final float[] meshFromWorlds;
    /** The entries of a palette bound for a buffer, put into it in one bulk copy. */
    final float[] staging;

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
        int all = joints.length;
        this.stride = Math.max(Palettes.STRIDE_MULTIPLE,
                (all + Palettes.STRIDE_MULTIPLE - 1) / Palettes.STRIDE_MULTIPLE * Palettes.STRIDE_MULTIPLE);
        this.worldPlanes = new float[Affine.STRIDE * stride];
        this.meshWorlds = new float[Affine.STRIDE * n];
        this.meshFromWorlds = new float[Affine.STRIDE * n];
        this.staging = new float[all * MatrixLayout.COLUMN_MAJOR_4X4.floats()];
        if (meshes == null) {
            for (int i = 0; i < n; i++) {
                Affine.identity(meshFromWorlds, i * Affine.STRIDE);
            }
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

    /**
     * The part of a palette job that touches the hierarchy, on the caller's thread: every joint's world matrix into
     * the planes (stale nodes brought up to date first), every mesh's inverse. Checks everything before a palette is
     * written.
     */
    void prepare(Hierarchy hierarchy) {
        hierarchy.writeWorldPlanes(joints, 0, joints.length, worldPlanes, 0, stride);
        if (meshes == null) {
            return;
        }
        hierarchy.writeWorldMatrices(meshes, 0, instances, MatrixLayout.COLUMN_MAJOR_3X4, meshWorlds, 0);
        for (int i = 0; i < instances; i++) {
            int o = i * Affine.STRIDE;
            if (!Affine.invert(meshWorlds, o, meshFromWorlds, o)) {
                throw new IllegalStateException("mesh world matrix is not invertible: instance=" + i
                        + ", determinant=" + Affine.determinant(meshWorlds, o));
            }
        }
    }

    /** Palettes of instances [from, to) into dest, instance 0's entry 0 at offset. */
    void palettes(int from, int to, float[] dest, int offset) {
        Palettes.chainRuns(meshFromWorlds, worldPlanes, stride, inverseBinds, jointCount, from, to, dest, offset);
    }
}
