package dev.arbor.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.kernel.LocalToWorld;
import org.junit.jupiter.api.Test;

/** Each adaptive decision asked directly, on both sides of its threshold. */
class AdaptationTest {
    private static final Tuning T = Tuning.DEFAULT;

    @Test
    void aRefreshIsDenseWhenPlanesCostNoMoreThanRecordsAndOnlyOnTheVectorPath() {
        // a full word costs 64 in planes against 64 × 4 in records; one node alone 8 against 4
        assertThat(Adaptation.planesCost(T, 64)).isEqualTo(64);
        assertThat(Adaptation.planesCost(T, 1)).isEqualTo(8);
        assertThat(Adaptation.isDense(T, true, 64, 64)).isTrue();
        assertThat(Adaptation.isDense(T, true, 1, 8)).isFalse();
        assertThat(Adaptation.isDense(T, false, 64, 64)).as("scalar path: never dense").isFalse();
        assertThat(Adaptation.denseGain(T, 64, 64)).isEqualTo(64 * 4 - 64);
    }

    @Test
    void conversionsWaitForWorkWorthACoupleOfConversions() {
        int live = 10_000;
        assertThat(Adaptation.convertsToRecords(T, 4L * live - 1, live)).isFalse();
        assertThat(Adaptation.convertsToRecords(T, 4L * live, live)).isTrue();
        assertThat(Adaptation.convertsToRecords(T, 2047, 10)).as("at least the minimum work").isFalse();
        assertThat(Adaptation.convertsToRecords(T, 2048, 10)).isTrue();
        assertThat(Adaptation.convertsToPlanes(T, 8L * live - 1, live)).isFalse();
        assertThat(Adaptation.convertsToPlanes(T, 8L * live, live)).isTrue();
    }

    @Test
    void activeNodesArePackedWhenFewScatteredAndTheHierarchySmallEnough() {
        int live = 32_000;
        assertThat(Adaptation.closesActivityWindow(T, 16L * live - 1, live)).isFalse();
        assertThat(Adaptation.closesActivityWindow(T, 16L * live, live)).isTrue();
        // 1,000 active nodes spread over 1,000 words, packable into about 63: pack
        assertThat(Adaptation.packsActiveNodes(T, 1000, 1000, 1.0 / 16, live)).isTrue();
        assertThat(Adaptation.packsActiveNodes(T, 1000, 100, 1.0 / 16, live)).as("already packed well").isFalse();
        assertThat(Adaptation.packsActiveNodes(T, 1001, 1001, 1.0 / 16, live)).as("more than a 32nd").isFalse();
        assertThat(Adaptation.packsActiveNodes(T, 1000, 1000, 1.0 / 16, T.packMaxNodes() + 1))
                .as("too large to rewrite within a frame").isFalse();
    }

    @Test
    void relayoutsAndCompactionNeedEnoughDriftOrHoles() {
        assertThat(Adaptation.relayoutsForVectors(25, 75, 125, 1000)).isTrue();
        assertThat(Adaptation.relayoutsForVectors(24, 76, 125, 1000)).as("under a quarter slow").isFalse();
        assertThat(Adaptation.relayoutsForVectors(25, 75, 124, 1000)).as("too little appended").isFalse();
        assertThat(Adaptation.relayoutsForThreads(true, 125, 1000)).isTrue();
        assertThat(Adaptation.relayoutsForThreads(false, 1000, 1000)).isFalse();
        assertThat(Adaptation.compactsHoles(50, 100)).isTrue();
        assertThat(Adaptation.compactsHoles(49, 100)).isFalse();
        assertThat(Adaptation.compactsHoles(0, 0)).isFalse();
        assertThat(Adaptation.clusterTarget(T, 65_536, 4096)).isEqualTo(T.clusterNodes());
        assertThat(Adaptation.clusterTarget(T, 65_536, 4097)).as("a tree over a 16th").isEqualTo(Long.MAX_VALUE);
        assertThat(Adaptation.clusterTarget(T, 65_535, 10)).as("a small forest").isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void rareVectorShapesOfLargeRefreshesTakeTheScalarLoop() {
        int all = LocalToWorld.VECTOR_ALL;
        assertThat(Adaptation.vectorKinds(T, 0, 100_000, 1000, 1000)).as("the scalar path stays").isZero();
        assertThat(Adaptation.vectorKinds(T, LocalToWorld.VECTOR_WINDOWS, 16_383, 0, 0)).isEqualTo(all);
        assertThat(Adaptation.vectorKinds(T, all, 16_384, 31, 32)).isEqualTo(LocalToWorld.VECTOR_WINDOWS
                | LocalToWorld.VECTOR_GENERAL);
        assertThat(Adaptation.vectorKinds(T, all, 16_384, 32, 31)).isEqualTo(LocalToWorld.VECTOR_WINDOWS
                | LocalToWorld.VECTOR_WIDE_WINDOWS);
    }

    @Test
    void bulkSetsSweepFromAnEighthOrA128thOfALargeHierarchy() {
        assertThat(Adaptation.sweepsStaleness(T, 125, 1000)).isTrue();
        assertThat(Adaptation.sweepsStaleness(T, 124, 1000)).isFalse();
        assertThat(Adaptation.sweepsStaleness(T, 63, 100)).as("fewer than 64 nodes").isFalse();
        assertThat(Adaptation.sweepsStaleness(T, 8192, 1 << 20)).isTrue();
        assertThat(Adaptation.sweepsStaleness(T, 8191, 1 << 20)).isFalse();
        assertThat(Adaptation.timesCopyWays(T, 256)).isTrue();
        assertThat(Adaptation.timesCopyWays(T, 255)).isFalse();
        assertThat(Adaptation.copyProbationRuns(T, 1 << 20)).isEqualTo(TwoWayChoice.TRIAL_RUNS);
        assertThat(Adaptation.copyProbationRuns(T, 256)).isEqualTo(4096);
        assertThat(Adaptation.readsAhead(T, 1 << 16)).isTrue();
        assertThat(Adaptation.readsAhead(T, (1 << 16) - 1)).isFalse();
        assertThat(Adaptation.readsWindows(T, 2 * 19, 19)).isTrue();
        assertThat(Adaptation.readsWindows(T, 2 * 19 + 1, 19)).isFalse();
    }

    @Test
    void theWithMethodsChangeOnlyWhatTheyName() {
        Tuning t = T.withRecordsWork(0, 300);
        assertThat(t.recordsWorkFactor()).isZero();
        assertThat(t.recordsMinWork()).isEqualTo(300);
        assertThat(t.withRecordsWork(T.recordsWorkFactor(), T.recordsMinWork())).isEqualTo(T);
        assertThat(T.withRangeMarking(false).withRangeMarking(true)).isEqualTo(T);
        assertThat(T.withClusters(300, 0).clusterNodes()).isEqualTo(300);
    }
}
