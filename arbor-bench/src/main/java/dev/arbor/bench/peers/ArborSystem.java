package dev.arbor.bench.peers;

import dev.arbor.animation.Skeleton;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.hierarchy.NodeList;
import dev.arbor.hierarchy.StorageLayout;
import dev.arbor.scenes.Scene;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Locale;

/**
 * Arbor's {@link Hierarchy}: packed arrays in parent-first order, stale bits, one update pass over what changed,
 * exact lazy reads of stale nodes. Nodes are created in scene order (a root or a child of an earlier node), so the
 * packed order starts out equal to the scene's; the adapter maps scene indices to handles.
 *
 * <p>Bulk rotations go through a {@link NodeList} ({@link Hierarchy#setLocalRotations(NodeList, float[], int)}), made
 * once per node subset and reused while the caller passes the same subset array: the way an animation system would
 * hold the nodes it drives.
 */
public final class ArborSystem implements TransformSystem {
    private final int threads;
    private final StorageLayout layout;
    private Hierarchy hierarchy;
    /** One Arbor skeleton per skeleton of {@link #writePalettes}, built at its first call. */
    private Skeleton[] skeletons;
    private float[] skeletonBinds;
    private long[] handles;
    private int[] listNodes;
    private int listCount;
    private NodeList list;

    /** Arbor updating on the caller's thread only. */
    public ArborSystem() {
        this(1);
    }

    /**
     * Arbor with {@link Hierarchy#setUpdateThreads(int)}.
     *
     * @param threads update threads (1 = sequential)
     */
    public ArborSystem(int threads) {
        this(threads, StorageLayout.AUTOMATIC);
    }

    /**
     * Arbor on the caller's thread with a fixed {@link StorageLayout} and no rewrites for activity.
     *
     * @param layout the layout ({@link Hierarchy#setStorageLayout})
     */
    public ArborSystem(StorageLayout layout) {
        this(1, layout);
    }

    private ArborSystem(int threads, StorageLayout layout) {
        this.threads = threads;
        this.layout = layout;
    }

    @Override
    public String id() {
        if (layout != StorageLayout.AUTOMATIC) {
            return "arbor-" + layout.name().toLowerCase(Locale.ROOT);
        }
        return threads == 1 ? "arbor" : "arbor-" + threads + "t";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        int[] parents = scene.parents();
        float[] t = scene.translations();
        float[] r = scene.rotations();
        float[] s = scene.scales();
        hierarchy = new Hierarchy(n);
        hierarchy.setStorageLayout(layout);
        hierarchy.setActivityPacking(layout == StorageLayout.AUTOMATIC); // a fixed layout stays as built
        handles = new long[n];
        listNodes = null;
        for (int i = 0; i < n; i++) {
            long h = parents[i] < 0 ? hierarchy.createRoot() : hierarchy.createChild(handles[parents[i]]);
            hierarchy.setLocalTranslation(h, t[i * 3], t[i * 3 + 1], t[i * 3 + 2]);
            hierarchy.setLocalRotation(h, r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]);
            hierarchy.setLocalScale(h, s[i * 3], s[i * 3 + 1], s[i * 3 + 2]);
            handles[i] = h;
        }
        hierarchy.update();
        if (threads > 1) {
            hierarchy.setUpdateThreads(threads);
        }
    }

    /**
     * @param node scene node index
     * @return its handle
     */
    public long handle(int node) {
        return handles[node];
    }

    /** @return the hierarchy under test */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    @Override
    public int size() {
        return hierarchy.size();
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        hierarchy.setLocalRotation(handles[node], x, y, z, w);
    }

    @Override
    public void setLocalRotations(int[] nodes, int count, float[] xyzw) {
        if (nodes != listNodes || count != listCount) {
            long[] mapped = new long[count];
            for (int k = 0; k < count; k++) {
                mapped[k] = handles[nodes[k]];
            }
            list = hierarchy.nodeList(mapped, 0, count);
            listNodes = nodes;
            listCount = count;
        }
        hierarchy.setLocalRotations(list, xyzw, 0);
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        hierarchy.setLocalTranslation(handles[node], x, y, z);
    }

    @Override
    public void update() {
        hierarchy.update();
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        return hierarchy.getWorld(handles[node], dest, offset);
    }

    @Override
    public void exportWorlds(FloatBuffer dest) {
        hierarchy.writeWorldMatrices(handles, 0, handles.length, MatrixLayout.COLUMN_MAJOR_4X4, dest);
    }

    @Override
    public void writePalettes(int joints, float[] inverseBinds, FloatBuffer dest) {
        if (skeletons == null || skeletonBinds != inverseBinds) {
            skeletons = new Skeleton[handles.length / joints];
            for (int s = 0; s < skeletons.length; s++) {
                skeletons[s] = new Skeleton(Arrays.copyOfRange(handles, s * joints, (s + 1) * joints),
                        Arrays.copyOfRange(inverseBinds, 12 * s * joints, 12 * (s + 1) * joints));
            }
            skeletonBinds = inverseBinds;
        }
        for (int s = 0; s < skeletons.length; s++) {
            skeletons[s].writePalette(hierarchy, handles[s * joints], MatrixLayout.COLUMN_MAJOR_4X4, dest,
                    16 * s * joints);
        }
    }

    @Override
    public void reparent(int node, int newParent) {
        hierarchy.reparent(handles[node], handles[newParent], false);
    }
}
