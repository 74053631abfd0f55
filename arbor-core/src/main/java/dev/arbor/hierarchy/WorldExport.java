package dev.arbor.hierarchy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * The bulk exports of world matrices into callers' arrays and buffers, converted straight from the storage in any
 * {@link MatrixLayout}. Into a buffer, the matrices are converted a chunk of nodes at a time into a heap array, and
 * each chunk goes in with one bulk copy: a buffer's bulk put costs about as much for one matrix as for a few hundred,
 * so one put per matrix made the export cost several times the update. The scratch grows to the size of the largest
 * chunk asked for, at most {@link #CHUNK_NODES} matrices; no allocation after that.
 *
 * <p>The caller ({@link Hierarchy}) checks the handles and the room and brings the world matrices up to date first;
 * this class only reads the storage.
 */
final class WorldExport {
    /** Matrices per chunk: 16 KB of floats in the largest layout, well within the first-level cache. */
    static final int CHUNK_NODES = 256;
    private final NodeStorage store;
    private final SlotTable slots;
    private float[] floats = new float[0];
    private byte[] bytes = new byte[0];
    /** {@link #bytes} seen as floats in each byte order, so that a chunk goes into it with one bulk copy. */
    private FloatBuffer littleEndianView;
    private FloatBuffer bigEndianView;

    /**
     * @param store the storage the world matrices are read from
     * @param slots the handle table, for each handle's storage position
     */
    WorldExport(NodeStorage store, SlotTable slots) {
        this.store = store;
        this.slots = slots;
    }

    /** Writes the world matrices of live, up-to-date handles into {@code dest} from its position. */
    int write(long[] handles, int offset, int count, MatrixLayout layout, FloatBuffer dest) {
        int at = dest.position();
        int floats = layout.floats();
        for (int k = 0; k < count; k += CHUNK_NODES) {
            int m = exportChunk(handles, offset + k, count - k, layout);
            put(dest, at + k * floats, m * floats);
        }
        return count * floats;
    }

    /** Writes the world matrices of live, up-to-date handles into {@code dest} from its position, in its byte order. */
    int write(long[] handles, int offset, int count, MatrixLayout layout, ByteBuffer dest) {
        int at = dest.position();
        for (int k = 0; k < count; k += CHUNK_NODES) {
            int m = exportChunk(handles, offset + k, count - k, layout);
            put(dest, at + k * layout.bytes(), m * layout.floats());
        }
        return count * layout.bytes();
    }

    /** Writes element e of handle k's world matrix at {@code dest[destOffset + k + e × planeStride]}. */
    void writePlanes(long[] handles, int offset, int count, float[] dest, int destOffset, int planeStride) {
        int stride = store.elementStride();
        for (int k = 0; k < count; k++) {
            transposeWorld(slots.nodeOfSlot[Handles.slot(handles[offset + k])], stride, dest, destOffset + k,
                    planeStride);
        }
    }

    /**
     * @param matrices matrices still to export
     * @param layout their layout
     * @return the chunk to convert the next {@code min(matrices, CHUNK_NODES)} matrices into, from index 0
     */
    float[] chunk(int matrices, MatrixLayout layout) {
        int need = Math.min(matrices, CHUNK_NODES) * layout.floats();
        if (floats.length < need) {
            floats = new float[need];
        }
        return floats;
    }

    /**
     * Copies the chunk's first {@code count} floats into {@code dest} from absolute index {@code index}.
     *
     * @param dest destination, with room checked by the caller
     * @param index first float index written
     * @param count floats to copy
     */
    void put(FloatBuffer dest, int index, int count) {
        dest.put(index, floats, 0, count);
    }

    /**
     * Copies the chunk's first {@code count} floats into {@code dest} from absolute byte index {@code byteIndex}, in
     * the buffer's byte order.
     *
     * @param dest destination, with room checked by the caller
     * @param byteIndex first byte index written
     * @param count floats to copy
     */
    void put(ByteBuffer dest, int byteIndex, int count) {
        int byteCount = count * Float.BYTES;
        if (bytes.length < byteCount) {
            bytes = new byte[Math.max(byteCount, floats.length * Float.BYTES)];
            littleEndianView = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
            bigEndianView = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).asFloatBuffer();
        }
        (dest.order() == ByteOrder.LITTLE_ENDIAN ? littleEndianView : bigEndianView).put(0, floats, 0, count);
        dest.put(byteIndex, bytes, 0, byteCount);
    }

    /** Copies a node's world matrix into element {@code e} of {@code dest[d + e × ds]}: 12 loads, then 12 stores. */
    private void transposeWorld(int node, int stride, float[] dest, int d, int ds) {
        float[] w = store.worlds;
        int a = store.at(0, node);
        float e0 = w[a];
        float e1 = w[a + stride];
        float e2 = w[a + 2 * stride];
        float e3 = w[a + 3 * stride];
        float e4 = w[a + 4 * stride];
        float e5 = w[a + 5 * stride];
        float e6 = w[a + 6 * stride];
        float e7 = w[a + 7 * stride];
        float e8 = w[a + 8 * stride];
        float e9 = w[a + 9 * stride];
        float e10 = w[a + 10 * stride];
        float e11 = w[a + 11 * stride];
        dest[d + 11 * ds] = e11; // the highest index first
        dest[d] = e0;
        dest[d + ds] = e1;
        dest[d + 2 * ds] = e2;
        dest[d + 3 * ds] = e3;
        dest[d + 4 * ds] = e4;
        dest[d + 5 * ds] = e5;
        dest[d + 6 * ds] = e6;
        dest[d + 7 * ds] = e7;
        dest[d + 8 * ds] = e8;
        dest[d + 9 * ds] = e9;
        dest[d + 10 * ds] = e10;
    }


    /**
     * Converts the world matrices of the handles from {@code from}, at most {@code remaining} and at most one chunk,
     * into the chunk.
     *
     * @return the number of matrices converted
     */
    private int exportChunk(long[] handles, int from, int remaining, MatrixLayout layout) {
        int m = Math.min(remaining, CHUNK_NODES);
        convertWorlds(handles, from, m, layout, chunk(remaining, layout), 0);
        return m;
    }


    /**
     * Writes the world matrices of {@code count} checked handles from {@code from} in {@code layout} to
     * {@code dest[d …]}: the loop of the float[] export and of each chunk of the buffer exports.
     */
    void convertWorlds(long[] handles, int from, int count, MatrixLayout layout, float[] dest, int d) {
        int floats = layout.floats();
        for (int k = 0; k < count; k++) {
            store.convertWorld(slots.nodeOfSlot[Handles.slot(handles[from + k])], layout, dest, d + k * floats);
        }
    }

}
