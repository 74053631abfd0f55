package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What an export repairs in an invalid source, and what it carries as it came. */
class ExportRepairsTest {
    /** Node 0's rotation is not of unit length; two pointer channels animate one material colour. */
    private static final String DOCUMENT = "{\"asset\": {\"version\": \"2.0\"},"
            + "\"extensionsUsed\": [\"KHR_animation_pointer\"],"
            + "\"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
            + "\"nodes\": [{\"name\": \"tilted\", \"rotation\": [0, 0, 0.6, 1.6], \"translation\": [1, 2, 3]}],"
            + "\"materials\": [{\"pbrMetallicRoughness\": {\"baseColorFactor\": [1, 1, 1, 1]}}],"
            + "\"animations\": [{\"channels\": ["
            + "{\"sampler\": 0, \"target\": {\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\":"
            + " {\"pointer\": \"/materials/0/pbrMetallicRoughness/baseColorFactor\"}}}},"
            + "{\"sampler\": 0, \"target\": {\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\":"
            + " {\"pointer\": \"/materials/0/pbrMetallicRoughness/baseColorFactor\"}}}}],"
            + "\"samplers\": [{\"input\": 0, \"output\": 2}]}],"
            + ExportDocuments.ANIMATION_DATA + "}";

    @Test
    void aRotationNotOfUnitLengthIsWrittenNormalisedAndPointerChannelsAsTheyCame() throws Exception {
        GltfModel model = Gltf.read(DOCUMENT.getBytes(StandardCharsets.UTF_8), "repairs.gltf", null);
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        JsonNode out = new ObjectMapper().readTree(GltfWriter.encode(instance, false));
        JsonNode rotation = out.get("nodes").get(0).get("rotation");
        double length = Math.sqrt(0.6 * 0.6 + 1.6 * 1.6);
        assertThat(rotation.get(2).doubleValue()).isCloseTo(0.6 / length, org.assertj.core.data.Offset.offset(1e-7));
        assertThat(rotation.get(3).doubleValue()).isCloseTo(1.6 / length, org.assertj.core.data.Offset.offset(1e-7));
        assertThat(out.get("nodes").get(0).get("translation").toString()).isEqualTo("[1,2,3]"); // the file's text
        assertThat(out.get("animations").get(0).get("channels").size()).isEqualTo(2);
    }

    @Test
    void aCameraOrMaterialIndexOutOfRangeIsRefusedNamingIt() throws Exception {
        String camera = "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                + " \"nodes\": [{\"name\": \"n\", \"camera\": 5}]}";
        GltfModel model = Gltf.read(camera.getBytes(StandardCharsets.UTF_8), "camera.gltf", null);
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GltfWriter.encode(instance, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot write camera.gltf valid: nodes[0].camera: index 5 out of range, cameras.length=0;"
                        + " correct the source file");
    
        String material = "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                + " \"nodes\": [{\"mesh\": 0}], \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 1},"
                + " \"mode\": 0, \"material\": 9}]}], " + ExportDocuments.ANIMATION_DATA + "}";
        GltfModel withMaterial = Gltf.read(material.getBytes(StandardCharsets.UTF_8), "material.gltf", null);
        GltfInstance other = withMaterial.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GltfWriter.encode(other, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("material: index 9 out of range, materials.length=0");
    }

    @Test
    void keyTimeBoundsThatAreMissingOrWrongAreWrittenFromTheKeyTimesWithAWarning() throws Exception {
        for (String bounds : new String[] {"", ", \"min\": [0.5], \"max\": [1]"}) {
            String data = ExportDocuments.ANIMATION_DATA.replace(", \"min\": [0], \"max\": [1]", bounds);
            String doc = "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                    + " \"nodes\": [{\"name\": \"moved\"}], \"animations\": [{\"channels\": [{\"sampler\": 0,"
                    + " \"target\": {\"node\": 0, \"path\": \"translation\"}}], \"samplers\": [{\"input\": 0,"
                    + " \"output\": 1}]}], " + data + "}";
            GltfModel model = Gltf.read(doc.getBytes(StandardCharsets.UTF_8), "times.gltf", null);
            assertThat(model.warnings()).anyMatch(w -> w.contains("key-time accessor 0"));
            GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
            JsonNode accessor = new ObjectMapper().readTree(GltfWriter.encode(instance, false)).get("accessors")
                    .get(0);
            assertThat(accessor.get("min").toString()).isEqualTo("[0.0]");
            assertThat(accessor.get("max").toString()).isEqualTo("[1.0]");
        }
    }

    @Test
    void aSkinOnANodeWithoutAMeshIsReadWithAWarningAndLeftOutOfTheExport() throws Exception {
        String doc = "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                + " \"nodes\": [{\"name\": \"holder\", \"skin\": 0, \"children\": [1]}, {\"name\": \"joint\"}],"
                + " \"skins\": [{\"joints\": [1]}]}";
        GltfModel model = Gltf.read(doc.getBytes(StandardCharsets.UTF_8), "skin.gltf", null);
        assertThat(model.warnings()).containsExactly("nodes[0]: has skin 0 but no mesh (glTF requires one); the skin"
                + " has nothing to deform here, and an export leaves this node's skin out");
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        JsonNode out = new ObjectMapper().readTree(GltfWriter.encode(instance, false));
        assertThat(out.get("nodes").get(0).has("skin")).isFalse();
        assertThat(out.get("skins").get(0).get("joints").toString()).isEqualTo("[1]");
    }

    @Test
    void rotationKeysNotOfUnitLengthAreReadWithAWarningAndExportedNormalised() throws Exception {
        // key times 0 and 1; rotations (0, 0, 0, 2) and a unit one, which keeps its bytes
        String data = "\"buffers\": [{\"byteLength\": 40, \"uri\": \""
                + ExportDocuments.floats(0, 1, 0, 0, 0, 2, 0, 0.7071068f, 0, 0.7071068f) + "\"}],"
                + "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 8}, {\"buffer\": 0, \"byteOffset\": 8,"
                + " \"byteLength\": 32}], \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 2,"
                + " \"type\": \"SCALAR\", \"min\": [0], \"max\": [1]}, {\"bufferView\": 1, \"componentType\": 5126,"
                + " \"count\": 2, \"type\": \"VEC4\", \"min\": [0, 0, 0, 0.7071068], \"max\": [0, 0.7071068, 0, 2]}]";
        String doc = "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                + " \"nodes\": [{\"name\": \"turned\"}], \"animations\": [{\"channels\": [{\"sampler\": 0,"
                + " \"target\": {\"node\": 0, \"path\": \"rotation\"}}], \"samplers\": [{\"input\": 0,"
                + " \"output\": 1}]}], " + data + "}";
        GltfModel model = Gltf.read(doc.getBytes(StandardCharsets.UTF_8), "keys.gltf", null);
        assertThat(model.warnings()).containsExactly("animations[0].samplers[0].output: rotation key 0 of accessor 1"
                + " has length 2.0, not 1; it is played normalised, and an export writes the keys normalised");
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        byte[] glb = GltfWriter.encode(instance, true);
        GltfModel back = Gltf.read(glb, "keys.glb", null);
        assertThat(back.warnings()).isEmpty();
        GltfInstance again = back.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        again.applyAnimation(0, 0, dev.arbor.animation.WrapMode.CLAMP, back.restPose());
        org.joml.Quaternionf q = again.hierarchy().getLocalRotation(again.handle(0), new org.joml.Quaternionf());
        assertThat(q).isEqualTo(new org.joml.Quaternionf(0, 0, 0, 1));
        JsonNode accessor = new ObjectMapper().readTree(GltfWriter.encode(instance, false)).get("accessors").get(1);
        assertThat(accessor.get("max").toString()).isEqualTo("[0.0,0.7071068,0.0,1.0]");
    }
}
