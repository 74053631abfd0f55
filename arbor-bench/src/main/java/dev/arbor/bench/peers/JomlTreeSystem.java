package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;
import java.nio.FloatBuffer;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * The object-graph baseline of seed 004: one heap object per node holding JOML {@link Matrix4f} local and world
 * matrices and first-child/next-sibling pointers, updated by a recursive walk from each root
 * ({@code world = parent.world × local}). No dirty flags: every update recomputes every node, local matrix included
 * ({@link Matrix4f#translationRotateScale}); JOML's {@code mul} takes its affine path on these matrices.
 */
public final class JomlTreeSystem implements TransformSystem {
    /** One scene-graph node, as in the seed's {@code SGNode} plus the TRS it is built from. */
    static final class SgNode {
        SgNode parent;
        SgNode firstChild;
        SgNode nextSibling;
        final Vector3f translation = new Vector3f();
        final Quaternionf rotation = new Quaternionf();
        final Vector3f scale = new Vector3f();
        final Matrix4f local = new Matrix4f();
        final Matrix4f world = new Matrix4f();

        void computeLocal() {
            local.translationRotateScale(translation, rotation, scale);
        }

        void addChild(SgNode child) {
            child.parent = this;
            // append so that siblings keep the scene's order
            if (firstChild == null) {
                firstChild = child;
            } else {
                SgNode last = firstChild;
                while (last.nextSibling != null) {
                    last = last.nextSibling;
                }
                last.nextSibling = child;
            }
        }

        void removeChild(SgNode child) {
            if (firstChild == child) {
                firstChild = child.nextSibling;
            } else {
                SgNode prev = firstChild;
                while (prev.nextSibling != child) {
                    prev = prev.nextSibling;
                }
                prev.nextSibling = child.nextSibling;
            }
            child.nextSibling = null;
            child.parent = null;
        }
    }

    private SgNode[] nodes;
    /** {@link #writePalettes}' inverse bind matrices as JOML matrices, and its scratch. */
    private Matrix4f[] binds;
    private float[] bindSource;
    private final Matrix4f meshFromWorld = new Matrix4f();
    private final Matrix4f entry = new Matrix4f();
    private SgNode[] roots;
    private SgNode[] chain = new SgNode[16];
    private boolean changedSinceUpdate;

    @Override
    public String id() {
        return "joml-tree";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        int[] parents = scene.parents();
        float[] t = scene.translations();
        float[] r = scene.rotations();
        float[] s = scene.scales();
        nodes = new SgNode[n];
        roots = new SgNode[scene.rootCount()];
        int rootCount = 0;
        SgNode[] lastChild = new SgNode[n];
        for (int i = 0; i < n; i++) {
            SgNode node = new SgNode();
            node.translation.set(t[i * 3], t[i * 3 + 1], t[i * 3 + 2]);
            node.rotation.set(r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]);
            node.scale.set(s[i * 3], s[i * 3 + 1], s[i * 3 + 2]);
            int p = parents[i];
            if (p < 0) {
                roots[rootCount++] = node;
            } else {
                // O(1) append while building (SgNode.addChild walks the sibling list)
                node.parent = nodes[p];
                if (lastChild[p] == null) {
                    nodes[p].firstChild = node;
                } else {
                    lastChild[p].nextSibling = node;
                }
                lastChild[p] = node;
            }
            nodes[i] = node;
        }
        update();
    }

    @Override
    public int size() {
        return nodes.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        nodes[node].rotation.set(x, y, z, w);
        changedSinceUpdate = true;
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        nodes[node].translation.set(x, y, z);
        changedSinceUpdate = true;
    }

    @Override
    public void update() {
        for (SgNode root : roots) {
            root.computeLocal();
            root.world.set(root.local);
            updateChildren(root);
        }
        changedSinceUpdate = false;
    }

    /** The seed's recursive walk: each child's world from its parent's, then the child's own subtree. */
    private static void updateChildren(SgNode parent) {
        for (SgNode child = parent.firstChild; child != null; child = child.nextSibling) {
            child.computeLocal();
            parent.world.mul(child.local, child.world);
            updateChildren(child);
        }
    }

    /** JOML's own export: each world {@code Matrix4f} writes itself into the buffer at its index. */
    @Override
    public void exportWorlds(FloatBuffer dest) {
        for (int i = 0; i < nodes.length; i++) {
            nodes[i].world.get(16 * i, dest);
        }
    }

    @Override
    public void writePalettes(int joints, float[] inverseBinds, FloatBuffer dest) {
        if (bindSource != inverseBinds) {
            binds = new Matrix4f[nodes.length];
            for (int i = 0; i < binds.length; i++) {
                int b = 12 * i;
                binds[i] = new Matrix4f(inverseBinds[b], inverseBinds[b + 1], inverseBinds[b + 2], 0,
                        inverseBinds[b + 3], inverseBinds[b + 4], inverseBinds[b + 5], 0,
                        inverseBinds[b + 6], inverseBinds[b + 7], inverseBinds[b + 8], 0,
                        inverseBinds[b + 9], inverseBinds[b + 10], inverseBinds[b + 11], 1);
            }
            bindSource = inverseBinds;
        }
        for (int i = 0; i < nodes.length; i++) {
            if (i % joints == 0) {
                nodes[i].world.invertAffine(meshFromWorld);
            }
            meshFromWorld.mulAffine(nodes[i].world, entry).mulAffine(binds[i]).get(16 * i, dest);
        }
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        SgNode target = nodes[node];
        if (changedSinceUpdate) {
            int depth = 0;
            for (SgNode n = target; n != null; n = n.parent) {
                if (depth == chain.length) {
                    chain = java.util.Arrays.copyOf(chain, depth * 2);
                }
                chain[depth++] = n;
            }
            for (int k = depth - 1; k >= 0; k--) {
                SgNode n = chain[k];
                n.computeLocal();
                if (n.parent == null) {
                    n.world.set(n.local);
                } else {
                    n.parent.world.mul(n.local, n.world);
                }
            }
        }
        Matrix4f m = target.world;
        dest[offset] = m.m00();
        dest[offset + 1] = m.m01();
        dest[offset + 2] = m.m02();
        dest[offset + 3] = m.m10();
        dest[offset + 4] = m.m11();
        dest[offset + 5] = m.m12();
        dest[offset + 6] = m.m20();
        dest[offset + 7] = m.m21();
        dest[offset + 8] = m.m22();
        dest[offset + 9] = m.m30();
        dest[offset + 10] = m.m31();
        dest[offset + 11] = m.m32();
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        SgNode child = nodes[node];
        if (child.parent != null) {
            child.parent.removeChild(child);
        }
        nodes[newParent].addChild(child);
        changedSinceUpdate = true;
    }
}
