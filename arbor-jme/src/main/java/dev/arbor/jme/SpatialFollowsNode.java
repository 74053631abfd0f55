package dev.arbor.jme;

import com.jme3.math.Matrix4f;
import com.jme3.math.Quaternion;
import com.jme3.math.Transform;
import com.jme3.renderer.RenderManager;
import com.jme3.renderer.ViewPort;
import com.jme3.scene.control.AbstractControl;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;

/**
 * A jME spatial driven by an Arbor node: each update sets the spatial's local transform to
 * {@code parentFromReference × referenceFromNode}, where {@code referenceFromNode} is the node's world matrix
 * relative to a reference node ({@link Hierarchy#NULL}: Arbor's world) and {@code parentFromReference} a fixed offset
 * (identity unless {@link #setOffset} is called). The attachment of a sword to a hand joint is this control with the
 * character's joint and, as offset, the skinned geometry's local transform ({@link ArborAnimation#attachToJoint}).
 *
 * <p>Who owns what: Arbor owns the node; this control owns the spatial's local transform (anything else writing it is
 * overwritten next frame); jME owns the spatial's parent and everything above it. The matrix is decomposed into
 * translation, rotation and scale (jME's transforms hold no shear). Reads are exact (Arbor brings a stale node up to
 * date when read). O(depth of stale ancestors), allocation-free. Not thread-safe: jME's update thread.
 */
public final class SpatialFollowsNode extends AbstractControl {
    private final Hierarchy hierarchy;
    private final long node;
    private final long reference;
    private final float[] offset = new float[Affine.STRIDE];
    private final float[] world = new float[Affine.STRIDE];
    private final float[] inverse = new float[Affine.STRIDE];
    private final float[] relative = new float[Affine.STRIDE];
    private final float[] trs = new float[Affine.TRS_STRIDE];
    private final Quaternion rotation = new Quaternion();
    private final Matrix4f scratch = new Matrix4f();

    /**
     * @param hierarchy the hierarchy holding the node
     * @param node the node the spatial follows
     * @param reference the node whose space the spatial's parent is in, or {@link Hierarchy#NULL} for Arbor's world
     * @throws IllegalArgumentException if a handle is stale or {@code node} is {@link Hierarchy#NULL}
     */
    public SpatialFollowsNode(Hierarchy hierarchy, long node, long reference) {
        if (node == Hierarchy.NULL || !hierarchy.isAlive(node)) {
            throw new IllegalArgumentException("node is not a live handle: node=" + node);
        }
        if (reference != Hierarchy.NULL && !hierarchy.isAlive(reference)) {
            throw new IllegalArgumentException("reference is not a live handle: reference=" + reference);
        }
        this.hierarchy = hierarchy;
        this.node = node;
        this.reference = reference;
        Affine.identity(offset, 0);
    }

    /**
     * Sets the fixed offset between the reference's space and the spatial's parent's space.
     *
     * @param parentFromReference the offset (copied)
     * @return this control
     */
    public SpatialFollowsNode setOffset(Transform parentFromReference) {
        parentFromReference.toTransformMatrix(scratch);
        ArmatureRig.writeAffine(scratch, offset, 0, "offset");
        return this;
    }

    /** @return the node followed */
    public long node() {
        return node;
    }

    /** Sets the spatial's local transform from the node now (what each update does). */
    public void follow() {
        if (spatial == null) {
            return;
        }
        hierarchy.getWorld(node, world, 0);
        if (reference != Hierarchy.NULL) {
            hierarchy.getWorld(reference, relative, 0);
            if (!Affine.invert(relative, 0, inverse, 0)) {
                throw new IllegalStateException("reference world matrix is not invertible: reference=" + reference);
            }
            Affine.multiply(inverse, 0, world, 0, relative, 0);
            Affine.multiply(offset, 0, relative, 0, world, 0);
        } else {
            Affine.multiply(offset, 0, world, 0, relative, 0);
            System.arraycopy(relative, 0, world, 0, Affine.STRIDE);
        }
        Affine.decompose(world, 0, trs, 0);
        spatial.setLocalTranslation(trs[Affine.TRS_T], trs[Affine.TRS_T + 1], trs[Affine.TRS_T + 2]);
        spatial.setLocalRotation(rotation.set(trs[Affine.TRS_Q], trs[Affine.TRS_Q + 1], trs[Affine.TRS_Q + 2],
                trs[Affine.TRS_Q + 3]));
        spatial.setLocalScale(trs[Affine.TRS_S], trs[Affine.TRS_S + 1], trs[Affine.TRS_S + 2]);
    }

    @Override
    protected void controlUpdate(float tpf) {
        follow();
    }

    @Override
    protected void controlRender(RenderManager rm, ViewPort vp) {
    }
}
