package dev.arbor.bench.bounds;

import dev.arbor.bench.peers.ArborSystem;
import dev.arbor.bounds.Aabb;
import dev.arbor.hierarchy.HierarchyBounds;
import dev.arbor.scenes.Scene;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Arbor's {@link HierarchyBounds} over an {@link ArborSystem}: content boxes set once; per move the hierarchy's
 * update marks the recomputed nodes and their ancestors, and reading the roots' subtree bounds recomputes only those.
 * Culling is {@code queryFrustum}, which prunes by subtree boxes and takes subtrees entirely inside without more
 * tests.
 */
public final class ArborBounds implements BoundsSystem {
    private final ArborSystem transforms = new ArborSystem();
    private HierarchyBounds bounds;
    private long[] roots;
    private long[] hits;
    private final float[] box = new float[Aabb.STRIDE];

    @Override
    public String id() {
        return "arbor";
    }

    @Override
    public void build(BoundsScene boundsScene) {
        Scene scene = boundsScene.scene();
        transforms.build(scene);
        bounds = new HierarchyBounds(transforms.hierarchy());
        float[] c = boundsScene.contents();
        int n = scene.size();
        for (int i = 0; i < n; i++) {
            int o = i * Aabb.STRIDE;
            bounds.setContentBounds(transforms.handle(i), c[o], c[o + 1], c[o + 2], c[o + 3], c[o + 4], c[o + 5]);
        }
        roots = new long[scene.rootCount()];
        transforms.hierarchy().roots(roots, 0);
        hits = new long[n];
        bounds.getSubtreeBounds(roots[0], box, 0);
    }

    @Override
    public void moveAndBound(int[] nodes, float[] xyzw, float[] sceneBox) {
        transforms.setLocalRotations(nodes, nodes.length, xyzw);
        transforms.update();
        bounds.getSubtreeBounds(roots[0], sceneBox, 0);
        for (int r = 1; r < roots.length; r++) {
            bounds.getSubtreeBounds(roots[r], box, 0);
            Aabb.include(box, 0, sceneBox, 0);
        }
    }

    @Override
    public int cull(BoundsScene scene) {
        return bounds.queryFrustum(scene.planes(), 0, hits, 0);
    }

    @Override
    public int[] visibleNodes(BoundsScene scene) {
        int count = cull(scene);
        Map<Long, Integer> nodeOfHandle = new HashMap<>();
        for (int i = 0; i < scene.scene().size(); i++) {
            nodeOfHandle.put(transforms.handle(i), i);
        }
        int[] nodes = new int[count];
        for (int k = 0; k < count; k++) {
            nodes[k] = nodeOfHandle.get(hits[k]);
        }
        Arrays.sort(nodes);
        return nodes;
    }

    @Override
    public float[] worldBox(int node, float[] dest) {
        bounds.getWorldBounds(transforms.handle(node), dest, 0);
        return dest;
    }

    @Override
    public float[] worldMatrix(int node, float[] dest) {
        return transforms.getWorld(node, dest, 0);
    }
}
