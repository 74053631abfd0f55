package dev.arbor.gltf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The source documents of one or more models merged into one, for {@link GltfWriter}: the first model's document as
 * it is, then each further model's top-level arrays appended to the same arrays, every index into them renumbered by
 * that model's offsets (per array: the merged array's length before the model was appended). The writer then writes
 * copies of every model against this one document, as it writes copies of one model.
 *
 * <p>Renumbered, in each model after the first: node children, mesh, skin and camera; mesh primitives' attributes,
 * indices, material and morph targets; accessors' buffer views (sparse ones too); buffer views' buffers; images'
 * buffer views; textures' sampler and source; materials' texture infos; skins' inverse bind matrices, skeleton and
 * joints; animation channel targets and sampler inputs and outputs; scene nodes. Extensions that hold indices:
 * {@code KHR_lights_punctual} (the document's light list is concatenated, a node's {@code light} renumbered),
 * {@code EXT_mesh_gpu_instancing} (attribute accessors), every texture info ({@code index}) inside a material's
 * {@code KHR_materials_*} extension, the {@code source} of {@code KHR_texture_basisu}, {@code EXT_texture_webp} and
 * {@code EXT_texture_avif}, {@code KHR_animation_pointer} pointers ({@code /nodes/N/...}, {@code /materials/N/...}
 * and every other top-level array, and {@code /extensions/KHR_lights_punctual/lights/N/...}) and
 * {@code KHR_materials_variants} (the document's variant list concatenated, each mapping's material and variants
 * renumbered). {@code KHR_texture_transform} holds no index. Any other extension that holds an integer may hold an
 * index that would point at the wrong entry, so it is refused in every model after the first (whose indices do not
 * move).
 *
 * <p>Scenes: the scene each later model's copies were built from joins the first model's shown scene (its nodes
 * appended, its name and extras not carried); the later models' other scenes are not carried (writing copies never
 * writes nodes a copy did not build). The document's {@code asset} is the first model's with every model's distinct
 * {@code copyright} joined by {@code "; "}; its {@code extras} are the first model's; {@code extensionsUsed} and
 * {@code extensionsRequired} are the union. A document-level extension other than the two lists above is carried
 * when the models agree on it, else refused.
 *
 * <p>Also checks each model's renderer content ({@link ExportChecks#requireValidContent}) before merging it. Not
 * thread-safe; made per export; cost linear in the documents.
 */
final class DocumentMerge {
    /** The top-level arrays whose entries other entries refer to by index. */
    private static final String[] ARRAYS = {"accessors", "animations", "bufferViews", "buffers", "cameras", "images",
        "materials", "meshes", "nodes", "samplers", "scenes", "skins", "textures"};
    private static final String LIGHTS = "KHR_lights_punctual";
    private static final String VARIANTS = "KHR_materials_variants";
    private static final String INSTANCING = "EXT_mesh_gpu_instancing";
    private static final String POINTER = "KHR_animation_pointer";
    private static final Set<String> IMAGE_SOURCES = Set.of("KHR_texture_basisu", "EXT_texture_webp",
            "EXT_texture_avif");
    private static final String[] TEXTURE_INFOS = {"normalTexture", "occlusionTexture", "emissiveTexture"};

    /** The merged document; never changed after the merge (the writer edits a deep copy). */
    final ObjectNode json;
    /** Every model's buffers, in merged buffer order; read with absolute gets only. */
    final ByteBuffer[] buffers;
    /** Each merged buffer's {@code byteLength}. */
    final int[] bufferLength;
    /** Merged accessor index → {min, max} from the data, for POSITION accessors whose declared bounds are wrong. */
    final Map<Integer, float[][]> correctedMinMax = new HashMap<>();
    /** The merged scene the copies are shown in, or -1 when no model has one. */
    final int sceneToShow;
    private final List<GltfModel> models;
    /** Per model, the offset of each of {@link #ARRAYS} in the merged document. */
    private final Map<String, int[]> bases = new HashMap<>();
    /** {@code bases.get("nodes")}, read for every node reference the writer renumbers. */
    private final int[] nodeBases;

    private DocumentMerge(List<GltfModel> models, int[] shownScenes) {
        this.models = models;
        for (String array : ARRAYS) {
            bases.put(array, new int[models.size() + 1]);
        }
        bases.put(LIGHTS, new int[models.size() + 1]);
        bases.put(VARIANTS, new int[models.size() + 1]);
        nodeBases = bases.get("nodes");
        ObjectNode merged = null;
        List<ByteBuffer> allBuffers = new ArrayList<>();
        List<Integer> allLengths = new ArrayList<>();
        int shown = shownScenes[0] >= 0 ? shownScenes[0] : models.get(0).sceneToShow();
        for (int m = 0; m < models.size(); m++) {
            GltfModel model = models.get(m);
            SourceDocument doc = model.source();
            ObjectNode json = JacksonTree.copyObject(doc.json);
            try {
                ExportChecks.requireValidContent(model, json);
            } catch (GltfException e) {
                throw new IllegalStateException("cannot write " + model.sourceName() + " valid: " + e.getMessage()
                        + "; correct the source file", e);
            }
            if (m == 0) {
                merged = json;
            } else {
                shown = append(merged, json, m, shown, shownScenes[m]);
            }
            for (int b = 0; b < doc.buffers.length; b++) {
                allBuffers.add(doc.buffers[b]);
                allLengths.add(doc.bufferLength[b]);
            }
            int accessorBase = bases.get("accessors")[m];
            doc.correctedMinMax.forEach((a, minMax) -> correctedMinMax.put(a + accessorBase, minMax));
            for (Map.Entry<String, int[]> e : bases.entrySet()) {
                e.getValue()[m + 1] = count(merged, e.getKey());
            }
        }
        this.json = merged;
        this.buffers = allBuffers.toArray(new ByteBuffer[0]);
        this.bufferLength = allLengths.stream().mapToInt(Integer::intValue).toArray();
        this.sceneToShow = shown;
    }

    /**
     * Merges the documents of {@code models}.
     *
     * @param models distinct models, at least one; the first one's document is the base
     * @param shownScenes per model, the scene its copies were built from (or -1 for the model's scene to show)
     * @return the merged document
     * @throws IllegalArgumentException if a model after the first holds an extension that may hold indices Arbor
     *     does not know how to renumber, or a document-level extension the models disagree on (the message names
     *     the extension and the model)
     * @throws IllegalStateException if a model's renderer content cannot be written valid (see {@link ExportChecks})
     */
    static DocumentMerge of(List<GltfModel> models, int[] shownScenes) {
        return new DocumentMerge(models, shownScenes);
    }

    /** @return the number of merged nodes that came before model {@code m}'s */
    int nodeBase(int m) {
        return nodeBases[m];
    }

    /** @return the model the merged skin, animation or other entry of {@code array} came from */
    int owner(String array, int index) {
        int[] base = bases.get(array);
        int m = 0;
        while (m + 1 < models.size() && index >= base[m + 1]) {
            m++;
        }
        return m;
    }

    /** @return whether the key times of a merged accessor start below 0 (the reader warned) */
    boolean negativeKeyTimes(int accessor) {
        int m = owner("accessors", accessor);
        return models.get(m).negativeKeyTimes(accessor - bases.get("accessors")[m]);
    }

    private static int count(ObjectNode root, String array) {
        if (array.equals(LIGHTS)) {
            return root.path("extensions").path(LIGHTS).path("lights").size();
        }
        if (array.equals(VARIANTS)) {
            return root.path("extensions").path(VARIANTS).path("variants").size();
        }
        return root.path(array).size();
    }

    private int base(String array, int m) {
        return bases.get(array)[m];
    }

    // ------------------------------------------------------------------------------------------------ appending

    /** Renumbers model {@code m}'s document and appends it; @return the merged scene to show */
    private int append(ObjectNode merged, ObjectNode json, int m, int shown, int ownScene) {
        String name = models.get(m).sourceName();
        refuseUnknownExtensions(json, "", name);
        renumber(json, m, name);
        for (String array : ARRAYS) {
            if (!array.equals("scenes") && json.get(array) instanceof ArrayNode) {
                arrayOf(merged, array).addAll((ArrayNode) json.get(array));
            }
        }
        mergeDocumentLevel(merged, json, name);
        int scene = ownScene >= 0 ? ownScene : models.get(m).sceneToShow();
        if (scene < 0) {
            return shown;
        }
        int target = shown;
        if (target < 0) {
            target = arrayOf(merged, "scenes").size();
            arrayOf(merged, "scenes").addObject();
            if (!merged.has("scene")) {
                merged.put("scene", target);
            }
        }
        JsonNode roots = json.path("scenes").path(scene).path("nodes");
        ObjectNode targetScene = (ObjectNode) merged.get("scenes").get(target);
        if (!roots.isEmpty()) {
            arrayOf(targetScene, "nodes").addAll((ArrayNode) roots);
        }
        return target;
    }

    private static ArrayNode arrayOf(ObjectNode object, String key) {
        return object.get(key) instanceof ArrayNode ? (ArrayNode) object.get(key) : object.putArray(key);
    }

    /** Copyright, extension lists and the document-level extensions of a later model. */
    private void mergeDocumentLevel(ObjectNode merged, ObjectNode json, String name) {
        String copyright = json.path("asset").path("copyright").asText(null);
        ObjectNode asset = objectOf(merged, "asset");
        String first = asset.path("copyright").asText(null);
        if (copyright != null && (first == null || !List.of(first.split("; ")).contains(copyright))) {
            asset.put("copyright", first == null ? copyright : first + "; " + copyright);
        }
        for (String list : new String[] {"extensionsUsed", "extensionsRequired"}) {
            Set<String> union = new LinkedHashSet<>();
            merged.path(list).forEach(e -> union.add(e.asText()));
            json.path(list).forEach(e -> union.add(e.asText()));
            if (!union.isEmpty()) {
                ArrayNode a = merged.putArray(list);
                union.forEach(a::add);
            }
        }
        JsonNode extensions = json.get("extensions");
        if (extensions == null) {
            return;
        }
        ObjectNode mergedExtensions = objectOf(merged, "extensions");
        for (Map.Entry<String, JsonNode> e : extensions.properties()) {
            String key = e.getKey();
            if (key.equals(LIGHTS) || key.equals(VARIANTS)) {
                String list = key.equals(LIGHTS) ? "lights" : "variants";
                if (e.getValue().get(list) instanceof ArrayNode) {
                    arrayOf(objectOf(mergedExtensions, key), list).addAll((ArrayNode) e.getValue().get(list));
                }
            } else if (!mergedExtensions.has(key)) {
                mergedExtensions.set(key, e.getValue());
            } else if (!mergedExtensions.get(key).equals(e.getValue())) {
                throw new IllegalArgumentException("cannot merge " + name + " into one document: its document-level"
                        + " extension " + key + " differs from the first model's, and Arbor cannot combine the two;"
                        + " write its copies to a file of their own");
            }
        }
    }

    private static ObjectNode objectOf(ObjectNode object, String key) {
        return object.get(key) instanceof ObjectNode ? (ObjectNode) object.get(key) : object.putObject(key);
    }

    /**
     * Refuses an extension Arbor does not renumber that holds an integer (which may be an index into an array that
     * moved). {@code at} is the JSON location of {@code node}.
     */
    private static void refuseUnknownExtensions(JsonNode node, String at, String model) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("extras")) {
                    continue;
                }
                String here = at + "/" + e.getKey();
                if (e.getKey().equals("extensions") && e.getValue().isObject()) {
                    for (Map.Entry<String, JsonNode> x : e.getValue().properties()) {
                        if (!renumbered(at, x.getKey()) && holdsInteger(x.getValue())) {
                            throw new IllegalArgumentException("cannot merge " + model + " into one document: its"
                                    + " extension " + x.getKey() + " (at " + here + ") holds integers, which may be"
                                    + " indices that Arbor does not know how to renumber; write its copies to a file"
                                    + " of their own, or remove the extension");
                        }
                    }
                }
                refuseUnknownExtensions(e.getValue(), here, model);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                refuseUnknownExtensions(node.get(i), at + "/" + i, model);
            }
        }
    }

    /** Whether the merge renumbers (or needs not renumber) extension {@code name} found on the object at {@code at}. */
    private static boolean renumbered(String at, String name) {
        if (name.equals("KHR_texture_transform")) {
            return true; // offset, rotation, scale and a texCoord set: no index
        }
        String top = at.isEmpty() ? "" : at.substring(1).split("/")[0];
        switch (name) {
            case LIGHTS:
                return top.isEmpty() || top.equals("nodes");
            case VARIANTS:
                return top.isEmpty() || top.equals("meshes");
            case INSTANCING:
                return top.equals("nodes");
            case POINTER:
                return top.equals("animations");
            default:
                return IMAGE_SOURCES.contains(name) ? top.equals("textures")
                        : name.startsWith("KHR_materials_") && top.equals("materials");
        }
    }

    private static boolean holdsInteger(JsonNode node) {
        if (node.isIntegralNumber()) {
            return true;
        }
        for (JsonNode child : node) {
            if (holdsInteger(child)) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------------ renumbering

    /**
     * Adds model {@code m}'s offsets to every index its document holds, each checked against the model's own array
     * first (an index out of range would land in another model's entries).
     */
    private void renumber(ObjectNode json, int m, String name) {
        new Renumbering(json, m, name).run();
    }

    /** One later model's renumbering: its document, its offsets, and the range check of each index. */
    private final class Renumbering {
        private final ObjectNode json;
        private final int m;
        private final String name;

        Renumbering(ObjectNode json, int m, String name) {
            this.json = json;
            this.m = m;
            this.name = name;
        }

        void run() {
            for (JsonNode node : json.path("nodes")) {
                ObjectNode n = (ObjectNode) node;
                each(n.get("children"), "nodes");
                field(n, "mesh", "meshes");
                field(n, "skin", "skins");
                field(n, "camera", "cameras");
                JsonNode light = n.path("extensions").get(LIGHTS);
                if (light instanceof ObjectNode) {
                    field((ObjectNode) light, "light", LIGHTS);
                }
                values(n.path("extensions").path(INSTANCING).get("attributes"), "accessors");
            }
            for (JsonNode mesh : json.path("meshes")) {
                for (JsonNode primitive : mesh.path("primitives")) {
                    ObjectNode p = (ObjectNode) primitive;
                    values(p.get("attributes"), "accessors");
                    field(p, "indices", "accessors");
                    field(p, "material", "materials");
                    for (JsonNode target : p.path("targets")) {
                        values(target, "accessors");
                    }
                    for (JsonNode mapping : p.path("extensions").path(VARIANTS).path("mappings")) {
                        field((ObjectNode) mapping, "material", "materials");
                        each(mapping.get("variants"), VARIANTS);
                    }
                }
            }
            for (JsonNode accessor : json.path("accessors")) {
                field((ObjectNode) accessor, "bufferView", "bufferViews");
                for (String part : new String[] {"indices", "values"}) {
                    JsonNode sparse = accessor.path("sparse").get(part);
                    if (sparse instanceof ObjectNode) {
                        field((ObjectNode) sparse, "bufferView", "bufferViews");
                    }
                }
            }
            for (JsonNode view : json.path("bufferViews")) {
                field((ObjectNode) view, "buffer", "buffers");
            }
            for (JsonNode image : json.path("images")) {
                field((ObjectNode) image, "bufferView", "bufferViews");
            }
            for (JsonNode texture : json.path("textures")) {
                field((ObjectNode) texture, "sampler", "samplers");
                field((ObjectNode) texture, "source", "images");
                for (String source : IMAGE_SOURCES) {
                    JsonNode extension = texture.path("extensions").get(source);
                    if (extension instanceof ObjectNode) {
                        field((ObjectNode) extension, "source", "images");
                    }
                }
            }
            for (JsonNode material : json.path("materials")) {
                for (String info : new String[] {"baseColorTexture", "metallicRoughnessTexture"}) {
                    textureInfo(material.path("pbrMetallicRoughness").get(info));
                }
                for (String info : TEXTURE_INFOS) {
                    textureInfo(material.get(info));
                }
                for (Map.Entry<String, JsonNode> e : material.path("extensions").properties()) {
                    if (e.getKey().startsWith("KHR_materials_")) {
                        textureInfos(e.getValue());
                    }
                }
            }
            for (JsonNode skin : json.path("skins")) {
                field((ObjectNode) skin, "inverseBindMatrices", "accessors");
                field((ObjectNode) skin, "skeleton", "nodes");
                each(skin.get("joints"), "nodes");
            }
            for (JsonNode animation : json.path("animations")) {
                for (JsonNode channel : animation.path("channels")) {
                    JsonNode target = channel.get("target");
                    if (target instanceof ObjectNode) {
                        field((ObjectNode) target, "node", "nodes");
                        JsonNode pointer = target.path("extensions").get(POINTER);
                        if (pointer instanceof ObjectNode && pointer.path("pointer").isTextual()) {
                            ((ObjectNode) pointer).put("pointer", pointer(pointer.get("pointer").textValue()));
                        }
                    }
                }
                for (JsonNode sampler : animation.path("samplers")) {
                    field((ObjectNode) sampler, "input", "accessors");
                    field((ObjectNode) sampler, "output", "accessors");
                }
            }
            for (JsonNode scene : json.path("scenes")) {
                each(scene.get("nodes"), "nodes");
            }
        }

        /** {@code /ARRAY/N/...} (or {@code /extensions/KHR_lights_punctual/lights/N/...}) with N renumbered. */
        private String pointer(String pointer) {
            String[] parts = pointer.split("/", -1);
            int at = parts.length > 4 && parts[1].equals("extensions") && parts[2].equals(LIGHTS)
                    && parts[3].equals("lights") ? 4 : 2;
            String array = at == 4 ? LIGHTS : parts.length > 2 ? parts[1] : "";
            if (!bases.containsKey(array) || array.equals("scenes") || !parts[at].matches("\\d{1,9}")) {
                throw new IllegalArgumentException("cannot merge " + name + " into one document: its " + POINTER
                        + " pointer " + pointer + " points where Arbor does not know how to renumber; write its"
                        + " copies to a file of their own");
            }
            parts[at] = Integer.toString(shifted(Integer.parseInt(parts[at]), array, POINTER + " pointer"));
            return String.join("/", parts);
        }

        private void textureInfo(JsonNode info) {
            if (info instanceof ObjectNode) {
                field((ObjectNode) info, "index", "textures");
            }
        }

        /** Every texture info (an object with an {@code index}) inside a material extension. */
        private void textureInfos(JsonNode node) {
            if (node instanceof ObjectNode) {
                textureInfo(node);
                for (Map.Entry<String, JsonNode> e : node.properties()) {
                    if (!e.getKey().equals("extras")) {
                        textureInfos(e.getValue());
                    }
                }
            } else if (node != null && node.isArray()) {
                node.forEach(this::textureInfos);
            }
        }

        private void field(ObjectNode object, String key, String array) {
            JsonNode v = object.get(key);
            if (v != null && v.isIntegralNumber()) {
                object.put(key, shifted(v.intValue(), array, key));
            }
        }

        private void each(JsonNode indices, String array) {
            if (indices instanceof ArrayNode) {
                ArrayNode a = (ArrayNode) indices;
                for (int i = 0; i < a.size(); i++) {
                    if (a.get(i).isIntegralNumber()) {
                        a.set(i, shifted(a.get(i).intValue(), array, array));
                    }
                }
            }
        }

        /** Every integer member of an object (an attribute map). */
        private void values(JsonNode object, String array) {
            if (object instanceof ObjectNode) {
                for (Map.Entry<String, JsonNode> e : object.properties()) {
                    field((ObjectNode) object, e.getKey(), array);
                }
            }
        }

        private int shifted(int index, String array, String what) {
            int length = count(json, array);
            if (index < 0 || index >= length) {
                throw new IllegalStateException("cannot write " + name + " valid: a " + what + " index " + index
                        + " is out of range, " + array + ".length=" + length + "; correct the source file");
            }
            return index + base(array, m);
        }
    }
}
