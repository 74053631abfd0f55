package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bulk exports ({@code writeWorldMatrices}, {@code writeChangedSince}) go through a chunk of
 * {@link WorldExport#CHUNK_NODES} matrices: over several chunks and a partial last one, in every matrix layout, both
 * storage layouts and both byte orders, each exported matrix must equal the node's own read, and nothing outside the
 * written range may change. The array forms ({@code writeWorldMatrices} into a {@code float[]}, {@code
 * writeWorldPlanes}) likewise, and a bad argument leaves the array as it was.
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
    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void arraysReceiveEveryMatrixInEveryLayout(StorageLayout storage) {
        for (MatrixLayout layout : MatrixLayout.values()) {
            long[] handles = new long[NODES];
            Hierarchy h = randomHierarchy(storage, handles);
            int from = 2;
            int count = NODES - 3;
            int start = 5;
            int floats = layout.floats();
            float[] dest = new float[start + count * floats + 4];
            Arrays.fill(dest, UNTOUCHED);
            assertThat(h.writeWorldMatrices(handles, from, count, layout, dest, start)).isEqualTo(count * floats);
            for (int k = 0; k < count; k++) {
                assertThat(Arrays.copyOfRange(dest, start + k * floats, start + (k + 1) * floats))
                        .as("%s %s matrix %d", storage, layout, k).containsExactly(expected(h, handles[from + k], layout));
            }
            assertThat(Arrays.copyOfRange(dest, 0, start)).containsOnly(UNTOUCHED);
            assertThat(Arrays.copyOfRange(dest, start + count * floats, dest.length)).containsOnly(UNTOUCHED);
        }
    }

    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void planesReceiveEveryElementAndLeaveThePaddingAlone(StorageLayout storage) {
        long[] handles = new long[NODES];
        Hierarchy h = randomHierarchy(storage, handles);
        int from = 4;
        int count = NODES - 9;
        int stride = count + 6;
        int start = 3;
        float[] dest = new float[start + 12 * stride + 2];
        Arrays.fill(dest, UNTOUCHED);
        assertThat(h.writeWorldPlanes(handles, from, count, dest, start, stride)).isSameAs(dest);
        for (int k = 0; k < count; k++) {
            float[] want = h.getWorld(handles[from + k], new float[12], 0);
            for (int e = 0; e < 12; e++) {
                assertThat(dest[start + e * stride + k]).as("%s matrix %d element %d", storage, k, e)
                        .isEqualTo(want[e]);
            }
        }
        for (int i = 0; i < dest.length; i++) {
            int rel = i - start;
            boolean written = rel >= 0 && rel < 12 * stride && rel % stride < count;
            if (!written) {
                assertThat(dest[i]).as("index %d", i).isEqualTo(UNTOUCHED);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = StorageLayout.class, names = {"PLANES", "RECORDS"})
    void badArgumentsToTheArrayFormsWriteNothing(StorageLayout storage) {
        long[] handles = new long[NODES];
        Hierarchy h = randomHierarchy(storage, handles);
        float[] dest = new float[12 * NODES];
        Arrays.fill(dest, UNTOUCHED);
        long[] withDead = handles.clone();
        h.destroy(withDead[NODES - 1]);
        assertThatThrownBy(() -> h.writeWorldPlanes(withDead, 0, NODES, dest, 0, NODES))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stale handle");
        assertThatThrownBy(() -> h.writeWorldMatrices(withDead, 0, NODES, MatrixLayout.COLUMN_MAJOR_3X4, dest, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stale handle");
        assertThatThrownBy(() -> h.writeWorldPlanes(handles, 0, 10, dest, 0, 9))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("planeStride=9 is less than count=10");
        assertThatThrownBy(() -> h.writeWorldPlanes(handles, 0, 10, dest, 12 * NODES - 11 * 10 - 9, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("dest too short");
        assertThatThrownBy(() -> h.writeWorldMatrices(handles, 0, NODES, MatrixLayout.COLUMN_MAJOR_4X4, dest, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dest too short: length=" + 12 * NODES + ", required=" + 16 * NODES);
        assertThatThrownBy(() -> h.writeWorldMatrices(handles, 5, NODES, MatrixLayout.COLUMN_MAJOR_3X4, dest, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("handles too short");
        assertThat(dest).containsOnly(UNTOUCHED);
    }
}
