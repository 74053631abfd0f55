package dev.arbor.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.bench.check.CorrectnessGate;
import dev.arbor.scenes.Scene;
import dev.arbor.scenes.Scenes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every implementation, built from every named scene but {@code million}, passes the correctness gate. */
class PeersMatchReferenceTest {
    private static final Map<String, Scene> SCENES = new ConcurrentHashMap<>();

    static List<Arguments> implementationsAndScenes() {
        List<Arguments> cases = new ArrayList<>();
        for (String scene : Scenes.NAMES) {
            if (scene.equals("million")) {
                continue;
            }
            for (Implementation impl : Implementation.values()) {
                cases.add(Arguments.of(impl, scene));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("implementationsAndScenes")
    void matchesTheDoublePrecisionReferenceAfterAnAnimatedFrame(Implementation impl, String sceneName)
            throws Exception {
        Scene scene = SCENES.computeIfAbsent(sceneName, Scenes::byName);
        double worst = BigStack.call(() -> {
            TransformSystem system = impl.create();
            system.build(scene);
            assertThat(system.size()).isEqualTo(scene.size());
            return CorrectnessGate.checkAnimated(system, scene, 11);
        });
        System.out.printf("worst error %s %s: %.3f of tolerance%n", impl.id(), sceneName, worst);
        assertThat(worst).isLessThan(1.0);
    }
}
