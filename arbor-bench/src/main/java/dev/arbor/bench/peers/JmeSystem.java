package dev.arbor.bench.peers;

import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.scene.Node;
import dev.arbor.scenes.Scene;

/**
 * jMonkeyEngine 3.9: one {@link Node} per scene node under one extra root {@code Node} (the usual {@code rootNode};
 * it stays at identity and is not counted), updated with {@link Node#updateGeometricState()}.
 *
 * <p>Local transforms are set through {@code setLocalRotation}/{@code setLocalTranslation}, which copy into the
 * node's {@link Transform} and flag the subtree for refresh; {@link #getWorld} uses {@code getWorldTransform()}, which
 * refreshes the dirty ancestors lazily. jME composes decomposed transforms ({@link Composition#DECOMPOSED_TRS}), so
 * with non-uniform scale under rotation its world matrices differ from the matrix product by design. Runs headless;
 * keep assertions off when timing (jME asserts in its update paths).
 *
 * <p>Limitation found here: jME's lazy refresh keeps the chain of dirty ancestors in a fixed 32-entry scratch array
 * ({@code TempVars.spatialStack}), so {@code getWorldTransform()} throws {@link ArrayIndexOutOfBoundsException} on a
 * node 32 or more levels deep under a dirty ancestor (and leaks its {@code TempVars}). On such trees (here only
 * {@code chain-10k}) {@link #getWorld} falls back to a full {@code updateGeometricState()} first.
 */
public final class JmeSystem implements TransformSystem {
    private final Quaternion scratchRotation = new Quaternion();
    private final Matrix4f scratchMatrix = new Matrix4f();
    private Node rootNode;
    private Node[] nodes;
    /** The deepest node is shallow enough for jME's lazy refresh (see the class comment). */
    private boolean lazyReadSafe;
    /** A reparent may have deepened the tree; {@link #lazyReadSafe} is recomputed on the next read. */
    private boolean depthUnknown;

    @Override
    public String id() {
        return "jme";
    }

    @Override
    public Composition composition() {
        return Composition.DECOMPOSED_TRS;
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        int[] parents = scene.parents();
        float[] t = scene.translations();
        float[] r = scene.rotations();
        float[] s = scene.scales();
        rootNode = new Node("root");
        nodes = new Node[n];
        for (int i = 0; i < n; i++) {
            Node node = new Node("n");
            node.setLocalTranslation(t[i * 3], t[i * 3 + 1], t[i * 3 + 2]);
            node.setLocalRotation(scratchRotation.set(r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]));
            node.setLocalScale(s[i * 3], s[i * 3 + 1], s[i * 3 + 2]);
            (parents[i] < 0 ? rootNode : nodes[parents[i]]).attachChild(node);
            nodes[i] = node;
        }
        rootNode.updateGeometricState();
        lazyReadSafe = scene.maxDepth() + 1 < JME_LAZY_DEPTH_LIMIT;
    }

    /** Nodes on the dirty path jME's {@code checkDoTransformUpdate} can hold. */
    private static final int JME_LAZY_DEPTH_LIMIT = 32;

    private boolean computeLazyReadSafe() {
        int deepest = 0;
        for (Node node : nodes) {
            int depth = 0;
            for (Node n = node.getParent(); n != null; n = n.getParent()) {
                depth++;
            }
            deepest = Math.max(deepest, depth);
        }
        return deepest < JME_LAZY_DEPTH_LIMIT;
    }

    /** @return the extra root node every scene root hangs under */
    public Node rootNode() {
        return rootNode;
    }

    /**
     * @param node scene node index
     * @return its jME node
     */
    public Node node(int node) {
        return nodes[node];
    }

    @Override
    public int size() {
        return nodes.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        nodes[node].setLocalRotation(scratchRotation.set(x, y, z, w));
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        nodes[node].setLocalTranslation(x, y, z);
    }

    @Override
    public void update() {
        rootNode.updateGeometricState();
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        if (depthUnknown) {
            lazyReadSafe = computeLazyReadSafe();
            depthUnknown = false;
        }
        if (!lazyReadSafe) {
            rootNode.updateGeometricState();
        }
        Matrix4f m = nodes[node].getWorldTransform().toTransformMatrix(scratchMatrix);
        dest[offset] = m.m00;
        dest[offset + 1] = m.m10;
        dest[offset + 2] = m.m20;
        dest[offset + 3] = m.m01;
        dest[offset + 4] = m.m11;
        dest[offset + 5] = m.m21;
        dest[offset + 6] = m.m02;
        dest[offset + 7] = m.m12;
        dest[offset + 8] = m.m22;
        dest[offset + 9] = m.m03;
        dest[offset + 10] = m.m13;
        dest[offset + 11] = m.m23;
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        nodes[newParent].attachChild(nodes[node]);
        depthUnknown = true;
    }
}
