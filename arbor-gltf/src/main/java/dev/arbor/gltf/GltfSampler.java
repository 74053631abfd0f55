package dev.arbor.gltf;

/**
 * A texture sampler's filters and wrap modes, in glTF's (OpenGL's) enum values. Immutable.
 *
 * @param magFilter 9728 (NEAREST) or 9729 (LINEAR), or -1 when the file leaves it to the renderer
 * @param minFilter 9728, 9729 or 9984 … 9987 (the mipmap filters), or -1 when the file leaves it to the renderer
 * @param wrapS 33071 (CLAMP_TO_EDGE), 33648 (MIRRORED_REPEAT) or 10497 (REPEAT, the default)
 * @param wrapT as {@code wrapS}
 */
public record GltfSampler(int magFilter, int minFilter, int wrapS, int wrapT) {
    /** The sampler of a texture that names none: filters left to the renderer, REPEAT both ways. */
    public static final GltfSampler DEFAULT = new GltfSampler(-1, -1, 10497, 10497);
}
