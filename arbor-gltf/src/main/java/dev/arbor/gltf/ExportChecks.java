package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link GltfWriter} checks and tidies in the source document it carries through, so that what the reader
 * accepted from a spec-invalid file is either written valid or refused by name. The reader reads a renderer's content
 * (cameras, materials, textures) only when asked for it; an export carries all of it, so it is checked here, from the
 * JSON alone (no mesh data is decoded). {@code docs/gltf.md} ("Export") lists every case.
 */
final class ExportChecks {
    private static final String[] UV_USERS = {"baseColorTexture", "metallicRoughnessTexture", "normalTexture",
        "occlusionTexture", "emissiveTexture"};

    private ExportChecks() {
    }

    /**
     * Refuses what would leave the export invalid and cannot be repaired without guessing: a camera's projection values
     * (yfov, znear, zfar, aspectRatio, xmag, ymag), a texture's image or sampler index, a material's texture index,
     * and for every mesh primitive its material index, each UV set (TEXCOORD_n) its material's textures use, each
     * JOINTS_n without WEIGHTS_n or the reverse, and a byteStride on the buffer view of its indices.
     *
     * @throws GltfException naming the JSON location of the first problem found
     */
    static void requireValidContent(GltfModel model, JsonNode root) throws GltfException {
        for (int c = 0; c < model.cameraCount(); c++) {
            model.camera(c);
        }
        for (int t = 0; t < model.textureCount(); t++) {
            model.texture(t);
        }
        int materials = model.materialCount();
        for (int i = 0; i < materials; i++) {
            model.material(i);
        }
        JsonNode meshes = root.path("meshes");
        for (int m = 0; m < meshes.size(); m++) {
            JsonNode primitives = meshes.get(m).path("primitives");
            for (int p = 0; p < primitives.size(); p++) {
                Location at = Json.at(Json.at(Json.at(Location.top("meshes"), m), "primitives"), p);
                JsonNode attributes = primitives.get(p).path("attributes");
                requireSkinningPairs(attributes, Json.at(at, "attributes"));
                JsonNode indices = primitives.get(p).get("indices");
                JsonNode view = indices == null ? null : root.path("accessors").path(indices.asInt()).get("bufferView");
                if (view != null && root.path("bufferViews").path(view.asInt()).has("byteStride")) {
                    throw new GltfException(Json.at(at, "indices"), "accessor " + indices + " lies in bufferViews["
                            + view + "], which has a byteStride (glTF forbids one on index data)");
                }
                JsonNode material = primitives.get(p).get("material");
                if (material == null) {
                    continue;
                }
                if (!(material.isInt() && material.intValue() >= 0 && material.intValue() < materials)) {
                    throw new GltfException(Json.at(at, "material"), "index " + material + " out of range,"
                            + " materials.length=" + materials);
                }
                requireUvSets(model.material(material.intValue()), material.intValue(), attributes,
                        Json.at(at, "material"));
            }
        }
    }

    private static void requireSkinningPairs(JsonNode attributes, Location at) throws GltfException {
        for (Iterator<String> names = attributes.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            String other = name.startsWith("JOINTS_") ? "WEIGHTS_" + name.substring(7)
                    : name.startsWith("WEIGHTS_") ? "JOINTS_" + name.substring(8) : null;
            if (other != null && !attributes.has(other)) {
                throw new GltfException(at, name + " without " + other + " (glTF requires them in pairs)");
            }
        }
    }

    private static void requireUvSets(GltfMaterial material, int index, JsonNode attributes, Location at)
            throws GltfException {
        GltfTextureRef[] refs = {material.baseColorTexture(), material.metallicRoughnessTexture(),
            material.normalTexture(), material.occlusionTexture(), material.emissiveTexture()};
        for (int r = 0; r < refs.length; r++) {
            if (refs[r] == null) {
                continue;
            }
            for (int set : new int[] {refs[r].texCoord(), refs[r].effectiveTexCoord()}) {
                if (!attributes.has("TEXCOORD_" + set)) {
                    throw new GltfException(at, "material " + index + "'s " + UV_USERS[r] + " uses TEXCOORD_" + set
                            + ", which the primitive does not have");
                }
            }
        }
    }

    /**
     * Lists in {@code extensionsUsed} every extension the document uses (an {@code extensions} key anywhere outside
     * {@code extras}) or requires, the source's order first, and leaves out the top-level arrays that are empty (glTF
     * forbids empty arrays, and nothing can refer into one).
     */
    static void tidy(ObjectNode root) {
        Set<String> used = new LinkedHashSet<>();
        root.path("extensionsUsed").forEach(e -> used.add(e.asText()));
        root.path("extensionsRequired").forEach(e -> used.add(e.asText()));
        collectExtensions(root, used);
        if (!used.isEmpty()) {
            ArrayNode list = root.putArray("extensionsUsed");
            used.forEach(list::add);
        }
        List<String> empty = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            if (e.getValue().isArray() && e.getValue().isEmpty()) {
                empty.add(e.getKey());
            }
        }
        root.remove(empty);
    }

    private static void collectExtensions(JsonNode node, Set<String> used) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("extensions") && e.getValue().isObject()) {
                    e.getValue().fieldNames().forEachRemaining(used::add);
                }
                if (!e.getKey().equals("extras")) {
                    collectExtensions(e.getValue(), used);
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                collectExtensions(item, used);
            }
        }
    }
}
