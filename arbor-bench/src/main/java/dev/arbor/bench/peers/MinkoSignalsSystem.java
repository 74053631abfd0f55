package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;
import java.util.Arrays;

/**
 * A port of Minko's transform update <em>before</em> its rewrite (seed 000): each node listens to its parent's
 * "world changed" signal, and any change to a node's local transform immediately recomputes its world matrix and
 * fires its own signal, so the change is pushed eagerly down the whole subtree, one listener call per descendant.
 *
 * <p>World matrices are therefore always current: {@link #update()} does nothing and {@link #getWorld} only copies.
 * The cost moves to the setters: setting every node of a deep tree parent-first recomputes each subtree once per
 * ancestor (quadratic on {@code chain-10k}). Matrices are per-node {@code float[12]} objects (see {@link Affine}).
 */
public final class MinkoSignalsSystem implements TransformSystem {
    /** Receives a world-matrix change of the node it listens to. */
    interface WorldListener {
        void worldChanged(SignalNode source);
    }

    /** A signal: an ordered list of listeners called synchronously on {@link #execute}. */
    static final class Signal {
        private WorldListener[] listeners = new WorldListener[0];
        private int count;

        void add(WorldListener listener) {
            if (count == listeners.length) {
                listeners = Arrays.copyOf(listeners, Math.max(2, count * 2));
            }
            listeners[count++] = listener;
        }

        void remove(WorldListener listener) {
            for (int i = 0; i < count; i++) {
                if (listeners[i] == listener) {
                    System.arraycopy(listeners, i + 1, listeners, i, count - i - 1);
                    listeners[--count] = null;
                    return;
                }
            }
        }

        void execute(SignalNode source) {
            for (int i = 0; i < count; i++) {
                listeners[i].worldChanged(source);
            }
        }
    }

    /** A scene node with its transform controller: local TRS, local and world matrices, and its signal. */
    static final class SignalNode implements WorldListener {
        SignalNode parent;
        final float[] trs = new float[10];
        final float[] local = new float[Affine.STRIDE];
        final float[] world = new float[Affine.STRIDE];
        final Signal worldChangedSignal = new Signal();

        /** The local transform changed: recompute the local matrix, then the world matrix and everything below. */
        void localChanged() {
            Affine.composeTrs(trs[0], trs[1], trs[2], trs[3], trs[4], trs[5], trs[6], trs[7], trs[8], trs[9],
                    local, 0);
            refreshWorld();
        }

        void refreshWorld() {
            if (parent == null) {
                Affine.copy(local, 0, world, 0);
            } else {
                Affine.multiply(parent.world, 0, local, 0, world, 0);
            }
            worldChangedSignal.execute(this);
        }

        @Override
        public void worldChanged(SignalNode source) {
            refreshWorld();
        }
    }

    private SignalNode[] nodes;

    @Override
    public String id() {
        return "minko-before";
    }

    @Override
    public void build(Scene scene) {
        int n = scene.size();
        int[] parents = scene.parents();
        float[] t = scene.translations();
        float[] r = scene.rotations();
        float[] s = scene.scales();
        nodes = new SignalNode[n];
        for (int i = 0; i < n; i++) {
            SignalNode node = new SignalNode();
            System.arraycopy(t, i * 3, node.trs, 0, 3);
            System.arraycopy(r, i * 4, node.trs, 3, 4);
            System.arraycopy(s, i * 3, node.trs, 7, 3);
            if (parents[i] >= 0) {
                node.parent = nodes[parents[i]];
                node.parent.worldChangedSignal.add(node);
            }
            nodes[i] = node;
            node.localChanged();
        }
    }

    @Override
    public int size() {
        return nodes.length;
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        SignalNode sn = nodes[node];
        sn.trs[3] = x;
        sn.trs[4] = y;
        sn.trs[5] = z;
        sn.trs[6] = w;
        sn.localChanged();
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        SignalNode sn = nodes[node];
        sn.trs[0] = x;
        sn.trs[1] = y;
        sn.trs[2] = z;
        sn.localChanged();
    }

    @Override
    public void update() {
        // nothing to do: every change was already pushed down when it was made
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        Affine.copy(nodes[node].world, 0, dest, offset);
        return dest;
    }

    @Override
    public void reparent(int node, int newParent) {
        SignalNode child = nodes[node];
        if (child.parent != null) {
            child.parent.worldChangedSignal.remove(child);
        }
        child.parent = nodes[newParent];
        child.parent.worldChangedSignal.add(child);
        child.refreshWorld();
    }
}
