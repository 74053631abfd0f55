package dev.arbor.gltf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;

/**
 * The bytes a glTF URI names: a base64 {@code data:} URI, or a file beside the document named by a relative path
 * (percent-decoded; schemes, absolute paths and paths that leave the document's folder, also through links, are
 * refused). Used for buffers and images; every refusal is a {@link GltfException} at the URI's location.
 */
final class UriSources {
    /**
     * The most bytes one read asks a stream for: the JDK's native file read allocates a temporary buffer of this
     * size, which for 64 KB the C heap hands back for the next read. Reading a 3.9 MB file in a fresh JVM took
     * 15-33 ms in such reads, against 44-62 ms with {@link InputStream#readNBytes(int)} (see the lab notebook).
     */
    static final int READ_CHUNK = 64 * 1024;
    /**
     * The smallest binary data read into direct memory (a {@code .glb} file, an external buffer file), where its
     * vertex data can go to a GPU without a copy; smaller data goes to the heap. Direct reading loads about 25 channel
     * and buffer classes: in fresh JVMs (5 each, both JDKs) a 0.5 MB {@code .glb} (CesiumMan) read 2-4 ms slower into
     * direct memory, and 3.8-3.9 MB ones 9 ms faster (see the lab notebook); a small buffer's first slice copies it
     * into direct memory in well under a millisecond.
     */
    static final int DIRECT_READ_BYTES = 1 << 20;

    private UriSources() {
    }

    /**
     * Decodes a base64 {@code data:} URI holding at least {@code byteLength} bytes.
     *
     * @return the decoded bytes, all of them
     */
    static byte[] decodeDataUri(String uri, Location loc, long byteLength) throws GltfException {
        int comma = uri.indexOf(',');
        if (comma < 0 || !uri.substring(0, comma).endsWith(";base64")) {
            throw new GltfException(loc, "only base64 data: URIs are supported, found \""
                    + uri.substring(0, Math.min(uri.length(), 40)) + "\"");
        }
        byte[] data;
        try {
            data = Base64.getDecoder().decode(uri.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            throw new GltfException(loc, "invalid base64 data: " + e.getMessage(), e);
        }
        if (data.length < byteLength) {
            throw new GltfException(loc, "data: URI holds " + data.length + " bytes, byteLength says "
                    + byteLength);
        }
        return data;
    }

    /**
     * Reads a file that a relative URI names beside the document: the first {@code byteLength} bytes, or the whole
     * file when {@code byteLength} is negative. Refuses schemes, absolute paths and paths that leave the folder.
     */
    static byte[] readFile(Path baseDir, String uri, Location loc, long byteLength, String what)
            throws GltfException {
        ByteBuffer data = read(baseDir, uri, loc, byteLength, what, false);
        return data.array();
    }

    /**
     * {@link #readFile} of a buffer: its first {@code byteLength} bytes, in direct memory from
     * {@link #DIRECT_READ_BYTES} on, ready to be handed to a GPU where they lie.
     */
    static ByteBuffer readBuffer(Path baseDir, String uri, Location loc, long byteLength) throws GltfException {
        return read(baseDir, uri, loc, byteLength, "buffer", byteLength >= DIRECT_READ_BYTES);
    }

    private static ByteBuffer read(Path baseDir, String uri, Location loc, long byteLength, String what,
                                   boolean direct) throws GltfException {
        if (baseDir == null) {
            throw new GltfException(loc, "external " + what + " \"" + GltfReader.shorten(uri) + "\" cannot be resolved: the"
                    + " document was not read from a file");
        }
        String decoded = percentDecode(uri, loc);
        if (decoded.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*")) {
            throw new GltfException(loc, "refused URI \"" + GltfReader.shorten(uri) + "\": only relative paths and data: URIs"
                    + " are allowed");
        }
        if (decoded.startsWith("/") || decoded.startsWith("\\") || decoded.indexOf('\0') >= 0) {
            throw new GltfException(loc, "refused absolute path \"" + GltfReader.shorten(uri) + "\"");
        }
        for (String segment : decoded.split("[/\\\\]")) {
            if (segment.equals("..")) {
                throw new GltfException(loc, "refused path \"" + GltfReader.shorten(uri) + "\": it leaves the file's folder");
            }
        }
        Path target;
        try {
            Path base = baseDir.toAbsolutePath().normalize();
            target = base.resolve(decoded).normalize();
            if (!target.startsWith(base)) {
                throw new GltfException(loc, "refused path \"" + GltfReader.shorten(uri) + "\": it leaves the file's folder");
            }
            if (Files.exists(target)) {
                Path realBase = base.toRealPath();
                Path real = target.toRealPath();
                if (!real.startsWith(realBase)) {
                    throw new GltfException(loc, "refused path \"" + GltfReader.shorten(uri) + "\": it links outside the"
                            + " file's folder");
                }
            }
        } catch (InvalidPathException | IOException e) {
            throw new GltfException(loc, "invalid path \"" + GltfReader.shorten(uri) + "\": " + e.getMessage(), e);
        }
        try {
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target)) {
                throw new GltfException(loc, what + " file \"" + GltfReader.shorten(uri) + "\" does not exist");
            }
            long size = Files.size(target);
            if (byteLength < 0) {
                if (size > GltfReader.MAX_BUFFER_BYTES) {
                    throw new GltfException(loc, what + " file \"" + GltfReader.shorten(uri) + "\" has " + size
                            + " bytes, more than the largest accepted, " + GltfReader.MAX_BUFFER_BYTES);
                }
                byteLength = size;
            }
            if (size < byteLength) {
                throw new GltfException(loc, "buffer file \"" + GltfReader.shorten(uri) + "\" has " + size
                        + " bytes, byteLength says " + byteLength);
            }
            try (SeekableByteChannel in = Files.newByteChannel(target)) {
                ByteBuffer data = direct ? ByteBuffer.allocateDirect((int) byteLength)
                        : ByteBuffer.allocate((int) byteLength);
                if (fill(in, data) < byteLength) {
                    throw new GltfException(loc, "buffer file \"" + GltfReader.shorten(uri) + "\" ended after "
                            + data.position() + " bytes, byteLength says " + byteLength);
                }
                return data.clear();
            }
        } catch (GltfException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new GltfException(loc, "cannot read " + what + " file \"" + GltfReader.shorten(uri) + "\": " + e, e);
        }
    }

    /**
     * Reads up to {@code n} bytes of a stream into an array of exactly that size, in reads of at most
     * {@link #READ_CHUNK} bytes, so that only that array's memory is touched: {@link InputStream#readNBytes(int)}
     * gathers 8 KB arrays and copies them into its result, and one large read has the JDK's native code allocate a
     * temporary buffer of the whole size; either touches the size again in new memory, slow in a fresh process.
     *
     * @return the bytes read: {@code n} of them, or fewer in an array of their number when the stream ends first
     */
    static byte[] readUpTo(InputStream in, int n) throws IOException {
        byte[] data = new byte[n];
        int read = fill(in, data, 0);
        return read == n ? data : Arrays.copyOf(data, read);
    }

    /**
     * Reads a stream into {@code data} from {@code at} until the array is full or the stream ends, as
     * {@link #readUpTo} does.
     *
     * @return the number of bytes in {@code data} from its start: {@code at} and those read
     */
    static int fill(InputStream in, byte[] data, int at) throws IOException {
        while (at < data.length) {
            int read = in.read(data, at, Math.min(READ_CHUNK, data.length - at));
            if (read < 0) {
                break;
            }
            at += read;
        }
        return at;
    }

    /**
     * Reads from a channel until {@code data} is full or the channel ends.
     *
     * @return the number of bytes read ({@code data}'s position)
     */
    static int fill(ReadableByteChannel in, ByteBuffer data) throws IOException {
        while (data.hasRemaining() && in.read(data) >= 0) {
            // read on: a channel may deliver fewer bytes than asked
        }
        return data.position();
    }

    private static String percentDecode(String s, Location loc) throws GltfException {
        if (s.indexOf('%') < 0) {
            return s;
        }
        byte[] out = new byte[s.length()];
        int n = 0;
        byte[] in = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < in.length; i++) {
            if (in[i] == '%') {
                if (i + 2 >= in.length || Character.digit(in[i + 1], 16) < 0 || Character.digit(in[i + 2], 16) < 0) {
                    throw new GltfException(loc, "bad percent escape in \"" + GltfReader.shorten(s) + "\"");
                }
                out[n++] = (byte) (Character.digit(in[i + 1], 16) * 16 + Character.digit(in[i + 2], 16));
                i += 2;
            } else {
                if (n == out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[n++] = in[i];
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }
}
