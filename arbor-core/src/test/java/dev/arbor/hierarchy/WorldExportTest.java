package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bulk exports ({@code writeWorldMatrices}, {@code writeChangedSince}) go through a chunk of
 * {@link WorldExport#CHUNK_NODES} matrices: over several chunks and a partial last one, in every matrix layout, both
 * storage layouts and both byte orders, each exported matrix must equal the node's own read, and nothing outside the
 * written range may change.
 */
class WorldExportTest {
    private static final int NODES = 3 * WorldExport.CHUNK_NODES + 77;
    private static final float UNTOUCHED = -12345f;

    private static Hierarchy randomHierarchy(StorageLayout storage, long[] handles) {
        SplittableRandom random = new SplittableRandom(NODES);
        Hierarchy h = new Hierarchy(NODES);
        h.setStorageLayout(storage);
        for (int i = 0; i < NODES; i++) {
            handles[i] = i < 5 ? h.createRoot() : h.createChild(handles[random.nextInt(i)]);
            h.setLocalTranslation(handles[i], (float) random.nextDouble(-2, 2), (float) random.nextDouble(-2, 2),
                    (float) random.nextDouble(-2, 2));
            h.setLocalRotation(handles[i], (float) random.nextDouble(-1, 1), (float) random.nextDouble(-1, 1),
                    (float) random.nextDouble(-1, 1), (float) random.nextDouble(0.1, 1));
            h.setLocalScale(handles[i], (float) random.nextDouble(0.8, 1.25), (float) random.nextDouble(0.8, 1.25),
                    (float) random.nextDouble(0.8, 1.25));
        }
        h.update();
        // shuffled, so that consecutive entries are not neighbours in the storage
        for (int i = NODES - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = handles[i];
            handles[i] = handles[j];
            handles[j] = t;
        }
        // a few stale nodes, brought up to date by the export itself
        for (int i = 0; i < NODES; i += 97) {
            h.setLocalTranslation(handles[i], i, 1, 2);
        }
        return h;
    }

    private static float[] expected(Hierarchy h, long handle, MatrixLayout layout) {
        float[] affine = h.getWorld(handle, new float[12], 0);
        float[] converted = new float[layout.floats()];
        layout.convert(affine, 0, converted, 0);
        return converted;
    }

    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void floatBuffersReceiveEveryMatrixOfEveryChunk(StorageLayout storage) {
        for (MatrixLayout layout : MatrixLayout.values()) {
            for (boolean direct : new boolean[] {false, true}) {
                long[] handles = new long[NODES];
                Hierarchy h = randomHierarchy(storage, handles);
                int from = 3;
                int count = NODES - 5;
                int start = 7;
                int floats = layout.floats();
                FloatBuffer fb = direct
                        ? ByteBuffer.allocateDirect((start + count * floats + 9) * 4).order(ByteOrder.nativeOrder())
                                .asFloatBuffer()
                        : FloatBuffer.allocate(start + count * floats + 9);
                while (fb.hasRemaining()) {
                    fb.put(UNTOUCHED);
                }
                fb.position(start);
                assertThat(h.writeWorldMatrices(handles, from, count, layout, fb)).isEqualTo(count * floats);
                assertThat(fb.position()).isEqualTo(start);
                float[] got = new float[floats];
                for (int k = 0; k < count; k++) {
                    fb.get(start + k * floats, got);
                    assertThat(got).as("%s %s direct=%s matrix %d", storage, layout, direct, k)
                            .containsExactly(expected(h, handles[from + k], layout));
                }
                for (int i = 0; i < start; i++) {
                    assertThat(fb.get(i)).isEqualTo(UNTOUCHED);
                }
                for (int i = start + count * floats; i < fb.limit(); i++) {
                    assertThat(fb.get(i)).isEqualTo(UNTOUCHED);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void byteBuffersReceiveEveryMatrixInTheirOwnByteOrder(StorageLayout storage) {
        for (MatrixLayout layout : MatrixLayout.values()) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
                long[] handles = new long[NODES];
                Hierarchy h = randomHierarchy(storage, handles);
                int start = 5; // not a multiple of 4: floats unaligned in the buffer
                int bytes = layout.bytes();
                ByteBuffer bb = ByteBuffer.allocateDirect(start + NODES * bytes + 11).order(order);
                while (bb.hasRemaining()) {
                    bb.put((byte) 0x5A);
                }
                bb.position(start);
                assertThat(h.writeWorldMatrices(handles, 0, NODES, layout, bb)).isEqualTo(NODES * bytes);
                assertThat(bb.position()).isEqualTo(start);
                for (int k = 0; k < NODES; k++) {
                    float[] want = expected(h, handles[k], layout);
                    for (int f = 0; f < want.length; f++) {
                        assertThat(bb.getFloat(start + k * bytes + f * 4)).as("%s %s %s matrix %d element %d",
                                storage, layout, order, k, f).isEqualTo(want[f]);
                    }
                }
                for (int i = 0; i < start; i++) {
                    assertThat(bb.get(i)).isEqualTo((byte) 0x5A);
                }
                for (int i = start + NODES * bytes; i < bb.limit(); i++) {
                    assertThat(bb.get(i)).isEqualTo((byte) 0x5A);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void changedMatricesComeOutWithTheirHandlesAcrossChunks(StorageLayout storage) {
        for (MatrixLayout layout : MatrixLayout.values()) {
            long[] handles = new long[NODES];
            Hierarchy h = randomHierarchy(storage, handles);
            int floats = layout.floats();
            FloatBuffer fb = FloatBuffer.allocate(2 + NODES * floats);
            fb.position(2);
            long[] out = new long[NODES];
            assertThat(h.writeChangedSince(-1, layout, fb, out)).isEqualTo(NODES);
            float[] got = new float[floats];
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int k = 0; k < NODES; k++) {
                fb.get(2 + k * floats, got);
                assertThat(got).as("%s %s matrix %d", storage, layout, k)
                        .containsExactly(expected(h, out[k], layout));
                seen.add(out[k]);
            }
            assertThat(seen).hasSize(NODES);
            // after an upload, only what moves next comes out: a subtree spread over the storage
            long since = h.version();
            h.setLocalTranslation(handles[0], 9, 9, 9);
            h.update();
            int moved = h.writeChangedSince(since, layout, fb, out);
            assertThat(moved).isGreaterThan(0).isLessThanOrEqualTo(NODES);
            for (int k = 0; k < moved; k++) {
                fb.get(2 + k * floats, got);
                assertThat(got).containsExactly(expected(h, out[k], layout));
                assertThat(h.worldVersion(out[k])).isGreaterThan(since);
            }
        }
    }
}
