package dev.arbor.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfCamera;
import dev.arbor.gltf.GltfImage;
import dev.arbor.gltf.GltfInstancing;
import dev.arbor.gltf.GltfLight;
import dev.arbor.gltf.GltfMaterial;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.gltf.GltfSampler;
import dev.arbor.gltf.GltfTexture;
import dev.arbor.gltf.GltfTextureRef;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

/**
 * {@code arbor inspect --json FILE}: what a renderer reads from the file, as one JSON object. Per mesh primitive its
 * mode, material, indices and every attribute (and every morph target's attributes) with its count, component type,
 * element type, normalized flag and, of its values decoded to floats, the min, max and sum of each component; each
 * material's factors, alpha mode, sidedness, extensions and texture references; textures, samplers and images (their
 * bytes are not read); cameras, punctual lights and GPU instancing with the nodes that hold them. Decoding every
 * attribute costs O(vertex data).
 */
final class InspectJson {
    private InspectJson() {
    }

    static void write(GltfModel m, PrintWriter out) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("file", m.sourceName());
            g.writeNumberField("nodes", m.nodeCount());
            g.writeArrayFieldStart("meshes");
            for (int i = 0; i < m.meshCount(); i++) {
                mesh(g, i, m.readMesh(i));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("materials");
            for (int i = 0; i < m.materialCount(); i++) {
                material(g, m.material(i));
            }
            g.writeEndArray();
            g.writeArrayFieldStart("textures");
            for (int i = 0; i < m.textureCount(); i++) {
                GltfTexture t = m.texture(i);
                g.writeStartObject();
                g.writeStringField("name", t.name());
                g.writeNumberField("sampler", t.sampler());
                g.writeNumberField("source", t.source());
                g.writeNumberField("webpSource", t.webpSource());
                g.writeNumberField("ktx2Source", t.ktx2Source());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("samplers");
            for (int i = 0; i < m.samplerCount(); i++) {
                GltfSampler s = m.sampler(i);
                g.writeStartObject();
                g.writeNumberField("magFilter", s.magFilter());
                g.writeNumberField("minFilter", s.minFilter());
                g.writeNumberField("wrapS", s.wrapS());
                g.writeNumberField("wrapT", s.wrapT());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("images");
            for (int i = 0; i < m.imageCount(); i++) {
                GltfImage image = m.image(i);
                g.writeStartObject();
                g.writeStringField("name", image.name());
                g.writeStringField("uri", image.uri());
                g.writeNumberField("bufferView", image.bufferView());
                g.writeStringField("mimeType", image.mimeType());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("cameras");
            for (int i = 0; i < m.cameraCount(); i++) {
                camera(g, m, i);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("lights");
            for (int i = 0; i < m.lightCount(); i++) {
                light(g, m, i);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("instancing");
            for (int node = 0; node < m.nodeCount(); node++) {
                GltfInstancing inst = m.nodeInstancing(node);
                if (inst != null) {
                    g.writeStartObject();
                    g.writeNumberField("node", node);
                    g.writeNumberField("count", inst.count());
                    g.writeArrayFieldStart("attributes");
                    for (Map.Entry<String, GltfAccessor> e : inst.attributes().entrySet()) {
                        attribute(g, e.getKey(), e.getValue());
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }

    private static void mesh(JsonGenerator g, int index, GltfMesh mesh) throws IOException {
        g.writeStartObject();
        g.writeNumberField("mesh", index);
        g.writeStringField("name", mesh.name());
        g.writeArrayFieldStart("targetNames");
        for (String name : mesh.targetNames()) {
            g.writeString(name);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("primitives");
        for (int p = 0; p < mesh.primitiveCount(); p++) {
            GltfPrimitive prim = mesh.primitive(p);
            g.writeStartObject();
            g.writeStringField("mode", GltfPrimitive.modeName(prim.mode()));
            g.writeNumberField("material", prim.material());
            if (prim.skipped() != null) {
                g.writeStringField("skipped", prim.skipped());
            }
            if (prim.indices() != null) {
                g.writeObjectFieldStart("indices");
                g.writeNumberField("count", prim.indices().count());
                g.writeStringField("componentType", GltfAccessor.componentTypeName(prim.indices().componentType()));
                g.writeEndObject();
            }
            g.writeArrayFieldStart("attributes");
            for (Map.Entry<String, GltfAccessor> e : prim.attributes().entrySet()) {
                attribute(g, e.getKey(), prim.skipped() == null ? e.getValue() : null);
            }
            g.writeEndArray();
            g.writeArrayFieldStart("targets");
            for (int t = 0; t < prim.targetCount(); t++) {
                g.writeStartArray();
                for (Map.Entry<String, GltfAccessor> e : prim.target(t).entrySet()) {
                    attribute(g, e.getKey(), e.getValue());
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** An attribute with its accessor's description and per-component min, max and sum (null: not decoded). */
    private static void attribute(JsonGenerator g, String name, GltfAccessor a) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        if (a == null) {
            g.writeEndObject();
            return;
        }
        g.writeNumberField("accessor", a.index());
        g.writeNumberField("count", a.count());
        g.writeStringField("componentType", GltfAccessor.componentTypeName(a.componentType()));
        g.writeStringField("type", a.type());
        g.writeBooleanField("normalized", a.normalized());
        g.writeBooleanField("sparse", a.sparse());
        int n = a.componentCount();
        float[] v = a.floats();
        double[] min = new double[n];
        double[] max = new double[n];
        double[] sum = new double[n];
        java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < v.length; i++) {
            int c = i % n;
            min[c] = Math.min(min[c], v[i]);
            max[c] = Math.max(max[c], v[i]);
            sum[c] += v[i];
        }
        if (a.count() > 0) {
            numbers(g, "min", min);
            numbers(g, "max", max);
        }
        numbers(g, "sum", sum);
        g.writeEndObject();
    }

    private static void numbers(JsonGenerator g, String field, double[] values) throws IOException {
        g.writeArrayFieldStart(field);
        for (double d : values) {
            g.writeNumber(d);
        }
        g.writeEndArray();
    }

    private static void floats(JsonGenerator g, String field, float... values) throws IOException {
        g.writeArrayFieldStart(field);
        for (float f : values) {
            g.writeNumber(f);
        }
        g.writeEndArray();
    }

    private static void material(JsonGenerator g, GltfMaterial m) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", m.name());
        floats(g, "baseColorFactor", m.baseColorFactor());
        g.writeNumberField("metallicFactor", m.metallicFactor());
        g.writeNumberField("roughnessFactor", m.roughnessFactor());
        floats(g, "emissiveFactor", m.emissiveFactor());
        g.writeNumberField("emissiveStrength", m.emissiveStrength());
        g.writeStringField("alphaMode", m.alphaMode());
        g.writeNumberField("alphaCutoff", m.alphaCutoff());
        g.writeBooleanField("doubleSided", m.doubleSided());
        g.writeBooleanField("unlit", m.unlit());
        g.writeObjectFieldStart("textures");
        texture(g, "baseColorTexture", m.baseColorTexture());
        texture(g, "metallicRoughnessTexture", m.metallicRoughnessTexture());
        texture(g, "normalTexture", m.normalTexture());
        texture(g, "occlusionTexture", m.occlusionTexture());
        texture(g, "emissiveTexture", m.emissiveTexture());
        g.writeEndObject();
        g.writeObjectFieldStart("extensions");
        for (String name : m.extensionNames()) {
            g.writeFieldName(name);
            g.writeRawValue(m.extensionJson(name));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void texture(JsonGenerator g, String field, GltfTextureRef t) throws IOException {
        if (t == null) {
            return;
        }
        g.writeObjectFieldStart(field);
        g.writeNumberField("texture", t.texture());
        g.writeNumberField("texCoord", t.texCoord());
        g.writeNumberField("scale", t.scale());
        if (t.hasTransform()) {
            g.writeObjectFieldStart("transform");
            floats(g, "offset", t.offsetU(), t.offsetV());
            g.writeNumberField("rotation", t.rotation());
            floats(g, "scale", t.scaleU(), t.scaleV());
            if (t.transformTexCoord() >= 0) {
                g.writeNumberField("texCoord", t.transformTexCoord());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void nodes(JsonGenerator g, GltfModel m, boolean camera, int index) throws IOException {
        g.writeArrayFieldStart("nodes");
        for (int node = 0; node < m.nodeCount(); node++) {
            if ((camera ? m.nodeCamera(node) : m.nodeLight(node)) == index) {
                g.writeNumber(node);
            }
        }
        g.writeEndArray();
    }

    private static void camera(JsonGenerator g, GltfModel m, int i) throws IOException {
        GltfCamera c = m.camera(i);
        g.writeStartObject();
        g.writeStringField("name", c.name());
        g.writeStringField("type", c.type());
        if (c.orthographic()) {
            g.writeNumberField("xmag", c.xmag());
            g.writeNumberField("ymag", c.ymag());
        } else {
            g.writeNumberField("yfov", c.yfov());
            if (c.aspectRatio() > 0f) {
                g.writeNumberField("aspectRatio", c.aspectRatio());
            }
        }
        g.writeNumberField("znear", c.znear());
        if (c.zfar() != Float.POSITIVE_INFINITY) {
            g.writeNumberField("zfar", c.zfar());
        }
        nodes(g, m, true, i);
        g.writeEndObject();
    }

    private static void light(JsonGenerator g, GltfModel m, int i) throws IOException {
        GltfLight l = m.light(i);
        g.writeStartObject();
        g.writeStringField("name", l.name());
        g.writeStringField("type", l.type());
        floats(g, "color", l.red(), l.green(), l.blue());
        g.writeNumberField("intensity", l.intensity());
        if (l.range() != Float.POSITIVE_INFINITY) {
            g.writeNumberField("range", l.range());
        }
        if (l.type().equals("spot")) {
            g.writeNumberField("innerConeAngle", l.innerConeAngle());
            g.writeNumberField("outerConeAngle", l.outerConeAngle());
        }
        nodes(g, m, false, i);
        g.writeEndObject();
    }
}
