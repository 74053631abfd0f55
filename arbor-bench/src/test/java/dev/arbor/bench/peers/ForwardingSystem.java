package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;

/** For tests: a system that forwards every call to another one; tests override the calls they want to break. */
public class ForwardingSystem implements TransformSystem {
    private final TransformSystem inner;

    /** @param inner the system every call goes to */
    public ForwardingSystem(TransformSystem inner) {
        this.inner = inner;
    }

    @Override
    public String id() {
        return inner.id();
    }

    @Override
    public void build(Scene scene) {
        inner.build(scene);
    }

    @Override
    public int size() {
        return inner.size();
    }

    @Override
    public void setLocalRotation(int node, float x, float y, float z, float w) {
        inner.setLocalRotation(node, x, y, z, w);
    }

    @Override
    public void setLocalTranslation(int node, float x, float y, float z) {
        inner.setLocalTranslation(node, x, y, z);
    }

    @Override
    public void update() {
        inner.update();
    }

    @Override
    public float[] getWorld(int node, float[] dest, int offset) {
        return inner.getWorld(node, dest, offset);
    }

    @Override
    public void reparent(int node, int newParent) {
        inner.reparent(node, newParent);
    }
}
