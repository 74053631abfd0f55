package dev.arbor.cli;

import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfImage;
import dev.arbor.gltf.GltfMaterial;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.gltf.GltfSampler;
import dev.arbor.gltf.GltfTexture;
import dev.arbor.gltf.GltfTextureRef;
import java.util.Collection;
import org.joml.Matrix3f;

/**
 * What {@code render} draws of a primitive's material: the base colour factor (linear RGBA), the base colour texture
 * with the UV set it is sampled with, the alpha mode and cut-off, and whether it is unlit
 * ({@code KHR_materials_unlit}). A primitive without a material, or whose material states no base colour factor, and
 * that has neither a texture nor vertex colours, is a neutral grey (glTF's default white would vanish on the white
 * background). Metallic-roughness,
 * normal, occlusion and emissive textures are not drawn by the CPU picture. Immutable.
 */
final class Surface {
    static final int OPAQUE = 0;
    static final int MASK = 1;
    static final int BLEND = 2;
    /** Neutral grey (linear) for primitives whose material states no base colour. */
    static final float[] GREY = {0.42f, 0.42f, 0.42f, 1f};
    private static final Surface DEFAULT = new Surface(GREY, null, -1, null, OPAQUE, 0.5f, false);
    /** glTF's default material, for primitives with vertex colours and no material. */
    private static final Surface WHITE = new Surface(new float[] {1, 1, 1, 1}, null, -1, null, OPAQUE, 0.5f, false);

    /** Linear RGBA, multiplying the texture and the vertex colours. */
    final float[] factor;
    /** The base colour texture, or null (none, or one whose image could not be decoded). */
    final SampledTexture texture;
    /** The {@code TEXCOORD_n} set of the texture (its transform's override applied), or -1 without a texture. */
    final int texCoord;
    /** The texture's UV transform ({@code KHR_texture_transform}), or null for none. */
    private final Matrix3f uvTransform;
    /** {@link #OPAQUE}, {@link #MASK} or {@link #BLEND}. */
    final int alphaMode;
    final float alphaCutoff;
    final boolean unlit;
    /** The texture's mean linear RGBA, or null. */
    private final float[] textureMean;

    private Surface(float[] factor, SampledTexture texture, int texCoord, Matrix3f uvTransform, int alphaMode,
                    float alphaCutoff, boolean unlit) {
        this.factor = factor;
        this.texture = texture;
        this.texCoord = texCoord;
        this.uvTransform = uvTransform;
        this.alphaMode = alphaMode;
        this.alphaCutoff = alphaCutoff;
        this.unlit = unlit;
        this.textureMean = texture == null ? null : texture.mean();
    }

    /**
     * The primitive's surface; its base colour texture is decoded once per texture through {@code textures}, a
     * texture that cannot be decoded giving one line in {@code warnings} and the factor alone.
     *
     * @throws GltfException if the material or texture is malformed
     */
    static Surface of(GltfModel model, GltfPrimitive prim, Textures textures, Collection<String> warnings)
            throws GltfException {
        boolean colored = prim.attribute("COLOR_0") != null;
        if (prim.material() < 0) {
            return colored ? WHITE : DEFAULT;
        }
        GltfMaterial material = model.material(prim.material());
        GltfTextureRef ref = material.baseColorTexture();
        SampledTexture texture = ref == null ? null : textures.get(model, ref.texture(), warnings);
        float[] factor = prim.baseColorFactor() != null ? prim.baseColorFactor() : ref != null || colored
                ? new float[] {1, 1, 1, 1} : GREY;
        int mode = switch (material.alphaMode()) {
            case "MASK" -> MASK;
            case "BLEND" -> BLEND;
            default -> OPAQUE;
        };
        boolean transform = texture != null && ref.hasTransform();
        return new Surface(factor, texture, texture == null ? -1 : ref.effectiveTexCoord(),
                transform ? ref.uvTransform(new Matrix3f()) : null, mode, material.alphaCutoff(), material.unlit());
    }

    /**
     * The texture coordinates to sample the texture with, the UV transform applied, 2 floats per vertex; null when
     * there is no texture or the primitive lacks the UV set (then {@code notes} gets a line).
     *
     * @throws GltfException if the accessor's data is malformed
     */
    float[] uvs(GltfPrimitive prim, String where, Collection<String> notes) throws GltfException {
        if (texture == null) {
            return null;
        }
        GltfAccessor accessor = prim.attribute("TEXCOORD_" + texCoord);
        if (accessor == null || accessor.componentCount() != 2) {
            notes.add(where + ": drawn without its base colour texture: it has no TEXCOORD_" + texCoord);
            return null;
        }
        if (accessor.count() != prim.vertexCount()) {
            notes.add(where + ": drawn without its base colour texture: TEXCOORD_" + texCoord + " has "
                    + accessor.count() + " values for " + prim.vertexCount() + " vertices");
            return null;
        }
        float[] uv = accessor.floats();
        if (uvTransform != null) {
            Matrix3f m = uvTransform;
            for (int i = 0; i + 1 < uv.length; i += 2) {
                float u = uv[i];
                float v = uv[i + 1];
                uv[i] = m.m00 * u + m.m10 * v + m.m20;
                uv[i + 1] = m.m01 * u + m.m11 * v + m.m21;
            }
        }
        return uv;
    }

    /**
     * The primitive's {@code COLOR_0} as linear RGBA, 4 floats per vertex (alpha 1 for a VEC3 attribute; normalized
     * integers converted by the reader), or null without one (or with one of another count than the positions).
     *
     * @throws GltfException if the accessor's data is malformed
     */
    static float[] vertexColors(GltfPrimitive prim) throws GltfException {
        GltfAccessor accessor = prim.attribute("COLOR_0");
        if (accessor == null || accessor.componentCount() < 3 || accessor.count() != prim.vertexCount()) {
            return null;
        }
        int components = accessor.componentCount();
        float[] values = accessor.floats();
        float[] rgba = new float[accessor.count() * 4];
        for (int v = 0; v < accessor.count(); v++) {
            for (int c = 0; c < 4; c++) {
                rgba[4 * v + c] = c < components ? values[v * components + c] : 1f;
            }
        }
        return rgba;
    }

    /**
     * The flat colour of a triangle, for SVG: factor × the texture's mean × the mean of its corners' vertex colours.
     *
     * @param colors vertex colours (RGBA per vertex) or null
     * @param dest receives linear RGB
     * @return {@code dest}
     */
    float[] flatColor(float[] colors, int a, int b, int c, float[] dest) {
        for (int k = 0; k < 3; k++) {
            float value = factor[k] * (textureMean == null ? 1 : textureMean[k]);
            dest[k] = colors == null ? value : value * (colors[4 * a + k] + colors[4 * b + k] + colors[4 * c + k]) / 3;
        }
        return dest;
    }

    /**
     * The base colour textures of a model, each decoded on first use and kept; an image that cannot be decoded (WebP,
     * KTX2, a broken PNG) is warned of once and gives null. Not thread-safe.
     */
    static final class Textures {
        private final SampledTexture[] decoded;
        private final boolean[] tried;

        Textures(GltfModel model) throws GltfException {
            decoded = new SampledTexture[model.textureCount()];
            tried = new boolean[decoded.length];
        }

        SampledTexture get(GltfModel model, int texture, Collection<String> warnings) throws GltfException {
            if (!tried[texture]) {
                tried[texture] = true;
                decoded[texture] = decode(model, texture, warnings);
            }
            return decoded[texture];
        }

        private static SampledTexture decode(GltfModel model, int index, Collection<String> warnings)
                throws GltfException {
            GltfTexture texture = model.texture(index);
            int image = texture.source() >= 0 ? texture.source() : texture.webpSource() >= 0 ? texture.webpSource()
                    : texture.ktx2Source();
            String where = "textures[" + index + "]";
            if (image < 0) {
                warnings.add(where + ": has no image; drawn with the base colour factor");
                return null;
            }
            GltfImage declared = model.image(image);
            String named = where + ": images[" + image + "]" + (declared.name() == null ? ""
                    : " \"" + declared.name() + "\"") + (declared.uri() == null || declared.uri().startsWith("data:")
                    ? "" : " (" + declared.uri() + ")");
            String reason = model.undecodableReason(image);
            if (reason != null) {
                warnings.add(named + " not decoded: " + reason + "; drawn with the base colour factor");
                return null;
            }
            GltfSampler sampler = texture.sampler() < 0 ? GltfSampler.DEFAULT : model.sampler(texture.sampler());
            try {
                return new SampledTexture(model.decodeImage(image), sampler);
            } catch (GltfException e) {
                warnings.add(named + " not decoded: " + e.getMessage() + "; drawn with the base colour factor");
                return null;
            }
        }
    }
}
