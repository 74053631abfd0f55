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
}
