package dev.arbor.jme;

import com.jme3.math.Matrix4f;

/**
 * Where one bridged armature's skinning matrices live: a float array written by Arbor, entry {@code j} (joint
 * {@code j} of the armature) at {@code palettes[base + 16 × j]}, 4×4 column-major, {@code armatureFromBind} (the
 * joint's model transform times its inverse model bind matrix, as jME's {@code Armature.computeSkinningMatrices}
 * defines it). The array and base change when a crowd grows; the joints' {@link ArborJointTransform}s read through
 * this object, so they follow. Not thread-safe: written and read on the render thread.
 */
final class PaletteBinding {
    /** Floats per palette entry: a 4×4 column-major matrix. */
    static final int ENTRY_FLOATS = 16;
    /** Pending binding of the armature being bound on this thread, read by {@link ArborJointTransform}'s constructor. */
    private static final ThreadLocal<PaletteBinding> PENDING = new ThreadLocal<>();

    /** The inverse of each joint's inverse model bind matrix ({@code armatureFromJointAtBind}), for model transforms. */
    final Matrix4f[] bindModels;
    float[] palettes;
    int base;
    /** Joint index the next {@link ArborJointTransform} made during {@link #install} takes. */
    private int next;

    PaletteBinding(Matrix4f[] bindModels) {
        this.bindModels = bindModels;
        this.palettes = new float[bindModels.length * ENTRY_FLOATS];
    }

    /**
     * Points the binding at a new array (a crowd's shared palettes after it grew).
     *
     * @param palettes the array
     * @param base float index of joint 0's entry
     */
    void moveTo(float[] palettes, int base) {
        this.palettes = palettes;
        this.base = base;
    }

    /**
     * Runs {@code install} (which makes jME create one {@link ArborJointTransform} per joint, in joint order) with
     * this binding pending, so that each new transform takes the next joint index.
     *
     * @param install the call that instantiates the joints' model transforms
     * @throws IllegalStateException if it did not make exactly one transform per joint
     */
    void install(Runnable install) {
        next = 0;
        PENDING.set(this);
        try {
            install.run();
        } finally {
            PENDING.remove();
        }
        if (next != bindModels.length) {
            throw new IllegalStateException("joint transforms made=" + next + ", joints=" + bindModels.length);
        }
    }

    /** @return the binding pending on this thread, or null */
    static PaletteBinding pending() {
        return PENDING.get();
    }

    /** @return the joint index for the transform being made now */
    int takeJoint() {
        return next++;
    }
}
