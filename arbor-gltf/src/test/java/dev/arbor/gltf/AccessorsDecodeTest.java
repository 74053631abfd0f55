package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Accessors#decode} of FLOAT accessors (its copy without sinks: packed, strided and matrix data at any offset)
 * against values read one by one with {@link ByteBuffer#getFloat(int)}, seeded; a NaN or infinity in the data is an
 * error naming the accessor, element, component and use. Integer accessors of every component type, normalized or
 * not, packed or strided, decode (as floats, as stored ints and as bounded indices) to the values read with
 * {@link ByteBuffer}'s getters, and a value not below the bound is named.
 */
class AccessorsDecodeTest {
    private static final String[] TYPES = {"SCALAR", "VEC2", "VEC3", "VEC4", "MAT2", "MAT3", "MAT4"};

    /** The bytes of {@code data} from {@code start} as a buffer whose index 0 is {@code start}, little-endian. */
    private static java.nio.ByteBuffer buffer(byte[] data, int start) {
        return java.nio.ByteBuffer.wrap(data, start, data.length - start).slice()
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    /** One FLOAT accessor over one buffer view of one buffer, the buffer starting at {@code start} of its array. */
    private static Accessors single(byte[] data, int start, int viewOffset, int stride, int offset, String type,
                                    int count) {
        JsonValue json = JsonValue.array(new JsonValue[] {JsonValue.EMPTY_OBJECT});
        return new Accessors(json, new java.nio.ByteBuffer[] {buffer(data, start)}, new int[] {data.length - start},
                new int[] {0}, new int[] {viewOffset},
                new int[] {stride}, new int[] {0}, new int[] {offset}, new int[] {GltfReader.FLOAT},
                new String[] {type}, new int[] {count}, new boolean[] {false});
    }

    @Test
    void floatAccessorsDecodeToTheirBytesValuesPackedOrStrided() throws Exception {
        Random random = new Random(20261126);
        for (int trial = 0; trial < 500; trial++) {
            String type = TYPES[random.nextInt(TYPES.length)];
            int components = GltfReader.components(type);
            int element = 4 * components;
            int stride = random.nextBoolean() ? 0 : element + 4 * random.nextInt(4);
            int step = stride == 0 ? element : stride;
            int count = 1 + random.nextInt(40);
            int start = 4 * random.nextInt(3);
            int viewOffset = 4 * random.nextInt(3);
            int offset = 4 * random.nextInt(3);
            int base = start + viewOffset + offset;
            byte[] data = new byte[base + step * count + 8];
            ByteBuffer bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i + 4 <= data.length; i += 4) {
                bytes.putFloat(i, (float) random.nextGaussian() * 100);
            }
            float[] decoded = single(data, start, viewOffset, stride, offset, type, count)
                    .decode(0, Location.top("test"));
            assertThat(decoded).hasSize(count * components);
            for (int e = 0; e < count; e++) {
                for (int c = 0; c < components; c++) {
                    assertThat(decoded[e * components + c]).as("trial %d element %d component %d", trial, e, c)
                            .isEqualTo(bytes.getFloat(base + e * step + 4 * c));
                }
            }
        }
    }

    @Test
    void vec3BoundsInChunksEqualTheBoundsOfTheDecodedValues() throws Exception {
        Random random = new Random(4545);
        for (int trial = 0; trial < 60; trial++) {
            int stride = random.nextInt(3) == 0 ? 16 : random.nextBoolean() ? 12 : 0;
            int step = stride == 0 ? 12 : stride;
            int count = 1 + random.nextInt(trial < 30 ? 40 : 4000); // up to four chunks of 1,024 elements
            int start = 4 * random.nextInt(3);
            byte[] data = new byte[start + step * count];
            ByteBuffer bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i + 4 <= data.length; i += 4) {
                int pick = random.nextInt(10);
                bytes.putFloat(i, pick == 0 ? -0f : pick == 1 ? 0f : (float) random.nextGaussian() * 100);
            }
            Accessors accessors = single(data, start, 0, stride, 0, "VEC3", count);
            float[] decoded = accessors.decode(0, Location.top("test"));
            float[][] bounds = accessors.bounds3(0, Location.top("test"));
            for (int c = 0; c < 3; c++) {
                float lo = decoded[c];
                float hi = decoded[c];
                for (int i = c; i < decoded.length; i += 3) {
                    lo = Math.min(lo, decoded[i]);
                    hi = Math.max(hi, decoded[i]);
                }
                // bit for bit, so that -0 and 0 are told apart as Math.min and Math.max tell them
                assertThat(Float.floatToRawIntBits(bounds[0][c])).as("trial %d min %d", trial, c)
                        .isEqualTo(Float.floatToRawIntBits(lo));
                assertThat(Float.floatToRawIntBits(bounds[1][c])).as("trial %d max %d", trial, c)
                        .isEqualTo(Float.floatToRawIntBits(hi));
            }
        }
        // a value that is not finite, in the third chunk: the error decode gives
        byte[] data = new byte[12 * 3000];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).putFloat(12 * 2500 + 8, Float.NaN);
        Accessors accessors = single(data, 0, 0, 0, 0, "VEC3", 3000);
        Throwable fromBounds = catchThrowable(() -> accessors.bounds3(0, Location.top("test")));
        Throwable fromDecode = catchThrowable(() -> accessors.decode(0, Location.top("test")));
        assertThat(fromBounds).isInstanceOf(GltfException.class).hasMessage(fromDecode.getMessage())
                .hasMessageContaining("element 2500 component 2 is NaN");
    }

    @Test
    void aNonFiniteValueIsAnErrorNamingElementComponentAndUse() {
        float[] bad = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int stride : new int[] {0, 16}) {
            for (float value : bad) {
                byte[] data = new byte[16 * 5];
                ByteBuffer bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
                int step = stride == 0 ? 12 : stride;
                bytes.putFloat(3 * step + 8, value);
                Throwable thrown = catchThrowable(() -> single(data, 0, 0, stride, 0, "VEC3", 4)
                        .decode(0, Location.top("skins").index(2).key("inverseBindMatrices")));
                assertThat(thrown).isInstanceOf(GltfException.class);
                assertThat(thrown.getMessage()).isEqualTo("accessors[0]: element 3 component 2 is " + value
                        + " (used by skins[2].inverseBindMatrices)");
            }
        }
    }

    @Test
    void sparseFloatAccessorsStillSubstitute() throws Exception {
        // view 0: 3 VEC2 base values; view 1: one index (UNSIGNED_BYTE 1); view 2: its VEC2 value
        byte[] data = new byte[24 + 4 + 8];
        ByteBuffer bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 6; i++) {
            bytes.putFloat(4 * i, i + 1);
        }
        data[24] = 1;
        bytes.putFloat(28, -7f);
        bytes.putFloat(32, -8f);
        byte[] text = ("[{\"sparse\": {\"count\": 1, \"indices\": {\"bufferView\": 1, \"componentType\": 5121},"
                + " \"values\": {\"bufferView\": 2}}}]").getBytes(StandardCharsets.US_ASCII);
        JsonValue json = JsonTreeParser.parse(text, 0, text.length);
        Accessors accessors = new Accessors(json, new java.nio.ByteBuffer[] {buffer(data, 0)}, new int[] {data.length},
                new int[] {0, 0, 0},
                new int[] {0, 24, 28}, new int[] {0, 0, 0}, new int[] {0}, new int[] {0},
                new int[] {GltfReader.FLOAT}, new String[] {"VEC2"}, new int[] {3}, new boolean[] {false});
        assertThat(accessors.decode(0, Location.top("test"))).containsExactly(1, 2, -7, -8, 5, 6);
    }

    /** One integer accessor over one buffer view, as {@link #single} but of any component type and normalization. */
    private static Accessors integers(byte[] data, int start, int stride, int offset, int componentType,
                                      boolean normalized, String type, int count) {
        JsonValue json = JsonValue.array(new JsonValue[] {JsonValue.EMPTY_OBJECT});
        return new Accessors(json, new java.nio.ByteBuffer[] {buffer(data, start)}, new int[] {data.length - start},
                new int[] {0}, new int[] {0}, new int[] {stride}, new int[] {0}, new int[] {offset},
                new int[] {componentType}, new String[] {type}, new int[] {count}, new boolean[] {normalized});
    }

    /** The specification's value of one component, read with {@link ByteBuffer}'s getters. */
    private static long stored(ByteBuffer bytes, int at, int componentType) {
        return switch (componentType) {
            case GltfReader.BYTE -> bytes.get(at);
            case GltfReader.UNSIGNED_BYTE -> bytes.get(at) & 0xFF;
            case GltfReader.SHORT -> bytes.getShort(at);
            case GltfReader.UNSIGNED_SHORT -> bytes.getShort(at) & 0xFFFF;
            default -> bytes.getInt(at) & 0xFFFFFFFFL;
        };
    }

    @Test
    void integerAccessorsDecodeToTheirBytesValuesPackedOrStridedNormalizedOrNot() throws Exception {
        int[] componentTypes = {GltfReader.BYTE, GltfReader.UNSIGNED_BYTE, GltfReader.SHORT,
            GltfReader.UNSIGNED_SHORT, GltfReader.UNSIGNED_INT};
        String[] vectors = {"SCALAR", "VEC2", "VEC3", "VEC4"};
        Random random = new Random(20261202);
        for (int trial = 0; trial < 500; trial++) {
            int ct = componentTypes[random.nextInt(componentTypes.length)];
            boolean normalized = ct != GltfReader.UNSIGNED_INT && random.nextBoolean();
            String type = vectors[random.nextInt(vectors.length)];
            int components = GltfReader.components(type);
            int size = GltfReader.componentSize(ct);
            int element = components * size;
            int stride = random.nextBoolean() ? 0 : ((element + 3) & ~3) + 4 * random.nextInt(3);
            int step = stride == 0 ? element : stride;
            int count = 1 + random.nextInt(40);
            int start = 4 * random.nextInt(3);
            int offset = size * random.nextInt(3);
            byte[] data = new byte[start + offset + step * count + 8];
            random.nextBytes(data);
            ByteBuffer bytes = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            Accessors accessors = integers(data, start, stride, offset, ct, normalized, type, count);
            float[] floats = accessors.decode(0, Location.top("test"));
            int[] ints = accessors.rawInts(0);
            for (int e = 0; e < count; e++) {
                for (int c = 0; c < components; c++) {
                    int at = start + offset + e * step + c * size;
                    long v = stored(bytes, at, ct);
                    float want = !normalized ? (float) v : switch (ct) {
                        case GltfReader.BYTE -> Math.max(v / 127f, -1f);
                        case GltfReader.UNSIGNED_BYTE -> v / 255f;
                        case GltfReader.SHORT -> Math.max(v / 32767f, -1f);
                        default -> v / 65535f;
                    };
                    int i = e * components + c;
                    assertThat(floats[i]).as("trial %d element %d component %d", trial, e, c).isEqualTo(want);
                    assertThat(ints[i]).as("trial %d element %d component %d", trial, e, c).isEqualTo((int) v);
                }
            }
            if (!normalized && ct != GltfReader.BYTE && ct != GltfReader.SHORT) {
                // the largest value is not below itself: the first element holding it is named
                long max = 0;
                int first = -1;
                for (int i = 0; i < count * components; i++) {
                    long v = ct == GltfReader.UNSIGNED_INT ? ints[i] & 0xFFFFFFFFL : ints[i];
                    if (v > max) {
                        max = v;
                        first = i;
                    }
                }
                assertThat(accessors.decodeInts(0, Location.top("use"), max + 1, "bound")).isEqualTo(ints);
                if (first >= 0) {
                    long bound = max;
                    Throwable t = catchThrowable(() -> accessors.decodeInts(0, Location.top("use"), bound, "bound"));
                    assertThat(t).isInstanceOf(GltfException.class).hasMessage("accessors[0]: element "
                            + first / components + " component " + first % components + " is " + max
                            + ", not below bound=" + max + " (used by use)");
                }
            }
        }
    }
}
