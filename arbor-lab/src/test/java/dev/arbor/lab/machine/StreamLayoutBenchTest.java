package dev.arbor.lab.machine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both layouts of {@link StreamLayoutBench} compute the same matrices, so the benchmark differs only in addresses. */
class StreamLayoutBenchTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 12})
    void blocksAndPlanesGiveTheSameBits(int offset) {
        StreamLayoutBench.Layouts l = new StreamLayoutBench.Layouts();
        l.offset = offset;
        l.setUp();
        StreamLayoutBench bench = new StreamLayoutBench();
        bench.planes(l);
        bench.blocks(l);
        int c = l.capacity;
        int nonZero = 0;
        for (int i = 0; i < StreamLayoutBench.NODES; i++) {
            for (int k = 0; k < SingleNodeLayoutBench.RECORD; k++) {
                float plane = l.worldPlanes[offset + k * c + i];
                float block = l.worldBlocks[SingleNodeLayoutBench.blockBase(i) + k * SingleNodeLayoutBench.BLOCK];
                if (Float.floatToRawIntBits(plane) != Float.floatToRawIntBits(block)) {
                    assertThat(block).as("node %d element %d", i, k).isEqualTo(plane);
                }
                nonZero += plane != 0f ? 1 : 0;
            }
        }
        assertThat(nonZero).as("world elements computed").isEqualTo(StreamLayoutBench.NODES * 12);
    }
}
