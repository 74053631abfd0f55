package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glGetBufferSubData;
import static org.lwjgl.opengl.GL31.GL_TEXTURE_BUFFER;

import dev.arbor.hierarchy.Handles;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A static scene of 100,000 nodes where 1% move each frame: {@link WorldMatrixBuffer#sync()} uploads the moved
 * matrices only (64 bytes each), and the GPU buffer then holds every node's exact world matrix at its slot.
 *
 * <pre>
 *   1,000 roots, each with 99 leaves:   root ── leaf × 99      (100,000 nodes)
 *   each frame 1,000 leaves (one per root) move: 1,000 matrices, 64,000 bytes
 * </pre>
 */
class WorldMatrixBufferTest {
    static final int ROOTS = 1_000;
    static final int LEAVES = 99;
    static final int NODES = ROOTS * (1 + LEAVES);

    @ParameterizedTest
    @CsvSource({"SINCE_LAST_SYNC, SUB_DATA", "SINCE_LAST_SYNC, MAPPED", "LATEST_UPDATE, SUB_DATA",
        "LATEST_UPDATE, MAPPED"})
    void staticSceneUploadsOnlyTheMovedMatrices(WorldMatrixBuffer.Changes changes, WorldMatrixBuffer.Upload upload) {
        Hierarchy h = new Hierarchy(NODES);
        long[] roots = new long[ROOTS];
        long[] leaves = new long[ROOTS * LEAVES];
        for (int r = 0; r < ROOTS; r++) {
            roots[r] = h.createRoot();
            h.setLocalTranslation(roots[r], r, 0, 0);
            for (int l = 0; l < LEAVES; l++) {
                leaves[r * LEAVES + l] = h.createChild(roots[r]);
                h.setLocalTranslation(leaves[r * LEAVES + l], 0, l, 0);
            }
        }
        h.update();
        try (GlContext gl = GlTests.context(4, 4); WorldMatrixBuffer worlds = new WorldMatrixBuffer(h, changes, upload)) {
            assertThat(worlds.sync()).isEqualTo(NODES);
            assertThat(worlds.lastUploadBytes()).isEqualTo(64L * NODES);
            assertThat(worlds.sync()).as("nothing moved").isZero();
            Random random = new Random(49);
            for (int frame = 0; frame < 5; frame++) {
                for (int r = 0; r < ROOTS; r++) {   // one leaf per root: 1% of the nodes
                    long leaf = leaves[r * LEAVES + random.nextInt(LEAVES)];
                    h.setLocalTranslation(leaf, random.nextFloat(), frame, random.nextFloat());
                }
                h.update();
                int uploaded = worlds.sync();
                System.out.printf("%s %s frame %d: matrices=%d bytes=%d calls=%d%n", changes, upload, frame, uploaded,
                        worlds.lastUploadBytes(), worlds.lastUploadCalls());
                assertThat(uploaded).isEqualTo(ROOTS);
                assertThat(worlds.lastUploadBytes()).isEqualTo(64L * ROOTS);
            }
            // two updates between syncs: both frames' moves go up (LATEST_UPDATE scans, as SINCE_LAST_SYNC does)
            h.setLocalTranslation(leaves[0], 7, 7, 7);
            h.update();
            h.setLocalTranslation(leaves[LEAVES], 8, 8, 8);
            h.update();
            assertThat(worlds.sync()).isEqualTo(2);
            assertThat(worlds.sync()).as("nothing moved since").isZero();
            // the GPU's copy of every node's matrix equals the hierarchy's
            float[] gpu = new float[16 * worlds.capacity()];
            glBindBuffer(GL_TEXTURE_BUFFER, worlds.buffer());
            glGetBufferSubData(GL_TEXTURE_BUFFER, 0, gpu);
            glBindBuffer(GL_TEXTURE_BUFFER, 0);
            java.nio.FloatBuffer expected = org.lwjgl.BufferUtils.createFloatBuffer(16);
            for (long node : leaves) {
                h.getWorld(node, MatrixLayout.COLUMN_MAJOR_4X4, expected, 0);
                int at = 16 * Handles.slot(node);
                for (int k = 0; k < 16; k++) {
                    assertThat(gpu[at + k]).isEqualTo(expected.get(k));
                }
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"SINCE_LAST_SYNC, SUB_DATA", "LATEST_UPDATE, MAPPED"})
    void syncAllocatesNothingAndRefusesUseAfterClose(WorldMatrixBuffer.Changes changes,
                                                     WorldMatrixBuffer.Upload upload) {
        Hierarchy h = new Hierarchy(1_000);
        long[] nodes = new long[1_000];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = i % 10 == 0 ? h.createRoot() : h.createChild(nodes[i - i % 10]);
        }
        h.update();
        try (GlContext gl = GlTests.context(4, 4)) {
            WorldMatrixBuffer worlds = new WorldMatrixBuffer(h, changes, upload);
            worlds.sync();
            long allocated = AllocationProbe.bytes(100, frame -> {
                h.setLocalTranslation(nodes[frame % nodes.length], frame, 0, 0);
                h.update();
                worlds.sync();
            });
            assertThat(allocated).isZero();
            worlds.close();
            assertThatThrownBy(worlds::sync).isInstanceOf(IllegalStateException.class)
                    .hasMessage("world matrix buffer is closed");
        }
    }
}
