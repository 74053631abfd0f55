package dev.arbor.hierarchy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * The scratch of a bulk export of world matrices into a caller's buffer: the matrices are converted a chunk of nodes
 * at a time into a heap array, and each chunk goes into the buffer with one bulk copy. A buffer's bulk put costs about
 * as much for one matrix as for a few hundred, so one put per matrix made the export cost several times the update.
 * Grows to the size of the largest chunk asked for, at most {@link #CHUNK_NODES}
 * matrices; no allocation after that.
 */
final class WorldExport {
    /** Matrices per chunk: 16 KB of floats in the largest layout, well within the first-level cache. */
    static final int CHUNK_NODES = 256;
    private float[] floats = new float[0];
    private byte[] bytes = new byte[0];
    /** {@link #bytes} seen as floats in each byte order, so that a chunk goes into it with one bulk copy. */
    private FloatBuffer littleEndianView;
    private FloatBuffer bigEndianView;

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
}
