package dev.arbor.gltf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A glTF mesh, decoded by {@link GltfModel#readMesh}: its name, primitives, morph target names
 * ({@code extras.targetNames}) and default morph weights. Immutable and thread-safe.
 */
public final class GltfMesh {
    private final String name;
    private final GltfPrimitive[] primitives;
    private final List<String> targetNames;
    private final float[] weights;

    private GltfMesh(String name, GltfPrimitive[] primitives, List<String> targetNames, float[] weights) {
        this.name = name;
        this.primitives = primitives;
        this.targetNames = targetNames;
        this.weights = weights;
    }

    /**
     * @return the morph target names from {@code extras.targetNames} (a common convention, not part of the core
     *     specification), unmodifiable; empty when the mesh states none. Entry t names target t.
     */
    public List<String> targetNames() {
        return targetNames;
    }

    /** @return a copy of the mesh's default morph {@code weights}, or {@code null} when it states none */
    public float[] weights() {
        return weights == null ? null : weights.clone();
    }

    /** @return the mesh's name, or {@code null} */
    public String name() {
        return name;
    }

    /** @return the number of primitives (at least 1) */
    public int primitiveCount() {
        return primitives.length;
    }

    /**
     * @param primitive primitive index
     * @return the primitive
     * @throws IndexOutOfBoundsException if {@code primitive} is out of range
     */
    public GltfPrimitive primitive(int primitive) {
        return primitives[primitive];
    }

    /** Decodes mesh {@code m} of a document whose accessors and meshes the reader checked. */
    static GltfMesh read(JsonValue root, Accessors accessors, int m) throws GltfException {
        Location path = Json.at(Location.top("meshes"), m);
        JsonValue mesh = Json.element(Json.optArray(root, Location.ROOT, "meshes"), Location.top("meshes"), m);
        JsonValue list = Json.reqArray(mesh, path, "primitives", 1);
        GltfPrimitive[] primitives = new GltfPrimitive[list.size()];
        for (int p = 0; p < primitives.length; p++) {
            primitives[p] = primitive(root, accessors, Json.element(list, Json.at(path, "primitives"), p),
                    Json.at(Json.at(path, "primitives"), p));
        }
        List<String> names = new ArrayList<>();
        JsonValue extras = mesh.get("extras");
        JsonValue targetNames = extras != null && extras.isObject() ? extras.get("targetNames") : null;
        if (targetNames != null && targetNames.isArray()) {
            for (int i = 0; i < targetNames.size(); i++) {
                JsonValue n = targetNames.get(i);
                if (!n.isString()) {
                    throw new GltfException(Json.at(Json.at(Json.at(path, "extras"), "targetNames"), i),
                            "expected a string, found " + Json.describe(n));
                }
                names.add(n.textValue());
            }
        }
        JsonValue w = mesh.get("weights");
        float[] weights = null;
        if (w != null) {
            Location wp = Json.at(path, "weights");
            if (!w.isArray()) {
                throw new GltfException(wp, "expected an array, found " + Json.describe(w));
            }
            weights = new float[w.size()];
            for (int i = 0; i < weights.length; i++) {
                weights[i] = Json.finiteFloat(w.get(i), Json.at(wp, i));
            }
        }
        return new GltfMesh(Json.optString(mesh, path, "name"), primitives, Collections.unmodifiableList(names),
                weights);
    }

    private static GltfPrimitive primitive(JsonValue root, Accessors acc, JsonValue primitive, Location pp)
            throws GltfException {
        int mode = (int) Json.optInteger(primitive, pp, "mode", GltfPrimitive.TRIANGLES, 0, 6);
        JsonValue materials = Json.optArray(root, Location.ROOT, "materials");
        int material = Json.optIndex(primitive, pp, "material", materials.size(), "materials.length");
        float[] baseColor = null;
        boolean texture = false;
        if (material >= 0) {
            Location mp = Json.at(Location.top("materials"), material);
            JsonValue pbr = Json.optObject(Json.element(materials, Location.top("materials"), material),
                    mp, "pbrMetallicRoughness");
            if (pbr != null) {
                baseColor = Json.optFloats(pbr, Json.at(mp, "pbrMetallicRoughness"), "baseColorFactor", 4);
                texture = pbr.has("baseColorTexture");
            }
        }
        JsonValue targets = Json.optArray(primitive, pp, "targets");
        boolean morph = targets.size() > 0;
        Location ap = Json.at(pp, "attributes");
        JsonValue attributes = Json.reqObject(primitive, pp, "attributes");
        int position = Json.optIndex(attributes, ap, "POSITION", acc.size(), "accessors.length");
        Map<String, GltfAccessor> all = accessorMap(acc, attributes, ap);
        int indexAt = Json.optIndex(primitive, pp, "indices", acc.size(), "accessors.length");
        GltfAccessor indicesAccessor = indexAt < 0 ? null : new GltfAccessor(acc, indexAt, Json.at(pp, "indices"));
        List<Map<String, GltfAccessor>> targetList = new ArrayList<>();
        for (int t = 0; t < targets.size(); t++) {
            Location tp = Json.at(Json.at(pp, "targets"), t);
            JsonValue target = Json.element(targets, Json.at(pp, "targets"), t);
            if (!target.isObject()) {
                throw new GltfException(tp, "expected an object, found " + Json.describe(target));
            }
            targetList.add(accessorMap(acc, target, tp));
        }
        JsonValue extensions = primitive.get("extensions");
        String skipped = position < 0 ? "it has no POSITION attribute"
                : acc.view[position] < 0 && !Json.optArray(root, Location.ROOT, "accessors").get(position).has("sparse")
                && extensions != null && extensions.has("KHR_draco_mesh_compression")
                ? "it is compressed with KHR_draco_mesh_compression, which Arbor does not decode" : null;
        if (skipped != null) {
            return new GltfPrimitive(mode, skipped, null, null, null, null, material, baseColor, texture, morph, all,
                    indicesAccessor, targetList);
        }
        float[] positions = acc.decode(position, Json.at(ap, "POSITION"));
        int vertices = positions.length / 3;
        int indexAccessor = Json.optIndex(primitive, pp, "indices", acc.size(), "accessors.length");
        int[] order;
        if (indexAccessor >= 0) {
            requireType(acc, indexAccessor, "SCALAR", Json.at(pp, "indices"));
            order = acc.decodeInts(indexAccessor, Json.at(pp, "indices"), vertices, "the POSITION count");
        } else {
            order = new int[vertices];
            for (int i = 0; i < vertices; i++) {
                order[i] = i;
            }
        }
        int joints0 = Json.optIndex(attributes, ap, "JOINTS_0", acc.size(), "accessors.length");
        int weights0 = Json.optIndex(attributes, ap, "WEIGHTS_0", acc.size(), "accessors.length");
        int[] joints = null;
        float[] weights = null;
        if ((joints0 >= 0) != (weights0 >= 0)) {
            throw new GltfException(ap, (joints0 >= 0 ? "JOINTS_0 without WEIGHTS_0" : "WEIGHTS_0 without JOINTS_0")
                    + " (a skinned primitive needs both)");
        }
        if (joints0 >= 0) {
            Location jp = Json.at(ap, "JOINTS_0");
            Location wp = Json.at(ap, "WEIGHTS_0");
            requireType(acc, joints0, "VEC4", jp);
            requireType(acc, weights0, "VEC4", wp);
            requireCount(acc, joints0, vertices, jp);
            requireCount(acc, weights0, vertices, wp);
            int ct = acc.componentType[joints0];
            if (ct != GltfReader.UNSIGNED_BYTE && ct != GltfReader.UNSIGNED_SHORT) {
                throw new GltfException(Json.at(Json.at(Location.top("accessors"), joints0), "componentType"),
                        "component type "
                        + ct + " is not allowed for " + jp + ", expected 5121 or 5123 (unsigned byte or short)");
            }
            joints = acc.decodeInts(joints0, jp, 1L << 16, "the largest joint index + 1");
            int wt = acc.componentType[weights0];
            if (wt != GltfReader.FLOAT && !(acc.normalized[weights0]
                    && (wt == GltfReader.UNSIGNED_BYTE || wt == GltfReader.UNSIGNED_SHORT))) {
                throw new GltfException(Json.at(Json.at(Location.top("accessors"), weights0), "componentType"),
                        "component type "
                        + wt + (acc.normalized[weights0] ? " (normalized)" : "") + " is not allowed for " + wp
                        + ", expected 5126 (float) or normalized 5121 or 5123");
            }
            weights = acc.decode(weights0, wp);
        }
        return new GltfPrimitive(mode, null, positions, triangles(mode, order), joints, weights, material,
                baseColor, texture, morph, all, indicesAccessor, targetList);
    }

    /** Every entry of an attributes object, in file order, each an accessor index checked to be in range. */
    private static Map<String, GltfAccessor> accessorMap(Accessors acc, JsonValue attributes, Location path)
            throws GltfException {
        Map<String, GltfAccessor> map = new LinkedHashMap<>();
        for (int i = 0; i < attributes.size(); i++) {
            Location at = Json.at(path, attributes.name(i));
            int a = Json.index(attributes.value(i), at, acc.size(), "accessors.length");
            map.put(attributes.name(i), new GltfAccessor(acc, a, at));
        }
        return map;
    }

    private static void requireType(Accessors acc, int a, String type, Location use) throws GltfException {
        if (!acc.type[a].equals(type)) {
            throw new GltfException(Json.at(Json.at(Location.top("accessors"), a), "type"), "\"" + acc.type[a]
                    + "\" is not allowed for " + use + ", expected \"" + type + "\"");
        }
    }

    private static void requireCount(Accessors acc, int a, int vertices, Location use) throws GltfException {
        if (acc.count[a] != vertices) {
            throw new GltfException(Json.at(Json.at(Location.top("accessors"), a), "count"),
                    "count " + acc.count[a] + " differs"
                    + " from the POSITION count " + vertices + " (used by " + use + ")");
        }
    }

    /**
     * Separate triangles, 3 indices each, from the vertex order of a primitive of the given mode; empty for points
     * and lines. Strips alternate their winding as the specification defines
     * ({@code v[i], v[i + 1 + i % 2], v[i + 2 - i % 2]}); fans turn around their first vertex
     * ({@code v[i + 1], v[i + 2], v[0]}). Strip and fan triangles with two equal indices are left out; a TRIANGLES
     * list keeps all its triangles and drops a trailing incomplete one. {@code v} may be returned itself: pass an
     * array no one else holds.
     */
    static int[] triangles(int mode, int[] v) {
        if (mode == GltfPrimitive.TRIANGLES) {
            // v is the caller's new array: handed back as it is when it holds whole triangles, not copied
            return v.length % 3 == 0 ? v : java.util.Arrays.copyOf(v, v.length / 3 * 3);
        }
        if (mode != GltfPrimitive.TRIANGLE_STRIP && mode != GltfPrimitive.TRIANGLE_FAN || v.length < 3) {
            return new int[0];
        }
        int[] out = new int[(v.length - 2) * 3];
        int n = 0;
        for (int i = 0; i + 2 < v.length; i++) {
            int a;
            int b;
            int c;
            if (mode == GltfPrimitive.TRIANGLE_STRIP) {
                a = v[i];
                b = v[i + 1 + i % 2];
                c = v[i + 2 - i % 2];
            } else {
                a = v[i + 1];
                b = v[i + 2];
                c = v[0];
            }
            if (a != b && b != c && a != c) {
                out[n++] = a;
                out[n++] = b;
                out[n++] = c;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
