package dev.arbor.gltf;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads what a renderer needs beyond geometry from a document's JSON, each part when first asked for: materials,
 * textures, samplers, images, cameras, {@code KHR_lights_punctual} lights and {@code EXT_mesh_gpu_instancing}. The
 * reader checks none of it, so every malformed value is reported here, as a {@link GltfException} naming its JSON
 * location.
 */
final class SceneContent {
    private static final String LIGHTS = "KHR_lights_punctual";
    private static final String TRANSFORM = "KHR_texture_transform";
    private static final String INSTANCING = "EXT_mesh_gpu_instancing";

    private SceneContent() {
    }

    static int count(JsonValue root, String key) throws GltfException {
        return Json.optArray(root, Location.ROOT, key).size();
    }

    private static JsonValue object(JsonValue root, String key, int i) throws GltfException {
        JsonValue array = Json.optArray(root, Location.ROOT, key);
        java.util.Objects.checkIndex(i, array.size());
        JsonValue v = Json.element(array, Location.top(key), i);
        if (!v.isObject()) {
            throw new GltfException(Json.at(Location.top(key), i), "expected an object, found " + Json.describe(v));
        }
        return v;
    }

    private static float optFloat(JsonValue parent, Location path, String key, float def) throws GltfException {
        JsonValue v = parent.get(key);
        return v == null ? def : Json.finiteFloat(v, Json.at(path, key));
    }

    private static float optFloatIn(JsonValue parent, Location path, String key, float def, float min, float max)
            throws GltfException {
        float f = optFloat(parent, path, key, def);
        if (f < min || f > max) {
            throw new GltfException(Json.at(path, key), "value " + f + " out of range [" + min + ", " + max + "]");
        }
        return f;
    }

    private static float[] floats(JsonValue parent, Location path, String key, float[] def) throws GltfException {
        float[] f = Json.optFloats(parent, path, key, def.length);
        return f == null ? def.clone() : f;
    }

    // ------------------------------------------------------------------------------------------------ materials

    static GltfMaterial material(JsonValue root, int m) throws GltfException {
        JsonValue material = object(root, "materials", m);
        Location path = Json.at(Location.top("materials"), m);
        int textures = count(root, "textures");
        JsonValue pbr = Json.optObject(material, path, "pbrMetallicRoughness");
        Location pp = Json.at(path, "pbrMetallicRoughness");
        float[] baseColor = {1f, 1f, 1f, 1f};
        float metallic = 1f;
        float roughness = 1f;
        GltfTextureRef baseTexture = null;
        GltfTextureRef mrTexture = null;
        if (pbr != null) {
            baseColor = floats(pbr, pp, "baseColorFactor", baseColor);
            metallic = optFloatIn(pbr, pp, "metallicFactor", 1f, 0f, 1f);
            roughness = optFloatIn(pbr, pp, "roughnessFactor", 1f, 0f, 1f);
            baseTexture = textureRef(pbr, pp, "baseColorTexture", null, textures);
            mrTexture = textureRef(pbr, pp, "metallicRoughnessTexture", null, textures);
        }
        GltfTextureRef normal = textureRef(material, path, "normalTexture", "scale", textures);
        GltfTextureRef occlusion = textureRef(material, path, "occlusionTexture", "strength", textures);
        GltfTextureRef emissive = textureRef(material, path, "emissiveTexture", null, textures);
        float[] emissiveFactor = floats(material, path, "emissiveFactor", new float[3]);
        String alphaMode = Json.optString(material, path, "alphaMode");
        if (alphaMode == null) {
            alphaMode = "OPAQUE";
        } else if (!alphaMode.equals("OPAQUE") && !alphaMode.equals("MASK") && !alphaMode.equals("BLEND")) {
            throw new GltfException(Json.at(path, "alphaMode"), "\"" + alphaMode + "\" is not one of OPAQUE, MASK,"
                    + " BLEND");
        }
        float alphaCutoff = optFloatIn(material, path, "alphaCutoff", 0.5f, 0f, Float.MAX_VALUE);
        boolean doubleSided = Json.optBoolean(material, path, "doubleSided");
        Map<String, String> extensions = new LinkedHashMap<>();
        float strength = 1f;
        JsonValue ext = Json.optObject(material, path, "extensions");
        if (ext != null) {
            Location ep = Json.at(path, "extensions");
            for (int i = 0; i < ext.size(); i++) {
                extensions.put(ext.name(i), ext.value(i).toString());
            }
            JsonValue es = Json.optObject(ext, ep, GltfMaterial.EMISSIVE_STRENGTH);
            if (es != null) {
                strength = optFloatIn(es, Json.at(ep, GltfMaterial.EMISSIVE_STRENGTH), "emissiveStrength", 1f, 0f,
                        Float.MAX_VALUE);
            }
        }
        return new GltfMaterial(Json.optString(material, path, "name"), baseColor, metallic, roughness, baseTexture,
                mrTexture, normal, occlusion, emissive, emissiveFactor, strength, alphaMode, alphaCutoff,
                doubleSided, extensions);
    }

    /** A textureInfo, or null when absent; {@code scaleKey} is "scale" (normal), "strength" (occlusion) or null. */
    private static GltfTextureRef textureRef(JsonValue parent, Location parentPath, String key, String scaleKey,
                                             int textures) throws GltfException {
        JsonValue info = Json.optObject(parent, parentPath, key);
        if (info == null) {
            return null;
        }
        Location path = Json.at(parentPath, key);
        int texture = Json.reqIndex(info, path, "index", textures, "textures.length");
        int texCoord = (int) Json.optInteger(info, path, "texCoord", 0, 0, 255);
        float scale = scaleKey == null ? 1f : scaleKey.equals("strength")
                ? optFloatIn(info, path, scaleKey, 1f, 0f, 1f) : optFloat(info, path, scaleKey, 1f);
        JsonValue ext = Json.optObject(info, path, "extensions");
        JsonValue t = ext == null ? null : Json.optObject(ext, Json.at(path, "extensions"), TRANSFORM);
        if (t == null) {
            return new GltfTextureRef(texture, texCoord, scale, false, 0f, 0f, 0f, 1f, 1f, -1);
        }
        Location tp = Json.at(Json.at(path, "extensions"), TRANSFORM);
        float[] offset = floats(t, tp, "offset", new float[] {0f, 0f});
        float[] s = floats(t, tp, "scale", new float[] {1f, 1f});
        float rotation = optFloat(t, tp, "rotation", 0f);
        int transformTexCoord = (int) Json.optInteger(t, tp, "texCoord", -1, 0, 255);
        return new GltfTextureRef(texture, texCoord, scale, true, offset[0], offset[1], rotation, s[0], s[1],
                transformTexCoord);
    }

    // ------------------------------------------------------------------------------------------------ textures

    static GltfTexture texture(JsonValue root, int t) throws GltfException {
        JsonValue texture = object(root, "textures", t);
        Location path = Json.at(Location.top("textures"), t);
        int images = count(root, "images");
        int sampler = Json.optIndex(texture, path, "sampler", count(root, "samplers"), "samplers.length");
        int source = Json.optIndex(texture, path, "source", images, "images.length");
        int webp = -1;
        int ktx2 = -1;
        JsonValue ext = Json.optObject(texture, path, "extensions");
        if (ext != null) {
            Location ep = Json.at(path, "extensions");
            JsonValue w = Json.optObject(ext, ep, "EXT_texture_webp");
            if (w != null) {
                webp = Json.reqIndex(w, Json.at(ep, "EXT_texture_webp"), "source", images, "images.length");
            }
            JsonValue k = Json.optObject(ext, ep, "KHR_texture_basisu");
            if (k != null) {
                ktx2 = Json.reqIndex(k, Json.at(ep, "KHR_texture_basisu"), "source", images, "images.length");
            }
        }
        return new GltfTexture(Json.optString(texture, path, "name"), sampler, source, webp, ktx2);
    }

    static GltfSampler sampler(JsonValue root, int s) throws GltfException {
        JsonValue sampler = object(root, "samplers", s);
        Location path = Json.at(Location.top("samplers"), s);
        int mag = (int) Json.optInteger(sampler, path, "magFilter", -1, 0, 65535);
        int min = (int) Json.optInteger(sampler, path, "minFilter", -1, 0, 65535);
        int wrapS = (int) Json.optInteger(sampler, path, "wrapS", 10497, 0, 65535);
        int wrapT = (int) Json.optInteger(sampler, path, "wrapT", 10497, 0, 65535);
        checkEnum(path, "magFilter", mag, -1, 9728, 9729);
        checkEnum(path, "minFilter", min, -1, 9728, 9729, 9984, 9985, 9986, 9987);
        checkEnum(path, "wrapS", wrapS, 33071, 33648, 10497);
        checkEnum(path, "wrapT", wrapT, 33071, 33648, 10497);
        return new GltfSampler(mag, min, wrapS, wrapT);
    }

    private static void checkEnum(Location path, String key, int value, int... allowed) throws GltfException {
        for (int a : allowed) {
            if (a == value) {
                return;
            }
        }
        throw new GltfException(Json.at(path, key), "value " + value + " is not one of "
                + java.util.Arrays.toString(allowed).replace("-1, ", ""));
    }

    static GltfImage image(JsonValue root, int i) throws GltfException {
        JsonValue image = object(root, "images", i);
        Location path = Json.at(Location.top("images"), i);
        String uri = Json.optString(image, path, "uri");
        int view = Json.optIndex(image, path, "bufferView", count(root, "bufferViews"), "bufferViews.length");
        if ((uri == null) == (view < 0)) {
            throw new GltfException(path, uri == null ? "has neither uri nor bufferView"
                    : "has both uri and bufferView");
        }
        String mime = Json.optString(image, path, "mimeType");
        String shown = uri;
        if (uri != null && uri.startsWith("data:")) {
            int comma = uri.indexOf(',');
            String header = comma < 0 ? uri : uri.substring(0, comma);
            shown = header + ",…";
            if (mime == null) {
                int semicolon = header.indexOf(';');
                String type = header.substring(5, semicolon < 0 ? header.length() : semicolon);
                mime = type.isEmpty() ? null : type;
            }
        } else if (uri != null && mime == null) {
            String lower = uri.toLowerCase(java.util.Locale.ROOT);
            mime = lower.endsWith(".png") ? "image/png" : lower.endsWith(".jpg") || lower.endsWith(".jpeg")
                    ? "image/jpeg" : lower.endsWith(".webp") ? "image/webp" : lower.endsWith(".ktx2") ? "image/ktx2"
                    : null;
        }
        return new GltfImage(Json.optString(image, path, "name"), shown, view, mime);
    }

    /** The bytes of image {@code i}: its buffer view's, its data URI's, or the file's beside the document. */
    static byte[] imageBytes(JsonValue root, java.nio.ByteBuffer[] buffers, java.nio.file.Path baseDir, int i)
            throws GltfException {
        JsonValue image = object(root, "images", i);
        Location path = Json.at(Location.top("images"), i);
        GltfImage declared = image(root, i);
        if (declared.bufferView() >= 0) {
            Location vp = Json.at(Location.top("bufferViews"), declared.bufferView());
            JsonValue v = Json.element(Json.optArray(root, Location.ROOT, "bufferViews"), Location.top("bufferViews"),
                    declared.bufferView());
            int buffer = Json.reqIndex(v, vp, "buffer", buffers.length, "buffers.length");
            int offset = (int) Json.optInteger(v, vp, "byteOffset", 0, 0, GltfReader.MAX_BUFFER_BYTES);
            int length = (int) Json.reqInteger(v, vp, "byteLength", 1, GltfReader.MAX_BUFFER_BYTES);
            byte[] bytes = new byte[length];
            buffers[buffer].get(offset, bytes);
            return bytes;
        }
        String uri = Json.optString(image, path, "uri");
        if (uri.startsWith("data:")) {
            return UriSources.decodeDataUri(uri, Json.at(path, "uri"), 0);
        }
        return UriSources.readFile(baseDir, uri, Json.at(path, "uri"), -1, "image");
    }

    // ------------------------------------------------------------------------------------------------ cameras, lights

    static GltfCamera camera(JsonValue root, int c) throws GltfException {
        JsonValue camera = object(root, "cameras", c);
        Location path = Json.at(Location.top("cameras"), c);
        String type = Json.reqString(camera, path, "type");
        String name = Json.optString(camera, path, "name");
        if (type.equals("perspective")) {
            JsonValue p = Json.reqObject(camera, path, "perspective");
            Location pp = Json.at(path, "perspective");
            float yfov = Json.finiteFloat(p.get("yfov"), Json.at(pp, "yfov"));
            float znear = Json.finiteFloat(p.get("znear"), Json.at(pp, "znear"));
            float aspect = optFloat(p, pp, "aspectRatio", 0f);
            float zfar = optFloat(p, pp, "zfar", Float.POSITIVE_INFINITY);
            if (!(yfov > 0f) || !(znear > 0f) || p.has("aspectRatio") && !(aspect > 0f) || !(zfar > znear)) {
                throw new GltfException(pp, "needs yfov > 0, znear > 0, aspectRatio > 0 and zfar > znear, found yfov="
                        + yfov + " znear=" + znear + " aspectRatio=" + aspect + " zfar=" + zfar);
            }
            return new GltfCamera(name, type, yfov, aspect, 0f, 0f, znear, zfar);
        }
        if (type.equals("orthographic")) {
            JsonValue o = Json.reqObject(camera, path, "orthographic");
            Location op = Json.at(path, "orthographic");
            float xmag = Json.finiteFloat(o.get("xmag"), Json.at(op, "xmag"));
            float ymag = Json.finiteFloat(o.get("ymag"), Json.at(op, "ymag"));
            float znear = Json.finiteFloat(o.get("znear"), Json.at(op, "znear"));
            float zfar = Json.finiteFloat(o.get("zfar"), Json.at(op, "zfar"));
            if (xmag == 0f || ymag == 0f || znear < 0f || !(zfar > znear)) {
                throw new GltfException(op, "needs xmag != 0, ymag != 0, znear >= 0 and zfar > znear, found xmag="
                        + xmag + " ymag=" + ymag + " znear=" + znear + " zfar=" + zfar);
            }
            return new GltfCamera(name, type, 0f, 0f, xmag, ymag, znear, zfar);
        }
        throw new GltfException(Json.at(path, "type"), "\"" + type + "\" is not perspective or orthographic");
    }

    private static JsonValue lights(JsonValue root) throws GltfException {
        JsonValue ext = Json.optObject(root, Location.ROOT, "extensions");
        JsonValue l = ext == null ? null : Json.optObject(ext, Location.top("extensions"), LIGHTS);
        return l == null ? JsonValue.EMPTY_ARRAY
                : Json.optArray(l, Json.at(Location.top("extensions"), LIGHTS), "lights");
    }

    static int lightCount(JsonValue root) throws GltfException {
        return lights(root).size();
    }

    static GltfLight light(JsonValue root, int i) throws GltfException {
        JsonValue list = lights(root);
        java.util.Objects.checkIndex(i, list.size());
        Location path = Json.at(Json.at(Json.at(Location.top("extensions"), LIGHTS), "lights"), i);
        JsonValue light = list.get(i);
        if (!light.isObject()) {
            throw new GltfException(path, "expected an object, found " + Json.describe(light));
        }
        String type = Json.reqString(light, path, "type");
        if (!type.equals("directional") && !type.equals("point") && !type.equals("spot")) {
            throw new GltfException(Json.at(path, "type"), "\"" + type + "\" is not directional, point or spot");
        }
        float[] color = floats(light, path, "color", new float[] {1f, 1f, 1f});
        float intensity = optFloatIn(light, path, "intensity", 1f, 0f, Float.MAX_VALUE);
        float range = optFloat(light, path, "range", Float.POSITIVE_INFINITY);
        if (!(range > 0f)) {
            throw new GltfException(Json.at(path, "range"), "value " + range + " is not above 0");
        }
        float inner = 0f;
        float outer = 0f;
        if (type.equals("spot")) {
            JsonValue spot = Json.reqObject(light, path, "spot");
            Location sp = Json.at(path, "spot");
            inner = optFloat(spot, sp, "innerConeAngle", 0f);
            outer = optFloat(spot, sp, "outerConeAngle", (float) (Math.PI / 4));
            if (inner < 0f || !(outer > inner) || outer > (float) (Math.PI / 2)) {
                throw new GltfException(sp, "needs 0 <= innerConeAngle < outerConeAngle <= pi/2, found innerConeAngle="
                        + inner + " outerConeAngle=" + outer);
            }
        }
        return new GltfLight(Json.optString(light, path, "name"), type, color[0], color[1], color[2], intensity,
                range, inner, outer);
    }

    // ------------------------------------------------------------------------------------------------ nodes

    private static JsonValue node(JsonValue root, int node) throws GltfException {
        return object(root, "nodes", node);
    }

    static int nodeCamera(JsonValue root, int n) throws GltfException {
        return Json.optIndex(node(root, n), Json.at(Location.top("nodes"), n), "camera", count(root, "cameras"),
                "cameras.length");
    }

    static int nodeLight(JsonValue root, int n) throws GltfException {
        Location path = Json.at(Location.top("nodes"), n);
        JsonValue ext = Json.optObject(node(root, n), path, "extensions");
        JsonValue l = ext == null ? null : Json.optObject(ext, Json.at(path, "extensions"), LIGHTS);
        return l == null ? -1 : Json.reqIndex(l, Json.at(Json.at(path, "extensions"), LIGHTS), "light",
                lightCount(root), "lights.length");
    }

    static GltfInstancing instancing(JsonValue root, Accessors accessors, int n) throws GltfException {
        Location path = Json.at(Location.top("nodes"), n);
        JsonValue ext = Json.optObject(node(root, n), path, "extensions");
        JsonValue inst = ext == null ? null : Json.optObject(ext, Json.at(path, "extensions"), INSTANCING);
        if (inst == null) {
            return null;
        }
        Location ip = Json.at(Json.at(path, "extensions"), INSTANCING);
        JsonValue attributes = Json.reqObject(inst, ip, "attributes");
        Location ap = Json.at(ip, "attributes");
        Map<String, GltfAccessor> map = new LinkedHashMap<>();
        int count = -1;
        for (int i = 0; i < attributes.size(); i++) {
            Location at = Json.at(ap, attributes.name(i));
            int a = Json.index(attributes.value(i), at, accessors.size(), "accessors.length");
            if (count >= 0 && accessors.count[a] != count) {
                throw new GltfException(at, "count " + accessors.count[a] + " differs from the other attributes' "
                        + count);
            }
            count = accessors.count[a];
            map.put(attributes.name(i), new GltfAccessor(accessors, a, at));
        }
        if (count < 0) {
            throw new GltfException(ap, "has no attributes");
        }
        float[] t = new float[count * 3];
        float[] r = new float[count * 4];
        float[] s = new float[count * 3];
        for (int k = 0; k < count; k++) {
            r[k * 4 + 3] = 1f;
            s[k * 3] = 1f;
            s[k * 3 + 1] = 1f;
            s[k * 3 + 2] = 1f;
        }
        fill(map, "TRANSLATION", "VEC3", t);
        fill(map, "ROTATION", "VEC4", r);
        fill(map, "SCALE", "VEC3", s);
        return new GltfInstancing(count, t, r, s, map);
    }

    private static void fill(Map<String, GltfAccessor> map, String name, String type, float[] dest)
            throws GltfException {
        GltfAccessor a = map.get(name);
        if (a == null) {
            return;
        }
        if (!a.type().equals(type)) {
            throw new GltfException(a.usedAt(), "accessors[" + a.index() + "] is " + a.type() + ", expected " + type);
        }
        float[] v = a.floats();
        System.arraycopy(v, 0, dest, 0, v.length);
    }
}
