package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.hierarchy.Hierarchy;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reading a {@code .glb} allocates, counted in bytes by the JVM ({@code ThreadMXBean} for the heap, the
 * {@code direct} buffer pool for direct memory): the file's bytes once, and not a second copy of its binary chunk,
 * which the model keeps where it lies in the file's bytes and hands out from there. A 8 MiB binary
 * chunk holds a tiny triangle and one large image; the image bytes, the mesh and an export read back show that the
 * chunk is found at its offset in the file.
 */
class ReadMemoryTest {
    private static final int IMAGE_BYTES = 8 << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static byte[] glb;
    private static byte[] image;

    @BeforeAll
    static void makeFile() {
        image = new byte[IMAGE_BYTES];
        for (int i = 0; i < image.length; i++) {
            image[i] = (byte) (i * 31 + (i >>> 9));
        }
        glb = glb(image, 0);
    }

    /**
     * A GLB of one triangle (36 bytes of positions) and one image after it in the binary chunk; {@code jsonPadding}
     * spaces lengthen the JSON chunk.
     */
    static byte[] glb(byte[] imageBytes, int jsonPadding) {
        int bin = 36 + imageBytes.length;
        String json = "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                + "\"nodes\":[{\"mesh\":0}],\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}],"
                + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":3,\"type\":\"VEC3\","
                + "\"min\":[0,0,0],\"max\":[1,1,0]}],"
                + "\"images\":[{\"bufferView\":1,\"mimeType\":\"image/png\"}],"
                + "\"bufferViews\":[{\"buffer\":0,\"byteLength\":36},{\"buffer\":0,\"byteOffset\":36,"
                + "\"byteLength\":" + imageBytes.length + "}],\"buffers\":[{\"byteLength\":" + bin + "}]}"
                + " ".repeat(jsonPadding);
        byte[] text = json.getBytes(StandardCharsets.UTF_8);
        int jsonLength = (text.length + 3) & ~3;
        int binLength = (bin + 3) & ~3;
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(Glb.MAGIC).putInt(2).putInt(b.capacity());
        b.putInt(jsonLength).putInt(Glb.CHUNK_JSON).put(text);
        while (b.position() < 20 + jsonLength) {
            b.put((byte) ' ');
        }
        b.putInt(binLength).putInt(Glb.CHUNK_BIN);
        b.putFloat(0).putFloat(0).putFloat(0).putFloat(1).putFloat(0).putFloat(0).putFloat(0).putFloat(1).putFloat(0);
        b.put(imageBytes);
        return b.array();
    }

    @Test
    void readingFromMemoryAllocatesFarLessThanTheBinaryChunk() throws Exception {
        Gltf.read(glb, "warm.glb", null); // classes loaded, so that only the read's own bytes are counted
        long before = THREADS.getCurrentThreadAllocatedBytes();
        GltfModel model = Gltf.read(glb, "big.glb", null);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        // a copy of the binary chunk alone would be 8 MiB; the JSON tree and the model take a few kB
        assertThat(allocated).as("bytes allocated by reading a %d-byte file", glb.length)
                .isLessThan(glb.length / 50);
        assertThat(model.imageBytes(0)).isEqualTo(image);
    }

    @Test
    void aGlbFileIsReadIntoDirectMemoryOnceAndItsVertexDataHandedOutWhereItLies(@TempDir Path dir)
            throws Exception {
        Path file = Files.write(dir.resolve("big.glb"), glb);
        Gltf.read(file).readMesh(0).primitive(0).attribute("POSITION").bufferSlice();
        java.lang.management.BufferPoolMXBean direct = ManagementFactory
                .getPlatformMXBeans(java.lang.management.BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct")).findFirst().orElseThrow();
        long heapBefore = THREADS.getCurrentThreadAllocatedBytes();
        GltfModel model = Gltf.read(file);
        long heap = THREADS.getCurrentThreadAllocatedBytes() - heapBefore;
        // the JSON tree and the model take a few kB of heap; the file's bytes are in direct memory
        assertThat(heap).as("heap bytes allocated by reading a %d-byte file", glb.length)
                .isLessThan(glb.length / 50);
        assertThat(model.source().buffers[0].isDirect()).isTrue();

        long directBefore = direct.getMemoryUsed();
        GltfPrimitive primitive = model.readMesh(0).primitive(0);
        ByteBuffer slice = primitive.attribute("POSITION").bufferSlice();
        GltfVertexData vertices = primitive.vertexData(false);
        // no copy of the binary chunk into direct memory (it was one before the file was read into it)
        assertThat(direct.getMemoryUsed()).as("direct memory after handing out slices")
                .isLessThanOrEqualTo(directBefore);
        assertThat(slice.isDirect()).isTrue();
        assertThat(slice.getFloat(12)).isEqualTo(1f);
        assertThat(vertices.isSlice(0)).isTrue();
        assertThat(vertices.buffer(0).getFloat(28)).isEqualTo(1f);
        assertThat(primitive.positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0);
        assertThat(model.imageBytes(0)).isEqualTo(image);

        // below 1 MiB a file goes to the heap, where a small read is quicker; its first slice copies the buffer
        Path small = Files.write(dir.resolve("small.glb"), glb(new byte[UriSources.DIRECT_READ_BYTES / 2], 0));
        GltfModel smallModel = Gltf.read(small);
        assertThat(smallModel.source().buffers[0].isDirect()).isFalse();
        assertThat(smallModel.readMesh(0).primitive(0).attribute("POSITION").bufferSlice().getFloat(12)).isEqualTo(1f);
    }

    @Test
    void aSmallBinaryChunkInALargeFileIsCopiedAndStillRead() throws Exception {
        byte[] small = Arrays.copyOf(image, 1000);
        byte[] file = glb(small, 100_000); // the JSON chunk is 100 times the binary one
        GltfModel model = Gltf.read(file, "small.glb", null);
        assertThat(model.source().buffers[0].array()).hasSize(1036);
        assertThat(model.source().buffers[0].arrayOffset()).isZero();
        assertThat(model.imageBytes(0)).isEqualTo(small);
        assertThat(model.readMesh(0).primitive(0).positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0);
        GltfModel back = Gltf.read(GltfWriter.encode(model.instantiate(new Hierarchy(), 0, Hierarchy.NULL), true),
                "back.glb", null);
        assertThat(back.imageBytes(0)).isEqualTo(small);
    }
}
