package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.hierarchy.Hierarchy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every sample model's rest-pose world matrices equal its independently computed {@code *.static-world.json}. */
class StaticWorldTest {
    static final double RELATIVE_TOLERANCE = 1e-5;

    static java.util.List<String> models() {
        return SampleModels.MODELS;
    }

    @ParameterizedTest
    @MethodSource("models")
    void restPoseWorldMatricesMatchTheOracle(String name) throws Exception {
        GltfModel model = Gltf.read(SampleModels.model(name));
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, -1, Hierarchy.NULL);
        h.update();
        h.checkInvariants();
        JsonNode oracle = new ObjectMapper().readTree(SampleModels.staticWorld(name).toFile()).get("nodes");
        assertThat(oracle.size()).isEqualTo(model.nodeCount());
        for (JsonNode entry : oracle) {
            int node = entry.get("node").intValue();
            JsonNode expectedName = entry.get("name");
            assertThat(model.nodeName(node)).isEqualTo(expectedName.isNull() ? null : expectedName.textValue());
            float[] actual = h.getWorld4x4(instance.handle(node), new float[16], 0);
            assertMatrixClose(name + " node " + node, actual, entry.get("world_matrix_colmajor"));
        }
    }

    static void assertMatrixClose(String what, float[] actual, JsonNode expected) {
        double scale = 1;
        for (JsonNode v : expected) {
            scale = Math.max(scale, Math.abs(v.doubleValue()));
        }
        for (int k = 0; k < 16; k++) {
            double e = expected.get(k).doubleValue();
            assertThat(Math.abs(actual[k] - e)).as("%s element %d: actual %s expected %s", what, k, actual[k], e)
                    .isLessThanOrEqualTo(RELATIVE_TOLERANCE * scale);
        }
    }

}
