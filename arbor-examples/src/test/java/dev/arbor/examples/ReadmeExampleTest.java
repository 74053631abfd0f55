package dev.arbor.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.animation.Skeleton;
import dev.arbor.examples.ReadmeExample.Result;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.joml.Matrix4d;
import org.junit.jupiter.api.Test;

/** The README's example is this module's {@link ReadmeExample}, line for line, and computes what it says. */
class ReadmeExampleTest {

    /** The lines of the README's {@code java} block {@code block} (0: the first) that are code, stripped. */
    private static List<String> readmeLines(int block) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        List<String> code = new ArrayList<>();
        int seen = -1;
        boolean in = false;
        for (String line : lines) {
            if (line.startsWith("```java")) {
                in = ++seen == block;
            } else if (in && line.startsWith("```")) {
                break;
            } else if (in && !line.isBlank()) {
                code.add(line.strip());
            }
        }
        return code;
    }

    @Test
    void theReadmeShowsTheExamplesLines() throws Exception {
        String source = Files.readString(Path.of("src/main/java/dev/arbor/examples/ReadmeExample.java"),
                StandardCharsets.UTF_8);
        List<String> code = readmeLines(0);
        assertThat(code).hasSizeGreaterThan(8);
        for (String line : code) {
            assertThat(source).as("README line").contains(line.replace("Path.of(\"CesiumMan.glb\")", "file"));
        }
        List<String> crowd = readmeLines(1);
        assertThat(crowd).hasSizeGreaterThan(4);
        for (String line : crowd) {
            assertThat(source).as("README crowd line").contains(line);
        }
    }

    @Test
    void thePaletteIsMeshFromWorldTimesJointWorldTimesInverseBind() throws Exception {
        Path file = Path.of(ReadmeExampleTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI());
        Result r = ReadmeExample.run(file, 0.75f);
        Skeleton skeleton = r.man().skeleton(0);
        float[] m = new float[12];
        Matrix4d meshFromWorld = SkinnedCrowdTest.affine(r.hierarchy().getWorld(r.mesh(), m, 0)).invert();
        for (int j = 0; j < skeleton.jointCount(); j++) {
            Matrix4d expected = new Matrix4d(meshFromWorld)
                    .mul(SkinnedCrowdTest.affine(r.hierarchy().getWorld(skeleton.joint(j), m, 0)))
                    .mul(SkinnedCrowdTest.affine(skeleton.inverseBindMatrix(j, m, 0)));
            for (int k = 0; k < 16; k++) {
                double want = expected.get(k / 4, k % 4);
                assertThat((double) r.palette().get(j * 16 + k)).isCloseTo(want, within(2e-5 * (1 + Math.abs(want))));
            }
        }
        float[] world = r.hierarchy().getWorld4x4(r.mesh(), new float[16], 0);
        assertThat(r.world().get(new float[16])).isEqualTo(world);
        // posed: another time of the walk gives another palette
        Result other = ReadmeExample.run(file, 0.25f);
        assertThat(other.palette().get(5 * 16 + 12)).isNotEqualTo(r.palette().get(5 * 16 + 12));
    }

    @Test
    void theReadmesCrowdPlaysEveryCopyAtItsOwnTime() throws Exception {
        Path file = Path.of(ReadmeExampleTest.class.getResource("/models/CesiumMan/CesiumMan.glb").toURI());
        FloatBuffer palettes = ReadmeExample.crowd(dev.arbor.gltf.Gltf.read(file), 3);
        int floats = 19 * 16;
        assertThat(palettes.capacity()).isEqualTo(1000 * floats);
        // copies at different times: the palettes of the first two differ; every entry is finite
        boolean differ = false;
        for (int k = 0; k < floats; k++) {
            differ |= palettes.get(k) != palettes.get(floats + k);
        }
        assertThat(differ).isTrue();
        for (int k = 0; k < palettes.capacity(); k++) {
            assertThat(Float.isFinite(palettes.get(k))).isTrue();
        }
    }
}
