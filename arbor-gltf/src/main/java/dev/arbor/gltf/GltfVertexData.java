package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A primitive's vertex data ready to upload: one or more direct little-endian {@link ByteBuffer}s and the place of
 * each attribute in them. Made by {@link GltfPrimitive#vertexData}. Immutable; {@link #buffer(int)} hands out a new
 * view each call, so threads may read it concurrently.
 *
 * <p>A buffer {@link #isSlice(int) is a slice} of the file's own buffer where the file already has the layout asked
 * for (no copy; read-only, as the model decodes its accessors from the same bytes); otherwise it is a new packed
 * copy, each attribute's elements at a 4-byte aligned offset.
 */
public final class GltfVertexData {
    private final int vertexCount;
    private final ByteBuffer[] buffers;
    private final boolean[] slices;
    private final List<GltfVertexAttribute> attributes;

    GltfVertexData(int vertexCount, ByteBuffer[] buffers, boolean[] slices, List<GltfVertexAttribute> attributes) {
        this.vertexCount = vertexCount;
        this.buffers = buffers;
        this.slices = slices;
        this.attributes = List.copyOf(attributes);
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return vertexCount;
    }

    /** @return the number of buffers */
    public int bufferCount() {
        return buffers.length;
    }

    /**
     * @param buffer buffer index, as {@link GltfVertexAttribute#buffer()} names it
     * @return a new view of the buffer (position 0, limit its size, little-endian; the bytes are shared)
     * @throws IndexOutOfBoundsException if {@code buffer} is out of range
     */
    public ByteBuffer buffer(int buffer) {
        return buffers[buffer].duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * @param buffer buffer index
     * @return whether the buffer is a slice of the file's buffer (shared with the model) rather than a packed copy
     * @throws IndexOutOfBoundsException if {@code buffer} is out of range
     */
    public boolean isSlice(int buffer) {
        return slices[buffer];
    }

    /** @return each attribute's place, in the primitive's attribute order (unmodifiable) */
    public List<GltfVertexAttribute> attributes() {
        return attributes;
    }

    /**
     * @param name attribute name
     * @return the attribute's place, or {@code null} if the primitive has no such attribute
     */
    public GltfVertexAttribute attribute(String name) {
        for (GltfVertexAttribute a : attributes) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        return null;
    }
}
