package dev.arbor.gltf;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Entry points for reading glTF 2.0: {@code .gltf} (JSON, buffers in {@code data:} URIs or files beside it) and
 * {@code .glb} (binary container). The format is recognised by content (the GLB magic), not by file name.
 *
 * <p>Every malformed input gives a {@link GltfException} naming the JSON location and the bad value; nothing is
 * allocated beyond a small multiple of the input's size; buffer URIs may not leave the file's folder. Thread-safe:
 * each call works on its own data.
 */
public final class Gltf {
    /** Largest file accepted, in bytes. */
    public static final long MAX_FILE_BYTES = Integer.MAX_VALUE - 64;

    private Gltf() {
    }

    /**
     * Reads a {@code .gltf} or {@code .glb} file; relative buffer URIs are resolved in the file's folder. Cost
     * linear in the file and its buffers.
     *
     * @param file the file
     * @return the parsed model
     * @throws GltfException if the file or a buffer it names is malformed, too large or refused
     * @throws IOException if the file cannot be read
     */
    public static GltfModel read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE_BYTES) {
            throw new GltfException("file", "size " + size + " exceeds the limit of " + MAX_FILE_BYTES + " bytes");
        }
        ByteBuffer bytes = readAll(file, (int) size);
        Path dir = file.toAbsolutePath().getParent();
        return read(bytes, file.getFileName().toString(), dir);
    }

    /**
     * The file's bytes, little-endian. A file of the default file system is read with a {@link FileInputStream}, a
     * class every JVM has loaded (for {@code System.in}; {@link Files#readAllBytes} loads about 30 channel classes,
     * 1-1.5 ms of a fresh JVM's first read), in reads of at most {@link UriSources#READ_CHUNK} bytes, into memory of
     * the file's size: a {@code .glb} (by its magic) of {@link UriSources#DIRECT_READ_BYTES} or more into direct
     * memory through the stream's channel, so that its binary chunk's vertex data can go to a GPU where it lies;
     * anything else into a heap array. A file of another file system, or one whose size changed while it was read, is read again
     * whole into the heap.
     */
    private static ByteBuffer readAll(Path file, int size) throws IOException {
        if (file.getFileSystem() == FileSystems.getDefault()) {
            try (FileInputStream in = new FileInputStream(file.toFile())) {
                byte[] head = UriSources.readUpTo(in, Math.min(size, Glb.MAGIC_BYTES));
                if (size >= UriSources.DIRECT_READ_BYTES && Glb.hasMagic(ByteBuffer.wrap(head))) {
                    ByteBuffer all = ByteBuffer.allocateDirect(size).put(head);
                    if (UriSources.fill(in.getChannel(), all) == size && in.read() < 0) {
                        return all.clear().order(ByteOrder.LITTLE_ENDIAN);
                    }
                } else {
                    byte[] all = Arrays.copyOf(head, size);
                    if (UriSources.fill(in, all, head.length) == size && in.read() < 0) {
                        return ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
                    }
                }
            }
        }
        byte[] all = Files.readAllBytes(file);
        if (all.length > MAX_FILE_BYTES) {
            throw new GltfException("file", "size " + all.length + " exceeds the limit of " + MAX_FILE_BYTES
                    + " bytes");
        }
        return ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Reads a glTF document from memory.
     *
     * @param bytes the whole {@code .gltf} or {@code .glb} content
     * @param sourceName a name for messages and {@link GltfModel#sourceName()}
     * @param baseDir folder for relative buffer URIs, or {@code null} to refuse external buffers
     * @return the parsed model
     * @throws GltfException if the document is malformed or names a refused buffer
     */
    public static GltfModel read(byte[] bytes, String sourceName, Path baseDir) throws GltfException {
        return read(ByteBuffer.wrap(bytes), sourceName, baseDir);
    }

    /** {@link #read(byte[], String, Path)} of a document in {@code bytes} from index 0 to its limit. */
    private static GltfModel read(ByteBuffer bytes, String sourceName, Path baseDir) throws GltfException {
        try {
            return new GltfReader(sourceName, bytes, baseDir).read();
        } catch (GltfException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // defensive: the reader checks everything it reads; a slip must still honour the contract
            throw new GltfException("file", "unexpected failure reading " + sourceName + ": " + e, e);
        }
    }

    /**
     * Reads a self-contained document (a {@code .glb}, or a {@code .gltf} with only {@code data:} URIs) from a
     * stream, for example a class-path resource. The stream is read to its end but not closed.
     *
     * @param in the stream
     * @param sourceName a name for messages
     * @return the parsed model
     * @throws GltfException if the document is malformed or names an external buffer
     * @throws IOException if the stream cannot be read
     */
    public static GltfModel read(InputStream in, String sourceName) throws IOException {
        return read(in.readAllBytes(), sourceName, null);
    }
}
