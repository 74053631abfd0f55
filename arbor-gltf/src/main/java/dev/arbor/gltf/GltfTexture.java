package dev.arbor.gltf;

/**
 * A texture: an image and a sampler. Besides the core {@code source}, an image may be given in another format by
 * {@code EXT_texture_webp} or {@code KHR_texture_basisu} (KTX2); the renderer picks the one it can use, the core
 * source being the fallback. Immutable.
 *
 * @param name the texture's name, or {@code null}
 * @param sampler index into the document's {@code samplers}, or -1 (then {@link GltfSampler#DEFAULT} applies)
 * @param source index into {@code images} of the core source, or -1 when only an extension gives one
 * @param webpSource the image index {@code EXT_texture_webp} gives, or -1
 * @param ktx2Source the image index {@code KHR_texture_basisu} gives, or -1
 */
public record GltfTexture(String name, int sampler, int source, int webpSource, int ktx2Source) {
}
