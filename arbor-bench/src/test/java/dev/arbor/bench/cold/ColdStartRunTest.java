package dev.arbor.bench.cold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real fresh JVMs, as few and as short as will show the report is complete; no timing is asserted. */
class ColdStartRunTest {
    @TempDir
    Path dir;

    @Test
    void oneForkOfFiveFramesReportsEveryRowWithTimesAndBytes() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path csv = dir.resolve("raw.csv");
        int code = ColdStartMain.run(new String[] {"--forks", "1", "--frames", "5", "--scenes", "seed-6000",
            "--impls", "arbor-scalar,joml-tree", "--csv", csv.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(ColdStartMain.OK);
        List<String> lines = report.lines().toList();
        assertThat(lines).anyMatch(l -> l.startsWith("implementation") && l.contains("frames 1-5 ms")
                && l.contains("alloc 1-5 MB"));
        assertThat(lines).anyMatch(l -> l.startsWith("# arbor-scalar kernel: scalar"));
        for (String impl : List.of("arbor-scalar", "joml-tree")) {
            String row = lines.stream().filter(l -> l.startsWith(impl + " ")).findFirst().orElseThrow();
            String[] cells = row.trim().split("\\s+");
            assertThat(cells).as(row).hasSize(9);
            assertThat(cells[1]).isEqualTo("seed-6000");
            for (int c = 2; c < cells.length; c++) {
                assertThat(Double.parseDouble(cells[c])).as(row).isGreaterThanOrEqualTo(0);
            }
        }
        List<String> raw = Files.readAllLines(csv);
        assertThat(raw).hasSize(2 * 6).allMatch(l -> l.matches("[a-z-]+/seed-6000,1,[0-5],\\d+,\\d+"));
    }

    @Test
    void generatedModelHasAThousandNodesFiftySkinsOneAnimationAndIsTheSameEachTime() throws Exception {
        Path file = SkinnedCrowdGlb.write(dir.resolve("crowd.glb"), SkinnedCrowdGlb.CHARACTERS,
                SkinnedCrowdGlb.JOINTS);
        GltfModel model = Gltf.read(file);
        assertThat(model.nodeCount()).isEqualTo(1000);
        assertThat(model.skinCount()).isEqualTo(50);
        assertThat(model.animationCount()).isEqualTo(1);
        assertThat(model.warnings()).isEmpty();
        assertThat(SkinnedCrowdGlb.bytes(SkinnedCrowdGlb.CHARACTERS, SkinnedCrowdGlb.JOINTS))
                .isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void gltfModeReadsInAFreshJvm() throws Exception {
        Path file = SkinnedCrowdGlb.write(dir.resolve("small.glb"), 2, 3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = ColdStartMain.run(new String[] {"--forks", "1", "--reads", "2", "--impls", "arbor-scalar",
            "--gltf", file.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).isEqualTo(ColdStartMain.OK);
        String row = out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("arbor-scalar "))
                .findFirst().orElseThrow();
        assertThat(row.trim().split("\\s+")).hasSize(9).contains("small.glb", "10");
    }
}
