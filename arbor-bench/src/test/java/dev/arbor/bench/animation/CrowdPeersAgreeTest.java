package dev.arbor.bench.animation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every peer of the crowd benchmark computes the same crowd as Arbor: every palette entry of every instance, after a
 * frame and after a jump backwards, within {@link CrowdCheck#tolerance} (relative) of Arbor's ({@link CrowdCheck}).
 */
class CrowdPeersAgreeTest {
    @ParameterizedTest(name = "{0} on {1}")
    @CsvSource({
        "arbor-pose, cesium-1000", "arbor-pose, cesium-blend-1000", "arbor-folded, cesium-1000",
        "arbor-folded, rigged-1000", "joml-tree, cesium-1000", "joml-tree, rigged-1000", "joml-tree, cesium-blend-1000",
        "jme, cesium-1000", "jme, rigged-1000", "jme, cesium-blend-1000"})
    void peerMatchesArbor(String impl, String crowdId) {
        CrowdCheck.Result result = compare(impl, crowdId);
        assertThat(result.error()).as(result.toString()).isLessThanOrEqualTo(CrowdCheck.tolerance(impl));
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
