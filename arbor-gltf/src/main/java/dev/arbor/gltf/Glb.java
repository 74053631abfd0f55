package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The GLB binary container: a 12-byte header ({@code magic "glTF"}, version 2, total length) followed by chunks
 * ({@code length, type, data}); the first chunk is JSON, an optional second one is the binary buffer. Every length
 * is checked against the bytes actually present before it is used.
 */
final class Glb {
    static final int MAGIC = 0x46546C67;
    static final int CHUNK_JSON = 0x4E4F534A;
    static final int CHUNK_BIN = 0x004E4942;
    static final int HEADER_BYTES = 12;
    static final int CHUNK_HEADER_BYTES = 8;
    /** The bytes {@link #hasMagic} looks at. */
    static final int MAGIC_BYTES = 4;

    final int jsonOffset;
    final int jsonLength;
    /** Offset of the BIN chunk's data, or -1 without one. */
    final int binOffset;
    final int binLength;

    private Glb(int jsonOffset, int jsonLength, int binOffset, int binLength) {
        this.jsonOffset = jsonOffset;
        this.jsonLength = jsonLength;
        this.binOffset = binOffset;
        this.binLength = binLength;
    }

    /** @param document a document, index 0 its first byte */
    static boolean hasMagic(ByteBuffer document) {
        return document.limit() >= MAGIC_BYTES && document.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(0) == MAGIC;
    }

    /** @param document a document, index 0 its first byte and its limit its length */
    static Glb parse(ByteBuffer document) throws GltfException {
        ByteBuffer bytes = document.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.limit() < HEADER_BYTES) {
            throw new GltfException("glb.header", "truncated: " + bytes.limit() + " bytes, a header needs "
                    + HEADER_BYTES);
        }
        int magic = bytes.getInt(0);
        if (magic != MAGIC) {
            throw new GltfException("glb.magic", String.format("0x%08x is not the glTF magic 0x%08x", magic, MAGIC));
        }
        long version = Integer.toUnsignedLong(bytes.getInt(4));
        if (version != 2) {
            throw new GltfException("glb.version", "version " + version + " is not supported, expected 2");
        }
        long length = Integer.toUnsignedLong(bytes.getInt(8));
        if (length > bytes.limit()) {
            throw new GltfException("glb.length", "declared length " + length + " exceeds the file's "
                    + bytes.limit() + " bytes");
        }
        if (length < HEADER_BYTES + CHUNK_HEADER_BYTES) {
            throw new GltfException("glb.length", "declared length " + length + " leaves no room for the JSON chunk");
        }
        int end = (int) length;
        int at = HEADER_BYTES;
        int jsonOffset = -1;
        int jsonLength = 0;
        int binOffset = -1;
        int binLength = 0;
        for (int chunk = 0; at < end; chunk++) {
            String loc = "glb.chunks[" + chunk + "]";
            if (end - at < CHUNK_HEADER_BYTES) {
                throw new GltfException(loc, "truncated chunk header at byte " + at + ", file length " + end);
            }
            long chunkLength = Integer.toUnsignedLong(bytes.getInt(at));
            int type = bytes.getInt(at + 4);
            int data = at + CHUNK_HEADER_BYTES;
            if (chunkLength > end - data) {
                throw new GltfException(loc + ".length", "chunk length " + chunkLength + " at byte " + at
                        + " runs past the end of the file (" + (end - data) + " bytes left)");
            }
            if (chunk == 0) {
                if (type != CHUNK_JSON) {
                    throw new GltfException(loc + ".type", String.format("first chunk type 0x%08x is not JSON", type));
                }
                jsonOffset = data;
                jsonLength = (int) chunkLength;
            } else if (chunk == 1 && type == CHUNK_BIN) {
                binOffset = data;
                binLength = (int) chunkLength;
            }
            // other chunk types are skipped, as the specification requires
            at = data + (int) chunkLength;
        }
        return new Glb(jsonOffset, jsonLength, binOffset, binLength);
    }
}
