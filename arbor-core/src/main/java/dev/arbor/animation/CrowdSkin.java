package dev.arbor.animation;

import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.InstanceNodes;
import dev.arbor.internal.InstanceNodesAccess;
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
 * <p>Holds the scratch of the palette job (the meshes' inverses, and per thread a block's world planes and entries):
 * one per crowd, not thread-safe, not to be shared between animators running at the same time.
 */
public final class CrowdSkin {
    /** The window reads of {@link InstanceNodes}, which are not public API. */
    private static final InstanceNodesAccess NODES = InstanceNodesAccess.get();

    private final int instances;
    private final int jointCount;
    final long[] joints;
    final long[] meshes;
    final float[] inverseBinds;
    /** Lanes of {@link #meshFromWorldPlanes}: the instance count rounded up to {@link Palettes#STRIDE_MULTIPLE}. */
    private final int lanes;
    /** A mesh's world matrix, read to be compared with {@link #invertedWorlds}. */
    private final float[] meshWorld = new float[Affine.STRIDE];
    /**
     * Per instance, the mesh's {@link Hierarchy#worldVersion} when its world was last compared (-1 before the first,
     * and after the skin moves to another hierarchy): a mesh whose version did not change is not read again.
     */
    private final long[] meshVersions;
    /**
     * Per instance, the mesh world matrix whose inverse {@link #meshFromWorldPlanes} holds (NaN before the first, which
     * no world matrix equals), so that a mesh that did not move is not inverted again.
     */
    private final float[] invertedWorlds;
    private final float[] meshFromWorld = new float[Affine.STRIDE];
    /** Instance i's meshFromWorld: element e at [e × lanes + i]. */
    private final float[] meshFromWorldPlanes;
    /** The joints in the hierarchy of the latest palette job, or null before the first. */
    private InstanceNodes jointNodes;
    /** Per thread of the palette job, its block's scratch; grown by {@link #prepare}. */
    private Block[] blocks = new Block[0];
    /** The {@code InstanceNodes.windowsVersion()} that {@link #windowBinds} and {@link #windowRows} were laid for. */
    private long windowsVersion = -1;
    /** Floats per plane of the window products: 16 per window of {@code InstanceNodes.windowCount()}; 0 for none. */
    private int windowStride;
    /** Per window lane, its joint's inverse bind matrix (zero for lanes that hold no joint): 12 planes. */
    private float[] windowBinds;
    /** Per window lane, where its entry lies among a block's entries ({@code 16 × (i × joints + j)}), or -1. */
    private int[] windowRows;

    /**
     * One thread's scratch for a block of {@link Palettes#STRIDE_MULTIPLE} instances, small enough to stay in the
     * core's cache: the palette products in planes (joint j of lane r, element e at
     * [e × stride + j × 16 + r]), the lanes' meshFromWorld, and the block's 4×4 entries bound for a buffer.
     */
    private static final class Block {
        final float[] planes;
        final float[] mesh = new float[Affine.STRIDE * Palettes.STRIDE_MULTIPLE];
        final float[] entries;
        /** The window products of the block (12 planes of {@link #windowStride}); grown by {@link #prepare}. */
        float[] windowPlanes = new float[0];

        Block(int jointCount) {
            planes = new float[Affine.STRIDE * Math.max(1, jointCount) * Palettes.STRIDE_MULTIPLE];
            entries = new float[16 * jointCount * Palettes.STRIDE_MULTIPLE];
        }
    }

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
        this.meshVersions = new long[n];
        Arrays.fill(meshVersions, -1L);
        this.invertedWorlds = new float[Affine.STRIDE * n];
        Arrays.fill(invertedWorlds, Float.NaN);
        this.meshFromWorldPlanes = new float[Affine.STRIDE * lanes];
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

    /** @return the joints' nodes of the latest palette job ({@link #prepare}) */
    InstanceNodes jointNodes() {
        return jointNodes;
    }

    /** @return the windows the latest palette job read its joints in ({@code InstanceNodes.windowCount()}), or 0 */
    int windowCount() {
        return windowStride / Palettes.STRIDE_MULTIPLE;
    }

    /** @return the blocks of {@link Palettes#STRIDE_MULTIPLE} instances that palette jobs are split by */
    int blocks() {
        return (instances + Palettes.STRIDE_MULTIPLE - 1) / Palettes.STRIDE_MULTIPLE;
    }

    private void setMeshFromWorld(int instance) {
        for (int e = 0; e < Affine.STRIDE; e++) {
            meshFromWorldPlanes[e * lanes + instance] = meshFromWorld[e];
        }
    }

    /**
     * The part of a palette job on the caller's thread: the inverse world matrix of every mesh that moved (a mesh
     * whose world version changed has its world matrix compared bit for bit with the one last inverted), and the
     * joints' nodes made
     * ready to read (stale nodes brought up to date first). Checks everything before a palette is written; makes
     * scratch for {@code threads} threads if there is not enough.
     */
    void prepare(Hierarchy hierarchy, int threads) {
        if (jointNodes == null || jointNodes.hierarchy() != hierarchy) {
            jointNodes = new InstanceNodes(hierarchy, joints, 0, instances, jointCount);
            Arrays.fill(meshVersions, -1L); // versions count another hierarchy's updates
        }
        jointNodes.beginReads();
        if (meshes != null) {
            for (int i = 0; i < instances; i++) {
                long version = hierarchy.worldVersion(meshes[i]);
                if (version == meshVersions[i]) {
                    continue; // not changed since compared: the world was read before, one load against twelve
                }
                hierarchy.getWorld(meshes[i], meshWorld, 0);
                int at = i * Affine.STRIDE;
                if (!Arrays.equals(meshWorld, 0, Affine.STRIDE, invertedWorlds, at, at + Affine.STRIDE)) {
                    if (!Affine.invert(meshWorld, 0, meshFromWorld, 0)) {
                        throw new IllegalStateException("mesh world matrix is not invertible: instance=" + i
                                + ", determinant=" + Affine.determinant(meshWorld, 0));
                    }
                    setMeshFromWorld(i);
                    System.arraycopy(meshWorld, 0, invertedWorlds, at, Affine.STRIDE);
                } // else the same bits, so the same inverse
                meshVersions[i] = version;
            }
        }
        if (NODES.windowsVersion(jointNodes) != windowsVersion) {
            layWindows();
        }
        if (blocks.length < threads) {
            Block[] more = Arrays.copyOf(blocks, threads);
            for (int t = blocks.length; t < threads; t++) {
                more[t] = new Block(jointCount);
            }
            blocks = more;
        }
        for (Block b : blocks) {
            if (b.windowPlanes.length < Affine.STRIDE * windowStride) {
                b.windowPlanes = new float[Affine.STRIDE * windowStride];
            }
        }
    }

    /**
     * Lays out the per-lane tables of the joints' windows ({@code InstanceNodes.readWindowProducts}) after their
     * positions changed: each lane's inverse bind matrix and where its entry goes. Allocates when the windows grew.
     */
    private void layWindows() {
        windowsVersion = NODES.windowsVersion(jointNodes);
        int windows = NODES.windowCount(jointNodes);
        int lanes = Palettes.STRIDE_MULTIPLE;
        windowStride = lanes * windows;
        if (windowRows == null || windowRows.length < windowStride) {
            windowRows = new int[windowStride];
            windowBinds = new float[Affine.STRIDE * windowStride];
        }
        for (int w = 0; w < windows; w++) {
            for (int r = 0; r < lanes; r++) {
                int at = w * lanes + r;
                int joint = NODES.windowMember(jointNodes, w, r);
                windowRows[at] = joint < 0 ? -1
                        : 16 * (NODES.windowInstance(jointNodes, w, r) * jointCount + joint);
                for (int e = 0; e < Affine.STRIDE; e++) {
                    windowBinds[e * windowStride + at] = joint < 0 ? 0f : inverseBinds[joint * Affine.STRIDE + e];
                }
            }
        }
    }

    /**
     * The palettes of the instances of blocks [fromBlock, toBlock), on thread {@code thread}, each entry converted to
     * 4×4 column-major at {@code dest[offset + 16 × (i × joints + j)]} ({@link #blockEntries}).
     */
    void palettes(int thread, int fromBlock, int toBlock, float[] dest, int offset) {
        Block b = blocks[thread];
        for (int block = fromBlock; block < toBlock; block++) {
            int from = block * Palettes.STRIDE_MULTIPLE;
            blockEntries(b, from, Math.min(instances, from + Palettes.STRIDE_MULTIPLE), dest,
                    offset + 16 * from * jointCount);
        }
    }

    /**
     * As {@link #palettes(int, int, int, float[], int)}, into a buffer at absolute float index {@code index}: each
     * block's entries through the thread's scratch (still in cache) and one bulk copy, which costs less than a put
     * per float.
     */
    void palettes(int thread, int fromBlock, int toBlock, FloatBuffer dest, int index) {
        Block b = blocks[thread];
        for (int block = fromBlock; block < toBlock; block++) {
            int from = block * Palettes.STRIDE_MULTIPLE;
            int to = Math.min(instances, from + Palettes.STRIDE_MULTIPLE);
            blockEntries(b, from, to, b.entries, 0);
            dest.put(index + 16 * from * jointCount, b.entries, 0, 16 * (to - from) * jointCount);
        }
    }

    /**
     * The 4×4 entries of instances [from, to) (at most one block), instance after instance from {@code dest[d0]}.
     * A whole block whose joints lie in windows ({@code InstanceNodes.readWindowProducts}) is computed window by
     * window, each lane's entry written to its place; any other block joint by joint over its lanes, the joints'
     * worlds gathered ({@code InstanceNodes.readWorldProducts}) into the thread's planes. The same bits either way.
     */
    private void blockEntries(Block b, int from, int to, float[] dest, int d0) {
        int count = to - from;
        int lanes = Palettes.STRIDE_MULTIPLE;
        for (int e = 0; e < Affine.STRIDE; e++) {
            System.arraycopy(meshFromWorldPlanes, e * this.lanes + from, b.mesh, e * lanes, count);
        }
        if (windowStride > 0 && count == lanes
                && NODES.readWindowProducts(jointNodes, from, b.mesh, windowBinds, b.windowPlanes, windowStride)) {
            int limit = 16 * jointCount * lanes;
            for (int o = 0; o < windowStride; o += lanes) {
                Palettes.toColumnMajor4x4(b.windowPlanes, o, windowStride, dest, d0, windowRows, o, limit);
            }
            return;
        }
        int stride = jointCount * lanes;
        NODES.readWorldProducts(jointNodes, from, to, b.mesh, lanes, inverseBinds, b.planes, 0, lanes, stride);
        entries(b.planes, count, dest, d0);
    }

    /** The {@code count} lanes of a block's entry planes as 4×4 column-major entries, lane after lane, from d0. */
    private void entries(float[] w, int count, float[] dest, int d0) {
        int s = jointCount * Palettes.STRIDE_MULTIPLE;
        for (int j = 0; j < jointCount; j++) {
            Palettes.toColumnMajor4x4(w, j * Palettes.STRIDE_MULTIPLE, s, count, dest, d0 + 16 * j, 16 * jointCount);
        }
    }
}
