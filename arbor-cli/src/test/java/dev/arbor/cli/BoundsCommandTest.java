package dev.arbor.cli;

import static dev.arbor.cli.GltfCommandsTest.run;
import static dev.arbor.cli.GltfCommandsTest.shared;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code arbor bounds} against brute force: every world box equals the box of the eight corners of the node's mesh
 * {@code POSITION} min/max (read here straight from the file's JSON) under the node's world matrix (from the shared
 * {@code *.static-world.json} at rest, from {@code dump --json} when posed), computed in double; every subtree box
 * equals the union of those boxes over the node's glTF subtree.
 */
class BoundsCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan/CesiumMan.glb", "BoxAnimated/BoxAnimated.glb", "RiggedSimple/RiggedSimple.glb",
        "NegativeScaleTest/NegativeScaleTest.glb", "MetalRoughSpheresNoTextures/MetalRoughSpheresNoTextures.glb",
        "SimpleSkin/SimpleSkin.gltf"})
    void restBoxesMatchTheCornersUnderTheStaticWorldMatrices(String asset) throws IOException {
        Path file = asset(asset);
        String name = asset.substring(0, asset.indexOf('/'));
        JsonNode worlds = JSON.readTree(shared(name, name + ".static-world.json").toFile()).get("nodes");
        JsonNode bounds = JSON.readTree(run(0, "bounds", file.toString(), "--json")[0]);
        assertThat(bounds.has("animation")).isFalse();
        checkAgainstBruteForce(file, worlds, bounds.get("nodes"));
    }

    @ParameterizedTest
    @CsvSource({"CesiumMan/CesiumMan.glb, 0.7", "BoxAnimated/BoxAnimated.glb, 1.5", "RiggedSimple/RiggedSimple.glb, 2",
        "BoxAnimated/BoxAnimated.glb, 3.1"})
    void posedBoxesMatchTheCornersUnderTheDumpedWorldMatrices(String asset, String time) throws IOException {
        String file = asset(asset).toString();
        JsonNode worlds = JSON.readTree(run(0, "dump", file, "--animation", "0", "--time", time, "--json")[0]);
        JsonNode bounds = JSON.readTree(run(0, "bounds", file, "--animation", "0", "--time", time, "--json")[0]);
        assertThat(bounds.get("animation").intValue()).isZero();
        assertThat(bounds.get("time").doubleValue()).isEqualTo(Double.parseDouble(time));
        checkAgainstBruteForce(asset(asset), worlds.get("nodes"), bounds.get("nodes"));
    }

    @Test
    void posingMovesTheBoxes() throws IOException {
        // BoxAnimated: node 0 translates and node 2 (a mesh below it) rotates; node 3, a root beside them, stays
        String file = asset("BoxAnimated/BoxAnimated.glb").toString();
        JsonNode rest = JSON.readTree(run(0, "bounds", file, "--json")[0]).get("nodes");
        JsonNode posed = JSON.readTree(run(0, "bounds", file, "--animation", "0", "--time", "1.5", "--json")[0])
                .get("nodes");
        assertThat(posed.get(2).get("world_aabb")).isNotEqualTo(rest.get(2).get("world_aabb"));
        assertThat(posed.get(0).get("subtree_aabb")).isEqualTo(posed.get(2).get("world_aabb"));
        assertThat(posed.get(3).get("world_aabb")).isEqualTo(rest.get(3).get("world_aabb"));
        // node 0 has no mesh but a child with one: no world box, a subtree box
        assertThat(rest.get(0).get("world_aabb").isNull()).isTrue();
        assertThat(rest.get(0).get("subtree_aabb").isArray()).isTrue();
    }

    @Test
    void aNegativeTimeIsClampedToTheFirstKeyLikeTimeZero() throws IOException {
        // keys start at or after 0, so every time up to 0 clamps to the first key (as dump does)
        String file = asset("CesiumMan/CesiumMan.glb").toString();
        String atZero = run(0, "bounds", file, "--animation", "0", "--time", "0", "--json")[0];
        String before = run(0, "bounds", file, "--animation", "0", "--time", "-1", "--json")[0];
        assertThat(JSON.readTree(before).get("nodes")).isEqualTo(JSON.readTree(atZero).get("nodes"));
    }

    @Test
    void onlyTheChosenScenesNodesAreListedAsInDump() throws IOException {
        // scene 0: [0] at x = 1; scene 1: [1] with child [2] at y = 5; every node a mesh with the box [-1, 1]³ (two
        // vertices at its corners: bounds come from the data, and an accessor without data is all zeros)
        Path file = temp.resolve("scenes.gltf");
        Files.writeString(file, "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,"
                + "\"scenes\":[{\"nodes\":[0]},{\"nodes\":[1]}],"
                + "\"nodes\":[{\"mesh\":0,\"translation\":[1,0,0]},{\"mesh\":0,\"children\":[2]},"
                + "{\"mesh\":0,\"translation\":[0,5,0]}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}],"
                + "\"buffers\":[{\"byteLength\":24,\"uri\":\"data:application/octet-stream;base64,"
                + "AACAvwAAgL8AAIC/AACAPwAAgD8AAIA/\"}],\"bufferViews\":[{\"buffer\":0,\"byteLength\":24}],"
                + "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":2,\"type\":\"VEC3\","
                + "\"min\":[-1,-1,-1],\"max\":[1,1,1]}]}");
        JsonNode scene0 = JSON.readTree(run(0, "bounds", file.toString(), "--json")[0]);
        assertThat(scene0.get("scene").intValue()).isZero();
        assertThat(scene0.get("nodes").toString()).isEqualTo("[{\"node\":0,\"name\":null,"
                + "\"world_aabb\":[0.0,-1.0,-1.0,2.0,1.0,1.0],\"subtree_aabb\":[0.0,-1.0,-1.0,2.0,1.0,1.0]}]");
        JsonNode scene1 = JSON.readTree(run(0, "bounds", file.toString(), "--scene", "1", "--json")[0]);
        assertThat(scene1.get("nodes").toString()).isEqualTo("[{\"node\":1,\"name\":null,"
                + "\"world_aabb\":[-1.0,-1.0,-1.0,1.0,1.0,1.0],\"subtree_aabb\":[-1.0,-1.0,-1.0,1.0,6.0,1.0]},"
                + "{\"node\":2,\"name\":null,"
                + "\"world_aabb\":[-1.0,4.0,-1.0,1.0,6.0,1.0],\"subtree_aabb\":[-1.0,4.0,-1.0,1.0,6.0,1.0]}]");
        JsonNode dump1 = JSON.readTree(run(0, "dump", file.toString(), "--scene", "1", "--json")[0]);
        checkAgainstBruteForce(file, dump1.get("nodes"), scene1.get("nodes"));
    }

    @Test
    void theTableShowsBothBoxesOrADash() {
        String out = run(0, "bounds", asset("BoxAnimated/BoxAnimated.glb").toString())[0];
        String[] lines = out.split("\n");
        assertThat(lines[0]).isEqualTo("BoxAnimated.glb scene 0, rest pose; world-space boxes (min)..(max), - for none");
        assertThat(lines[1]).matches("node +world box +subtree box");
        assertThat(lines).hasSize(6);
        // node 0: no mesh of its own, so a dash, then the subtree box
        assertThat(lines[2]).matches("\\[0] +- +\\(.*\\)\\.\\.\\(.*\\)");
        assertThat(lines[4]).matches("\\[2] +\\(.*\\)\\.\\.\\(.*\\) +\\(.*\\)\\.\\.\\(.*\\)");
    }

    @Test
    void errorsAreReportedWithExitCodes() throws IOException {
        String box = asset("BoxAnimated/BoxAnimated.glb").toString();
        Path missing = temp.resolve("missing.glb");
        assertThat(run(1, "bounds", missing.toString())[1].lines().findFirst().orElseThrow())
                .isEqualTo("arbor: bounds: cannot read " + missing + ": no such file");
        assertThat(run(2, "bounds", box, "--animation", "walk")[1])
                .contains("--animation walk: no such animation; the file has 1 animation: 0 (no name)");
        assertThat(run(2, "bounds", box, "--animation", "1")[1])
                .contains("--animation 1: no such animation; the file has 1 animation: 0 (no name)");
        assertThat(run(2, "bounds", box, "--animation", "0", "--time", "NaN")[1])
                .contains("--time NaN: must be a finite number of seconds");
        assertThat(run(2, "bounds", box, "--scene", "3")[1]).contains("--scene 3: no such scene; the file has 1 scene");
        assertThat(run(2, "bounds")[1]).contains("Missing required parameter: 'FILE'");
        Path broken = temp.resolve("broken.gltf");
        Files.writeString(broken, "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"mesh\":5}]}");
        assertThat(run(1, "bounds", broken.toString(), "--json")[1])
                .startsWith("arbor: bounds: cannot read " + broken + ": nodes[0]");
    }

    // ---- brute force ----

    /**
     * For each node the command lists: the listed nodes are those with a world matrix, the world box is the box of
     * the eight transformed corners, the subtree box the union over the glTF subtree.
     */
    private static void checkAgainstBruteForce(Path file, JsonNode worlds, JsonNode actual) throws IOException {
        JsonNode gltf = gltfJson(file);
        int nodeCount = gltf.get("nodes").size();
        double[][] expectedWorld = new double[nodeCount][];
        for (JsonNode w : worlds) {
            int node = w.get("node").intValue();
            double[] content = meshBox(gltf, node);
            if (content != null) {
                expectedWorld[node] = transformedBox(content, w.get("world_matrix_colmajor"));
            }
        }
        assertThat(actual.size()).isEqualTo(worlds.size());
        int withBox = 0;
        for (int k = 0; k < actual.size(); k++) {
            JsonNode a = actual.get(k);
            int node = a.get("node").intValue();
            assertThat(node).isEqualTo(worlds.get(k).get("node").intValue());
            assertBox(a.get("world_aabb"), expectedWorld[node], file.getFileName() + " node " + node + " world");
            assertBox(a.get("subtree_aabb"), subtreeBox(gltf, node, expectedWorld),
                    file.getFileName() + " node " + node + " subtree");
            withBox += expectedWorld[node] == null ? 0 : 1;
        }
        assertThat(withBox).as("nodes with a mesh box in %s", file.getFileName()).isPositive();
    }

    private static void assertBox(JsonNode actual, double[] expected, String what) {
        if (expected == null) {
            assertThat(actual.isNull()).as("%s: expected null, was %s", what, actual).isTrue();
            return;
        }
        assertThat(actual.isArray()).as("%s: expected a box, was %s", what, actual).isTrue();
        double scale = 1;
        for (double v : expected) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int c = 0; c < 6; c++) {
            assertThat(actual.get(c).doubleValue()).as("%s [%d]", what, c)
                    .isCloseTo(expected[c], Offset.offset(2e-5 * scale));
        }
    }

    /** The union of the POSITION min/max of the node's mesh primitives, or null when it has no mesh. */
    private static double[] meshBox(JsonNode gltf, int node) {
        JsonNode mesh = gltf.get("nodes").get(node).get("mesh");
        if (mesh == null) {
            return null;
        }
        double[] box = null;
        for (JsonNode primitive : gltf.get("meshes").get(mesh.intValue()).get("primitives")) {
            JsonNode accessor = gltf.get("accessors").get(primitive.get("attributes").get("POSITION").intValue());
            double[] b = new double[6];
            for (int c = 0; c < 3; c++) {
                b[c] = accessor.get("min").get(c).doubleValue();
                b[c + 3] = accessor.get("max").get(c).doubleValue();
            }
            box = union(box, b);
        }
        return box;
    }

    /** The box of the eight corners of {@code box} under a column-major 4×4 matrix. */
    private static double[] transformedBox(double[] box, JsonNode m) {
        double[] out = null;
        for (int corner = 0; corner < 8; corner++) {
            double x = box[(corner & 1) == 0 ? 0 : 3];
            double y = box[(corner & 2) == 0 ? 1 : 4];
            double z = box[(corner & 4) == 0 ? 2 : 5];
            double[] p = new double[3];
            for (int r = 0; r < 3; r++) {
                p[r] = m.get(r).doubleValue() * x + m.get(4 + r).doubleValue() * y + m.get(8 + r).doubleValue() * z
                        + m.get(12 + r).doubleValue();
            }
            out = union(out, new double[] {p[0], p[1], p[2], p[0], p[1], p[2]});
        }
        return out;
    }

    private static double[] subtreeBox(JsonNode gltf, int node, double[][] worldBoxes) {
        double[] box = worldBoxes[node] == null ? null : worldBoxes[node].clone();
        JsonNode children = gltf.get("nodes").get(node).get("children");
        if (children != null) {
            for (JsonNode child : children) {
                double[] b = subtreeBox(gltf, child.intValue(), worldBoxes);
                box = b == null ? box : union(box, b);
            }
        }
        return box;
    }

    private static double[] union(double[] a, double[] b) {
        if (a == null) {
            return b.clone();
        }
        for (int c = 0; c < 3; c++) {
            a[c] = Math.min(a[c], b[c]);
            a[c + 3] = Math.max(a[c + 3], b[c + 3]);
        }
        return a;
    }

    /** The JSON of a .gltf, or of a .glb's first chunk. */
    private static JsonNode gltfJson(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (!file.toString().endsWith(".glb")) {
            return JSON.readTree(bytes);
        }
        ByteBuffer glb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int jsonLength = glb.getInt(12);
        return JSON.readTree(new String(bytes, 20, jsonLength, StandardCharsets.UTF_8));
    }

    private static Path asset(String asset) {
        String name = asset.substring(0, asset.indexOf('/'));
        return shared(name, asset.substring(name.length() + 1));
    }
}
