package dev.arbor.bench.peers;

import com.badlogic.gdx.graphics.g3d.model.Node;
import com.badlogic.gdx.math.Matrix4;
import dev.arbor.scenes.Scene;
import java.nio.FloatBuffer;

/**
 * libGDX 1.14 g3d: one {@link Node} per scene node, roots kept in an array (as a {@code Model}'s node list), updated
 * with {@link Node#calculateTransforms(boolean) calculateTransforms(true)} on each root.
 *
 * <p>libGDX has no dirty flags: every update recomputes every local matrix from translation, rotation and scale and
 * every {@code globalTransform}. {@link #getWorld} after a change recomputes the ancestor chain top-down
 * ({@code calculateLocalTransform} + {@code calculateWorldTransform}, depth + 1 nodes). Runs without native
 * libraries: in 1.14 {@code Matrix4.mul(float[], float[])} is plain Java; only {@code mulVec}, {@code prj} and
 * {@code rot} over arrays are native, and the node update does not call them.
 */
public final class GdxSystem implements TransformSystem {
    private Node[] nodes;
    /** {@link #writePalettes}' inverse bind matrices as libGDX matrices, and its scratch. */
    private Matrix4[] binds;
    private float[] bindSource;
    private final Matrix4 meshFromWorld = new Matrix4();
    private final Matrix4 entry = new Matrix4();
    private Node[] roots;
    private Node[] chain = new Node[16];
    private boolean changedSinceUpdate;

    @Override
    public String id() {
        return "gdx";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        int[] parents = scene.parents();
        float[] t = scene.translations();
        float[] r = scene.rotations();
        float[] s = scene.scales();
        nodes = new Node[n];
        roots = new Node[scene.rootCount()];
        int rootCount = 0;
        for (int i = 0; i < n; i++) {
            Node node = new Node();
            node.translation.set(t[i * 3], t[i * 3 + 1], t[i * 3 + 2]);
            node.rotation.set(r[i * 4], r[i * 4 + 1], r[i * 4 + 2], r[i * 4 + 3]);
            node.scale.set(s[i * 3], s[i * 3 + 1], s[i * 3 + 2]);
            if (parents[i] < 0) {
                roots[rootCount++] = node;
            } else {
                nodes[parents[i]].addChild(node);
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
        for (Node root : roots) {
            root.calculateTransforms(true);
        }
        changedSinceUpdate = false;
    }

    /** Each node's global {@code Matrix4} values (column-major 4×4) put into the buffer at its index. */
    @Override
    public void exportWorlds(FloatBuffer dest) {
        for (int i = 0; i < nodes.length; i++) {
            dest.put(16 * i, nodes[i].globalTransform.val, 0, 16);
        }
    }

    @Override
    public void writePalettes(int joints, float[] inverseBinds, FloatBuffer dest) {
        if (bindSource != inverseBinds) {
            binds = new Matrix4[nodes.length];
            for (int i = 0; i < binds.length; i++) {
                float[] v = new float[16];
                for (int c = 0; c < 4; c++) {
                    System.arraycopy(inverseBinds, 12 * i + 3 * c, v, 4 * c, 3);
                }
                v[15] = 1f;
                binds[i] = new Matrix4(v);
            }
            bindSource = inverseBinds;
        }
        for (int i = 0; i < nodes.length; i++) {
            if (i % joints == 0) {
                meshFromWorld.set(nodes[i].globalTransform).inv();
            }
            entry.set(meshFromWorld).mul(nodes[i].globalTransform).mul(binds[i]);
            dest.put(16 * i, entry.val, 0, 16);
        }
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        Node target = nodes[node];
        if (changedSinceUpdate) {
            int depth = 0;
            for (Node n = target; n != null; n = n.getParent()) {
                if (depth == chain.length) {
                    chain = java.util.Arrays.copyOf(chain, depth * 2);
                }
                chain[depth++] = n;
            }
            for (int k = depth - 1; k >= 0; k--) {
                chain[k].calculateLocalTransform();
                chain[k].calculateWorldTransform();
            }
        }
        float[] m = target.globalTransform.val;
        for (int c = 0; c < 4; c++) {
            dest[offset + c * 3] = m[c * 4];
            dest[offset + c * 3 + 1] = m[c * 4 + 1];
            dest[offset + c * 3 + 2] = m[c * 4 + 2];
        }
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        nodes[node].attachTo(nodes[newParent]);
        changedSinceUpdate = true;
    }
}
