package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/**
 * A small valid glTF document that uses every part the spec-invalid variants of {@link AcceptedInvalidExportTest}
 * break: a skinned mesh with a morph target, a textured material, a camera, an animation of translation, rotation and
 * weights. Each variant is this document with one change made through {@link #json} (a Jackson tree) and, for data,
 * {@link #setFloats}.
 *
 * <pre>
 * scene 0: node 0 "root" (translation 1 2 3) ── node 2 "joint"
 *          node 1 "skinned" (mesh 0, skin 0: joints [2])
 *          node 3 "camera" (camera 0)
 * animation 0: node 2 translation, node 2 rotation, node 1 weights; key times 0 and 1
 * </pre>
 */
final class AcceptedInvalidDocument {
    /** Accessor indices. */
    static final int POSITION = 0;
    static final int INDICES = 1;
    static final int JOINTS = 2;
    static final int WEIGHTS = 3;
    static final int TARGET_POSITION = 4;
    static final int INVERSE_BIND = 5;
    static final int KEY_TIMES = 6;
    static final int TRANSLATIONS = 7;
    static final int ROTATIONS = 8;
    static final int MORPH_WEIGHTS = 9;
    static final int TEXCOORDS = 10;

    /** A 1×1 PNG. */
    private static final String PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
            + "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    final ObjectNode json;

    AcceptedInvalidDocument() {
        // the accessors' data, each in its own buffer view, each view at a multiple of 4
        ByteBuffer data = ByteBuffer.allocate(512).order(ByteOrder.LITTLE_ENDIAN);
        ArrayNode views = MAPPER.createArrayNode();
        ArrayNode accessors = MAPPER.createArrayNode();
        accessor(data, views, accessors, 5126, "VEC3", 34962, new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, true);
        view(data, views, 34963);
        data.putShort((short) 0).putShort((short) 1).putShort((short) 2).putShort((short) 0);
        accessors.add(accessorJson(views.size() - 1, 5123, 3, "SCALAR"));
        finish(data, views);
        view(data, views, 34962);
        data.put(new byte[12]);
        accessors.add(accessorJson(views.size() - 1, 5121, 3, "VEC4"));
        finish(data, views);
        accessor(data, views, accessors, 5126, "VEC4", 34962, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, false);
        accessor(data, views, accessors, 5126, "VEC3", 34962, new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1}, true);
        accessor(data, views, accessors, 5126, "MAT4", -1, new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0,
            1}, false);
        accessor(data, views, accessors, 5126, "SCALAR", -1, new float[] {0, 1}, true);
        accessor(data, views, accessors, 5126, "VEC3", -1, new float[] {0, 0, 0, 1, 2, 3}, false);
        accessor(data, views, accessors, 5126, "VEC4", -1, new float[] {0, 0, 0, 1, 0, 0.7071068f, 0, 0.7071068f},
                false);
        accessor(data, views, accessors, 5126, "SCALAR", -1, new float[] {0, 1}, false);
        accessor(data, views, accessors, 5126, "VEC2", 34962, new float[] {0, 0, 1, 0, 0, 1}, false);
        byte[] bytes = new byte[data.position()];
        data.flip().get(bytes);
        try {
            json = (ObjectNode) MAPPER.readTree("{\"asset\": {\"version\": \"2.0\"}, \"scene\": 0,"
                    + " \"scenes\": [{\"nodes\": [0, 1, 3]}],"
                    + " \"nodes\": [{\"name\": \"root\", \"translation\": [1, 2, 3], \"children\": [2]},"
                    + " {\"name\": \"skinned\", \"mesh\": 0, \"skin\": 0}, {\"name\": \"joint\"},"
                    + " {\"name\": \"camera\", \"camera\": 0}],"
                    + " \"skins\": [{\"joints\": [2], \"inverseBindMatrices\": 5}],"
                    + " \"meshes\": [{\"primitives\": [{\"attributes\": {\"POSITION\": 0, \"JOINTS_0\": 2,"
                    + " \"WEIGHTS_0\": 3, \"TEXCOORD_0\": 10}, \"indices\": 1, \"material\": 0,"
                    + " \"targets\": [{\"POSITION\": 4}]}], \"weights\": [0.5]}],"
                    + " \"materials\": [{\"pbrMetallicRoughness\": {\"baseColorTexture\": {\"index\": 0}}}],"
                    + " \"textures\": [{\"source\": 0, \"sampler\": 0}], \"samplers\": [{}],"
                    + " \"images\": [{\"uri\": \"" + PNG + "\"}],"
                    + " \"cameras\": [{\"type\": \"perspective\", \"perspective\": {\"yfov\": 0.8, \"znear\": 0.1}}],"
                    + " \"animations\": [{\"channels\": [{\"sampler\": 0, \"target\": {\"node\": 2, \"path\":"
                    + " \"translation\"}}, {\"sampler\": 1, \"target\": {\"node\": 2, \"path\": \"rotation\"}},"
                    + " {\"sampler\": 2, \"target\": {\"node\": 1, \"path\": \"weights\"}}],"
                    + " \"samplers\": [{\"input\": 6, \"output\": 7}, {\"input\": 6, \"output\": 8},"
                    + " {\"input\": 6, \"output\": 9}]}]}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        json.set("bufferViews", views);
        json.set("accessors", accessors);
        json.putArray("buffers").addObject().put("byteLength", bytes.length).put("uri", uri(bytes));
    }

    private static void accessor(ByteBuffer data, ArrayNode views, ArrayNode accessors, int componentType,
            String type, int target, float[] values, boolean bounds) {
        view(data, views, target);
        for (float v : values) {
            data.putFloat(v);
        }
        int components = type.equals("SCALAR") ? 1 : type.equals("MAT4") ? 16 : type.charAt(3) - '0';
        ObjectNode a = accessorJson(views.size() - 1, componentType, values.length / components, type);
        if (bounds) {
            float[][] b = ExportDocuments.bounds(values, components);
            ArrayNode min = a.putArray("min");
            ArrayNode max = a.putArray("max");
            for (int c = 0; c < components; c++) {
                min.add(b[0][c]);
                max.add(b[1][c]);
            }
        }
        accessors.add(a);
        finish(data, views);
    }

    private static ObjectNode accessorJson(int view, int componentType, int count, String type) {
        return MAPPER.createObjectNode().put("bufferView", view).put("componentType", componentType)
                .put("count", count).put("type", type);
    }

    private static void view(ByteBuffer data, ArrayNode views, int target) {
        ObjectNode v = views.addObject().put("buffer", 0).put("byteOffset", data.position());
        if (target > 0) {
            v.put("target", target);
        }
    }

    private static void finish(ByteBuffer data, ArrayNode views) {
        ObjectNode v = (ObjectNode) views.get(views.size() - 1);
        v.put("byteLength", data.position() - v.get("byteOffset").asInt());
    }

    private static String uri(byte[] bytes) {
        return "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(bytes);
    }

    /** Overwrites the first floats of an accessor's data. */
    AcceptedInvalidDocument setFloats(int accessor, float... values) {
        ObjectNode buffer = (ObjectNode) json.get("buffers").get(0);
        String uri = buffer.get("uri").asText();
        byte[] bytes = Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
        int view = json.get("accessors").get(accessor).get("bufferView").asInt();
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        b.position(json.get("bufferViews").get(view).get("byteOffset").asInt());
        for (float v : values) {
            b.putFloat(v);
        }
        buffer.put("uri", uri(bytes));
        return this;
    }

    ObjectNode node(int i) {
        return (ObjectNode) json.get("nodes").get(i);
    }

    ObjectNode accessorNode(int i) {
        return (ObjectNode) json.get("accessors").get(i);
    }

    ObjectNode primitive() {
        return (ObjectNode) json.get("meshes").get(0).get("primitives").get(0);
    }

    ObjectNode animation() {
        return (ObjectNode) json.get("animations").get(0);
    }

    byte[] bytes() {
        try {
            return MAPPER.writeValueAsBytes(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode parse(byte[] bytes) {
        try {
            return MAPPER.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
