package dev.arbor.bench.cold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfMaterial;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPixels;
import dev.arbor.gltf.GltfPrimitive;
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
        assertThat(row.trim().split("\\s+")).hasSize(10).contains("small.glb", "10");
    }

    @Test
    void texturedGridHasItsVerticesIndicesMaterialAndPngAndIsTheSameEachTime() throws Exception {
        Path file = TexturedGridGlb.write(dir.resolve("grid.glb"), 20, 16);
        GltfModel model = Gltf.read(file);
        assertThat(model.warnings()).isEmpty();
        GltfPrimitive prim = model.readMesh(0).primitive(0);
        assertThat(prim.attributes().keySet()).containsExactly("POSITION", "NORMAL", "TANGENT", "TEXCOORD_0");
        assertThat(prim.vertexCount()).isEqualTo(400);
        assertThat(prim.indexArray()).hasSize(19 * 19 * 6);
        // vertex 21 is (i, j) = (1, 1): x = z = -1 + 2/19, y = 0.05 sin(6x) cos(6z), UV (1/19, 1/19)
        float x = -1f + 2f / 19;
        assertThat(prim.attribute("POSITION").floats()[3 * 21 + 1])
                .isCloseTo(0.05f * (float) (Math.sin(6 * x) * Math.cos(6 * x)), within(1e-6f));
        assertThat(prim.attribute("TEXCOORD_0").floats()[2 * 21]).isEqualTo(1 / 19f);
        float[] n = prim.attribute("NORMAL").floats();
        assertThat(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).isCloseTo(1f, within(1e-6f));
        GltfMaterial material = model.material(prim.material());
        assertThat(material.baseColorFactor()).containsExactly(1f, 0.9f, 0.8f, 1f);
        assertThat(model.sampler(model.texture(material.baseColorTexture().texture()).sampler()).minFilter())
                .isEqualTo(9987);
        GltfPixels pixels = model.decodeImage(0);
        assertThat(pixels.width()).isEqualTo(16);
        assertThat(pixels.height()).isEqualTo(16);
        assertThat(TexturedGridGlb.bytes(20, 16)).isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void readingEverythingDecodesEveryValueOfEveryAttributeAndTheIndices() throws Exception {
        GltfModel model = Gltf.read(TexturedGridGlb.write(dir.resolve("grid.glb"), 20, 16));
        // 400 vertices × (3 + 3 + 4 + 2) floats, 2,166 indices, 4 factors, one texture, sampler and image
        assertThat(ColdChild.readEverything(model)).isEqualTo(400 * 12 + 2166 + 4 + 3);
    }

    @Test
    void readingForAGpuHandsOutEveryVertexAndIndexByteOnce() throws Exception {
        GltfModel model = Gltf.read(TexturedGridGlb.write(dir.resolve("grid.glb"), 20, 16));
        // 400 vertices × (12 + 12 + 16 + 8) bytes, 2,166 4-byte indices, 4 factors, one texture, sampler and image
        assertThat(ColdChild.readForGpu(model)).isEqualTo(400 * 48 + 2166 * 4 + 4 + 3);
    }

    @Test
    void gltfAllModeReportsBothReadersAndTheirRatiosAreLeftOutWithoutThreeJs() throws Exception {
        Path file = TexturedGridGlb.write(dir.resolve("grid.glb"), 20, 16);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = ColdStartMain.run(new String[] {"--forks", "1", "--reads", "2", "--impls", "arbor-scalar",
            "--gltf", file.toString(), "--gltf-all", "--gltf-gpu"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err);
        assertThat(code).isEqualTo(ColdStartMain.OK);
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).anyMatch(l -> l.startsWith("arbor-scalar ") && l.contains("grid.glb"));
        String all = lines.stream().filter(l -> l.startsWith("arbor-scalar all ")).findFirst().orElseThrow();
        assertThat(all.trim().split("\\s+")).hasSize(11).contains("grid.glb", "1");
        String gpu = lines.stream().filter(l -> l.startsWith("arbor-scalar gpu ")).findFirst().orElseThrow();
        assertThat(gpu.trim().split("\\s+")).hasSize(11).contains("grid.glb", "1");
    }

    @Test
    void theHeapChildReportsAPeakAboveTheFilesSizeAndWhatTheModelKeeps() throws Exception {
        Path file = TexturedGridGlb.write(dir.resolve("grid.glb"), 200, 64);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PeakHeap.measure(file, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ForkOutput out = ForkOutput.parse(bytes.toString(StandardCharsets.UTF_8), 0);
        long size = Files.size(file);
        assertThat((long) out.number("file_bytes")).isEqualTo(size);
        // the model keeps the file's bytes in direct memory, read there without passing through the heap (the
        // direct pool's growth is reported, but in this shared JVM other tests' direct buffers may be freed by the
        // reference handler during the read, so only a fresh JVM, as PeakHeapMain runs it, gives it exactly)
        assertThat(out.info()).containsKey("direct_bytes");
        assertThat(out.number("retained_bytes")).isLessThan(size / 4);
        assertThat(out.number("peak_heap_bytes") - out.number("baseline_bytes")).isLessThan(size);
        assertThat(out.number("pool_peaks_bytes")).isGreaterThanOrEqualTo(out.number("peak_heap_bytes") - 1e6);
        assertThat(out.nanos()).hasSize(1);
    }
}
