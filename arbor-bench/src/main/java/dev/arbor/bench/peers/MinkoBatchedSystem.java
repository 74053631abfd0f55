package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;

/**
 * A port of Minko's transform update <em>after</em> its rewrite (seed 000): the tree is linearised breadth-first
 * into flat arrays (parent id, first child id, child count per entry), and one loop over that list recomputes, for
 * each entry's children, the world matrices whose own local matrix changed or whose parent's world matrix was
 * recomputed in this pass. The list is rebuilt only after the hierarchy changed.
 *
 * <p>Differences from the seed, all in its favour or neutral: local matrices are composed from TRS inside the loop
 * for changed nodes only; a forest is handled by treating every root like the seed's single root; the per-node
 * "world changed" signal the seed fires for each recomputed node has no listener here and is left out.
 * {@link #getWorld} runs the whole batched pass when anything changed, as Minko does before rendering.
 */
public final class MinkoBatchedSystem implements TransformSystem {
    private static final int S = Affine.STRIDE;

    // scene-indexed: hierarchy and local TRS
    private int[] parents;
    private LocalTrs trs;
    private int[] idOfNode;
    // id-indexed (breadth-first order): linearised tree
    private int[] nodeOfId;
    private int[] parentId;
    private int[] firstChildId;
    private int[] childCount;
    /** Local matrices, {@link Affine#STRIDE} floats per id. */
    private float[] locals;
    /** World matrices, {@link Affine#STRIDE} floats per id. */
    private float[] worlds;
    /** The local TRS changed since the last pass. */
    private boolean[] localChanged;
    /** The world matrix was recomputed in the current pass (children must follow). */
    private boolean[] worldChanged;
    private int rootCount;
    private boolean invalidList;
    private boolean changedSinceUpdate;

    @Override
    public String id() {
        return "minko-after";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        parents = scene.parents().clone();
        trs = new LocalTrs(scene);
        idOfNode = new int[n];
        nodeOfId = new int[n];
        parentId = new int[n];
        firstChildId = new int[n];
        childCount = new int[n];
        locals = new float[n * S];
        worlds = new float[n * S];
        localChanged = new boolean[n];
        worldChanged = new boolean[n];
        invalidList = true;
        update();
    }

    /** Breadth-first linearisation (the seed's {@code updateTransformsList}); marks every entry changed. */
    private void rebuildList() {
        Children children = Children.of(parents);
        int n = parents.length;
        int tail = 0;
        for (int root : children.roots) {
            nodeOfId[tail] = root;
            parentId[tail] = -1;
            tail++;
        }
        rootCount = tail;
        for (int id = 0; id < n; id++) {
            int node = nodeOfId[id];
            idOfNode[node] = id;
            int from = children.first[node];
            int to = children.first[node + 1];
            firstChildId[id] = tail;
            childCount[id] = to - from;
            for (int c = from; c < to; c++) {
                parentId[tail] = id;
                nodeOfId[tail++] = children.list[c];
            }
            localChanged[id] = true;
        }
        invalidList = false;
    }

    @Override
    public int size() {
        return parents.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        trs.setRotation(node, x, y, z, w);
        localChanged[idOfNode[node]] = true;
        changedSinceUpdate = true;
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        trs.setTranslation(node, x, y, z);
        localChanged[idOfNode[node]] = true;
        changedSinceUpdate = true;
    }

    @Override
    public void update() {
        if (invalidList) {
            rebuildList();
        }
        float[] locals = this.locals;
        float[] worlds = this.worlds;
        boolean[] localChanged = this.localChanged;
        boolean[] worldChanged = this.worldChanged;
        int[] nodeOfId = this.nodeOfId;
        for (int id = 0; id < rootCount; id++) {
            boolean dirty = localChanged[id];
            if (dirty) {
                trs.compose(nodeOfId[id], locals, id * S);
                Affine.copy(locals, id * S, worlds, id * S);
                localChanged[id] = false;
            }
            worldChanged[id] = dirty;
        }
        // Invariant: breadth-first order, so an entry's world matrix is final before its children are visited.
        int n = nodeOfId.length;
        for (int id = 0; id < n; id++) {
            boolean parentDirty = worldChanged[id];
            int last = firstChildId[id] + childCount[id];
            for (int child = firstChildId[id]; child < last; child++) {
                boolean dirty = parentDirty || localChanged[child];
                if (localChanged[child]) {
                    trs.compose(nodeOfId[child], locals, child * S);
                    localChanged[child] = false;
                }
                if (dirty) {
                    Affine.multiply(worlds, id * S, locals, child * S, worlds, child * S);
                }
                worldChanged[child] = dirty;
            }
        }
        changedSinceUpdate = false;
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        if (changedSinceUpdate || invalidList) {
            update();
        }
        Affine.copy(worlds, idOfNode[node] * S, dest, offset);
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        parents[node] = newParent;
        invalidList = true;
        changedSinceUpdate = true;
    }
}
