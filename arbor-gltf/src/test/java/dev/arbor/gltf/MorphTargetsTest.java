package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.WrapMode;
import dev.arbor.hierarchy.Hierarchy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Morph targets in glTF: default weights (node, mesh, zeros), {@code weights} channels read for every
 * interpolation, the errors of bad files, and the round trip through {@link GltfWriter}.
 */
class MorphTargetsTest {
    /**
     * A document of hand-written accessors, each in its own buffer view of one buffer: {@code SCALAR} or {@code VEC3}
     * floats.
     */
    private static final class Doc {
        private final List<float[]> data = new ArrayList<>();
        private final List<String> types = new ArrayList<>();

        int accessor(String type, float... values) {
            data.add(values);
            types.add(type);
            return data.size() - 1;
        }

        String json(String nodes, String meshes, String animations) {
            StringBuilder views = new StringBuilder();
            StringBuilder accessors = new StringBuilder();
            int floats = 0;
            for (float[] d : data) {
                floats += d.length;
            }
            ByteBuffer bytes = ByteBuffer.allocate(4 * floats).order(ByteOrder.LITTLE_ENDIAN);
            for (int a = 0; a < data.size(); a++) {
                float[] d = data.get(a);
                int components = types.get(a).equals("VEC3") ? 3 : 1;
                views.append(a == 0 ? "" : ",").append("{\"buffer\": 0, \"byteOffset\": ").append(bytes.position())
                        .append(", \"byteLength\": ").append(4 * d.length).append('}');
                accessors.append(a == 0 ? "" : ",").append("{\"bufferView\": ").append(a)
                        .append(", \"componentType\": 5126, \"count\": ").append(d.length / components)
                        .append(", \"type\": \"").append(types.get(a)).append('"');
                if (components == 3) { // POSITION needs min and max
                    float[] min = {d[0], d[1], d[2]};
                    float[] max = {d[0], d[1], d[2]};
                    for (int i = 3; i < d.length; i++) {
                        min[i % 3] = Math.min(min[i % 3], d[i]);
                        max[i % 3] = Math.max(max[i % 3], d[i]);
                    }
                    accessors.append(", \"min\": ").append(java.util.Arrays.toString(min)).append(", \"max\": ")
                            .append(java.util.Arrays.toString(max));
                }
                accessors.append('}');
                for (float f : d) {
                    bytes.putFloat(f);
                }
            }
            return "{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0, \"scenes\": [{\"nodes\": [0]}],"
                    + " \"nodes\": " + nodes + ", \"meshes\": " + meshes
                    + (animations == null ? "" : ", \"animations\": " + animations)
                    + ", \"buffers\": [{\"byteLength\": " + 4 * floats
                    + ", \"uri\": \"data:application/octet-stream;base64,"
                    + Base64.getEncoder().encodeToString(bytes.array()) + "\"}], \"bufferViews\": [" + views
                    + "], \"accessors\": [" + accessors + "]}";
        }
    }

    /** Accessor 0: a triangle's positions, used as the mesh and as every morph target's displacements. */
    private static Doc triangle() {
        Doc doc = new Doc();
        doc.accessor("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0);
        return doc;
    }

    private static String mesh(int targets, String weights) {
        StringBuilder t = new StringBuilder();
        for (int k = 0; k < targets; k++) {
            t.append(k == 0 ? "" : ",").append("{\"POSITION\": 0}");
        }
        return "{\"primitives\": [{\"attributes\": {\"POSITION\": 0}, \"targets\": [" + t + "]}]"
                + (weights == null ? "" : ", \"weights\": " + weights) + "}";
    }

    private static GltfModel read(String json) throws GltfException {
        return Gltf.read(json.getBytes(StandardCharsets.UTF_8), "morph.gltf", null);
    }

    private static String readError(String json) {
        Throwable thrown = catchThrowable(() -> read(json));
        assertThat(thrown).isInstanceOf(GltfException.class);
        return thrown.getMessage();
    }

    private static float[] all(MorphWeights w) {
        return w.copyTo(new float[w.size()], 0);
    }

    /**
     * Node 0 (a root, mesh 0: 2 targets, mesh weights 0.1 0.2) with children 1 (mesh 1: 3 targets, node weights
     * 0.7 0.8 0.9), 2 (mesh 1, no weights anywhere: zeros) and 3 (no mesh). Animation 0: node 0 LINEAR over keys 0, 2
     * (weights (0, 1) then (1, 0)), node 1 STEP over keys 0, 1, node 2 CUBICSPLINE over keys 0, 2.
     */
    private static String threeInterpolations() {
        Doc doc = triangle();
        int linearTimes = doc.accessor("SCALAR", 0, 2);
        int linear = doc.accessor("SCALAR", 0, 1, 1, 0);
        int stepTimes = doc.accessor("SCALAR", 0, 1);
        int step = doc.accessor("SCALAR", 1, 2, 3, 4, 5, 6);
        // per key: 3 in-tangents, 3 weights, 3 out-tangents
        int cubic = doc.accessor("SCALAR", 0, 0, 0, 0, 1, 1, 0, 0, 0, /**/ 0, 0, 0, 1, 1, 0, 0, 0, 0);
        String nodes = "[{\"mesh\": 0, \"children\": [1, 2, 3]}, {\"mesh\": 1, \"weights\": [0.7, 0.8, 0.9]},"
                + " {\"mesh\": 1}, {\"translation\": [1, 0, 0]}]";
        String meshes = "[" + mesh(2, "[0.1, 0.2]") + ", " + mesh(3, null) + "]";
        String animations = "[{\"samplers\": [{\"input\": " + linearTimes + ", \"output\": " + linear + "},"
                + " {\"input\": " + stepTimes + ", \"output\": " + step + ", \"interpolation\": \"STEP\"},"
                + " {\"input\": " + linearTimes + ", \"output\": " + cubic + ", \"interpolation\": \"CUBICSPLINE\"}],"
                + " \"channels\": [{\"sampler\": 0, \"target\": {\"node\": 0, \"path\": \"weights\"}},"
                + " {\"sampler\": 1, \"target\": {\"node\": 1, \"path\": \"weights\"}},"
                + " {\"sampler\": 2, \"target\": {\"node\": 2, \"path\": \"weights\"}}]}]";
        return doc.json(nodes, meshes, animations);
    }

    @Test
    void defaultWeightsComeFromTheNodeElseTheMeshElseZeros() throws Exception {
        GltfModel model = read(threeInterpolations());
        assertThat(model.morphNodes()).containsExactly(0, 1, 2);
        assertThat(model.morphIndex(2)).isEqualTo(2);
        assertThat(model.morphIndex(3)).isEqualTo(-1);
        assertThat(model.animatedNodes()).as("weights channels make no pose targets").isEmpty();
        MorphWeights rest = model.restWeights();
        assertThat(new int[] {rest.count(0), rest.count(1), rest.count(2)}).containsExactly(2, 3, 3);
        assertThat(all(rest)).containsExactly(0.1f, 0.2f, 0.7f, 0.8f, 0.9f, 0, 0, 0);
    }

    @Test
    void weightsChannelsOfEveryInterpolationAreSampledIntoTheirNodesEntries() throws Exception {
        GltfModel model = read(threeInterpolations());
        AnimationClip clip = model.animation(0);
        assertThat(clip.weightsChannelCount()).isEqualTo(3);
        assertThat(clip.endTime()).isEqualTo(2);
        assertThat(clip.weightsInterpolation(2)).isEqualTo(Interpolation.CUBICSPLINE);
        assertThat(clip.weightsValues(1)).containsExactly(1, 2, 3, 4, 5, 6);
        MorphWeights w = model.restWeights();
        clip.sampleWeights(0.5f, WrapMode.CLAMP, w);
        // LINEAR at s = 0.25: (0.25, 0.75); STEP holds key 0; CUBICSPLINE (td = 2, zero tangents) at s = 0.25:
        // h00 = 0.84375, h01 = 0.15625 between (0, 1, 1) and (1, 1, 0)
        assertThat(all(w)).containsExactly(new float[] {0.25f, 0.75f, 1, 2, 3, 0.15625f, 1, 0.84375f},
                offset(1e-7f));
        clip.sampleWeights(1.5f, WrapMode.CLAMP, w);
        assertThat(all(w)).containsExactly(new float[] {0.75f, 0.25f, 4, 5, 6, 0.84375f, 1, 0.15625f},
                offset(1e-7f));
        clip.sampleWeights(2.5f, WrapMode.LOOP, w); // 0.5 into the loop
        assertThat(w.weight(0, 0)).isEqualTo(0.25f);
    }

    @Test
    void simpleMorphAnimatesItsTwoWeights() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("SimpleMorph"));
        assertThat(model.morphNodes()).containsExactly(0);
        assertThat(all(model.restWeights())).containsExactly(0.5f, 0.5f);
        MorphWeights w = model.restWeights();
        // keys at 0..4: (0, 0), (0, 1), (1, 1), (1, 0), (0, 0)
        model.animation(0).sampleWeights(1.5f, WrapMode.CLAMP, w);
        assertThat(all(w)).containsExactly(0.5f, 1);
        model.animation(0).sampleWeights(3.25f, WrapMode.CLAMP, w);
        assertThat(all(w)).containsExactly(0.75f, 0);
    }

    @Test
    void badMorphDataGivesAnErrorNamingTheValueAndTheBound() {
        String nodes = "[{\"mesh\": 0}, {\"translation\": [1, 0, 0]}]";
        Doc doc = triangle();
        int times = doc.accessor("SCALAR", 0, 1);
        int five = doc.accessor("SCALAR", 0, 1, 2, 3, 4);
        int six = doc.accessor("SCALAR", 0, 1, 2, 3, 4, 5);
        String channel = "[{\"samplers\": [{\"input\": " + times + ", \"output\": %d, \"interpolation\": \"%s\"}],"
                + " \"channels\": [{\"sampler\": 0, \"target\": {\"node\": %d, \"path\": \"weights\"}}]}]";
        assertThat(readError(doc.json(nodes, "[" + mesh(2, null) + "]", String.format(channel, five, "LINEAR", 0))))
                .isEqualTo("animations[0].samplers[0].output: accessor " + five + " has 5 values, not a multiple of"
                        + " the 2 morph targets of node 0");
        assertThat(readError(doc.json(nodes, "[" + mesh(2, null) + "]", String.format(channel, six, "LINEAR", 0))))
                .isEqualTo("animations[0].samplers[0].output: accessor " + six + " has 6 values, expected 4 for 2"
                        + " LINEAR keys × 2 morph targets");
        assertThat(readError(doc.json(nodes, "[" + mesh(3, null) + "]", String.format(channel, six,
                "CUBICSPLINE", 0)))).isEqualTo("animations[0].samplers[0].output: accessor " + six + " has 6 values,"
                        + " expected 18 for 2 CUBICSPLINE keys × 3 morph targets");
        assertThat(readError(doc.json(nodes, "[" + mesh(2, null) + "]", String.format(channel, six, "LINEAR", 1))))
                .isEqualTo("animations[0].channels[0].target.node: node 1 has no morph targets: a weights channel"
                        + " needs a node whose mesh has them (the node has no mesh)");
        assertThat(readError(doc.json(nodes, "[" + mesh(0, null) + "]", String.format(channel, six, "LINEAR", 0))))
                .isEqualTo("animations[0].channels[0].target.node: node 0 has no morph targets: a weights channel"
                        + " needs a node whose mesh has them (mesh 0 has none)");
        assertThat(readError(doc.json(nodes, "[" + mesh(2, "[0.5]") + "]", null)))
                .isEqualTo("meshes[0].weights: 1 weights for the 2 morph targets of mesh 0");
        assertThat(readError(doc.json("[{\"mesh\": 0, \"weights\": [1, 2, 3]}]", "[" + mesh(2, null) + "]", null)))
                .isEqualTo("nodes[0].weights: 3 weights for the 2 morph targets of mesh 0");
        assertThat(readError(doc.json("[{\"weights\": [1]}]", "[" + mesh(2, null) + "]", null)))
                .isEqualTo("nodes[0].weights: node 0 has weights but no mesh with morph targets");
        assertThat(readError(doc.json(nodes, "[" + mesh(2, "[0.5, \"x\"]") + "]", null)))
                .isEqualTo("meshes[0].weights[1]: expected a number, found \"x\"");
    }

    @Test
    void primitivesWithDifferentTargetCountsLoadWithAWarningAndTheLargestCount() throws Exception {
        String twoPrimitives = "[{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}, {\"attributes\":"
                + " {\"POSITION\": 0}, \"targets\": [{\"POSITION\": 0}, {\"POSITION\": 0}]}]}]";
        GltfModel model = read(triangle().json("[{\"mesh\": 0}]", twoPrimitives, null));
        assertThat(model.warnings()).containsExactly("meshes[0].primitives[1].targets: 2 morph targets, but"
                + " primitives[0] has 0 (glTF requires the same number in every primitive); the mesh's nodes get 2"
                + " weights");
        assertThat(all(model.restWeights())).containsExactly(0, 0);
    }

    @Test
    void exportWritesTheWeightsChannelsBackAndTheInstancesWeightsAsTheNodesDefaults() throws Exception {
        GltfModel model = read(threeInterpolations());
        Hierarchy h = new Hierarchy();
        GltfInstance instance = model.instantiate(h, 0, Hierarchy.NULL);
        // unchanged: the same channels and defaults come back, and the JSON keeps its weights as they were
        GltfModel again = Gltf.read(GltfWriter.encode(instance, false), "again.gltf", null);
        assertSameWeights(model, again);
        assertThat(all(again.restWeights())).containsExactly(all(model.restWeights()));
        // the instance posed at t = 0.5: the written nodes hold those weights as defaults; the channels stay
        MorphWeights posed = model.restWeights();
        model.animation(0).sampleWeights(0.5f, WrapMode.CLAMP, posed);
        instance.applyWeights(posed);
        byte[] glb = GltfWriter.encode(instance, true);
        GltfModel written = Gltf.read(glb, "posed.glb", null);
        assertSameWeights(model, written);
        assertThat(all(written.restWeights())).containsExactly(all(posed));
        assertThat(all(instance.weights(model.restWeights()))).containsExactly(all(posed));
        JsonNode json = new ObjectMapper().readTree(GltfWriter.encode(instance, false));
        assertThat(json.get("nodes").get(0).get("weights").toString()).isEqualTo("[0.25,0.75]");
        assertThat(json.get("nodes").get(3).has("weights")).isFalse();
        // a destroyed morphed node takes its channel along; the others are renumbered
        h.destroy(instance.handle(1));
        GltfModel fewer = Gltf.read(GltfWriter.encode(instance, false), "fewer.gltf", null);
        assertThat(fewer.morphNodes()).containsExactly(0, 1);
        assertThat(fewer.animation(0).weightsChannelCount()).isEqualTo(2);
        assertThat(fewer.animation(0).weightsInterpolation(1)).isEqualTo(Interpolation.CUBICSPLINE);
        assertThat(all(fewer.restWeights())).containsExactly(0.25f, 0.75f, 0.15625f, 1, 0.84375f);
    }

    @Test
    void simpleMorphRoundTripsItsChannelAndDefaults() throws Exception {
        GltfModel model = Gltf.read(SampleModels.model("SimpleMorph"));
        GltfInstance instance = model.instantiate(new Hierarchy(), 0, Hierarchy.NULL);
        GltfModel again = Gltf.read(GltfWriter.encode(instance, true), "again.glb", null);
        assertSameWeights(model, again);
        assertThat(all(again.restWeights())).containsExactly(0.5f, 0.5f);
    }

    private static void assertSameWeights(GltfModel expected, GltfModel actual) {
        assertThat(actual.animationCount()).isEqualTo(expected.animationCount());
        for (int a = 0; a < expected.animationCount(); a++) {
            AnimationClip e = expected.animation(a);
            AnimationClip c = actual.animation(a);
            assertThat(c.weightsChannelCount()).isEqualTo(e.weightsChannelCount());
            for (int k = 0; k < e.weightsChannelCount(); k++) {
                assertThat(c.weightsMorph(k)).isEqualTo(e.weightsMorph(k));
                assertThat(c.weightsInterpolation(k)).isEqualTo(e.weightsInterpolation(k));
                assertThat(c.weightsTimes(k)).containsExactly(e.weightsTimes(k));
                assertThat(c.weightsValues(k)).containsExactly(e.weightsValues(k));
            }
        }
    }
}
