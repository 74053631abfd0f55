package dev.arbor.bench.animation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.gltf.GltfModel;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

/** The workloads of {@link LayerBench} do what they say: the legs found, the feet on the ground after the IK. */
class LayerBenchTest {
    @Test
    void cesiumMansLegsAreFoundByTheSkeletonsStructureAndNames() {
        GltfModel model = Crowd.of("cesium-1000").model();
        int[][] legs = LayerBench.legs(model);
        // node 3 (Skeleton_torso_joint_1) has children 12 (the torso), 8 (leg_joint_L_1) and 4 (leg_joint_R_1)
        assertThat(legs[0]).containsExactly(8, 9, 10);
        assertThat(legs[1]).containsExactly(4, 5, 6);
        assertThat(model.nodeName(legs[1][2])).isEqualTo("leg_joint_R_3");
    }

    @Test
    void afterTheIkEveryAnkleThatReachesIsOnTheGroundAndTheSingleClipLeavesThemMoving() {
        LayerBench bench = new LayerBench();
        LayerBench.Subject s = new LayerBench.Subject();
        s.setUp();
        Vector3f ankle = new Vector3f();
        long reached = 0;
        for (int frame = 0; frame < 3; frame++) {
            reached = bench.twoLegIk(s);
            assertThat(reached).as("legs that reached the ground, of 2,000").isGreaterThan(1_000);
        }
        int onGround = 0;
        for (long[] legs : s.legHandles) {
            for (int leg = 2; leg < 6; leg += 3) {
                float y = s.h.getWorldTranslation(legs[leg], ankle).y;
                onGround += Math.abs(y - s.ground) < 1e-4f ? 1 : 0;
            }
        }
        assertThat(onGround).as("ankles within 0.1 mm of the ground").isGreaterThanOrEqualTo((int) reached);
        bench.singleClip(s);
        float spread = 0;
        for (long[] legs : s.legHandles) {
            spread = Math.max(spread, Math.abs(s.h.getWorldTranslation(legs[2], ankle).y - s.ground));
        }
        assertThat(spread).as("without IK the walk lifts the feet").isGreaterThan(0.01f);
    }
}
