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

    /**
     * The reader's warning for a skin that breaks glTF's rule that its joints share one root and that its
     * {@code skeleton}, when given, is a common root of them (an export leaves out such a skin, or such a skeleton);
     * {@code null} when it keeps the rule.
     */
    static String rootWarning(int[] joints, int skeleton, int[] parents, Location path) {
        int firstRoot = rootOf(joints[0], parents);
        for (int j = 1; j < joints.length; j++) {
            int r = rootOf(joints[j], parents);
            if (r != firstRoot) {
                return Json.at(path, "joints") + ": joints have no common root: node " + joints[0] + " is under root"
                        + " node " + firstRoot + ", node " + joints[j] + " under root node " + r + "; an export"
                        + " leaves the skin out";
            }
        }
        for (int j = 0; skeleton >= 0 && j < joints.length; j++) {
            int a = joints[j];
            while (a >= 0 && a != skeleton) {
                a = parents[a];
            }
            if (a < 0) {
                return Json.at(path, "skeleton") + ": node " + skeleton + " is not an ancestor of joint node "
                        + joints[j] + " (glTF requires a common root of the joints); an export leaves skeleton out";
            }
        }
        return null;
    }

    private static int rootOf(int node, int[] parents) {
        int v = node;
        while (parents[v] >= 0) {
            v = parents[v];
        }
        return v;
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
