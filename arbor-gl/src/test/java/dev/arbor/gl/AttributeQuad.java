package dev.arbor.gl;

import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfModel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * One unit quad in the xy plane ({@code NORMAL} +z, laid out as {@link QuadScene}'s) under one node, made in memory
 * with what {@link QuadScene} does not write: {@code COLOR_0} in a chosen component type and the node's
 * {@code EXT_mesh_gpu_instancing}.
 *
 * <pre>
 *   3 (-0.5, 0.5)   2 (0.5, 0.5)
 *   0 (-0.5,-0.5)   1 (0.5,-0.5)       triangles 0 1 2, 0 2 3
 * </pre>
 */
final class AttributeQuad {
    static final int FLOAT = 5126;
    static final int UNSIGNED_BYTE = 5121;
    static final int UNSIGNED_SHORT = 5123;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<String> views = new ArrayList<>();
    private final List<String> accessors = new ArrayList<>();
    private String colors = "";
    private String instancing = "";
    private String node = "";
    private String material = "{\"pbrMetallicRoughness\":{\"metallicFactor\":0}}";

    AttributeQuad() {
        floats("VEC3", FLOAT, new float[] {-0.5f, -0.5f, 0, 0.5f, -0.5f, 0, 0.5f, 0.5f, 0, -0.5f, 0.5f, 0},
                ",\"min\":[-0.5,-0.5,0],\"max\":[0.5,0.5,0]");
        floats("VEC3", FLOAT, new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, "");
        ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        for (short s : new short[] {0, 1, 2, 0, 2, 3}) {
            b.putShort(s);
        }
        add(b.array(), "SCALAR", UNSIGNED_SHORT, 6, "");
    }

    /**
     * {@code COLOR_0}: {@code components} (3 or 4) values per vertex in [0, 1], stored as floats or normalized
     * unsigned bytes or shorts.
     */
    AttributeQuad colors(int components, int componentType, float... values) {
        int index = floats(components == 3 ? "VEC3" : "VEC4", componentType, values,
                componentType == FLOAT ? "" : ",\"normalized\":true");
        colors = ",\"COLOR_0\":" + index;
        return this;
    }

    /** The quad's material (a JSON object); default: white, not metallic. */
    AttributeQuad material(String json) {
        material = json;
        return this;
    }

    /** The node's properties besides its mesh, as JSON members (e.g. {@code "rotation":[0,0,1,0]}). */
    AttributeQuad node(String members) {
        node = "," + members;
        return this;
    }

    /** {@code EXT_mesh_gpu_instancing} with these translations, rotations (x y z w) and scales, as floats. */
    AttributeQuad instances(float[] translations, float[] rotations, float[] scales) {
        int t = floats("VEC3", FLOAT, translations, "");
        int r = floats("VEC4", FLOAT, rotations, "");
        int s = floats("VEC3", FLOAT, scales, "");
        instancing = String.format(Locale.ROOT, ",\"extensions\":{\"EXT_mesh_gpu_instancing\":{\"attributes\":"
                + "{\"TRANSLATION\":%d,\"ROTATION\":%d,\"SCALE\":%d}}}", t, r, s);
        return this;
    }

    GltfModel read(String name) throws GltfException {
        return Gltf.read(json().getBytes(StandardCharsets.UTF_8), name, null);
    }

    String json() {
        String uri = "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(bytes.toByteArray());
        return "{\"asset\":{\"version\":\"2.0\"},"
                + (instancing.isEmpty() ? "" : "\"extensionsUsed\":[\"EXT_mesh_gpu_instancing\"],")
                + "\"scene\":0,\"scenes\":[{\"nodes\":[0]}],"
                + "\"nodes\":[{\"mesh\":0" + node + instancing + "}],"
                + "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0,\"NORMAL\":1" + colors
                + "},\"indices\":2,\"material\":0}]}],"
                + "\"materials\":[" + material + "],"
                + "\"buffers\":[{\"byteLength\":" + bytes.size() + ",\"uri\":\"" + uri + "\"}],"
                + "\"bufferViews\":[" + String.join(",", views) + "],"
                + "\"accessors\":[" + String.join(",", accessors) + "]}";
    }

    /** Adds an accessor of the values in the component type (normalized integers rounded); its index. */
    private int floats(String type, int componentType, float[] values, String extra) {
        int components = type.equals("SCALAR") ? 1 : type.charAt(3) - '0';
        int size = componentType == FLOAT ? 4 : componentType == UNSIGNED_SHORT ? 2 : 1;
        ByteBuffer b = ByteBuffer.allocate(values.length * size).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            switch (componentType) {
                case FLOAT -> b.putFloat(v);
                case UNSIGNED_SHORT -> b.putShort((short) Math.round(v * 65535));
                default -> b.put((byte) Math.round(v * 255));
            }
        }
        return add(b.array(), type, componentType, values.length / components, extra);
    }

    private int add(byte[] data, String type, int componentType, int count, String extra) {
        int offset = bytes.size();
        bytes.writeBytes(data);
        while (bytes.size() % 4 != 0) {
            bytes.write(0);
        }
        views.add("{\"buffer\":0,\"byteOffset\":" + offset + ",\"byteLength\":" + data.length + "}");
        accessors.add("{\"bufferView\":" + (views.size() - 1) + ",\"componentType\":" + componentType + ",\"count\":"
                + count + ",\"type\":\"" + type + "\"" + extra + "}");
        return accessors.size() - 1;
    }
}
