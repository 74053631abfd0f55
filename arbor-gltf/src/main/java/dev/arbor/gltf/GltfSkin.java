package dev.arbor.gltf;

import dev.arbor.math.Affine;

/**
 * A glTF skin as read from the file: joint node indices, the optional skeleton root and one inverse bind matrix
 * ({@code jointFromBind}) per joint. Immutable and thread-safe; getters return copies.
 */
public final class GltfSkin {
    private final String name;
    private final int[] joints;
    private final int skeleton;
    private final float[] inverseBindMatrices;

    GltfSkin(String name, int[] joints, int skeleton, float[] inverseBindMatrices) {
        this.name = name;
        this.joints = joints;
        this.skeleton = skeleton;
        this.inverseBindMatrices = inverseBindMatrices;
    }

    /** @return the skin's name, or {@code null} */
    public String name() {
        return name;
    }

    /** @return the number of joints */
    public int jointCount() {
        return joints.length;
    }

    /** @return a copy of the joint node indices, in palette order */
    public int[] joints() {
        return joints.clone();
    }

    /**
     * @param joint joint index in palette order
     * @return the joint's glTF node index
     * @throws IndexOutOfBoundsException if {@code joint} is out of range
     */
    public int joint(int joint) {
        return joints[joint];
    }

    /** @return the skeleton root's node index, or -1 when the file names none */
    public int skeleton() {
        return skeleton;
    }

    /**
     * @return a copy of the inverse bind matrices, 12 floats per joint, affine 3×4 column-major ({@link Affine});
     *     identity where the file gives none
     */
    public float[] inverseBindMatrices() {
        return inverseBindMatrices.clone();
    }

    float[] inverseBindMatricesShared() {
        return inverseBindMatrices;
    }
}
