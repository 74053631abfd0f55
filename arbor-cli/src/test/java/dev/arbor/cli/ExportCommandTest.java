package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code arbor export}: every sample model to both formats and back, and a posed export. */
class ExportCommandTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.arbor.cli.GltfCommandsTest#samples")
    void everySampleModelRoundTripsThroughBothFormats(String asset) throws Exception {
        String name = asset.substring(0, asset.indexOf('/'));
        Path in = GltfCommandsTest.shared(name, asset.substring(name.length() + 1));
        GltfModel source = Gltf.read(in);
        for (String format : new String[] {".gltf", ".glb"}) {
            Path out = temp.resolve(name + format);
            String stdout = GltfCommandsTest.run(0, "export", in.toString(), out.toString())[0];
            assertThat(stdout).startsWith("wrote " + out + ": " + source.nodeCount() + " nodes, rest pose, ");
            GltfModel back = Gltf.read(out);
            assertThat(back.nodeCount()).isEqualTo(source.nodeCount());
            assertThat(back.animationCount()).isEqualTo(source.animationCount());
            assertThat(back.meshCount()).isEqualTo(source.meshCount());
            assertSameWorlds(back, rest(source), 1e-6f);
        }
    }

    @Test
    void theReportCountsEveryNodeWrittenAcrossScenes() throws Exception {
        Path in = temp.resolve("two-scenes.gltf");
        java.nio.file.Files.writeString(in, "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0,"
                + " \"scenes\": [{\"nodes\": [0]}, {\"nodes\": [1]}], \"nodes\": [{\"name\": \"a\"},"
                + " {\"name\": \"b\", \"children\": [2]}, {\"name\": \"c\"}]}");
        Path out = temp.resolve("two-scenes-out.gltf");
        String stdout = GltfCommandsTest.run(0, "export", in.toString(), out.toString())[0];
        assertThat(stdout).startsWith("wrote " + out + ": 3 nodes in 2 scenes, rest pose, ");
        assertThat(Gltf.read(out).nodeCount()).isEqualTo(3);
    }

    @Test
    void aPosedExportsRestPoseIsThePoseAtThatTime() throws Exception {
        Path in = GltfCommandsTest.shared("CesiumMan", "CesiumMan.glb");
        Path out = temp.resolve("posed.glb");
        String stdout = GltfCommandsTest.run(0, "export", in.toString(), out.toString(), "--animation", "0", "--time",
                "1.25")[0];
        assertThat(stdout).contains("posed: animation 0 at t=1.25");
        GltfModel source = Gltf.read(in);
        Hierarchy h = new Hierarchy();
        GltfInstance posed = source.instantiate(h, source.sceneToShow(), Hierarchy.NULL);
        posed.applyAnimation(0, 1.25f, WrapMode.CLAMP, source.restPose());
        h.update();
        GltfModel back = Gltf.read(out);
        assertSameWorlds(back, posed, 1e-6f);
        // the animation is still there: sampled at another time it moves the nodes as the source's does
        assertThat(back.animationCount()).isEqualTo(1);
        Hierarchy h2 = new Hierarchy();
        GltfInstance replay = back.instantiate(h2, back.sceneToShow(), Hierarchy.NULL);
        replay.applyAnimation(0, 0.5f, WrapMode.CLAMP, back.restPose());
        h2.update();
        posed.applyAnimation(0, 0.5f, WrapMode.CLAMP, source.restPose());
        h.update();
        assertSameWorlds(back, replay, posed, 1e-6f);
    }

    private static GltfInstance rest(GltfModel model) {
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        h.update();
        return instance;
    }

    /** The rest pose of {@code back} has the world matrices of {@code expected}, node by node. */
    private static void assertSameWorlds(GltfModel back, GltfInstance expected, float tolerance) {
        assertSameWorlds(back, rest(back), expected, tolerance);
    }

    private static void assertSameWorlds(GltfModel back, GltfInstance actual, GltfInstance expected,
                                         float tolerance) {
        float[] a = new float[12];
        float[] e = new float[12];
        for (int node = 0; node < back.nodeCount(); node++) {
            if (expected.handle(node) == Hierarchy.NULL) {
                continue;
            }
            actual.hierarchy().getWorld(actual.handle(node), a, 0);
            expected.hierarchy().getWorld(expected.handle(node), e, 0);
            for (int i = 0; i < 12; i++) {
                assertThat(a[i]).as("node %d element %d", node, i)
                        .isCloseTo(e[i], org.assertj.core.data.Offset.offset(tolerance * Math.max(1, Math.abs(e[i]))));
            }
        }
    }
}
