package dev.arbor.bench.bounds;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bounds.Aabb;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The bounds benchmark's inputs and implementations: every implementation passes the gate on {@code game-100k}, the
 * camera sees about 10% of it, and Arbor keeps agreeing with the linear recompute through further moves.
 */
class BoundsSystemsAgreeTest {
    private static BoundsScene scene;

    @BeforeAll
    static void buildScene() {
        scene = BoundsScene.of("game-100k");
    }

    @ParameterizedTest
    @EnumSource(BoundsImplementation.class)
    void passesTheGateAndSeesAboutTenPercent(BoundsImplementation impl) {
        BoundsFixture fixture = BoundsFixture.create(scene, impl);
        System.out.println(fixture.report());
        double fraction = scene.visibleFraction(fixture.frustumQuery());
        assertThat(fraction).isBetween(BoundsScene.MIN_VISIBLE, BoundsScene.MAX_VISIBLE);
    }

    @Test
    void arborAgreesWithTheLinearRecomputeAfterEachMove() {
        BoundsFixture arbor = BoundsFixture.create(scene, BoundsImplementation.ARBOR);
        BoundsFixture linear = BoundsFixture.create(scene, BoundsImplementation.LINEAR);
        float[] a = new float[Aabb.STRIDE];
        float[] b = new float[Aabb.STRIDE];
        for (int op = 0; op < 3; op++) {
            arbor.bounds1pct();
            linear.bounds1pct();
            assertThat(arbor.system().visibleNodes(scene)).isEqualTo(linear.system().visibleNodes(scene));
            for (int node : scene.movedNodes()) {
                assertThat(arbor.system().worldBox(node, a)).as("node %d after op %d", node, op)
                        .isEqualTo(linear.system().worldBox(node, b));
            }
        }
    }
}
