package dev.arbor.gltf;

import org.joml.Matrix3f;

/**
 * A material's reference to a texture ({@code textureInfo}), with its {@code KHR_texture_transform} if it has one.
 * Immutable.
 *
 * @param texture index into the document's {@code textures}
 * @param texCoord the {@code TEXCOORD_n} set the reference names (0 when absent)
 * @param scale {@code normalTexture.scale} or {@code occlusionTexture.strength} (1 when absent; 1 for the others)
 * @param hasTransform whether the reference has {@code KHR_texture_transform}
 * @param offsetU the transform's {@code offset[0]} (0 without a transform)
 * @param offsetV the transform's {@code offset[1]} (0 without a transform)
 * @param rotation the transform's {@code rotation} in radians, counter-clockwise in UV space (0 without)
 * @param scaleU the transform's {@code scale[0]} (1 without a transform)
 * @param scaleV the transform's {@code scale[1]} (1 without a transform)
 * @param transformTexCoord the transform's {@code texCoord}, which overrides {@code texCoord}, or -1 when absent
 */
public record GltfTextureRef(int texture, int texCoord, float scale, boolean hasTransform, float offsetU,
                             float offsetV, float rotation, float scaleU, float scaleV, int transformTexCoord) {

    /**
     * @return the {@code TEXCOORD_n} set to sample with: the transform's {@code texCoord} if given, else
     *     {@code texCoord}
     */
    public int effectiveTexCoord() {
        return transformTexCoord >= 0 ? transformTexCoord : texCoord;
    }

    /**
     * The UV transform as a matrix: {@code uv' = T(offset) × R(rotation) × S(scale) × uv} with
     * {@code R = [cos, sin; -sin, cos]} as {@code KHR_texture_transform} defines it; identity without a transform.
     *
     * @param dest receives the 3×3 matrix (column-major, homogeneous 2D)
     * @return {@code dest}
     */
    public Matrix3f uvTransform(Matrix3f dest) {
        float c = (float) Math.cos(rotation);
        float s = (float) Math.sin(rotation);
        return dest.set(c * scaleU, -s * scaleU, 0f, s * scaleV, c * scaleV, 0f, offsetU, offsetV, 1f);
    }
}
