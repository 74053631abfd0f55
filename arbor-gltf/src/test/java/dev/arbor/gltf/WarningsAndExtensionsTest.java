package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link GltfModel#warnings()} for what is wrong but loadable, required extensions accepted or refused, extension
 * channels skipped, deep extras passed through, and what export does with edits (small hand-written documents).
 */
class WarningsAndExtensionsTest {
    private static final String ASSET = "\"asset\": {\"version\": \"2.0\"}";

    static GltfModel read(String json) throws GltfException {
        return Gltf.read(json.getBytes(StandardCharsets.UTF_8), "t.gltf", null);
    }

    static JsonNode exported(GltfInstance instance) throws Exception {
        return JacksonTree.mapper().readTree(GltfWriter.encode(instance, false));
    }

    /** Two nodes; one translation channel on node 1 with the given key times and a second channel. */
    private static String animated(float t0, float t1, String secondChannel) {
        return "{" + ASSET + ", \"nodes\": [{\"children\": [1]}, {}], \"scenes\": [{\"nodes\": [0]}],"
                + "\"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": {\"node\": 1, \"path\":"
                + " \"translation\"}}" + secondChannel + "], \"samplers\": [{\"input\": 0, \"output\": 1}]}],"
                + "\"buffers\": [{\"byteLength\": 32, \"uri\": \"" + ExportDocuments.floats(t0, t1, 0, 0, 0, 1, 2, 3)
                + "\"}], \"bufferViews\": [{\"buffer\": 0, \"byteLength\": 8}, {\"buffer\": 0, \"byteOffset\": 8,"
                + " \"byteLength\": 24}], \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 2,"
                + " \"type\": \"SCALAR\", \"min\": [" + t0 + "], \"max\": [" + t1 + "]}, {\"bufferView\": 1,"
                + " \"componentType\": 5126, \"count\": 2, \"type\": \"VEC3\"}]}";
    }

    @Test
    void aCleanFileHasNoWarnings() throws Exception {
        assertThat(read(animated(0, 1, "")).warnings()).isEmpty();
        for (String name : SampleModels.MODELS) {
            assertThat(Gltf.read(SampleModels.model(name)).warnings()).as(name).isEmpty();
        }
    }

    @Test
    void negativeKeyTimesWarn() throws Exception {
        assertThat(read(animated(-0.5f, 1, "")).warnings()).containsExactly("animations[0].samplers[0].input: key"
                + " time[0]=-0.5 of accessor 0 is negative (glTF key times start at 0 or later)");
    }

    @Test
    void negativeKeyTimesAreNotWrittenBackButRefusedNamingTheAnimation() throws Exception {
        GltfInstance instance = read(animated(-0.5f, 1, "")).instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        assertThatThrownBy(() -> GltfWriter.encode(instance, true)).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write animation 0: sampler 0's key times (accessor 0) start below 0, which glTF"
                        + " does not allow; shift or remove the animation in the source file");
        // a file whose keys start at 0 writes as before
        GltfInstance clean = read(animated(0, 1, "")).instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        assertThat(GltfWriter.encode(clean, true)).isNotEmpty();
    }

    @Test
    void duplicateChannelTargetsWarnAndTheLaterWinsAlsoInTheExport() throws Exception {
        GltfModel model = read(animated(0, 1, ", {\"sampler\": 0, \"target\": {\"node\": 1, \"path\":"
                + " \"translation\"}, \"extras\": {\"later\": true}}"));
        assertThat(model.warnings()).containsExactly("animations[0].channels[1].target: same node 1 and path"
                + " \"translation\" as channels[0]; the later channel wins, and an export leaves the earlier out");
        JsonNode out = exported(model.instantiate(new Hierarchy(), 0, Hierarchy.NULL));
        assertThat(out.at("/animations/0/channels")).hasSize(1);
        assertThat(out.at("/animations/0/channels/0/extras/later").booleanValue()).isTrue();
    }

    @Test
    void positionMinMaxThatContradictTheDataWarnAndBoundsComeFromTheData() throws Exception {
        String mesh = "{" + ASSET + ", \"nodes\": [{\"mesh\": 0}], \"scenes\": [{\"nodes\": [0]}],"
                + "\"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}],"
                + "\"buffers\": [{\"byteLength\": 24, \"uri\": \"" + ExportDocuments.floats(0, 0, 0, 1, 2, 3) + "\"}],"
                + "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 24}], \"accessors\": [{\"bufferView\": 0,"
                + " \"componentType\": 5126, \"count\": 2, \"type\": \"VEC3\", \"min\": [0, 0, 0],"
                + " \"max\": [1, 1e11, 3]}]}";
        GltfModel model = read(mesh);
        // the declared max as a float, in the JDK's own text for it (JDK 17 and JDK 19+ print 1e11f differently)
        assertThat(model.warnings()).containsExactly("accessors[0]: declared min [0.0, 0.0, 0.0] max [1.0, "
                + Float.toString(1e11f) + ", 3.0] contradict the POSITION data (meshes[0].primitives[0].attributes.POSITION): min [0.0, 0.0,"
                + " 0.0] max [1.0, 2.0, 3.0]; bounds come from the data");
        float[] b = new float[6];
        assertThat(model.contentBounds(0, b, 0)).isTrue();
        assertThat(b).containsExactly(0, 0, 0, 1, 2, 3);
        JsonNode out = exported(model.instantiate(new Hierarchy(), 0, Hierarchy.NULL));
        assertThat(out.at("/accessors/0/max/1").floatValue()).isEqualTo(2f);
        GltfModel again = Gltf.read(GltfWriter.encode(model.instantiate(new Hierarchy(), 0, Hierarchy.NULL), true),
                "x.glb", null);
        assertThat(again.warnings()).isEmpty();
    }

    @Test
    void skinsWithoutACommonRootWarn() throws Exception {
        GltfModel model = read("{" + ASSET + ", \"nodes\": [{}, {}], \"skins\": [{\"joints\": [0, 1]}]}");
        assertThat(model.warnings()).containsExactly("skins[0].joints: joints have no common root: node 0 is under"
                + " root node 0, node 1 under root node 1; an export leaves the skin out");
    }

    @Test
    void extensionChannelsAreSkippedWithAWarningAndKeptInTheExport() throws Exception {
        GltfModel model = read(ExportDocuments.TWO_SCENES);
        assertThat(model.warnings()).containsExactly("animations[0].channels[0]: skipped: target path \"pointer\""
                + " belongs to extension KHR_animation_pointer, which Arbor does not apply");
        assertThat(model.animation(0).channelCount()).isEqualTo(1);
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, model.sceneToShow(), Hierarchy.NULL);
        assertThat(instance.scene()).isEqualTo(1);
        JsonNode same = exported(instance);
        assertThat(same.at("/nodes")).hasSize(4); // node 0 of the other scene was never built, and is kept
        assertThat(same.at("/scenes/0/name").asText()).isEqualTo("first");
        assertThat(same.at("/asset/copyright").asText()).isEqualTo("(c) test");
        assertThat(same.at("/extras/top/1/deep").booleanValue()).isTrue();
        // destroy the pointer's node: its channel and sampler go, node 3 becomes 2 everywhere
        h.destroy(instance.handle(2));
        long added = h.createChild(instance.handle(3));
        JsonNode out = exported(instance);
        assertThat(out.at("/nodes")).hasSize(4);
        assertThat(out.at("/nodes/1/children").toString()).isEqualTo("[2]");
        assertThat(out.at("/nodes/2/name").asText()).isEqualTo("moved");
        assertThat(out.at("/nodes/2/extras/n").intValue()).isEqualTo(3);
        assertThat(out.at("/nodes/2/children").toString()).isEqualTo("[3]");
        assertThat(out.at("/animations/0/channels")).hasSize(1);
        assertThat(out.at("/animations/0/channels/0/target/node").intValue()).isEqualTo(2);
        assertThat(out.at("/animations/0/samplers")).hasSize(1);
        assertThat(out.at("/animations/0/samplers/0/output").intValue()).isEqualTo(1);
        assertThat(h.isAlive(added)).isTrue();
    }

    @Test
    void pointersIntoNodesAreRenumbered() throws Exception {
        GltfModel model = read(ExportDocuments.TWO_SCENES);
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, -1, Hierarchy.NULL);
        h.destroy(instance.handle(0));
        JsonNode out = exported(instance);
        assertThat(out.at("/animations/0/channels/0/target/extensions/KHR_animation_pointer/pointer").asText())
                .isEqualTo("/nodes/1/rotation");
        assertThat(out.at("/scenes/0/nodes").isMissingNode()).isTrue(); // its only root is gone
        assertThat(out.at("/scenes/1/nodes").toString()).isEqualTo("[0]");
    }

    @Test
    void requiredExtensionsThatTouchOnlyDataArborDoesNotInterpretAreAccepted() throws Exception {
        for (String ext : new String[] {"KHR_draco_mesh_compression", "KHR_mesh_quantization", "EXT_texture_webp",
            "KHR_texture_basisu", "KHR_materials_pbrSpecularGlossiness", "KHR_materials_variants"}) {
            String json = "{" + ASSET + ", \"extensionsUsed\": [\"" + ext + "\"], \"extensionsRequired\": [\"" + ext
                    + "\"], \"nodes\": [{}]}";
            assertThat(read(json).nodeCount()).as(ext).isEqualTo(1);
        }
        for (String ext : new String[] {"KHR_animation_pointer", "EXT_meshopt_compression", "EXT_unknown"}) {
            String json = "{" + ASSET + ", \"extensionsUsed\": [\"" + ext + "\"], \"extensionsRequired\": [\"" + ext
                    + "\"], \"nodes\": [{}]}";
            assertThatThrownBy(() -> read(json)).as(ext).isInstanceOf(GltfException.class)
                    .hasMessageContaining("extensionsRequired[0]: required extension \"" + ext + "\" is not"
                            + " supported: ");
        }
    }

    @Test
    void dracoPositionsTakeTheDeclaredBounds() throws Exception {
        GltfModel model = read("{" + ASSET + ", \"extensionsUsed\": [\"KHR_draco_mesh_compression\"],"
                + " \"extensionsRequired\": [\"KHR_draco_mesh_compression\"], \"nodes\": [{\"mesh\": 0}],"
                + " \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}, \"extensions\":"
                + " {\"KHR_draco_mesh_compression\": {\"bufferView\": 0, \"attributes\": {\"POSITION\": 0}}}}]}],"
                + " \"accessors\": [{\"componentType\": 5126, \"count\": 3, \"type\": \"VEC3\", \"min\": [-1, -2, -3],"
                + " \"max\": [1, 2, 3]}]}");
        float[] b = new float[6];
        assertThat(model.contentBounds(0, b, 0)).isTrue();
        assertThat(b).containsExactly(-1, -2, -3, 1, 2, 3);
        assertThat(model.warnings()).isEmpty();
    }

    @Test
    void deepExtrasLoadAndRoundTripButTheParserStillHasALimit() throws Exception {
        String deep = "[".repeat(300) + "7" + "]".repeat(300);
        GltfModel model = read("{" + ASSET + ", \"nodes\": [{\"extras\": " + deep + "}], \"scenes\": [{\"nodes\":"
                + " [0]}]}");
        JsonNode out = exported(model.instantiate(new Hierarchy(), 0, Hierarchy.NULL));
        assertThat(out.at("/nodes/0/extras").toString()).isEqualTo(deep);
        String tooDeep = "[".repeat(Json.MAX_NESTING_DEPTH + 1) + "]".repeat(Json.MAX_NESTING_DEPTH + 1);
        assertThatThrownBy(() -> read("{" + ASSET + ", \"extras\": " + tooDeep + "}"))
                .isInstanceOf(GltfException.class).hasMessageContaining("json: limit exceeded");
    }

    @Test
    void aSmallShearFarFromTheOriginIsRefusedAndAPureRotationThereIsWritten() throws Exception {
        // a shear of 1e-3 at x = 10,000: small next to the translation, real in the linear part
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long sheared = h.createChild(root);
        h.setLocalMatrix(sheared, new float[] {1, 0, 0, 1e-3f, 1, 0, 0, 0, 1, 10_000, 0, 0}, 0);
        assertThatThrownBy(() -> GltfWriter.encode(h, new long[] {root}, null, true))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has shear");
        // a rotation about z by 30 degrees at the same place decomposes: written
        float c = (float) Math.cos(Math.PI / 6);
        float sn = (float) Math.sin(Math.PI / 6);
        h.setLocalMatrix(sheared, new float[] {c, sn, 0, -sn, c, 0, 0, 0, 1, 10_000, 0, 0}, 0);
        assertThat(GltfWriter.encode(h, new long[] {root}, null, true)).isNotEmpty();
    }

    @Test
    void aShearedMatrixIsRefusedNamingTheNode() throws Exception {
        Hierarchy h = new Hierarchy();
        long root = h.createRoot();
        long sheared = h.createChild(root);
        h.setLocalMatrix(sheared, new float[] {1, 0, 0, 0.5f, 1, 0, 0, 0, 1, 0, 0, 0}, 0);
        assertThatThrownBy(() -> GltfWriter.encode(h, new long[] {root}, null, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("node 1 ")
                .hasMessageContaining("has shear, which glTF cannot express");
        // read: a sheared matrix loads with a warning, and the writer refuses it unchanged too
        GltfModel model = read("{" + ASSET + ", \"nodes\": [{\"name\": \"s\", \"matrix\": [1, 0, 0, 0, 0.5, 1, 0, 0,"
                + " 0, 0, 1, 0, 0, 0, 0, 1]}], \"scenes\": [{\"nodes\": [0]}]}");
        assertThat(model.warnings()).containsExactly("nodes[0].matrix: has shear (not decomposable into"
                + " translation, rotation and scale, as glTF requires); GltfWriter refuses to write this node"
                + " unchanged");
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        assertThatThrownBy(() -> GltfWriter.encode(instance, false)).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("node 0 (source node 0 \"s\")");
    }

    @Test
    void anEmptyHierarchyGivesADocumentWithOnlyTheAsset() throws Exception {
        JsonNode out = JacksonTree.mapper().readTree(GltfWriter.encode(new Hierarchy(), new long[0], null, false));
        assertThat(out.toString()).isEqualTo("{\"asset\":{\"version\":\"2.0\",\"generator\":\"Arbor\"}}");
    }
}
