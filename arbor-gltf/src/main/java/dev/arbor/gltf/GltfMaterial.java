package dev.arbor.gltf;

import java.util.Collections;
import java.util.Map;
import java.util.Set;

/**
 * A material as declared: the metallic-roughness model's factors and textures, normal, occlusion and emissive
 * textures, alpha mode and sidedness, and the extensions renderers most often need
 * ({@code KHR_materials_emissive_strength}, {@code KHR_materials_unlit}, {@code KHR_texture_transform} on each texture
 * reference). Any other extension of the material is available as its JSON text ({@link #extensionJson}). Defaults of
 * the specification fill what the file leaves out. Immutable; getters return copies.
 */
public final class GltfMaterial {
    /** {@code KHR_materials_emissive_strength}. */
    static final String EMISSIVE_STRENGTH = "KHR_materials_emissive_strength";
    /** {@code KHR_materials_unlit}. */
    static final String UNLIT = "KHR_materials_unlit";

    private final String name;
    private final float[] baseColorFactor;
    private final float metallicFactor;
    private final float roughnessFactor;
    private final GltfTextureRef baseColorTexture;
    private final GltfTextureRef metallicRoughnessTexture;
    private final GltfTextureRef normalTexture;
    private final GltfTextureRef occlusionTexture;
    private final GltfTextureRef emissiveTexture;
    private final float[] emissiveFactor;
    private final float emissiveStrength;
    private final String alphaMode;
    private final float alphaCutoff;
    private final boolean doubleSided;
    private final Map<String, String> extensions;

    GltfMaterial(String name, float[] baseColorFactor, float metallicFactor, float roughnessFactor,
                 GltfTextureRef baseColorTexture, GltfTextureRef metallicRoughnessTexture,
                 GltfTextureRef normalTexture, GltfTextureRef occlusionTexture, GltfTextureRef emissiveTexture,
                 float[] emissiveFactor, float emissiveStrength, String alphaMode, float alphaCutoff,
                 boolean doubleSided, Map<String, String> extensions) {
        this.name = name;
        this.baseColorFactor = baseColorFactor;
        this.metallicFactor = metallicFactor;
        this.roughnessFactor = roughnessFactor;
        this.baseColorTexture = baseColorTexture;
        this.metallicRoughnessTexture = metallicRoughnessTexture;
        this.normalTexture = normalTexture;
        this.occlusionTexture = occlusionTexture;
        this.emissiveTexture = emissiveTexture;
        this.emissiveFactor = emissiveFactor;
        this.emissiveStrength = emissiveStrength;
        this.alphaMode = alphaMode;
        this.alphaCutoff = alphaCutoff;
        this.doubleSided = doubleSided;
        this.extensions = Collections.unmodifiableMap(extensions);
    }

    /** @return the material's name, or {@code null} */
    public String name() {
        return name;
    }

    /** @return a copy of {@code pbrMetallicRoughness.baseColorFactor}, linear RGBA (default 1, 1, 1, 1) */
    public float[] baseColorFactor() {
        return baseColorFactor.clone();
    }

    /** @return {@code pbrMetallicRoughness.metallicFactor} (default 1) */
    public float metallicFactor() {
        return metallicFactor;
    }

    /** @return {@code pbrMetallicRoughness.roughnessFactor} (default 1) */
    public float roughnessFactor() {
        return roughnessFactor;
    }

    /** @return the base colour texture (sRGB, multiplied by the factor), or {@code null} */
    public GltfTextureRef baseColorTexture() {
        return baseColorTexture;
    }

    /** @return the metallic-roughness texture (metalness in B, roughness in G), or {@code null} */
    public GltfTextureRef metallicRoughnessTexture() {
        return metallicRoughnessTexture;
    }

    /**
     * @return the tangent-space normal texture, its {@code scale} in {@link GltfTextureRef#scale()}, or
     *     {@code null}
     */
    public GltfTextureRef normalTexture() {
        return normalTexture;
    }

    /** @return the occlusion texture (R), its {@code strength} in {@link GltfTextureRef#scale()}, or {@code null} */
    public GltfTextureRef occlusionTexture() {
        return occlusionTexture;
    }

    /** @return the emissive texture (sRGB), or {@code null} */
    public GltfTextureRef emissiveTexture() {
        return emissiveTexture;
    }

    /** @return a copy of {@code emissiveFactor}, linear RGB (default 0, 0, 0) */
    public float[] emissiveFactor() {
        return emissiveFactor.clone();
    }

    /** @return {@code KHR_materials_emissive_strength.emissiveStrength}, which multiplies the emission (default 1) */
    public float emissiveStrength() {
        return emissiveStrength;
    }

    /** @return {@code "OPAQUE"} (the default), {@code "MASK"} or {@code "BLEND"} */
    public String alphaMode() {
        return alphaMode;
    }

    /** @return {@code alphaCutoff}, meaningful in MASK mode (default 0.5) */
    public float alphaCutoff() {
        return alphaCutoff;
    }

    /** @return {@code doubleSided} (default false: back faces culled) */
    public boolean doubleSided() {
        return doubleSided;
    }

    /** @return whether the material has {@code KHR_materials_unlit} (shade with the base colour only) */
    public boolean unlit() {
        return extensions.containsKey(UNLIT);
    }

    /** @return the names of every extension of the material, in file order (unmodifiable) */
    public Set<String> extensionNames() {
        return extensions.keySet();
    }

    /**
     * @param extension an extension name, e.g. {@code "KHR_materials_ior"}
     * @return the extension's object as compact JSON text, or {@code null} if the material does not have it
     */
    public String extensionJson(String extension) {
        return extensions.get(extension);
    }
}
