package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One accessor of a glTF document as a primitive uses it: its component type, element type, normalized flag and
 * count, and its values decoded on request. Immutable and thread-safe; it holds no decoded data, so each decoding call
 * reads the model's buffer bytes again (O(count)) and returns a new array or buffer: keep the result.
 *
 * <p>Values are decoded as the glTF specification defines: elements read at the buffer view's {@code byteStride},
 * matrix columns unpadded, sparse values substituted, and an accessor without a buffer view reads as zeros (before
 * its sparse values). {@link #floats()} converts normalized integers ({@code KHR_mesh_quantization} included):
 * {@code BYTE} {@code max(c / 127, -1)}, {@code UNSIGNED_BYTE} {@code c / 255}, {@code SHORT}
 * {@code max(c / 32767, -1)}, {@code UNSIGNED_SHORT} {@code c / 65535}; integers that are not normalized become
 * their value.
 */
public final class GltfAccessor {
    /** {@code componentType} 5120, signed 8-bit. */
    public static final int BYTE = GltfReader.BYTE;
    /** {@code componentType} 5121, unsigned 8-bit. */
    public static final int UNSIGNED_BYTE = GltfReader.UNSIGNED_BYTE;
    /** {@code componentType} 5122, signed 16-bit. */
    public static final int SHORT = GltfReader.SHORT;
    /** {@code componentType} 5123, unsigned 16-bit. */
    public static final int UNSIGNED_SHORT = GltfReader.UNSIGNED_SHORT;
    /** {@code componentType} 5125, unsigned 32-bit. */
    public static final int UNSIGNED_INT = GltfReader.UNSIGNED_INT;
    /** {@code componentType} 5126, 32-bit float. */
    public static final int FLOAT = GltfReader.FLOAT;

    private final Accessors accessors;
    private final int index;
    private final Location use;

    GltfAccessor(Accessors accessors, int index, Location use) {
        this.accessors = accessors;
        this.index = index;
        this.use = use;
    }

    /** @return the accessor's index in the document's {@code accessors} */
    public int index() {
        return index;
    }

    /**
     * @return the JSON location that refers to this accessor, e.g.
     *     {@code meshes[0].primitives[1].attributes.NORMAL}
     */
    public String usedAt() {
        return use.toString();
    }

    /** @return the {@code componentType}: {@link #BYTE} … {@link #FLOAT} */
    public int componentType() {
        return accessors.componentType[index];
    }

    /** @return the size of one component in bytes: 1, 2 or 4 */
    public int componentSize() {
        return GltfReader.componentSize(accessors.componentType[index]);
    }

    /** @return the element {@code type}: {@code "SCALAR"}, {@code "VEC2"} … {@code "MAT4"} */
    public String type() {
        return accessors.type[index];
    }

    /** @return components per element: 1 (SCALAR) … 16 (MAT4) */
    public int componentCount() {
        return GltfReader.components(accessors.type[index]);
    }

    /** @return whether integer components are normalized */
    public boolean normalized() {
        return accessors.normalized[index];
    }

    /** @return the number of elements */
    public int count() {
        return accessors.count[index];
    }

    /** @return whether the accessor has a {@code sparse} part (its values are substituted by every decoding call) */
    public boolean sparse() {
        return accessors.sparse(index);
    }

    /**
     * @param componentType a glTF {@code componentType}
     * @return its name, {@code "FLOAT"} …, or {@code "componentType N"} for an unknown value
     */
    public static String componentTypeName(int componentType) {
        switch (componentType) {
            case BYTE:
                return "BYTE";
            case UNSIGNED_BYTE:
                return "UNSIGNED_BYTE";
            case SHORT:
                return "SHORT";
            case UNSIGNED_SHORT:
                return "UNSIGNED_SHORT";
            case UNSIGNED_INT:
                return "UNSIGNED_INT";
            case FLOAT:
                return "FLOAT";
            default:
                return "componentType " + componentType;
        }
    }

    /**
     * Decodes the values to floats, {@code count() × componentCount()} of them, element after element; normalized
     * integers converted as the class comment states, sparse values substituted. O(count).
     *
     * @return a new array
     * @throws GltfException if a value is not finite or a sparse part is malformed; the message names the accessor
     */
    public float[] floats() throws GltfException {
        return accessors.decode(index, use);
    }

    /**
     * {@link #floats()} into a caller's array, without allocating (but for a sparse part's or an integer type's
     * decoding state).
     *
     * @param dest receives {@code count() × componentCount()} floats from index 0
     * @return {@code dest}
     * @throws IllegalArgumentException if {@code dest} is too short
     * @throws GltfException as {@link #floats()}
     */
    public float[] floats(float[] dest) throws GltfException {
        int required = count() * componentCount();
        if (dest.length < required) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", required=" + required);
        }
        return accessors.decode(index, use, dest);
    }

    /**
     * The integer values, {@code count() × componentCount()} of them, as stored (not normalized; {@code UNSIGNED_INT}
     * values above {@link Integer#MAX_VALUE} come out negative, their 32 bits kept), sparse values substituted.
     * O(count).
     *
     * @return a new array
     * @throws IllegalStateException if the component type is {@link #FLOAT}
     * @throws GltfException if a sparse part is malformed
     */
    public int[] ints() throws GltfException {
        if (componentType() == FLOAT) {
            throw new IllegalStateException("accessors[" + index + "] has FLOAT components: use floats()");
        }
        return accessors.rawInts(index);
    }

    /**
     * The raw element bytes, tightly packed ({@code count() × elementSize} bytes, matrix columns padded as in a
     * buffer), in their component type, little-endian, sparse values substituted: a new direct buffer, position 0.
     * O(count).
     *
     * @return a new direct {@link ByteBuffer} in {@link ByteOrder#LITTLE_ENDIAN} order
     * @throws GltfException if a sparse part is malformed
     */
    public ByteBuffer bytes() throws GltfException {
        int element = elementSize();
        ByteBuffer out = ByteBuffer.allocateDirect(Math.multiplyExact(count(), element))
                .order(ByteOrder.LITTLE_ENDIAN);
        accessors.copyElements(index, out, 0, element);
        return out;
    }

    /** @return the size of one element in bytes, matrix columns padded to 4 bytes as in a buffer */
    public int elementSize() {
        return GltfReader.elementSize(accessors.type[index], accessors.componentType[index]);
    }

    /**
     * Whether the element bytes can be handed out where they lie in the file's buffer: the accessor has a buffer
     * view and no sparse part.
     *
     * @return whether {@link #bufferSlice()} is available
     */
    public boolean sliceable() {
        return accessors.view[index] >= 0 && !accessors.sparse(index);
    }

    /** @return the byte distance between consecutive elements in the buffer view ({@link #elementSize()} if tight) */
    public int byteStride() {
        return accessors.stride(index);
    }

    /**
     * The elements where they lie in the model's buffer, without a copy of the elements: a direct, read-only,
     * little-endian slice starting at element 0, {@code (count - 1) × byteStride() + elementSize()} bytes long. A
     * {@code .glb} of 1 MiB or more read from a file has its binary chunk in direct memory already, and the slice is of the file's
     * bytes; for other buffers the first call copies that whole buffer once into direct memory, which later slices
     * share.
     *
     * @return the slice
     * @throws IllegalStateException if not {@link #sliceable()}
     */
    public ByteBuffer bufferSlice() {
        if (!sliceable()) {
            throw new IllegalStateException("accessors[" + index + "] has " + (accessors.view[index] < 0
                    ? "no bufferView" : "a sparse part") + ": use bytes()");
        }
        return accessors.slice(index);
    }

    /** Writes each element's bytes into {@code dest} at {@code at + e × stride} (sparse values substituted). */
    void copyInto(ByteBuffer dest, int at, int stride) throws GltfException {
        accessors.copyElements(index, dest, at, stride);
    }

    /** @return the buffer view index, or -1 */
    int bufferView() {
        return accessors.view[index];
    }

    /** @return whether the buffer view states a {@code byteStride} */
    boolean stridedView() {
        int v = accessors.view[index];
        return v >= 0 && accessors.viewStride[v] != 0;
    }

    /** @return the accessor's {@code byteOffset} within its buffer view */
    int byteOffsetInView() {
        return accessors.offset[index];
    }

    /** A slice of this accessor's buffer view: {@code length} bytes from {@code from} within the view. */
    ByteBuffer viewSlice(int from, int length) {
        int v = accessors.view[index];
        ByteBuffer b = accessors.directBuffer(accessors.viewBuffer[v]);
        int start = accessors.viewOffset[v] + from;
        b.position(start).limit(start + length);
        return b.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public String toString() {
        return "accessors[" + index + "] " + type() + " " + componentTypeName(componentType())
                + (normalized() ? " normalized" : "") + " count=" + count();
    }
}
