package dev.arbor.jme;

import com.jme3.anim.Joint;
import com.jme3.anim.SeparateJointModelTransform;
import com.jme3.anim.util.JointModelTransform;
import com.jme3.math.Matrix4f;
import com.jme3.math.Transform;

/**
 * A joint's model transform that reads Arbor's skinning matrices: jME's {@code Armature.computeSkinningMatrices}
 * (which the {@code SkinningControl} calls when it renders, on the GPU or in software) copies the joint's entry of
 * the palette Arbor wrote, and jME's own update of the joint ({@code Armature.update}) does nothing. The joint's
 * local transform is not read: Arbor owns the pose.
 *
 * <p>jME makes these itself, one per joint, when the bridge calls {@code Armature.setModelTransformClass} with this
 * class (hence the public no-argument constructor). One made outside the bridge, for example for a clone of a bridged
 * model (jME's cloner makes the joints' transforms anew), is not bound and computes what jME's default
 * ({@link SeparateJointModelTransform}) computes, so a cloned model keeps animating with jME.
 *
 * <p>{@link #getModelTransform} (read by jME's attachment nodes and by user code) is computed from the palette entry
 * on each call: {@code entry × armatureFromBind}, decomposed into translation, rotation and scale (exact where the
 * matrix has no shear). O(1), allocation-free after its first call. Not thread-safe: jME's render thread only.
 */
public final class ArborJointTransform implements JointModelTransform {
    private final PaletteBinding binding;
    private final int joint;
    private final SeparateJointModelTransform unbound;
    /** Made on the first {@link #getModelTransform} or {@link #applyBindPose}: the frame's walks touch less memory. */
    private Transform model;
    private Matrix4f scratch;

    /** Made by jME ({@code Armature.setModelTransformClass}); bound to Arbor's palette when the bridge asked for it. */
    public ArborJointTransform() {
        PaletteBinding pending = PaletteBinding.pending();
        this.binding = pending;
        this.joint = pending == null ? -1 : pending.takeJoint();
        this.unbound = pending == null ? new SeparateJointModelTransform() : null;
    }

    /** @return whether this transform reads an Arbor palette (false: it behaves as jME's default) */
    public boolean bound() {
        return binding != null;
    }

    /** Does nothing when bound: Arbor computed the joint's matrices. */
    @Override
    public void updateModelTransform(Transform localTransform, Joint parent) {
        if (unbound != null) {
            unbound.updateModelTransform(localTransform, parent);
        }
    }

    /** Copies the joint's palette entry into {@code outTransform}. O(1), allocation-free. */
    @Override
    public void getOffsetTransform(Matrix4f outTransform, Matrix4f inverseModelBindMatrix) {
        if (unbound != null) {
            unbound.getOffsetTransform(outTransform, inverseModelBindMatrix);
            return;
        }
        read(binding.palettes, binding.base + joint * PaletteBinding.ENTRY_FLOATS, outTransform);
    }

    /** Sets the joint's local transform to its bind pose, as jME's default does (Arbor's pose is not changed). */
    @Override
    public void applyBindPose(Transform localTransform, Matrix4f inverseModelBindMatrix, Joint parent) {
        if (unbound != null) {
            unbound.applyBindPose(localTransform, inverseModelBindMatrix, parent);
            return;
        }
        Matrix4f m = scratch();
        m.set(binding.bindModels[joint]);
        if (parent != null) {
            Matrix4f parentModel = parent.getModelTransform().toTransformMatrix();
            parentModel.invertLocal().mult(m, m);
        }
        localTransform.fromTransformMatrix(m);
    }

    /** @return the joint's current model transform, computed from the palette entry (see the class comment) */
    @Override
    public Transform getModelTransform() {
        if (unbound != null) {
            return unbound.getModelTransform();
        }
        Matrix4f m = scratch();
        read(binding.palettes, binding.base + joint * PaletteBinding.ENTRY_FLOATS, m);
        m.mult(binding.bindModels[joint], m);
        if (model == null) {
            model = new Transform();
        }
        model.fromTransformMatrix(m);
        return model;
    }

    private Matrix4f scratch() {
        if (scratch == null) {
            scratch = new Matrix4f();
        }
        return scratch;
    }

    /** Reads a 4×4 column-major entry into a jME matrix (whose fields are named row then column). */
    static void read(float[] e, int o, Matrix4f m) {
        m.m00 = e[o];
        m.m10 = e[o + 1];
        m.m20 = e[o + 2];
        m.m30 = e[o + 3];
        m.m01 = e[o + 4];
        m.m11 = e[o + 5];
        m.m21 = e[o + 6];
        m.m31 = e[o + 7];
        m.m02 = e[o + 8];
        m.m12 = e[o + 9];
        m.m22 = e[o + 10];
        m.m32 = e[o + 11];
        m.m03 = e[o + 12];
        m.m13 = e[o + 13];
        m.m23 = e[o + 14];
        m.m33 = e[o + 15];
    }
}
