package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader decodes an input accessor shared by several samplers once: every sampler still gets its own warning for
 * negative key times and its own channel, and a bad accessor is named at its first use; and POSITION bounds from
 * the data are Math.min and Math.max of the values, signed zeros included.
 */
class SharedKeyTimesAndBoundsTest {
    private static final String ASSET = "\"asset\": {\"version\": \"2.0\"}";

    /** Three nodes under a root, three samplers sharing input accessor 0, one channel each. */
    private static String sharedInput(float t0, float t1) {
        StringBuilder channels = new StringBuilder();
        StringBuilder samplers = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            channels.append(i == 0 ? "" : ",").append("{\"sampler\": ").append(i).append(", \"target\": {\"node\": ")
                    .append(i + 1).append(", \"path\": \"translation\"}}");
            samplers.append(i == 0 ? "" : ",").append("{\"input\": 0, \"output\": ").append(i + 1).append('}');
        }
        return "{" + ASSET + ", \"nodes\": [{\"children\": [1, 2, 3]}, {}, {}, {}], \"scenes\": [{\"nodes\": [0]}],"
                + "\"animations\": [{\"channels\": [" + channels + "], \"samplers\": [" + samplers + "]}],"
                + "\"buffers\": [{\"byteLength\": 32, \"uri\": \"" + ExportDocuments.floats(t0, t1, 0, 0, 0, 1, 2, 3)
                + "\"}], \"bufferViews\": [{\"buffer\": 0, \"byteLength\": 8}, {\"buffer\": 0, \"byteOffset\": 8,"
                + " \"byteLength\": 24}], \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 2,"
                + " \"type\": \"SCALAR\", \"min\": [" + t0 + "], \"max\": [" + t1 + "]}, {\"bufferView\": 1, \"componentType\": 5126, \"count\": 2,"
                + " \"type\": \"VEC3\"}, {\"bufferView\": 1, \"componentType\": 5126, \"count\": 2, \"type\": \"VEC3\"},"
                + " {\"bufferView\": 1, \"componentType\": 5126, \"count\": 2, \"type\": \"VEC3\"}]}";
    }

    private static GltfModel read(String json) throws GltfException {
        return WarningsAndExtensionsTest.read(json);
    }

    @Test
    void samplersSharingKeyTimesEachGetTheirChannelAndWarning() throws Exception {
        GltfModel clean = read(sharedInput(0, 1));
        assertThat(clean.warnings()).isEmpty();
        assertThat(clean.animation(0).channelCount()).isEqualTo(3);
        for (int c = 0; c < 3; c++) {
            assertThat(clean.animation(0).times(c)).containsExactly(0f, 1f);
        }
        GltfModel negative = read(sharedInput(-0.5f, 1));
        assertThat(negative.warnings()).containsExactly(
                "animations[0].samplers[0].input: key time[0]=-0.5 of accessor 0 is negative (glTF key times start"
                        + " at 0 or later)",
                "animations[0].samplers[1].input: key time[0]=-0.5 of accessor 0 is negative (glTF key times start"
                        + " at 0 or later)",
                "animations[0].samplers[2].input: key time[0]=-0.5 of accessor 0 is negative (glTF key times start"
                        + " at 0 or later)");
        assertThat(negative.negativeKeyTimes(0)).isTrue();
    }

    @Test
    void sharedKeyTimesThatDoNotIncreaseAreNamedAtTheirFirstUse() {
        assertThatThrownBy(() -> read(sharedInput(1, 1))).isInstanceOf(GltfException.class)
                .hasMessage("animations[0].samplers[0].input: key times of accessor 0 are not strictly increasing:"
                        + " time[0]=1.0, time[1]=1.0");
    }

    @Test
    void boundsFromTheDataAreMathMinAndMaxWithSignedZeros() throws Exception {
        Random random = new Random(11);
        float[] choices = {0f, -0f, 1.5f, -2.25f, 3f, -0f, 0f};
        for (int trial = 0; trial < 200; trial++) {
            int count = 1 + random.nextInt(5);
            float[] v = new float[3 * count];
            for (int i = 0; i < v.length; i++) {
                v[i] = choices[random.nextInt(choices.length)];
            }
            float[] expected = {v[0], v[1], v[2], v[0], v[1], v[2]};
            for (int i = 3; i < v.length; i++) {
                expected[i % 3] = Math.min(expected[i % 3], v[i]);
                expected[3 + i % 3] = Math.max(expected[3 + i % 3], v[i]);
            }
            String mesh = "{" + ASSET + ", \"nodes\": [{\"mesh\": 0}], \"scenes\": [{\"nodes\": [0]}],"
                    + "\"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0}}]}],"
                    + "\"buffers\": [{\"byteLength\": " + 4 * v.length + ", \"uri\": \"" + ExportDocuments.floats(v)
                    + "\"}], \"bufferViews\": [{\"buffer\": 0, \"byteLength\": " + 4 * v.length + "}],"
                    + " \"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": " + count
                    + ", \"type\": \"VEC3\"}]}";
            float[] bounds = new float[6];
            assertThat(read(mesh).contentBounds(0, bounds, 0)).isTrue();
            for (int i = 0; i < 6; i++) {
                assertThat(Float.floatToRawIntBits(bounds[i])).as("trial %d bound %d", trial, i)
                        .isEqualTo(Float.floatToRawIntBits(expected[i]));
            }
        }
    }
}
