package dev.arbor.lab.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.kernel.LocalToWorld;
import dev.arbor.scenes.Scenes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The layouts of {@link SingleNodeLayoutBench} compute the same matrices, so the benchmark compares like with like. */
class SingleNodeLayoutBenchTest {
    @Test
    void recordsBlocksAndPlanesGiveTheSameBitsInEitherOrder() {
        for (boolean shuffle : new boolean[] {false, true}) {
            SingleNodeLayoutBench.Layouts l = new SingleNodeLayoutBench.Layouts();
            l.build(Scenes.byName("seed-6000"), shuffle);
            SingleNodeLayoutBench bench = new SingleNodeLayoutBench();
            bench.planes(l);
            bench.records(l);
            bench.blocks(l);
            int c = l.capacity;
            for (int i = 0; i < l.size; i++) {
                for (int k = 0; k < SingleNodeLayoutBench.RECORD; k++) {
                    assertThat(l.worldRecords[i * SingleNodeLayoutBench.RECORD + k])
                            .as("node %d element %d, shuffled=%s", i, k, shuffle)
                            .isEqualTo(l.worldPlanes[k * c + i]);
                    assertThat(l.worldBlocks[SingleNodeLayoutBench.blockBase(i) + k * SingleNodeLayoutBench.BLOCK])
                            .as("node %d element %d, shuffled=%s", i, k, shuffle)
                            .isEqualTo(l.worldPlanes[k * c + i]);
                }
            }
            // a depth-2 node with a translation below two others: the comparison is not of zeros
            assertThat(l.worldPlanes[9 * c + 4000]).isNotZero();
        }
    }

    @Test
    void shuffledOrderVisitsEveryNodeOnceParentsFirst() {
        SingleNodeLayoutBench.Layouts l = new SingleNodeLayoutBench.Layouts();
        l.build(Scenes.byName("seed-6000"), true);
        int[] position = new int[l.size];
        Arrays.fill(position, -1);
        for (int k = 0; k < l.visits.length; k++) {
            assertThat(position[l.visits[k]]).as("node %d visited twice", l.visits[k]).isEqualTo(-1);
            position[l.visits[k]] = k;
        }
        int moved = 0;
        for (int i = 0; i < l.size; i++) {
            if (l.parents[i] >= 0) {
                assertThat(position[l.parents[i]]).as("parent of %d", i).isLessThan(position[i]);
            }
            moved += position[i] != i ? 1 : 0;
        }
        assertThat(moved).as("nodes visited out of storage order").isGreaterThan(l.size / 2);
    }
}
