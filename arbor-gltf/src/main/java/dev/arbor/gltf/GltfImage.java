package dev.arbor.gltf;

/**
 * An image of the document as declared: where its bytes are and their MIME type. The bytes are read by
 * {@link GltfModel#imageBytes} and decoded by {@link GltfModel#decodeImage}. Immutable.
 *
 * @param name the image's name, or {@code null}
 * @param uri the {@code uri} (a relative path, or a {@code data:} URI shortened to its header), or {@code null}
 * @param bufferView the buffer view holding the bytes, or -1
 * @param mimeType the {@code mimeType}, else the type of a {@code data:} URI's header, else the one the file
 *     name's extension implies ({@code .png}, {@code .jpg}/{@code .jpeg}, {@code .webp}, {@code .ktx2}), else
 *     {@code null}
 */
public record GltfImage(String name, String uri, int bufferView, String mimeType) {
}
