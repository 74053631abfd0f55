package dev.arbor.gltf;

/**
 * A node's {@code EXT_mesh_gpu_instancing}: per instance a translation, rotation and scale, each instance drawn at
 * {@code nodeWorld × T × R × S}. Defaults fill what the file leaves out (zero translation, identity rotation, unit
 * scale); normalized integer rotations are converted. Immutable; getters return copies.
 */
public final class GltfInstancing {
    private final int count;
    private final float[] translations;
    private final float[] rotations;
    private final float[] scales;
    private final java.util.Map<String, GltfAccessor> attributes;

    GltfInstancing(int count, float[] translations, float[] rotations, float[] scales,
                   java.util.Map<String, GltfAccessor> attributes) {
        this.count = count;
        this.translations = translations;
        this.rotations = rotations;
        this.scales = scales;
        this.attributes = java.util.Collections.unmodifiableMap(attributes);
    }

    /** @return the number of instances */
    public int count() {
        return count;
    }

    /** @return a copy of the translations, 3 floats per instance */
    public float[] translations() {
        return translations.clone();
    }

    /** @return a copy of the rotations, 4 floats per instance ({@code x y z w} quaternions) */
    public float[] rotations() {
        return rotations.clone();
    }

    /** @return a copy of the scales, 3 floats per instance */
    public float[] scales() {
        return scales.clone();
    }

    /**
     * @return every instance attribute, name to accessor, in file order (unmodifiable): {@code TRANSLATION},
     *     {@code ROTATION}, {@code SCALE} and custom ones such as {@code _ID}
     */
    public java.util.Map<String, GltfAccessor> attributes() {
        return attributes;
    }

    /**
     * Every instance's {@code meshFromInstance = T × R × S} (the matrix that takes the mesh into the node's space),
     * one after the other in {@code layout}: instance {@code i} from float {@code i × layout.floats()}. Allocates the
     * result; O(instances).
     *
     * @param layout the matrices' layout
     * @return the matrices, {@code count() × layout.floats()} floats
     */
    public float[] matrices(dev.arbor.hierarchy.MatrixLayout layout) {
        int stride = layout.floats();
        float[] dest = new float[count * stride];
        float[] m = new float[12];   // column-major 3×4: the linear part's three columns, then the translation
        org.joml.Matrix4x3f trs = new org.joml.Matrix4x3f();
        float[] t = translations;
        float[] r = rotations;
        float[] s = scales;
        for (int k = 0; k < count; k++) {
            trs.translationRotateScale(t[3 * k], t[3 * k + 1], t[3 * k + 2], r[4 * k], r[4 * k + 1], r[4 * k + 2],
                    r[4 * k + 3], s[3 * k], s[3 * k + 1], s[3 * k + 2]).get(m, 0);
            int o = k * stride;
            for (int column = 0; column < 4; column++) {
                for (int row = 0; row < 3; row++) {
                    float value = m[3 * column + row];
                    switch (layout) {
                        case COLUMN_MAJOR_4X4 -> dest[o + 4 * column + row] = value;
                        case COLUMN_MAJOR_3X4 -> dest[o + 3 * column + row] = value;
                        case ROW_MAJOR_3X4 -> dest[o + 4 * row + column] = value;
                    }
                }
            }
            if (layout == dev.arbor.hierarchy.MatrixLayout.COLUMN_MAJOR_4X4) {
                dest[o + 15] = 1;
            }
        }
        return dest;
    }

    /**
     * The box, in the node's space, of a mesh box drawn at every instance: the union of its eight corners under each
     * instance's T × R × S. With no instances nothing is written. O(instances).
     *
     * @param box the mesh's box, {@code minX minY minZ maxX maxY maxZ}
     * @param dest receives the union box
     * @param offset where it starts in {@code dest}
     */
    void coverBox(float[] box, float[] dest, int offset) {
        float[] union = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        org.joml.Matrix4x3f trs = new org.joml.Matrix4x3f();
        org.joml.Vector3f p = new org.joml.Vector3f();
        float[] matrices = matrices(dev.arbor.hierarchy.MatrixLayout.COLUMN_MAJOR_3X4);
        for (int k = 0; k < count; k++) {
            trs.set(matrices, 12 * k);
            for (int corner = 0; corner < 8; corner++) {
                trs.transformPosition(p.set(box[(corner & 1) == 0 ? 0 : 3], box[(corner & 2) == 0 ? 1 : 4],
                        box[(corner & 4) == 0 ? 2 : 5]));
                for (int c = 0; c < 3; c++) {
                    union[c] = Math.min(union[c], p.get(c));
                    union[3 + c] = Math.max(union[3 + c], p.get(c));
                }
            }
        }
        if (union[0] <= union[3]) {
            System.arraycopy(union, 0, dest, offset, 6);
        }
    }
}
