package dev.arbor.bench.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bench.check.ReferenceWorlds;
import dev.arbor.bench.peers.BigStack;
import dev.arbor.bench.peers.Implementation;
import dev.arbor.bench.peers.TransformSystem;
import dev.arbor.bench.peers.Workload;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every workload, run a few times on small scenes of each shape, leaves every implementation's world matrices equal to
 * the reference for the local transforms it set; and each read of the set-and-get workloads is current.
 */
class WorkloadsKeepWorldsCorrectTest {
    private static final long SEED = 42;

    private static List<Scene> smallScenes() {
        return List.of(
                Scenes.levels("levels-3x200", 3, 200, SEED),
                Scenes.fanOut("fan-out-small", 3, new int[] {4, 3, 2, 2}, SEED),
                Scenes.chain("chain-300", 300, SEED),
                Scenes.flat("flat-500", 500, SEED),
                Scenes.crowd("crowd-4", 4, SEED));
    }

    static List<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Scene scene : smallScenes()) {
            for (Implementation impl : Implementation.values()) {
                for (Workload workload : Workload.values()) {
                    if (workload.bounds()) {
                        continue; // BoundsSystemsAgreeTest
                    }
                    cases.add(Arguments.of(impl, workload, scene));
                }
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} {1} on {2}")
    @MethodSource("cases")
    void worldsMatchTheReferenceAfterTheWorkload(Implementation impl, Workload workload, Scene scene)
            throws Exception {
        double worst = BigStack.call(() -> {
            Fixture fixture = Fixture.create(scene, impl.create(), workload);
            fixture.track(true);
            int[] parents = scene.parents().clone();
            for (int op = 0; op < 3; op++) {
                run(fixture, workload, parents);
            }
            fixture.system().update();
            return fixture.verify(parents);
        });
        assertThat(worst).isLessThan(1.0);
    }

    private static void run(Fixture fixture, Workload workload, int[] parents) {
        switch (workload) {
            case ALL_DIRTY: fixture.allDirty(); break;
            case DIRTY_1PCT: fixture.dirty1pct(); break;
            case STATIC: fixture.staticFrame(); break;
            case ROOTS_MOVED: fixture.rootsMoved(); break;
            case SET_GET_FORWARD: fixture.setGetForward(); break;
            case SET_GET_REVERSE: fixture.setGetReverse(); break;
            case SET_GET_SOME: fixture.setGetSome(); break;
            case REPARENT_CHURN:
                fixture.reparentChurn();
                fixture.reparentOnce(parents);
                break;
            default: throw new AssertionError(workload);
        }
    }

    static List<Arguments> implementations() {
        List<Arguments> cases = new ArrayList<>();
        for (Implementation impl : Implementation.values()) {
            cases.add(Arguments.of(impl));
        }
        return cases;
    }

    /**
     * Sets nodes one by one, child-first then parent-first, and checks each read against a fresh reference: lazy
     * implementations must never return a stale ancestor.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("implementations")
    void everySetAndGetReadIsCurrent(Implementation impl) throws Exception {
        Scene scene = Scenes.levels("levels-4x30", 4, 30, SEED);
        int n = scene.size();
        BigStack.call(() -> {
            TransformSystem system = impl.create();
            system.build(scene);
            float[] rotations = scene.rotations().clone();
            float[] world = new float[TransformSystem.WORLD_STRIDE];
            for (int pass = 0; pass < 2; pass++) {
                for (int k = 0; k < n; k++) {
                    int node = pass == 0 ? n - 1 - k : k;
                    scene.animatedRotation(node, 5 + pass, rotations, node * 4);
                    system.setLocalRotation(node, rotations[node * 4], rotations[node * 4 + 1],
                            rotations[node * 4 + 2], rotations[node * 4 + 3]);
                    system.getWorld(node, world, 0);
                    double[] reference = ReferenceWorlds.compute(scene.parents(), scene.translations(), rotations,
                            scene.scales(), system.composition());
                    for (int e = 0; e < 12; e++) {
                        assertThat((double) world[e]).as("node %d element %d pass %d", node, e, pass)
                                .isCloseTo(reference[node * 12 + e], org.assertj.core.data.Offset.offset(1e-4));
                    }
                }
            }
            return null;
        });
    }
}
