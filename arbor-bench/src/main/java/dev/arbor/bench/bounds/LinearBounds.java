package dev.arbor.bench.bounds;

import dev.arbor.bench.peers.ArborSystem;
import dev.arbor.bounds.Aabb;
import dev.arbor.bounds.Frustum;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.math.Affine;
import dev.arbor.scenes.Scene;
import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * The baseline without laziness or pruning, on flat arrays: the transforms are the same {@link ArborSystem}; per
 * move, after its update, every world matrix is exported ({@code writeWorldMatrices}, scene order), every content
 * box is transformed by its world matrix ({@link Aabb#transform}) and the boxes are unioned up the tree children
 * first (reverse scene order, which is parent-first). Culling tests every world box with {@link Frustum#classify} —
 * the plane test {@code HierarchyBounds} uses, so the visible sets must be equal.
 */
public final class LinearBounds implements BoundsSystem {
    private static final int BOX = Aabb.STRIDE;
    private final ArborSystem transforms = new ArborSystem();
    private int size;
    private int[] parents;
    private long[] handles;
    private float[] contents;
    private float[] worlds;
    private FloatBuffer worldBuffer;
    private float[] worldBoxes;
    private float[] subtreeBoxes;
    private int[] hits;

    @Override
    public String id() {
        return "linear";
    }

    @Override
    public void build(BoundsScene boundsScene) {
        Scene scene = boundsScene.scene();
        transforms.build(scene);
        size = scene.size();
        parents = scene.parents();
        contents = boundsScene.contents();
        handles = new long[size];
        for (int i = 0; i < size; i++) {
            handles[i] = transforms.handle(i);
        }
        worlds = new float[size * Affine.STRIDE];
        worldBuffer = FloatBuffer.wrap(worlds);
        worldBoxes = new float[size * BOX];
        subtreeBoxes = new float[size * BOX];
        hits = new int[size];
        recompute();
    }

    /** Exports the world matrices, transforms every content box, unions children into parents. */
    private void recompute() {
        transforms.hierarchy().writeWorldMatrices(handles, 0, size, MatrixLayout.COLUMN_MAJOR_3X4, worldBuffer);
        float[] m = worlds;
        float[] c = contents;
        float[] w = worldBoxes;
        float[] s = subtreeBoxes;
        int n = size;
        for (int i = 0; i < n; i++) {
            Aabb.transform(m, i * Affine.STRIDE, c, i * BOX, w, i * BOX);
        }
        System.arraycopy(w, 0, s, 0, n * BOX);
        int[] p = parents;
        // parents precede their children in scene order: descending, each subtree box is complete when folded up
        for (int i = n - 1; i >= 0; i--) {
            if (p[i] >= 0) {
                Aabb.include(s, i * BOX, s, p[i] * BOX);
            }
        }
    }

    @Override
    public void moveAndBound(int[] nodes, float[] xyzw, float[] sceneBox) {
        transforms.setLocalRotations(nodes, nodes.length, xyzw);
        transforms.update();
        recompute();
        boolean first = true;
        for (int i = 0; i < size; i++) {
            if (parents[i] < 0) {
                if (first) {
                    System.arraycopy(subtreeBoxes, i * BOX, sceneBox, 0, BOX);
                    first = false;
                } else {
                    Aabb.include(subtreeBoxes, i * BOX, sceneBox, 0);
                }
            }
        }
    }

    @Override
    public int cull(BoundsScene scene) {
        float[] planes = scene.planes();
        float[] w = worldBoxes;
        int[] out = hits;
        int count = 0;
        for (int i = 0, n = size; i < n; i++) {
            if (Frustum.classify(planes, 0, w, i * BOX) != Frustum.OUTSIDE) {
                out[count++] = i;
            }
        }
        return count;
    }

    @Override
    public int[] visibleNodes(BoundsScene scene) {
        return Arrays.copyOf(hits, cull(scene));
    }

    @Override
    public float[] worldBox(int node, float[] dest) {
        System.arraycopy(worldBoxes, node * BOX, dest, 0, BOX);
        return dest;
    }

    @Override
    public float[] worldMatrix(int node, float[] dest) {
        return transforms.getWorld(node, dest, 0);
    }
}
