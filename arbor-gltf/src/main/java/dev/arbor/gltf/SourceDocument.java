package dev.arbor.gltf;

import java.nio.ByteBuffer;

import java.util.Map;

/**
 * What a {@link GltfModel} keeps of its file so that {@link GltfWriter} can carry everything Arbor does not model
 * through unchanged: the JSON tree (never mutated after reading; the writer works on a deep copy), the bytes of each
 * buffer ({@code byteLength} bytes from index 0 of its byte buffer: a GLB's binary chunk stays in the file's
 * bytes) and, for {@code POSITION} accessors whose declared {@code min}/{@code max}
 * contradict their data, the values computed from the data (the writer corrects them).
 */
final class SourceDocument {
    final JsonValue json;
    /** Each buffer's bytes from index 0, little-endian; read with absolute gets only. */
    final ByteBuffer[] buffers;
    /** Each buffer's {@code byteLength}. */
    final int[] bufferLength;
    /** Accessor index → {min, max} from the data, for POSITION accessors whose declared bounds are wrong. */
    final Map<Integer, float[][]> correctedMinMax;

    SourceDocument(JsonValue json, ByteBuffer[] buffers, int[] bufferLength,
                   Map<Integer, float[][]> correctedMinMax) {
        this.json = json;
        this.buffers = buffers;
        this.bufferLength = bufferLength;
        this.correctedMinMax = Map.copyOf(correctedMinMax);
    }

    /**
     * @param buffer buffer index
     * @return a copy of the buffer's {@code byteLength} bytes
     */
    byte[] bufferBytes(int buffer) {
        byte[] bytes = new byte[bufferLength[buffer]];
        buffers[buffer].get(0, bytes);
        return bytes;
    }
}
