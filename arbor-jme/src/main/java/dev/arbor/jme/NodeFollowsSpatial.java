package dev.arbor.jme;

import com.jme3.math.Matrix4f;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.Spatial;
import com.jme3.scene.control.AbstractControl;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;

/**
 * An Arbor node driven by a jME spatial: each update sets the node's world matrix to the spatial's world transform
 * relative to a reference spatial ({@code null}: jME's world), through {@link Hierarchy#setWorld} (the node's local
 * transform is computed from its parent). For example an IK target that the player moves in jME, read by a
 * character's {@link dev.arbor.animation.Animator} in the character's space (the reference is then the model).
 *
 * <p>Who owns what: jME owns the spatial and its transforms; this control owns the node's local transform (anything
 * else writing it is overwritten next frame). The spatial's world transform is read when the control runs (jME
 * computes it then if it is stale), so a control that moves the spatial later in the same frame is seen next frame;
 * call {@link #follow} again after such a move. O(1) plus Arbor's cost of the node's parent world,
 * allocation-free. Not thread-safe: jME's update thread.
 */
public final class NodeFollowsSpatial extends AbstractControl {
    private final Hierarchy hierarchy;
    private final long node;
    private final Spatial reference;
    private final Matrix4f world = new Matrix4f();
    private final Matrix4f referenceWorld = new Matrix4f();
    private final float[] matrix = new float[Affine.STRIDE];

    /**
     * @param hierarchy the hierarchy holding the node
     * @param node the node that follows the spatial this control is added to
     * @param reference the spatial whose space the node's world is in, or {@code null} for jME's world
     * @throws IllegalArgumentException if the handle is stale
     */
    public NodeFollowsSpatial(Hierarchy hierarchy, long node, Spatial reference) {
        if (node == Hierarchy.NULL || !hierarchy.isAlive(node)) {
            throw new IllegalArgumentException("node is not a live handle: node=" + node);
        }
        this.hierarchy = hierarchy;
        this.node = node;
        this.reference = reference;
    }

    /** @return the node that follows */
    public long node() {
        return node;
    }

    /** Sets the node's world matrix from the spatial now (what each update does). */
    public void follow() {
        if (spatial == null) {
            return;
        }
        spatial.getWorldTransform().toTransformMatrix(world);
        if (reference != null) {
            reference.getWorldTransform().toTransformMatrix(referenceWorld);
            referenceWorld.invertLocal().mult(world, world);
        }
        ArmatureRig.writeAffine(world, matrix, 0, "world transform of spatial " + spatial.getName());
        hierarchy.setWorld(node, matrix, 0);
    }

    @Override
    protected void controlUpdate(float tpf) {
        follow();
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
    }
}
