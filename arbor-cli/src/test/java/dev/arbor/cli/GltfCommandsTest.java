package dev.arbor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** inspect, dump, render and the crowd demo, run through the command line as a user would. */
class GltfCommandsTest {
    @TempDir
    Path temp;

    /** A file of a glTF sample model (arbor-gltf's test resources, copied onto this module's test class path). */
    static Path shared(String name, String file) {
        URL url = GltfCommandsTest.class.getResource("/models/" + name + "/" + file);
        if (url == null) {
            throw new IllegalStateException("sample model file not on the test class path: /models/" + name + "/" + file);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("sample model file " + url + " is not a file path", e);
        }
    }

    static String[] run(int expectedExit, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = ArborMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        int code = cmd.execute(args);
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(expectedExit);
        return new String[] {out.toString(), err.toString()};
    }

    @Test
    void inspectShowsTheTreeSkinsAndAnimations() {
        String out = run(0, "inspect", shared("CesiumMan", "CesiumMan.glb").toString())[0];
        assertThat(out).contains("CesiumMan.glb: 22 nodes, 1 scenes (default 0), 1 skins, 1 animations");
        assertThat(out).contains("  [0] Z_UP  depth 1  matrix [1 0 0 | 0 0 -1 | 0 1 0 | 0 0 0]");
        assertThat(out).contains("[19] Skeleton_arm_joint_L__2_  depth 8  T(");
        assertThat(out).contains("skin 0 \"Armature\": 19 joints, skeleton root [3] Skeleton_torso_joint_1");
        assertThat(out).contains("animation 0: 57 channels, time 0.0417..2.0000 s, {LINEAR=57}, up to 48 keys");
    }

    @Test
    void inspectJsonGivesEveryAttributesStatisticsMaterialsAndCameras() throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode sparse = mapper.readTree(run(0, "inspect", "--json",
                shared("SimpleSparseAccessor", "SimpleSparseAccessor.gltf").toString())[0]);
        JsonNode prim = sparse.get("meshes").get(0).get("primitives").get(0);
        assertThat(prim.get("mode").asText()).isEqualTo("TRIANGLES");
        assertThat(prim.get("indices").get("componentType").asText()).isEqualTo("UNSIGNED_SHORT");
        JsonNode position = prim.get("attributes").get(0);
        assertThat(position.get("name").asText()).isEqualTo("POSITION");
        assertThat(position.get("count").asInt()).isEqualTo(14);
        assertThat(position.get("componentType").asText()).isEqualTo("FLOAT");
        assertThat(position.get("normalized").asBoolean()).isFalse();
        assertThat(position.get("sparse").asBoolean()).isTrue();
        // the accessor's min/max in the file, and the sums with vertices 8, 10, 12 raised to y = 2, 3, 4
        assertThat(position.get("min").toString()).isEqualTo("[0.0,0.0,0.0]");
        assertThat(position.get("max").toString()).isEqualTo("[6.0,4.0,0.0]");
        assertThat(position.get("sum").toString()).isEqualTo("[42.0,13.0,0.0]");

        JsonNode box = mapper.readTree(run(0, "inspect", "--json",
                shared("BoxTextured", "BoxTextured.glb").toString())[0]);
        JsonNode material = box.get("materials").get(0);
        assertThat(material.get("metallicFactor").asDouble()).isEqualTo(0.0);
        assertThat(material.get("alphaMode").asText()).isEqualTo("OPAQUE");
        assertThat(material.get("textures").get("baseColorTexture").toString())
                .isEqualTo("{\"texture\":0,\"texCoord\":0,\"scale\":1.0}");
        assertThat(box.get("images").get(0).get("mimeType").asText()).isEqualTo("image/png");
        assertThat(box.get("samplers").get(0).get("minFilter").asInt()).isEqualTo(9986);

        JsonNode cameras = mapper.readTree(run(0, "inspect", "--json",
                shared("Cameras", "Cameras.gltf").toString())[0]).get("cameras");
        assertThat(cameras.get(0).get("type").asText()).isEqualTo("perspective");
        assertThat(cameras.get(0).get("yfov").asDouble()).isCloseTo(0.7, within(1e-7));
        assertThat(cameras.get(0).get("nodes").toString()).isEqualTo("[1]");
        assertThat(cameras.get(1).get("xmag").asDouble()).isEqualTo(1.0);
        assertThat(cameras.get(1).get("nodes").toString()).isEqualTo("[2]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"CesiumMan/CesiumMan.glb", "SimpleSkin/SimpleSkin.gltf", "RiggedSimple/RiggedSimple.glb",
        "NegativeScaleTest/NegativeScaleTest.glb"})
    void dumpJsonMatchesTheStaticWorldOracle(String asset) throws Exception {
        String name = asset.substring(0, asset.indexOf('/'));
        String out = run(0, "dump", shared(name, asset.substring(name.length() + 1)).toString(), "--json")[0];
        JsonNode actual = new ObjectMapper().readTree(out).get("nodes");
        JsonNode expected = new ObjectMapper().readTree(shared(name, name + ".static-world.json").toFile())
                .get("nodes");
        assertThat(actual.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).get("node").intValue()).isEqualTo(expected.get(i).get("node").intValue());
            assertThat(actual.get(i).get("name")).isEqualTo(expected.get(i).get("name"));
            JsonNode a = actual.get(i).get("world_matrix_colmajor");
            JsonNode e = expected.get(i).get("world_matrix_colmajor");
            for (int k = 0; k < 16; k++) {
                assertThat(a.get(k).doubleValue()).isCloseTo(e.get(k).doubleValue(),
                        org.assertj.core.data.Offset.offset(1e-5 * Math.max(1, Math.abs(e.get(k).doubleValue()))));
            }
        }
    }

    @Test
    void dumpPosesTheAnimationAtTheTime() throws Exception {
        // BoxAnimated: node 2 rotates about x; at t = 1.5 s the dump shows a rotated basis, at rest the identity
        String path = shared("BoxAnimated", "BoxAnimated.glb").toString();
        JsonNode posed = new ObjectMapper().readTree(run(0, "dump", path, "--animation", "0", "--time", "1.5",
                "--json")[0]);
        JsonNode rest = new ObjectMapper().readTree(run(0, "dump", path, "--json")[0]);
        assertThat(posed.get("time").doubleValue()).isEqualTo(1.5);
        assertThat(posed.get("nodes").get(2).get("world_matrix_colmajor").get(5).doubleValue())
                .isNotEqualTo(rest.get("nodes").get(2).get("world_matrix_colmajor").get(5).doubleValue());
    }

    @Test
    void dumpShowsTheMorphWeightsOfTheNodesThatHaveThem() throws Exception {
        // SimpleMorph: node 0's mesh has 2 morph targets, defaults 0.5 0.5; its animation's keys at 0..4 s are
        // (0, 0), (0, 1), (1, 1), (1, 0), (0, 0)
        String path = shared("SimpleMorph", "SimpleMorph.gltf").toString();
        ObjectMapper json = new ObjectMapper();
        JsonNode rest = json.readTree(run(0, "dump", path, "--json")[0]).get("nodes").get(0);
        assertThat(rest.get("weights").toString()).isEqualTo("[0.5,0.5]");
        JsonNode posed = json.readTree(run(0, "dump", path, "--animation", "0", "--time", "2.5", "--json")[0]);
        assertThat(posed.get("nodes").get(0).get("weights").toString()).isEqualTo("[1.0,0.5]");
        JsonNode looped = json.readTree(run(0, "dump", path, "--animation", "0", "--time", "5.25", "--loop",
                "--json")[0]);
        assertThat(looped.get("nodes").get(0).get("weights").toString()).isEqualTo("[0.25,1.0]");
        assertThat(run(0, "dump", path, "--animation", "0", "--time", "1.5")[0])
                .contains("  weights 0.500000 1.00000");
        JsonNode noMorph = json.readTree(run(0, "dump", shared("BoxAnimated", "BoxAnimated.glb").toString(),
                "--json")[0]);
        for (JsonNode node : noMorph.get("nodes")) {
            assertThat(node.has("weights")).isFalse();
        }
    }

    @Test
    void exportWritesTheMorphWeightsOfThePose() throws Exception {
        Path out = temp.resolve("posed.gltf");
        run(0, "export", shared("SimpleMorph", "SimpleMorph.gltf").toString(), out.toString(), "--animation", "0",
                "--time", "1.5");
        JsonNode node = new ObjectMapper().readTree(out.toFile()).get("nodes").get(0);
        assertThat(node.get("weights").toString()).isEqualTo("[0.5,1.0]");
    }

    @Test
    void dumpBlendsASecondAnimationByItsWeight() throws Exception {
        // InterpolationTest: each animation moves its own node; blending animation 8 (linear translation) into
        // animation 6 (step translation) by a weight moves animation 8's node that part of the way from where animation
        // 6 leaves it (its rest) to its own place
        String path = shared("InterpolationTest", "InterpolationTest.glb").toString();
        ObjectMapper json = new ObjectMapper();
        JsonNode base = json.readTree(run(0, "dump", path, "--animation", "6", "--time", "0.7", "--json")[0]);
        JsonNode none = json.readTree(run(0, "dump", path, "--animation", "6", "--time", "0.7", "--blend", "8:0",
                "--json")[0]);
        JsonNode half = json.readTree(run(0, "dump", path, "--animation", "6", "--time", "0.7", "--blend", "8:0.5",
                "--json")[0]);
        JsonNode other = json.readTree(run(0, "dump", path, "--animation", "8", "--time", "0.7", "--json")[0]);
        for (int n = 0; n < base.get("nodes").size(); n++) {
            for (int e = 0; e < 16; e++) {
                assertThat(none.get("nodes").get(n).get("world_matrix_colmajor").get(e).doubleValue())
                        .as("weight 0 changes nothing: node %d element %d", n, e)
                        .isEqualTo(base.get("nodes").get(n).get("world_matrix_colmajor").get(e).doubleValue());
            }
        }
        assertThat(half.get("blend").get(0).get("animation").intValue()).isEqualTo(8);
        assertThat(base.get("animation_name").textValue()).isEqualTo("Step Translation");
        assertThat(run(0, "dump", path, "--animation", "6", "--time", "0.7")[0])
                .startsWith("InterpolationTest.glb scene 0, animation 6 \"Step Translation\" at t=0.7");
        assertThat(half.get("blend").get(0).get("weight").doubleValue()).isEqualTo(0.5);
        int moved = 0;
        for (int n = 0; n < base.get("nodes").size(); n++) {
            JsonNode b = base.get("nodes").get(n).get("world_matrix_colmajor");
            JsonNode o = other.get("nodes").get(n).get("world_matrix_colmajor");
            JsonNode h = half.get("nodes").get(n).get("world_matrix_colmajor");
            // a translation is linear in the blend: halfway between the two
            for (int e = 12; e < 15; e++) {
                if (Math.abs(b.get(e).doubleValue() - o.get(e).doubleValue()) > 1e-3) {
                    moved++;
                    assertThat(h.get(e).doubleValue()).as("node %d element %d", n, e)
                            .isCloseTo((b.get(e).doubleValue() + o.get(e).doubleValue()) / 2, within(1e-4));
                }
            }
        }
        assertThat(moved).as("nodes that the two animations place apart").isPositive();
    }

    @Test
    void inspectListsTheModelsWarnings() throws Exception {
        Path file = temp.resolve("two-roots.gltf");
        Files.writeString(file, "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{},{}],\"skins\":[{\"joints\":[0,1]}]}");
        String out = run(0, "inspect", file.toString())[0];
        assertThat(out).contains("1 warning:\n  skins[0].joints: joints have no common root: node 0 is under root node 0,"
                + " node 1 under root node 1");
        assertThat(run(0, "inspect", shared("CesiumMan", "CesiumMan.glb").toString())[0]).doesNotContain("warning");
    }

    @Test
    void badInputIsOneLineOnStderrAndExitCodeOne() throws Exception {
        Path broken = temp.resolve("broken.gltf");
        Files.writeString(broken, "{\"asset\":{\"version\":\"2.0\"},\"nodes\":[{\"children\":[42]}]}");
        String err = run(1, "dump", broken.toString(), "--json")[1];
        assertThat(err.trim()).isEqualTo("arbor: dump: cannot read " + broken + ": nodes[0].children[0]: index 42 out"
                + " of range, nodes.length=1" + System.lineSeparator() + "try 'arbor dump --help'");
        assertThat(run(1, "inspect", temp.resolve("missing.glb").toString())[1]).contains("no such file");
        assertThat(run(2, "dump", shared("BoxAnimated", "BoxAnimated.glb").toString(), "--animation", "walk")[1])
                .contains("--animation walk: no such animation");
    }

    @Test
    void renderWritesAPngAndAnSvg() throws Exception {
        Path png = temp.resolve("man.png");
        String path = shared("CesiumMan", "CesiumMan.glb").toString();
        String out = run(0, "render", path, "--animation", "0", "--time", "0.5", "--size", "200", "-o",
                png.toString())[0];
        assertThat(out).contains("22 nodes, 19 joints, 4672 triangles, view front");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(200);
        Path svg = temp.resolve("man.svg");
        run(0, "render", path, "--view", "iso", "--labels", "-o", svg.toString());
        String text = Files.readString(svg);
        assertThat(text).startsWith("<svg").contains("<line ").contains("Skeleton_neck_joint_2").endsWith("</svg>\n");
        assertThat(text).contains("<polygon ");
        assertThat(run(2, "render", path, "-o", temp.resolve("x.gif").toString())[1])
                .contains("an animated GIF needs --frames N");
    }

    /** The sample models (folder/file) but TextureTransformTest (whose TEXCOORD_1 override is noted). */
    static java.util.stream.Stream<String> samples() {
        return java.util.stream.Stream.of("AnimatedTriangle/AnimatedTriangle.gltf", "BoxAnimated/BoxAnimated.glb",
                "AnimatedMorphCube/AnimatedMorphCube.gltf", "BoxTextured/BoxTextured.glb",
                "BoxVertexColors/BoxVertexColors.gltf", "SimpleMorph/SimpleMorph.gltf",
                "CesiumMan/CesiumMan.glb", "InterpolationTest/InterpolationTest.glb",
                "MetalRoughSpheresNoTextures/MetalRoughSpheresNoTextures.glb",
                "NegativeScaleTest/NegativeScaleTest.glb", "RiggedFigure/RiggedFigure.glb",
                "RiggedSimple/RiggedSimple.glb", "SimpleSkin/SimpleSkin.gltf");
    }

    /** The share of a picture's pixels that are not the white background. */
    static double drawn(BufferedImage image) {
        int count = 0;
        for (int y = 40; y < image.getHeight(); y++) { // below the title
            for (int x = 0; x < image.getWidth(); x++) {
                count += (image.getRGB(x, y) & 0xFFFFFF) == 0xFFFFFF ? 0 : 1;
            }
        }
        return count / (double) (image.getWidth() * (image.getHeight() - 40));
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everySampleModelIsDrawnAsShadedTriangles(String asset) throws Exception {
        String name = asset.substring(0, asset.indexOf('/'));
        String path = shared(name, asset.substring(name.length() + 1)).toString();
        for (String view : new String[] {"front", "iso"}) {
            Path png = temp.resolve(name + "-" + view + ".png");
            String[] r = run(0, "render", path, "--view", view, "--size", "160", "-o", png.toString());
            assertThat(r[0]).doesNotContain(" 0 triangles");
            assertThat(r[1]).as("stderr").isEmpty();
            BufferedImage image = ImageIO.read(png.toFile());
            // the model fills a good part of the picture, and is shaded, not a silhouette of one colour
            assertThat(drawn(image)).as("%s %s", name, view).isGreaterThan(view.equals("front")
                    && name.equals("AnimatedTriangle") ? 0.2 : 0.05);
        }
    }

    @Test
    void anAnimatedGifHasItsFramesAndLoops() throws Exception {
        Path gif = temp.resolve("walk.gif");
        String out = run(0, "render", shared("CesiumMan", "CesiumMan.glb").toString(), "--animation", "0",
                "--frames", "8", "--size", "96", "--skeleton", "-o", gif.toString())[0];
        assertThat(out).contains("8 frames 0.250 s apart");
        javax.imageio.ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (javax.imageio.stream.ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            assertThat(reader.getNumImages(true)).isEqualTo(8);
            javax.imageio.metadata.IIOMetadataNode tree = (javax.imageio.metadata.IIOMetadataNode) reader
                    .getImageMetadata(0).getAsTree("javax_imageio_gif_image_1.0");
            javax.imageio.metadata.IIOMetadataNode app = (javax.imageio.metadata.IIOMetadataNode) tree
                    .getElementsByTagName("ApplicationExtension").item(0);
            assertThat(app.getAttribute("applicationID")).isEqualTo("NETSCAPE");
            assertThat((byte[]) app.getUserObject()).containsExactly(1, 0, 0);
            assertThat(((javax.imageio.metadata.IIOMetadataNode) tree.getElementsByTagName("GraphicControlExtension")
                    .item(0)).getAttribute("delayTime")).isEqualTo("25");
            // the man walks: the first and the middle frames differ
            BufferedImage first = reader.read(0);
            BufferedImage middle = reader.read(4);
            int differ = 0;
            for (int y = 0; y < first.getHeight(); y++) {
                for (int x = 0; x < first.getWidth(); x++) {
                    differ += first.getRGB(x, y) == middle.getRGB(x, y) ? 0 : 1;
                }
            }
            assertThat(differ).isGreaterThan(50);
        } finally {
            reader.dispose();
        }
    }

    @Test
    void primitivesThatCannotBeDrawnAsTheyAskAreNotedOnStderr() throws Exception {
        URL url = GltfCommandsTest.class.getResource("/renderer/RendererFeatures.gltf");
        String path = Path.of(url.toURI()).toString();
        String[] r = run(0, "render", path, "--size", "64", "-o", temp.resolve("features.png").toString());
        // material 0's texture transform moves its texture to TEXCOORD_1, which the quad (drawn by two nodes) lacks
        assertThat(r[1].split("\\R")).containsExactly("arbor: render: note: meshes[0].primitives[0]: drawn without"
                + " its base colour texture: it has no TEXCOORD_1");
        // the quad, its three instances (one where the quad is) and the strip
        assertThat(r[0]).contains("7 nodes, 0 joints, 10 triangles");
    }

    @Test
    void defaultDemoIsACrowdOfTheBundledModel() {
        String out = run(0, "demo", "--crowd", "12", "--frames", "4", "--warmup", "1", "--no-progress")[0];
        assertThat(out).contains("crowd: 12 × bundled CesiumMan.glb (Cesium Man, (c) 2017 Cesium, CC-BY 4.0");
        assertThat(out).contains("276 nodes (22 per instance + 1 spot), 19 joints per skeleton");
        assertThat(out).contains("ns per joint below: per frame over 228 joints (12 instances × 19)");
        for (String phase : new String[] {"sample \\+ apply poses", "update\\(\\)", "skinning palettes",
            "whole frame"}) {
            assertThat(out).containsPattern(phase
                    + ": +median \\d+\\.\\d{3} ms  \\(\\d+\\.\\d ns/joint\\)   p99 \\d+\\.\\d{3} ms");
        }
        assertThat(out).containsPattern("update\\(\\) per node: \\d+\\.\\d\\d ns/node");
        assertThat(out).contains("clip: 57 channels sampled per instance, 0 constant (exact), 1 timeline(s)");
        assertThat(out).contains("nodes changed in the last update: 228");
        assertThat(CrowdDemo.class.getResource(CrowdDemo.BUNDLED_FOLDER + "LICENSE.md")).isNotNull();
        assertThat(CrowdDemo.class.getResource(CrowdDemo.BUNDLED_FOLDER + "LICENSES/LicenseRef-CC-BY-TM.txt"))
                .isNotNull();
    }
}
