package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.joml.Matrix4f;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Arbor's reader against three.js's GLTFLoader (0.187.0, run in Node by {@link ThreeJsReference}) on the renderer
 * sample models, the hand-made {@code RendererFeatures.gltf} and the glTF Asset Generator's files of every primitive
 * mode: every attribute of every primitive (item size,
 * count, normalized flag, array type, every decoded component within 1e-6; integer components exactly), the indices,
 * morph target displacements, target names and default weights, every material (factors, alpha mode, sidedness,
 * unlit, emissive strength, and each texture reference's texture, UV set, sampler and texture transform), every
 * camera's projection matrix, every punctual light and every GPU instance's matrix. Pixels are not compared:
 * three.js cannot decode images in Node.
 */
class ThreeJsComparisonTest {
    /** Every model of the test assets: each folder beside {@code models/README.md}. */
    static final List<String> MODELS = SampleModels.all();
    /** three.js's attribute names for glTF's; others are lower-cased. */
    private static final Map<String, String> THREE_NAMES = Map.of("POSITION", "position", "NORMAL", "normal",
            "TANGENT", "tangent", "TEXCOORD_0", "uv", "TEXCOORD_1", "uv1", "TEXCOORD_2", "uv2", "TEXCOORD_3", "uv3",
            "COLOR_0", "color", "WEIGHTS_0", "skinWeight", "JOINTS_0", "skinIndex");
    private static final Path FEATURES = SampleModels.dir().getParent().resolve("renderer")
            .resolve("RendererFeatures.gltf");

    /** The glTF Asset Generator's files of every primitive mode, with and without indices. */
    private static final Path MODES = SampleModels.dir().getParent().resolve("primitive-modes");
    private static final String[] THREE_OBJECTS = {"Points", "LineSegments", "LineLoop", "Line", "Mesh", "Mesh",
        "Mesh"};

    private static final List<Path> files = new ArrayList<>();
    private static List<JsonNode> three;

    @BeforeAll
    static void decodeWithThreeJs() {
        for (String name : MODELS) {
            files.add(SampleModels.model(name));
        }
        files.add(FEATURES);
        for (int i = 0; i < 16; i++) {
            files.add(MODES.resolve(String.format("Mesh_PrimitiveMode_%02d.gltf", i)));
        }
        three = ThreeJsReference.decode(files);
        assertThat(three).hasSize(files.size());
    }

    @Test
    void everyAttributeOfEveryPrimitiveMatchesThreeJs() throws Exception {
        int compared = 0;
        TreeSet<String> kinds = new TreeSet<>();
        for (int f = 0; f < files.size(); f++) {
            GltfModel model = Gltf.read(files.get(f));
            JsonNode meshes = three.get(f).get("meshes");
            assertThat(meshes.size()).isEqualTo(model.meshCount());
            for (int m = 0; m < model.meshCount(); m++) {
                GltfMesh mesh = model.readMesh(m);
                JsonNode prims = meshes.get(m).get("primitives");
                assertThat(prims.size()).isEqualTo(mesh.primitiveCount());
                for (int p = 0; p < mesh.primitiveCount(); p++) {
                    String where = files.get(f).getFileName() + " meshes[" + m + "].primitives[" + p + "]";
                    compared += comparePrimitive(where, mesh, mesh.primitive(p), prims.get(p), kinds);
                }
            }
        }
        assertThat(compared).isGreaterThan(40);
        // what the sample models bring: two UV sets, vertex colours as floats and as normalized bytes, quantized
        // positions, normals and morph displacements (KHR_mesh_quantization), interleaved and sparse data
        // (three.js calls every strided attribute interleaved)
        assertThat(kinds).contains("TEXCOORD_1 FLOAT", "COLOR_0 FLOAT", "COLOR_0 UNSIGNED_BYTE normalized interleaved",
                "JOINTS_0 UNSIGNED_BYTE interleaved", "POSITION UNSIGNED_SHORT interleaved",
                "NORMAL BYTE normalized interleaved", "target POSITION SHORT interleaved",
                "target NORMAL BYTE normalized interleaved", "POSITION FLOAT interleaved", "NORMAL FLOAT interleaved",
                "POSITION FLOAT sparse");
    }

    private static int comparePrimitive(String where, GltfMesh mesh, GltfPrimitive prim, JsonNode t,
            TreeSet<String> kinds) throws GltfException {
        JsonNode attrs = t.get("attributes");
        TreeSet<String> expectedNames = new TreeSet<>();
        int compared = 0;
        for (Map.Entry<String, GltfAccessor> e : prim.attributes().entrySet()) {
            String name = THREE_NAMES.getOrDefault(e.getKey(), e.getKey().toLowerCase(java.util.Locale.ROOT));
            expectedNames.add(name);
            compareAttribute(where + ".attributes." + e.getKey(), e.getValue(), attrs.get(name));
            kinds.add(kind(e.getKey(), e.getValue(), attrs.get(name)));
            compared++;
        }
        TreeSet<String> threeNames = new TreeSet<>();
        attrs.fieldNames().forEachRemaining(threeNames::add);
        assertThat(threeNames).as(where).isEqualTo(expectedNames);

        JsonNode index = t.get("index");
        if (prim.mode() == GltfPrimitive.TRIANGLES && prim.indices() != null) {
            assertThat(ints(index)).as(where + " index").containsExactly(prim.indexArray());
        } else if (prim.mode() == GltfPrimitive.TRIANGLE_STRIP || prim.mode() == GltfPrimitive.TRIANGLE_FAN) {
            // three.js turns strips and fans into triangle lists: the same triangles, each maybe rotated
            assertThat(canonical(ints(index))).as(where + " triangles").isEqualTo(canonical(prim.triangles()));
        } else if (prim.indices() != null) {
            assertThat(ints(index)).as(where + " index").containsExactly(prim.indexArray());
        } else {
            assertThat(index.isNull()).as(where + " index").isTrue();
        }
        assertThat(t.get("objectType").asText().replace("SkinnedMesh", "Mesh")).as(where + " mode " + prim.mode())
                .isEqualTo(THREE_OBJECTS[prim.mode()]);

        JsonNode morph = t.get("morphAttributes");
        for (String glTf : new String[] {"POSITION", "NORMAL"}) {
            String name = THREE_NAMES.get(glTf);
            int withAttribute = 0;
            for (int k = 0; k < prim.targetCount(); k++) {
                withAttribute += prim.target(k).containsKey(glTf) ? 1 : 0;
            }
            if (withAttribute == 0) {
                continue;
            }
            JsonNode list = morph.get(name);
            assertThat(list.size()).as(where + " morph " + name).isEqualTo(prim.targetCount());
            assertThat(t.get("morphTargetsRelative").asBoolean()).isTrue();
            for (int k = 0; k < prim.targetCount(); k++) {
                GltfAccessor d = prim.target(k).get(glTf);
                if (d != null) {
                    compareAttribute(where + ".targets[" + k + "]." + glTf, d, list.get(k));
                    kinds.add(kind("target " + glTf, d, list.get(k)));
                    compared++;
                }
            }
        }
        if (prim.targetCount() > 0) {
            float[] weights = mesh.weights();
            JsonNode influences = t.get("morphTargetInfluences");
            for (int k = 0; k < prim.targetCount(); k++) {
                assertThat(influences.get(k).asDouble()).as(where + " weight " + k)
                        .isCloseTo(weights == null ? 0 : weights[k], within(1e-6));
            }
            JsonNode dictionary = t.get("morphTargetDictionary");
            for (int k = 0; k < mesh.targetNames().size(); k++) {
                assertThat(dictionary.get(mesh.targetNames().get(k)).asInt()).isEqualTo(k);
            }
        }
        return compared;
    }

    /** "NAME COMPONENT_TYPE [normalized] [interleaved] [sparse]", for the coverage check. */
    private static String kind(String name, GltfAccessor a, JsonNode t) {
        String[] types = {"BYTE", "UNSIGNED_BYTE", "SHORT", "UNSIGNED_SHORT", "INT", "UNSIGNED_INT", "FLOAT"};
        return name + " " + types[a.componentType() - GltfAccessor.BYTE] + (a.normalized() ? " normalized" : "")
                + (t.get("interleaved").asBoolean() ? " interleaved" : "") + (a.sparse() ? " sparse" : "");
    }

    private static void compareAttribute(String where, GltfAccessor a, JsonNode t) throws GltfException {
        assertThat(t).as(where + " missing in three.js").isNotNull();
        assertThat(t.get("itemSize").asInt()).as(where + " itemSize").isEqualTo(a.componentCount());
        assertThat(t.get("count").asInt()).as(where + " count").isEqualTo(a.count());
        assertThat(t.get("normalized").asBoolean()).as(where + " normalized").isEqualTo(a.normalized());
        assertThat(t.get("arrayType").asText()).as(where + " array type").isEqualTo(arrayType(a.componentType()));
        JsonNode values = t.get("values");
        assertThat(values.size()).as(where + " values").isEqualTo(a.count() * a.componentCount());
        if (a.componentType() != GltfAccessor.FLOAT && !a.normalized()) {
            assertThat(ints(values)).as(where + " values").containsExactly(a.ints());
            return;
        }
        float[] v = a.floats();
        for (int i = 0; i < v.length; i++) {
            assertThat((double) v[i]).as(where + " value " + i).isCloseTo(values.get(i).asDouble(), within(1e-6));
        }
    }

    @Test
    void everyMaterialMatchesThreeJs() throws Exception {
        int compared = 0;
        TreeSet<String> kinds = new TreeSet<>();
        for (int f = 0; f < files.size(); f++) {
            GltfModel model = Gltf.read(files.get(f));
            JsonNode materials = three.get(f).get("materials");
            assertThat(materials.size()).isEqualTo(model.materialCount());
            for (int i = 0; i < model.materialCount(); i++) {
                GltfMaterial m = model.material(i);
                compareMaterial(files.get(f).getFileName() + " materials[" + i + "]", model, m, materials.get(i));
                compared++;
                kinds.add(m.unlit() ? "unlit" : m.emissiveStrength() != 1f ? "emissive strength" : "lit");
                for (GltfTextureRef ref : new GltfTextureRef[] {m.baseColorTexture(), m.metallicRoughnessTexture(),
                    m.normalTexture(), m.occlusionTexture(), m.emissiveTexture()}) {
                    if (ref != null) {
                        kinds.add("texCoord " + ref.effectiveTexCoord() + (ref.hasTransform() ? " transformed" : "")
                                + (ref.effectiveTexCoord() != ref.texCoord() ? " (transform's texCoord)" : ""));
                    }
                }
            }
        }
        assertThat(compared).isGreaterThanOrEqualTo(14);
        assertThat(kinds).contains("unlit", "emissive strength", "texCoord 0", "texCoord 1", "texCoord 0 transformed",
                "texCoord 1 transformed (transform's texCoord)");
    }

    private static void compareMaterial(String where, GltfModel model, GltfMaterial m, JsonNode t)
            throws GltfException {
        assertThat(t.get("type").asText()).as(where + " type")
                .isEqualTo(m.unlit() ? "MeshBasicMaterial" : t.get("type").asText().equals("MeshPhysicalMaterial")
                        ? "MeshPhysicalMaterial" : "MeshStandardMaterial");
        float[] base = m.baseColorFactor();
        for (int c = 0; c < 3; c++) {
            assertThat(t.get("color").get(c).asDouble()).as(where + " color").isCloseTo(base[c], within(1e-6));
        }
        assertThat(t.get("opacity").asDouble()).as(where + " opacity").isCloseTo(base[3], within(1e-6));
        assertThat(t.get("alphaTest").asDouble()).as(where + " alphaTest")
                .isCloseTo(m.alphaMode().equals("MASK") ? m.alphaCutoff() : 0, within(1e-6));
        assertThat(t.get("transparent").asBoolean()).as(where + " transparent")
                .isEqualTo(m.alphaMode().equals("BLEND"));
        assertThat(t.get("side").asInt()).as(where + " side").isEqualTo(m.doubleSided() ? 2 : 0);
        compareTexture(where + " baseColorTexture", model, m.baseColorTexture(), t.get("map"));
        if (m.unlit()) {
            return;
        }
        assertThat(t.get("metalness").asDouble()).as(where + " metalness").isCloseTo(m.metallicFactor(),
                within(1e-6));
        assertThat(t.get("roughness").asDouble()).as(where + " roughness").isCloseTo(m.roughnessFactor(),
                within(1e-6));
        float[] emissive = m.emissiveFactor();
        for (int c = 0; c < 3; c++) {
            assertThat(t.get("emissive").get(c).asDouble()).as(where + " emissive").isCloseTo(emissive[c],
                    within(1e-6));
        }
        assertThat(t.get("emissiveIntensity").asDouble()).as(where + " emissiveIntensity")
                .isCloseTo(m.emissiveStrength(), within(1e-6));
        compareTexture(where + " metallicRoughnessTexture (metalness)", model, m.metallicRoughnessTexture(),
                t.get("metalnessMap"));
        compareTexture(where + " metallicRoughnessTexture (roughness)", model, m.metallicRoughnessTexture(),
                t.get("roughnessMap"));
        compareTexture(where + " normalTexture", model, m.normalTexture(), t.get("normalMap"));
        compareTexture(where + " occlusionTexture", model, m.occlusionTexture(), t.get("aoMap"));
        compareTexture(where + " emissiveTexture", model, m.emissiveTexture(), t.get("emissiveMap"));
        if (m.normalTexture() != null) {
            // three.js flips the y scale for meshes without tangents
            assertThat(t.get("normalScale").get(0).asDouble()).isCloseTo(m.normalTexture().scale(), within(1e-6));
            assertThat(Math.abs(t.get("normalScale").get(1).asDouble())).isCloseTo(m.normalTexture().scale(),
                    within(1e-6));
        }
        if (m.occlusionTexture() != null) {
            assertThat(t.get("aoMapIntensity").asDouble()).isCloseTo(m.occlusionTexture().scale(), within(1e-6));
        }
    }

    private static void compareTexture(String where, GltfModel model, GltfTextureRef ref, JsonNode t)
            throws GltfException {
        if (ref == null) {
            assertThat(t.isNull()).as(where + " present in three.js only").isTrue();
            return;
        }
        assertThat(t.isNull()).as(where + " missing in three.js").isFalse();
        int threeTexture = t.get("texture").asInt();
        if (threeTexture >= 0 && threeTexture != ref.texture()) {
            // three.js makes one Texture per (image, sampler) pair and names it after the first texture that uses
            // the pair (GLTFParser.loadTextureImage's cache): a later texture of the same pair reads as the first
            GltfTexture mine = model.texture(ref.texture());
            GltfTexture theirs = model.texture(threeTexture);
            assertThat(theirs.source() + " " + theirs.sampler()).as(where + " texture " + threeTexture + " for "
                    + ref.texture()).isEqualTo(mine.source() + " " + mine.sampler());
            assertThat(threeTexture).as(where + " texture").isLessThan(ref.texture());
        }
        assertThat(t.get("channel").asInt()).as(where + " texCoord").isEqualTo(ref.effectiveTexCoord());
        assertThat(t.get("offset").get(0).asDouble()).as(where + " offset").isCloseTo(ref.offsetU(), within(1e-6));
        assertThat(t.get("offset").get(1).asDouble()).as(where + " offset").isCloseTo(ref.offsetV(), within(1e-6));
        assertThat(t.get("repeat").get(0).asDouble()).as(where + " scale").isCloseTo(ref.scaleU(), within(1e-6));
        assertThat(t.get("repeat").get(1).asDouble()).as(where + " scale").isCloseTo(ref.scaleV(), within(1e-6));
        assertThat(t.get("rotation").asDouble()).as(where + " rotation").isCloseTo(ref.rotation(), within(1e-6));
        GltfSampler s = model.sampler(model.texture(ref.texture()).sampler());
        assertThat(t.get("magFilter").asInt()).as(where + " magFilter").isEqualTo(threeFilter(s.magFilter(), 1006));
        assertThat(t.get("minFilter").asInt()).as(where + " minFilter").isEqualTo(threeFilter(s.minFilter(), 1008));
        assertThat(t.get("wrapS").asInt()).as(where + " wrapS").isEqualTo(threeWrap(s.wrapS()));
        assertThat(t.get("wrapT").asInt()).as(where + " wrapT").isEqualTo(threeWrap(s.wrapT()));
    }

    @Test
    void everyCameraProjectionMatchesThreeJs() throws Exception {
        int compared = 0;
        for (int f = 0; f < files.size(); f++) {
            GltfModel model = Gltf.read(files.get(f));
            JsonNode cameras = three.get(f).get("cameras");
            assertThat(cameras.size()).isEqualTo(model.cameraCount());
            for (int c = 0; c < model.cameraCount(); c++) {
                GltfCamera camera = model.camera(c);
                // three.js's default aspect is 1, and it stands an infinite far plane in with 2e6
                float[] m = camera.projection(1f, new Matrix4f()).get(new float[16]);
                JsonNode t = cameras.get(c).get("projection");
                assertThat(cameras.get(c).get("type").asText())
                        .isEqualTo(camera.orthographic() ? "OrthographicCamera" : "PerspectiveCamera");
                for (int i = 0; i < 16; i++) {
                    assertThat((double) m[i]).as(files.get(f).getFileName() + " cameras[" + c + "] element " + i)
                            .isCloseTo(t.get(i).asDouble(), within(1e-5 * Math.max(1, Math.abs(m[i]))));
                }
                compared++;
            }
        }
        assertThat(compared).isEqualTo(4); // Cameras.gltf's two, RendererFeatures.gltf's and MultiUVTest's
    }

    @Test
    void punctualLightsAndGpuInstancesMatchThreeJs() throws Exception {
        int lights = 0;
        int instances = 0;
        for (int f = 0; f < files.size(); f++) {
            GltfModel model = Gltf.read(files.get(f));
            JsonNode t = three.get(f);
            int expectedLights = 0;
            for (int node = 0; node < model.nodeCount(); node++) {
                expectedLights += model.nodeLight(node) >= 0 ? 1 : 0;
            }
            assertThat(t.get("lights").size()).as(files.get(f).getFileName() + " lights").isEqualTo(expectedLights);
            for (JsonNode light : t.get("lights")) {
                String where = files.get(f).getFileName() + " light of node " + light.get("node").asInt();
                GltfLight l = model.light(model.nodeLight(light.get("node").asInt()));
                assertThat(light.get("type").asText()).as(where).isEqualTo(
                        l.type().equals("directional") ? "DirectionalLight" : l.type().equals("point") ? "PointLight"
                        : "SpotLight");
                float[] color = {l.red(), l.green(), l.blue()};
                for (int c = 0; c < 3; c++) {
                    assertThat(light.get("color").get(c).asDouble()).as(where).isCloseTo(color[c], within(1e-6));
                }
                assertThat(light.get("intensity").asDouble()).as(where).isCloseTo(l.intensity(), within(1e-6));
                if (!l.type().equals("directional")) {
                    // three.js's distance: the range, 0 for none
                    assertThat(light.get("distance").asDouble()).as(where)
                            .isCloseTo(l.range() == Float.POSITIVE_INFINITY ? 0 : l.range(), within(1e-6));
                }
                if (l.type().equals("spot")) {
                    assertThat(light.get("angle").asDouble()).as(where).isCloseTo(l.outerConeAngle(), within(1e-6));
                    assertThat(light.get("penumbra").asDouble()).as(where)
                            .isCloseTo(1.0 - l.innerConeAngle() / l.outerConeAngle(), within(1e-6));
                }
                lights++;
            }
            for (JsonNode inst : t.get("instances")) {
                int node = inst.get("node").asInt();
                GltfInstancing arbor = model.nodeInstancing(node);
                assertThat(inst.get("count").asInt()).isEqualTo(arbor.count());
                float[] tr = arbor.translations();
                float[] r = arbor.rotations();
                float[] sc = arbor.scales();
                float[] m = new float[16];
                for (int k = 0; k < arbor.count(); k++) {
                    new Matrix4f().translationRotateScale(tr[k * 3], tr[k * 3 + 1], tr[k * 3 + 2], r[k * 4],
                            r[k * 4 + 1], r[k * 4 + 2], r[k * 4 + 3], sc[k * 3], sc[k * 3 + 1], sc[k * 3 + 2]).get(m);
                    for (int i = 0; i < 16; i++) {
                        assertThat((double) m[i]).as("node %d instance %d element %d", node, k, i)
                                .isCloseTo(inst.get("matrices").get(k * 16 + i).asDouble(), within(1e-6));
                    }
                    instances++;
                }
            }
        }
        assertThat(lights).isEqualTo(4); // RendererFeatures.gltf's three and IridescenceSuzanne's
        assertThat(instances).isEqualTo(3 + 125); // RendererFeatures.gltf's and SimpleInstancing's
    }

    private static String arrayType(int componentType) {
        switch (componentType) {
            case GltfAccessor.BYTE:
                return "Int8Array";
            case GltfAccessor.UNSIGNED_BYTE:
                return "Uint8Array";
            case GltfAccessor.SHORT:
                return "Int16Array";
            case GltfAccessor.UNSIGNED_SHORT:
                return "Uint16Array";
            case GltfAccessor.UNSIGNED_INT:
                return "Uint32Array";
            default:
                return "Float32Array";
        }
    }

    /** three.js's filter constants for glTF's (absent: three.js's default). */
    private static int threeFilter(int gl, int absent) {
        switch (gl) {
            case 9728:
                return 1003; // NearestFilter
            case 9729:
                return 1006; // LinearFilter
            case 9984:
                return 1004; // NearestMipmapNearestFilter
            case 9985:
                return 1007; // LinearMipmapNearestFilter
            case 9986:
                return 1005; // NearestMipmapLinearFilter
            case 9987:
                return 1008; // LinearMipmapLinearFilter
            default:
                return absent;
        }
    }

    private static int threeWrap(int gl) {
        return gl == 33071 ? 1001 : gl == 33648 ? 1002 : 1000;
    }

    private static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    /** Triangles as strings, each rotated to start at its smallest index, in order. */
    private static List<String> canonical(int[] triangles) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i + 2 < triangles.length; i += 3) {
            int[] t = {triangles[i], triangles[i + 1], triangles[i + 2]};
            int r = t[0] <= t[1] && t[0] <= t[2] ? 0 : t[1] <= t[2] ? 1 : 2;
            out.add(Arrays.toString(new int[] {t[r], t[(r + 1) % 3], t[(r + 2) % 3]}));
        }
        return out;
    }
}
