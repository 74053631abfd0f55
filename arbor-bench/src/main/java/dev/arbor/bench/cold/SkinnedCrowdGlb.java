package dev.arbor.bench.cold;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a deterministic skinned glTF binary ({@code .glb}) of about 1,000 nodes, for timing the first read of a large
 * skinned model: {@code characters} characters side by side, each a root node with two children, a skinned mesh node
 * and a skeleton of {@code joints} joints whose shape is drawn from a seeded random sequence (each joint's parent an
 * earlier joint, offsets 0.1–0.35 units mostly upwards). Each character has a mesh of its own: a box of 8 vertices
 * around every joint (POSITION, NORMAL, JOINTS_0, WEIGHTS_0: three quarters its joint, one quarter the joint's
 * parent; 16-bit indices) and its inverse bind matrices. One animation, {@value #KEYS} linear keys over one second:
 * a rotation channel per joint (a swing about a random axis) and a translation channel per character root. Default
 * 50 characters of 18 joints: 50 × (1 + 1 + 18) = 1,000 nodes, 900 joints, 50 skins, about 1.1 MB. Same arguments,
 * same bytes.
 *
 * <p>Usage: {@code SkinnedCrowdGlb OUT.glb [CHARACTERS [JOINTS]]}.
 */
public final class SkinnedCrowdGlb {
    /** Default character count. */
    public static final int CHARACTERS = 50;
    /** Default joints per character. */
    public static final int JOINTS = 18;
    /** Animation keys per channel. */
    public static final int KEYS = 20;
    private static final long SEED = 0xC01D5EEDL;
    private static final int BOX_VERTICES = 8;
    private static final int BOX_INDICES = 36;
    private static final float HALF_SIZE = 0.05f;
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_BYTE = 5121;
    private static final int UNSIGNED_SHORT = 5123;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;
    /** Corners of the unit cube, one per vertex of a box. */
    private static final int[][] CORNERS = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1},
        {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}};
    /** Two counter-clockwise triangles per face of a box, as indices of {@link #CORNERS}. */
    private static final int[] TRIANGLES = {0, 3, 2, 0, 2, 1, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2,
        0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};

    private final ObjectMapper mapper = new ObjectMapper();
    private final ObjectNode root = mapper.createObjectNode();
    private final ArrayNode nodes = root.putArray("nodes");
    private final ArrayNode meshes = root.putArray("meshes");
    private final ArrayNode skins = root.putArray("skins");
    private final ArrayNode accessors = root.putArray("accessors");
    private final ArrayNode bufferViews = root.putArray("bufferViews");
    private final ByteArrayOutputStream binary = new ByteArrayOutputStream();

    private SkinnedCrowdGlb() {
    }

    /**
     * Writes the default model (or the given size) to a file.
     *
     * @param args {@code OUT.glb [CHARACTERS [JOINTS]]}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 3) {
            System.err.println("usage: SkinnedCrowdGlb OUT.glb [CHARACTERS [JOINTS]]");
            System.exit(ColdChild.USAGE);
        }
        int characters = args.length > 1 ? Integer.parseInt(args[1]) : CHARACTERS;
        int joints = args.length > 2 ? Integer.parseInt(args[2]) : JOINTS;
        write(Path.of(args[0]), characters, joints);
    }

    /**
     * Writes the model to {@code file}.
     *
     * @param file destination, replaced if present
     * @param characters characters, 1 or more
     * @param joints joints per character, 1 to 255
     * @return {@code file}
     * @throws IOException if the file cannot be written
     */
    public static Path write(Path file, int characters, int joints) throws IOException {
        Files.write(file, bytes(characters, joints));
        return file;
    }

    /**
     * @param characters characters, 1 or more
     * @param joints joints per character, 1 to 255
     * @return the whole {@code .glb}
     */
    public static byte[] bytes(int characters, int joints) {
        if (characters < 1 || joints < 1 || joints > 255) {
            throw new IllegalArgumentException("need 1 or more characters and 1 to 255 joints: characters="
                    + characters + " joints=" + joints);
        }
        return new SkinnedCrowdGlb().build(characters, joints);
    }

    private byte[] build(int characters, int joints) {
        root.putObject("asset").put("version", "2.0").put("generator", "Arbor SkinnedCrowdGlb");
        SplittableRandom random = new SplittableRandom(SEED);
        int times = accessor(floats(keyTimes()), KEYS, "SCALAR", FLOAT, 0, true);
        ArrayNode sceneNodes = mapper.createArrayNode();
        ArrayNode channels = mapper.createArrayNode();
        ArrayNode samplers = mapper.createArrayNode();
        int side = (int) Math.ceil(Math.sqrt(characters));
        for (int c = 0; c < characters; c++) {
            int first = nodes.size();
            sceneNodes.add(first);
            float x = 2f * (c % side);
            float z = 2f * (c / side);
            nodes.addObject().put("name", "character " + c).putArray("children").add(first + 1).add(first + 2);
            setFloats(nodes.get(first), "translation", x, 0, z);
            character(c, first, joints, random);
            animateRoot(first, x, z, times, channels, samplers);
            for (int j = 0; j < joints; j++) {
                animateJoint(first + 2 + j, random, times, channels, samplers);
            }
        }
        root.put("scene", 0);
        root.putArray("scenes").addObject().set("nodes", sceneNodes);
        ObjectNode animation = root.putArray("animations").addObject().put("name", "sway");
        animation.set("channels", channels);
        animation.set("samplers", samplers);
        root.putArray("buffers").addObject().put("byteLength", binary.size());
        return glb();
    }

    /** One character: its mesh node, its joints, its mesh and skin. */
    private void character(int c, int first, int joints, SplittableRandom random) {
        int[] parents = new int[joints];
        float[] offsets = new float[joints * 3];
        float[] positions = new float[joints * 3]; // rest position of each joint in the character's space
        for (int j = 0; j < joints; j++) {
            parents[j] = j == 0 ? -1 : Math.max(0, j - 1 - random.nextInt(Math.min(j, 4)));
            if (j > 0) {
                offsets[j * 3] = (float) random.nextDouble(-0.15, 0.15);
                offsets[j * 3 + 1] = (float) random.nextDouble(0.1, 0.35);
                offsets[j * 3 + 2] = (float) random.nextDouble(-0.15, 0.15);
            }
            for (int a = 0; a < 3; a++) {
                positions[j * 3 + a] = offsets[j * 3 + a] + (j == 0 ? 0 : positions[parents[j] * 3 + a]);
            }
        }
        int jointBase = first + 2;
        nodes.addObject().put("name", "mesh " + c).put("mesh", meshes.size()).put("skin", skins.size());
        for (int j = 0; j < joints; j++) {
            ObjectNode joint = nodes.addObject().put("name", "character " + c + " joint " + j);
            setFloats(joint, "translation", offsets[j * 3], offsets[j * 3 + 1], offsets[j * 3 + 2]);
            ArrayNode children = null;
            for (int k = j + 1; k < joints; k++) {
                if (parents[k] == j) {
                    children = children == null ? joint.putArray("children") : children;
                    children.add(jointBase + k);
                }
            }
        }
        mesh(parents, positions, joints);
        float[] inverseBinds = new float[joints * 16];
        ArrayNode jointList = mapper.createArrayNode();
        for (int j = 0; j < joints; j++) {
            jointList.add(jointBase + j);
            for (int d = 0; d < 4; d++) {
                inverseBinds[j * 16 + d * 5] = 1; // identity, then minus the rest position in the last column
            }
            for (int a = 0; a < 3; a++) {
                inverseBinds[j * 16 + 12 + a] = -positions[j * 3 + a];
            }
        }
        ObjectNode skin = skins.addObject().put("name", "skin " + c).put("skeleton", jointBase)
                .put("inverseBindMatrices", accessor(floats(inverseBinds), joints, "MAT4", FLOAT, 0, false));
        skin.set("joints", jointList);
    }

    /** A box around each joint, weighted to the joint and its parent. */
    private void mesh(int[] parents, float[] positions, int joints) {
        int vertices = joints * BOX_VERTICES;
        float[] position = new float[vertices * 3];
        float[] normal = new float[vertices * 3];
        byte[] jointIds = new byte[vertices * 4];
        float[] weights = new float[vertices * 4];
        short[] indices = new short[joints * BOX_INDICES];
        float inverseLength = (float) (1 / Math.sqrt(3));
        for (int j = 0; j < joints; j++) {
            for (int k = 0; k < BOX_VERTICES; k++) {
                int v = j * BOX_VERTICES + k;
                for (int a = 0; a < 3; a++) {
                    position[v * 3 + a] = positions[j * 3 + a] + CORNERS[k][a] * HALF_SIZE;
                    normal[v * 3 + a] = CORNERS[k][a] * inverseLength;
                }
                jointIds[v * 4] = (byte) j;
                jointIds[v * 4 + 1] = (byte) Math.max(0, parents[j]);
                weights[v * 4] = parents[j] < 0 ? 1f : 0.75f;
                weights[v * 4 + 1] = parents[j] < 0 ? 0f : 0.25f;
            }
            for (int i = 0; i < BOX_INDICES; i++) {
                indices[j * BOX_INDICES + i] = (short) (j * BOX_VERTICES + TRIANGLES[i]);
            }
        }
        ObjectNode attributes = mapper.createObjectNode()
                .put("POSITION", accessor(floats(position), vertices, "VEC3", FLOAT, ARRAY_BUFFER, true))
                .put("NORMAL", accessor(floats(normal), vertices, "VEC3", FLOAT, ARRAY_BUFFER, false))
                .put("JOINTS_0", accessor(jointIds, vertices, "VEC4", UNSIGNED_BYTE, ARRAY_BUFFER, false))
                .put("WEIGHTS_0", accessor(floats(weights), vertices, "VEC4", FLOAT, ARRAY_BUFFER, false));
        ByteBuffer indexBytes = ByteBuffer.allocate(indices.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        indexBytes.asShortBuffer().put(indices);
        ObjectNode primitive = meshes.addObject().putArray("primitives").addObject();
        primitive.set("attributes", attributes);
        primitive.put("indices", accessor(indexBytes.array(), indices.length, "SCALAR", UNSIGNED_SHORT,
                ELEMENT_ARRAY_BUFFER, false));
    }

    private void animateRoot(int node, float x, float z, int times, ArrayNode channels, ArrayNode samplers) {
        float[] path = new float[KEYS * 3];
        for (int k = 0; k < KEYS; k++) {
            path[k * 3] = x + 0.5f * k / (KEYS - 1);
            path[k * 3 + 2] = z;
        }
        channel(node, "translation", times, accessor(floats(path), KEYS, "VEC3", FLOAT, 0, false), channels,
                samplers);
    }

    private void animateJoint(int node, SplittableRandom random, int times, ArrayNode channels, ArrayNode samplers) {
        double ax = random.nextDouble(-1, 1);
        double ay = random.nextDouble(-1, 1);
        double az = random.nextDouble(-1, 1);
        double length = Math.max(1e-6, Math.sqrt(ax * ax + ay * ay + az * az));
        double phase = random.nextDouble(0, 2 * Math.PI);
        float[] rotations = new float[KEYS * 4];
        for (int k = 0; k < KEYS; k++) {
            double half = 0.2 * Math.sin(2 * Math.PI * k / (KEYS - 1) + phase);
            double s = Math.sin(half) / length;
            rotations[k * 4] = (float) (ax * s);
            rotations[k * 4 + 1] = (float) (ay * s);
            rotations[k * 4 + 2] = (float) (az * s);
            rotations[k * 4 + 3] = (float) Math.cos(half);
        }
        channel(node, "rotation", times, accessor(floats(rotations), KEYS, "VEC4", FLOAT, 0, false), channels,
                samplers);
    }

    private void channel(int node, String path, int input, int output, ArrayNode channels, ArrayNode samplers) {
        ObjectNode channel = channels.addObject().put("sampler", samplers.size());
        channel.putObject("target").put("node", node).put("path", path);
        samplers.addObject().put("input", input).put("output", output).put("interpolation", "LINEAR");
    }

    private static float[] keyTimes() {
        float[] t = new float[KEYS];
        for (int k = 0; k < KEYS; k++) {
            t[k] = (float) k / (KEYS - 1);
        }
        return t;
    }

    /** Appends {@code data} as a buffer view of its own (4-byte aligned) and an accessor of it; @return its index */
    private int accessor(byte[] data, int count, String type, int componentType, int target, boolean minMax) {
        int offset = binary.size();
        binary.writeBytes(data);
        while (binary.size() % 4 != 0) {
            binary.write(0);
        }
        ObjectNode view = bufferViews.addObject().put("buffer", 0).put("byteOffset", offset)
                .put("byteLength", data.length);
        if (target != 0) {
            view.put("target", target);
        }
        ObjectNode accessor = accessors.addObject().put("bufferView", bufferViews.size() - 1)
                .put("componentType", componentType).put("count", count).put("type", type);
        if (minMax) {
            int width = data.length / 4 / count;
            ByteBuffer values = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
            ArrayNode min = accessor.putArray("min");
            ArrayNode max = accessor.putArray("max");
            for (int a = 0; a < width; a++) {
                float lo = Float.POSITIVE_INFINITY;
                float hi = Float.NEGATIVE_INFINITY;
                for (int i = 0; i < count; i++) {
                    float v = values.getFloat((i * width + a) * 4);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                min.add(lo);
                max.add(hi);
            }
        }
        return accessors.size() - 1;
    }

    private static byte[] floats(float[] values) {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return bytes.array();
    }

    private static void setFloats(JsonNode node, String name, float... values) {
        ArrayNode array = ((ObjectNode) node).putArray(name);
        for (float v : values) {
            array.add(v);
        }
    }

    /** The GLB container: 12-byte header, the JSON chunk padded with spaces, the binary chunk padded with zeros. */
    private byte[] glb() {
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serialise the glTF JSON", e);
        }
        int jsonLength = (json.length + 3) & ~3;
        int binLength = (binary.size() + 3) & ~3;
        int total = 12 + 8 + jsonLength + 8 + binLength;
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0x46546C67).putInt(2).putInt(total);
        out.putInt(jsonLength).putInt(0x4E4F534A).put(json);
        for (int i = json.length; i < jsonLength; i++) {
            out.put((byte) ' ');
        }
        out.putInt(binLength).putInt(0x004E4942).put(binary.toByteArray());
        return out.array(); // the zero padding of the binary chunk is already there
    }
}
