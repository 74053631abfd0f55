package dev.arbor.bench.animation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every peer of the crowd benchmark computes the same crowd as Arbor: every palette entry of every instance, after a
 * frame and after a jump backwards, within {@link CrowdCheck#tolerance} (relative) of Arbor's ({@link CrowdCheck});
 * Arbor's three separate calls give the bits of its one-call frame.
 */
class CrowdPeersAgreeTest {
    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({
        "arbor-pose, cesium-1000", "arbor-pose, cesium-blend-1000", "arbor-folded, cesium-1000",
        "arbor-folded, rigged-1000", "joml-tree, cesium-1000", "joml-tree, rigged-1000", "joml-tree, cesium-blend-1000",
        "jme, cesium-1000", "jme, rigged-1000", "jme, cesium-blend-1000", "jme-arbor, cesium-1000",
        "jme-arbor, rigged-1000"})
    void peerMatchesArbor(String impl, String crowdId) {
        CrowdCheck.Result result = compare(impl, crowdId);
        assertThat(result.error()).as(result.toString()).isLessThanOrEqualTo(CrowdCheck.tolerance(impl));
    }

    /**
     * Arbor's whole frame in one call ({@code arbor}) and as the three phases' calls ({@code arbor-calls}): the same
     * palette bits on every frame, for a crowd of one cluster and for one of many clusters and parts, on one thread
     * and on two.
     */
    @ParameterizedTest(name = "{0} on {1} thread(s)")
    @CsvSource({"cesium-1000, 1", "cesium-1000, 2", "rigged-1000, 2", "cesium-10000, 1", "cesium-blend-1000, 2"})
    void theOneCallFrameGivesTheBitsOfTheThreeCalls(String crowdId, int threads) {
        Crowd crowd = Crowd.of(crowdId);
        CrowdSystem parts = CrowdSystem.byId("arbor");
        CrowdSystem calls = CrowdSystem.byId("arbor-calls");
        parts.setThreads(threads);
        calls.setThreads(threads);
        parts.build(crowd);
        calls.build(crowd);
        java.nio.FloatBuffer want = CrowdCheck.paletteBuffer(crowd.count(), crowd.joints());
        java.nio.FloatBuffer got = CrowdCheck.paletteBuffer(crowd.count(), crowd.joints());
        float[] a = new float[want.capacity()];
        float[] b = new float[got.capacity()];
        for (float clock : new float[] {0.5f, 0.52f, 1.9f, 0.1f}) {
            calls.frame(clock, want);
            parts.frame(clock, got);
            want.get(0, a);
            got.get(0, b);
            assertThat(b).as("clock %s", clock).isEqualTo(a);
        }
    }

    private static CrowdCheck.Result compare(String impl, String crowdId) {
        Crowd crowd = Crowd.of(crowdId);
        CrowdSystem arbor = CrowdSystem.byId("arbor");
        arbor.build(crowd);
        CrowdSystem peer = CrowdSystem.byId(impl);
        peer.build(crowd);
        CrowdCheck.Result result = CrowdCheck.compare(crowd, arbor, peer);
        System.out.println("# " + impl + " on " + crowdId + ": " + result);
        return result;
    }
}
