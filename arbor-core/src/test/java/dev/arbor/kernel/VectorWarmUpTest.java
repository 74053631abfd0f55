package dev.arbor.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import org.junit.jupiter.api.Test;

/** The vector kernels' warm-up covers every batch shape, and turns the vector path on (this test JVM waits for it). */
class VectorWarmUpTest {

    @Test
    void theScratchSceneHoldsEveryBatchShape() {
        for (int lanes : new int[] {4, 8, 16}) {
            int[] parents = new int[128];
            VectorWarmUp.parentsOfEveryShape(parents, lanes);
            for (int i = 0; i < parents.length; i++) {
                assertThat(parents[i]).as("parent of %d with %d lanes", i, lanes).isLessThan(i);
            }
            if (lanes == VectorLanes.lanes()) {
                int[] counts = new int[LocalToWorldVector.BATCH_KINDS];
                LocalToWorldVector.countKinds(parents, 0, counts);
                LocalToWorldVector.countKinds(parents, 64, counts);
                assertThat(counts).as("batches of each kind").doesNotContain(0);
            }
        }
    }

    @Test
    void theVectorPathIsOnOnceWarmedUpWhereTheModuleIsThere() {
        assumeThat(VectorSupport.ENABLED).as("vector module").isTrue();
        assertThat(VectorSupport.warmUp()).isTrue();
        assertThat(VectorSupport.active()).isTrue();
        assertThat(VectorWarmUp.failure()).isNull();
        assertThat(VectorSupport.describe()).matches("vector, (4|8|16) float lanes");
    }

    @Test
    void theGiveUpMessageNamesTheKernelsThatStillAllocate() {
        long[] bytes = new long[VectorWarmUp.Scratch.GROUPS.length];
        assertThat(VectorWarmUp.allocating(bytes)).isEmpty();
        bytes[VectorWarmUp.Scratch.UPDATE] = 576L * VectorWarmUp.CALLS;
        bytes[VectorWarmUp.Scratch.INTERPOLATION] = 96L * VectorWarmUp.CALLS;
        assertThat(VectorWarmUp.allocating(bytes)).isEqualTo(" (the update (LocalToWorld.propagateStale, "
                + "computeStale): 576 bytes a call; the interpolations (SlerpRuns): 96 bytes a call)");
    }
}
