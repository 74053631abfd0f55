package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DocumentMerge} on one small document read twice: the second copy's every index, those inside the known
 * extensions included, is moved by the first's array lengths; unknown extensions without integers are carried; an
 * index out of range is refused rather than moved into the first model's entries.
 */
class DocumentMergeTest {
    /**
     * Nodes 0 (root, children 1 and 2), 1 (light 1), 2 (mesh 0, instanced by accessor 1); a material with a clearcoat
     * texture (0) and a variant mapping to material 1 for variants 0 and 1; texture 1 with KTX2 (image 2) and WebP
     * (image 3) sources; an animation whose channels point at light 1 and material 1. Accessors: see
     * {@link ExportDocuments#ANIMATION_DATA}.
     */
    static final String EXTENDED = "{\"asset\": {\"version\": \"2.0\", \"copyright\": \"(c) extended\"},"
            + "\"extensionsUsed\": [\"KHR_lights_punctual\", \"KHR_materials_variants\", \"KHR_texture_basisu\","
            + " \"EXT_texture_webp\", \"KHR_materials_clearcoat\", \"KHR_texture_transform\","
            + " \"EXT_mesh_gpu_instancing\", \"KHR_animation_pointer\", \"EXT_example_note\"],"
            + "\"extensions\": {\"KHR_lights_punctual\": {\"lights\": [{\"type\": \"point\"}, {\"type\": \"spot\"}]},"
            + " \"KHR_materials_variants\": {\"variants\": [{\"name\": \"red\"}, {\"name\": \"blue\"}]}},"
            + "\"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
            + "\"nodes\": [{\"name\": \"root\", \"children\": [1, 2]},"
            + " {\"name\": \"lamp\", \"extensions\": {\"KHR_lights_punctual\": {\"light\": 1},"
            + " \"EXT_example_note\": {\"note\": \"kept\", \"weight\": 0.5}}},"
            + " {\"name\": \"crowd\", \"mesh\": 0, \"extensions\": {\"EXT_mesh_gpu_instancing\":"
            + " {\"attributes\": {\"TRANSLATION\": 1}}}}],"
            + "\"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 1}, \"material\": 0,"
            + " \"extensions\": {\"KHR_materials_variants\": {\"mappings\":"
            + " [{\"material\": 1, \"variants\": [0, 1]}]}}}]}],"
            + "\"materials\": [{\"extensions\": {\"KHR_materials_clearcoat\": {\"clearcoatFactor\": 1,"
            + " \"clearcoatTexture\": {\"index\": 0,"
            + " \"extensions\": {\"KHR_texture_transform\": {\"texCoord\": 0}}}}}},"
            + " {\"name\": \"other\"}],"
            + "\"textures\": [{\"sampler\": 0, \"source\": 0}, {\"source\": 1, \"extensions\":"
            + " {\"KHR_texture_basisu\": {\"source\": 2}, \"EXT_texture_webp\": {\"source\": 3}}}],"
            + "\"samplers\": [{}],"
            + "\"images\": [{\"uri\": \"a.png\"}, {\"uri\": \"b.png\"}, {\"uri\": \"c.ktx2\"}, {\"uri\": \"d.webp\"}],"
            + "\"animations\": [{\"name\": \"glow\", \"channels\": ["
            + "{\"sampler\": 0, \"target\": {\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\":"
            + " {\"pointer\": \"/extensions/KHR_lights_punctual/lights/1/intensity\"}}}},"
            + "{\"sampler\": 0, \"target\": {\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\":"
            + " {\"pointer\": \"/materials/1/emissiveFactor\"}}}}],"
            + "\"samplers\": [{\"input\": 0, \"output\": 1}]}],"
            + ExportDocuments.ANIMATION_DATA + "}";

    private static GltfModel read(String json, String name) throws GltfException {
        return Gltf.read(json.getBytes(StandardCharsets.UTF_8), name, null);
    }

    @Test
    void everyIndexOfTheSecondModelMovesByTheFirstsLengths() throws Exception {
        DocumentMerge merge = DocumentMerge.of(List.of(read(EXTENDED, "a.gltf"), read(EXTENDED, "b.gltf")),
                new int[] {-1, -1});
        JsonNode doc = merge.json;
        assertThat(merge.nodeBase(1)).isEqualTo(3);
        assertThat(doc.get("nodes").get(3).get("children").toString()).isEqualTo("[4,5]");
        assertThat(doc.get("nodes").get(4).get("extensions").get("KHR_lights_punctual").get("light").asInt())
                .isEqualTo(3);
        assertThat(doc.get("nodes").get(4).get("extensions").get("EXT_example_note").toString())
                .isEqualTo("{\"note\":\"kept\",\"weight\":0.5}");
        assertThat(doc.get("nodes").get(5).get("mesh").asInt()).isEqualTo(1);
        assertThat(doc.get("nodes").get(5).get("extensions").get("EXT_mesh_gpu_instancing").get("attributes")
                .get("TRANSLATION").asInt()).isEqualTo(4);
        JsonNode primitive = doc.get("meshes").get(1).get("primitives").get(0);
        assertThat(primitive.get("attributes").get("POSITION").asInt()).isEqualTo(4);
        assertThat(primitive.get("material").asInt()).isEqualTo(2);
        JsonNode mapping = primitive.get("extensions").get("KHR_materials_variants").get("mappings").get(0);
        assertThat(mapping.get("material").asInt()).isEqualTo(3);
        assertThat(mapping.get("variants").toString()).isEqualTo("[2,3]");
        JsonNode clearcoat = doc.get("materials").get(2).get("extensions").get("KHR_materials_clearcoat");
        assertThat(clearcoat.get("clearcoatTexture").get("index").asInt()).isEqualTo(2);
        assertThat(clearcoat.get("clearcoatTexture").get("extensions").get("KHR_texture_transform").toString())
                .isEqualTo("{\"texCoord\":0}");
        assertThat(doc.get("textures").get(2).toString()).isEqualTo("{\"sampler\":1,\"source\":4}");
        assertThat(doc.get("textures").get(3).toString()).isEqualTo("{\"source\":5,\"extensions\":"
                + "{\"KHR_texture_basisu\":{\"source\":6},\"EXT_texture_webp\":{\"source\":7}}}");
        JsonNode animation = doc.get("animations").get(1);
        assertThat(animation.get("channels").get(0).get("target").get("extensions").get("KHR_animation_pointer")
                .get("pointer").asText()).isEqualTo("/extensions/KHR_lights_punctual/lights/3/intensity");
        assertThat(animation.get("channels").get(1).get("target").get("extensions").get("KHR_animation_pointer")
                .get("pointer").asText()).isEqualTo("/materials/3/emissiveFactor");
        assertThat(animation.get("samplers").get(0).toString()).isEqualTo("{\"input\":3,\"output\":4}");
        assertThat(doc.get("bufferViews").get(3).get("buffer").asInt()).isEqualTo(1);
        assertThat(doc.get("buffers")).hasSize(2);
        assertThat(merge.buffers).hasSize(2);
        assertThat(doc.get("extensions").get("KHR_lights_punctual").get("lights")).hasSize(4);
        assertThat(doc.get("extensions").get("KHR_materials_variants").get("variants")).hasSize(4);
        // one scene: the second model's roots join the first's shown scene
        assertThat(doc.get("scenes").toString()).isEqualTo("[{\"nodes\":[0,3]}]");
        assertThat(doc.get("asset").get("copyright").asText()).isEqualTo("(c) extended"); // the same, once
        assertThat(merge.owner("animations", 1)).isEqualTo(1);
    }

    @Test
    void oneModelIsItsDocumentUnchanged() throws Exception {
        GltfModel model = read(EXTENDED, "a.gltf");
        DocumentMerge merge = DocumentMerge.of(List.of(model), new int[] {-1});
        assertThat(merge.json).isEqualTo(JacksonTree.copy(model.source().json));
        assertThat(merge.sceneToShow).isEqualTo(0);
    }

    @Test
    void outOfRangeIndicesAndUnknownPointersAreRefused() throws Exception {
        GltfModel first = read(EXTENDED, "a.gltf");
        // a light index the reader does not check: moved, it would name the first model's light
        GltfModel badLight = read(EXTENDED.replace("{\"light\": 1}", "{\"light\": 7}"), "b.gltf");
        assertThatThrownBy(() -> DocumentMerge.of(List.of(first, badLight), new int[] {-1, -1}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write b.gltf valid: a light index 7 is out of range,"
                        + " KHR_lights_punctual.length=2; correct the source file");
        GltfModel scenePointer = read(EXTENDED.replace("/materials/1/emissiveFactor", "/scenes/0/name"), "c.gltf");
        assertThatThrownBy(() -> DocumentMerge.of(List.of(first, scenePointer), new int[] {-1, -1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot merge c.gltf into one document: its KHR_animation_pointer pointer /scenes/0/name"
                        + " points where Arbor does not know how to renumber; write its copies to a file of their"
                        + " own");
        GltfModel otherRoot = read(EXTENDED.replace("\"extensions\": {\"KHR_lights_punctual\": {\"lights\"",
                "\"extensions\": {\"EXT_example_root\": {\"mood\": \"calm\"}, \"KHR_lights_punctual\": {\"lights\""),
                "d.gltf");
        DocumentMerge carried = DocumentMerge.of(List.of(first, otherRoot), new int[] {-1, -1});
        assertThat(carried.json.get("extensions").get("EXT_example_root").toString())
                .isEqualTo("{\"mood\":\"calm\"}");
        GltfModel calmer = read(EXTENDED.replace("\"extensions\": {\"KHR_lights_punctual\": {\"lights\"",
                "\"extensions\": {\"EXT_example_root\": {\"mood\": \"calmer\"}, \"KHR_lights_punctual\": {\"lights\""),
                "e.gltf");
        assertThatThrownBy(() -> DocumentMerge.of(List.of(otherRoot, calmer), new int[] {-1, -1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot merge e.gltf into one document: its document-level extension EXT_example_root"
                        + " differs from the first model's, and Arbor cannot combine the two; write its copies to a"
                        + " file of their own");
    }
}
