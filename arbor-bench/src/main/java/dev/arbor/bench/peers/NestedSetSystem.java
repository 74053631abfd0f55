package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;
import java.util.Arrays;

/**
 * A port of Godot's nested-set global poses for {@code Skeleton3D} (seed 003). Nodes are numbered depth-first
 * ({@code nestedOffset}), so a node's subtree is the contiguous range {@code [nestedOffset, nestedOffset + nestedSpan)}
 * of that numbering; one dirty flag per position. Changing a node's pose sets the flags of its whole range unless
 * its own flag is already set (then every descendant's is too). Reading one global pose recomputes only the dirty
 * ancestors, top-down; the full update is one linear pass over the positions that recomputes the dirty ones.
 *
 * <p>Local matrices are cached per node and rebuilt from TRS only when that node's pose changed (Godot's pose cache).
 * A reparent invalidates the numbering; it is rebuilt, and every pose marked dirty, before the next read or update.
 */
public final class NestedSetSystem implements TransformSystem {
    private static final int S = Affine.STRIDE;

    // node-indexed
    private int[] parents;
    private LocalTrs trs;
    private float[] poseCaches;
    private boolean[] poseCacheDirty;
    private float[] globalPoses;
    private int[] nestedOffset;
    private int[] nestedSpan;
    // position-indexed
    private int[] nodeAtOffset;
    private boolean[] globalDirty;
    private int[] stack;
    private boolean nestedSetDirty;

    @Override
    public String id() {
        return "nested-set";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        parents = scene.parents().clone();
        trs = new LocalTrs(scene);
        poseCaches = new float[n * S];
        poseCacheDirty = new boolean[n];
        globalPoses = new float[n * S];
        nestedOffset = new int[n];
        nestedSpan = new int[n];
        nodeAtOffset = new int[n];
        globalDirty = new boolean[n];
        stack = new int[n];
        Arrays.fill(poseCacheDirty, true);
        nestedSetDirty = true;
        update();
    }

    private void rebuildNestedSet() {
        Children.of(parents).preOrder(nodeAtOffset, nestedOffset, nestedSpan);
        Arrays.fill(globalDirty, true);
        nestedSetDirty = false;
    }

    @Override
    public int size() {
        return parents.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        trs.setRotation(node, x, y, z, w);
        poseChanged(node);
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        trs.setTranslation(node, x, y, z);
        poseChanged(node);
    }

    private void poseChanged(int node) {
        poseCacheDirty[node] = true;
        if (nestedSetDirty) {
            return; // everything is marked dirty when the numbering is rebuilt
        }
        int offset = nestedOffset[node];
        if (!globalDirty[offset]) {
            Arrays.fill(globalDirty, offset, offset + nestedSpan[node], true);
        }
    }

    /** Recomputes one node's global pose from its parent's (which must be current) and clears its flag. */
    private void computeGlobal(int node) {
        if (poseCacheDirty[node]) {
            trs.compose(node, poseCaches, node * S);
            poseCacheDirty[node] = false;
        }
        int parent = parents[node];
        if (parent < 0) {
            Affine.copy(poseCaches, node * S, globalPoses, node * S);
        } else {
            Affine.multiply(globalPoses, parent * S, poseCaches, node * S, globalPoses, node * S);
        }
        globalDirty[nestedOffset[node]] = false;
    }

    @Override
    public void update() {
        if (nestedSetDirty) {
            rebuildNestedSet();
        }
        boolean[] globalDirty = this.globalDirty;
        int[] nodeAtOffset = this.nodeAtOffset;
        // Invariant: depth-first numbering, so a parent's position precedes its children's.
        for (int offset = 0; offset < globalDirty.length; offset++) {
            if (globalDirty[offset]) {
                computeGlobal(nodeAtOffset[offset]);
            }
        }
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        if (nestedSetDirty) {
            rebuildNestedSet();
        }
        if (globalDirty[nestedOffset[node]]) {
            int top = 0;
            for (int n = node; n >= 0 && globalDirty[nestedOffset[n]]; n = parents[n]) {
                stack[top++] = n;
            }
            while (top > 0) {
                computeGlobal(stack[--top]);
            }
        }
        Affine.copy(globalPoses, node * S, dest, offset);
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        parents[node] = newParent;
        nestedSetDirty = true;
    }
}
