package dev.arbor.gltf;

/**
 * Where one vertex attribute lies in a {@link GltfVertexData} buffer, in the terms of a vertex attribute call
 * ({@code glVertexAttribPointer(location, componentCount, componentType, normalized, stride, offset)} with the
 * buffer {@code buffer} bound). Immutable.
 *
 * @param name the glTF attribute name ({@code POSITION}, {@code TEXCOORD_1}, {@code _CUSTOM} …)
 * @param buffer index of the buffer in {@link GltfVertexData#buffer(int)}
 * @param offset byte offset of vertex 0's value in that buffer
 * @param stride bytes from one vertex's value to the next's
 * @param componentType the glTF component type (5120 … 5126, as OpenGL's enum values)
 * @param componentCount components per vertex (1 … 4; 16 for a MAT4 attribute)
 * @param normalized whether integer components are read as normalized values
 */
public record GltfVertexAttribute(String name, int buffer, int offset, int stride, int componentType,
                                  int componentCount, boolean normalized) {
}
