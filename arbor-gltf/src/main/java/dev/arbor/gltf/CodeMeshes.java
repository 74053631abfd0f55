package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes meshes built in code ({@link GltfMeshData}) into a document {@link GltfWriter} is encoding: per mesh one
 * primitive of triangles, each attribute in a buffer view of its own at the end of the document's one buffer, the
 * indices as unsigned shorts where the vertices allow it, the materials after the source's (equal ones written once),
 * the meshes after the source's (one mesh given to several nodes written once). A node that already has the source's
 * mesh is refused: glTF gives a node one mesh.
 */
final class CodeMeshes {
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_SHORT = 5123;
    private static final int UNSIGNED_INT = 5125;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;

    private final ObjectNode root;
    private final List<byte[]> chunks = new ArrayList<>();
    private long length;

    private CodeMeshes(ObjectNode root, int start) {
        this.root = root;
        this.length = start;
    }

    /**
     * Adds the meshes to the document and returns its new buffer.
     *
     * @param root the document, its nodes written
     * @param bin the document's buffer so far (its one buffer, or empty for none)
     * @param byNode the meshes by output node index
     * @param glb whether the buffer goes into a GLB chunk (else a {@code data:} URI)
     * @return the buffer with the meshes' data appended
     * @throws IllegalArgumentException if a node already has a mesh
     */
    static byte[] write(ObjectNode root, byte[] bin, Map<Integer, GltfMeshData> byNode, boolean glb) {
        if (byNode.isEmpty()) {
            return bin;
        }
        CodeMeshes out = new CodeMeshes(root, bin.length);
        ArrayNode nodes = (ArrayNode) root.get("nodes");
        Map<GltfMeshData, Integer> meshIndex = new IdentityHashMap<>();
        Map<GltfMeshData.Material, Integer> materialIndex = new LinkedHashMap<>();
        for (Map.Entry<Integer, GltfMeshData> e : new TreeMap<>(byNode).entrySet()) {
            ObjectNode node = (ObjectNode) nodes.get(e.getKey());
            if (node.has("mesh")) {
                throw new IllegalArgumentException("node " + e.getKey() + " of the output has the source's mesh "
                        + node.get("mesh") + ": a node holds one mesh (give the code mesh to a node of its own)");
            }
            Integer m = meshIndex.get(e.getValue());
            if (m == null) {
                m = out.mesh(e.getValue(), materialIndex);
                meshIndex.put(e.getValue(), m);
            }
            node.put("mesh", m);
        }
        return out.buffer(bin, glb);
    }

    /** Writes one mesh's data, accessors and primitive; returns its index. */
    private int mesh(GltfMeshData data, Map<GltfMeshData.Material, Integer> materialIndex) {
        ObjectNode attributes = JacksonTree.objectNode();
        float[] positions = data.positionsArray();
        attributes.put("POSITION", floats(positions, 3, "VEC3", true));
        if (data.normalsArray() != null) {
            attributes.put("NORMAL", floats(data.normalsArray(), 3, "VEC3", false));
        }
        if (data.texCoordsArray() != null) {
            attributes.put("TEXCOORD_0", floats(data.texCoordsArray(), 2, "VEC2", false));
        }
        if (data.colorsArray() != null) {
            attributes.put("COLOR_0", floats(data.colorsArray(), 4, "VEC4", false));
        }
        ObjectNode primitive = JacksonTree.objectNode();
        primitive.set("attributes", attributes);
        if (data.indicesArray() != null) {
            primitive.put("indices", indices(data.indicesArray(), data.vertexCount()));
        }
        if (data.material() != null) {
            Integer index = materialIndex.get(data.material());
            if (index == null) {
                index = material(data.material());
                materialIndex.put(data.material(), index);
            }
            primitive.put("material", index);
        }
        ObjectNode mesh = JacksonTree.objectNode();
        if (data.name() != null) {
            mesh.put("name", data.name());
        }
        mesh.putArray("primitives").add(primitive);
        return append("meshes", mesh);
    }

    private int material(GltfMeshData.Material m) {
        ObjectNode material = JacksonTree.objectNode();
        if (m.name() != null) {
            material.put("name", m.name());
        }
        ObjectNode pbr = material.putObject("pbrMetallicRoughness");
        ArrayNode color = pbr.putArray("baseColorFactor");
        for (float c : m.baseColor()) {
            color.add(c);
        }
        pbr.put("metallicFactor", m.metallic());
        pbr.put("roughnessFactor", m.roughness());
        if (m.doubleSided()) {
            material.put("doubleSided", true);
        }
        return append("materials", material);
    }

    /** An accessor of floats in a buffer view of their own; POSITION also gets its min and max. */
    private int floats(float[] values, int components, String type, boolean bounds) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        int view = view(bytes.array(), ARRAY_BUFFER);
        ObjectNode accessor = accessor(view, FLOAT, values.length / components, type);
        if (bounds) {
            float[] min = new float[components];
            float[] max = new float[components];
            java.util.Arrays.fill(min, Float.POSITIVE_INFINITY);
            java.util.Arrays.fill(max, Float.NEGATIVE_INFINITY);
            for (int i = 0; i < values.length; i++) {
                min[i % components] = Math.min(min[i % components], values[i]);
                max[i % components] = Math.max(max[i % components], values[i]);
            }
            ArrayNode mins = accessor.putArray("min");
            ArrayNode maxs = accessor.putArray("max");
            for (int c = 0; c < components; c++) {
                mins.add(min[c]);
                maxs.add(max[c]);
            }
        }
        return append("accessors", accessor);
    }

    private int indices(int[] indices, int vertices) {
        boolean shorts = vertices <= 0xFFFF;
        ByteBuffer bytes = ByteBuffer.allocate(((shorts ? 2 : 4) * indices.length + 3) & ~3)
                .order(ByteOrder.LITTLE_ENDIAN);
        for (int i : indices) {
            if (shorts) {
                bytes.putShort((short) i);
            } else {
                bytes.putInt(i);
            }
        }
        byte[] data = java.util.Arrays.copyOf(bytes.array(), (shorts ? 2 : 4) * indices.length);
        int view = view(data, ELEMENT_ARRAY_BUFFER);
        return append("accessors", accessor(view, shorts ? UNSIGNED_SHORT : UNSIGNED_INT, indices.length, "SCALAR"));
    }

    private static ObjectNode accessor(int view, int componentType, int count, String type) {
        ObjectNode accessor = JacksonTree.objectNode();
        accessor.put("bufferView", view);
        accessor.put("componentType", componentType);
        accessor.put("count", count);
        accessor.put("type", type);
        return accessor;
    }

    /** A buffer view of {@code data} at the buffer's end (at a multiple of 4). */
    private int view(byte[] data, int target) {
        long offset = (length + 3) & ~3L;
        if (offset > length) {
            chunks.add(new byte[(int) (offset - length)]);
        }
        chunks.add(data);
        length = offset + data.length;
        if (length > GltfReader.MAX_BUFFER_BYTES) {
            throw new IllegalStateException("the buffer would hold " + length + " bytes with the code meshes, more"
                    + " than one buffer can (" + GltfReader.MAX_BUFFER_BYTES + ")");
        }
        ObjectNode view = JacksonTree.objectNode();
        view.put("buffer", 0);
        view.put("byteOffset", offset);
        view.put("byteLength", data.length);
        view.put("target", target);
        return append("bufferViews", view);
    }

    private int append(String array, ObjectNode item) {
        JsonNode existing = root.get(array);
        ArrayNode items = existing instanceof ArrayNode ? (ArrayNode) existing : root.putArray(array);
        items.add(item);
        return items.size() - 1;
    }

    /** The buffer with the chunks appended, set as the document's one buffer. */
    private byte[] buffer(byte[] bin, boolean glb) {
        byte[] out = java.util.Arrays.copyOf(bin, (int) length);
        int at = bin.length;
        for (byte[] chunk : chunks) {
            System.arraycopy(chunk, 0, out, at, chunk.length);
            at += chunk.length;
        }
        JsonNode buffers = root.get("buffers");
        ObjectNode buffer = buffers instanceof ArrayNode && buffers.size() > 0 ? (ObjectNode) buffers.get(0)
                : root.putArray("buffers").addObject();
        buffer.put("byteLength", out.length);
        if (glb) {
            buffer.remove("uri");
        } else {
            buffer.put("uri", "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(out));
        }
        return out;
    }
}
