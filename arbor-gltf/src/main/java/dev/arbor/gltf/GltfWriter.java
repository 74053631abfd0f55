package dev.arbor.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Writes nodes of a {@link Hierarchy} as a glTF 2.0 document: every subtree under the given roots, with each node's
 * local transform as it is stored (TRS, or {@code matrix} for an explicit local matrix), and — when a source
 * {@link GltfInstance} is given — the names, skins and animations that came in with it.
 *
 * <p>Node order: nodes of the source instance keep their glTF node order (so a full import → export → import keeps
 * node indices); other nodes follow in depth-first order. The document has one scene holding the roots. Meshes are
 * not written (Arbor keeps no geometry); a skinned mesh node records its skin and content bounds under
 * {@code extras.arbor} instead, because glTF allows {@code skin} only together with {@code mesh}.
 *
 * <p>Thread-safety: reads the hierarchy (which may recompute nothing here: only locals are read), so confine to the
 * hierarchy's thread. Cost linear in the nodes and key data written.
 */
public final class GltfWriter {
    private static final int FLOAT = 5126;

    private final Hierarchy hierarchy;
    private final GltfInstance source;
    private final long[] handles;
    private final Map<Long, Integer> indexOfHandle = new HashMap<>();
    private final ByteArrayOutputStream bin = new ByteArrayOutputStream();
    private final ObjectNode root = Json.mapper().createObjectNode();
    private final ArrayNode accessors = Json.mapper().createArrayNode();
    private final ArrayNode bufferViews = Json.mapper().createArrayNode();

    private GltfWriter(Hierarchy hierarchy, long[] roots, GltfInstance source) {
        this.hierarchy = hierarchy;
        this.source = source;
        List<Long> known = new ArrayList<>();
        List<Long> others = new ArrayList<>();
        for (long r : roots) {
            hierarchy.forEachInSubtree(r, h -> {
                if (source != null && source.hierarchy() == hierarchy && source.node(h) >= 0) {
                    known.add(h);
                } else {
                    others.add(h);
                }
            });
        }
        known.sort((a, b) -> Integer.compare(source.node(a), source.node(b)));
        handles = new long[known.size() + others.size()];
        int i = 0;
        for (long h : known) {
            handles[i++] = h;
        }
        for (long h : others) {
            handles[i++] = h;
        }
        for (int k = 0; k < handles.length; k++) {
            indexOfHandle.put(handles[k], k);
        }
    }

    /**
     * Writes every node of an instance (the subtrees of its roots in the hierarchy, so nodes added below them are
     * included) with its names, skins and animations. The format follows the file name: {@code .glb} gives the
     * binary container, anything else a self-contained {@code .gltf} (buffer as a {@code data:} URI).
     *
     * @param instance the instance to write
     * @param file destination (overwritten)
     * @return the handle of each written node, by its glTF node index in the new file
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if a node of the instance was destroyed
     */
    public static long[] write(GltfInstance instance, Path file) throws IOException {
        List<Long> roots = new ArrayList<>();
        GltfModel m = instance.model();
        Hierarchy h = instance.hierarchy();
        for (int i = 0; i < m.nodeCount(); i++) {
            long handle = instance.handle(i);
            if (handle == Hierarchy.NULL) {
                continue;
            }
            long parent = h.parent(handle);
            if (parent == Hierarchy.NULL || instance.node(parent) < 0) {
                roots.add(handle);
            }
        }
        return write(h, roots.stream().mapToLong(Long::longValue).toArray(), instance, file);
    }

    /**
     * Writes the subtrees under {@code roots}; see the class comment.
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become the scene's roots (their parents, if any, are not written)
     * @param source instance whose names, skins and animations to include, or {@code null}
     * @param file destination (overwritten); {@code .glb} for the binary container
     * @return the handle of each written node, by its glTF node index in the new file
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if a handle is stale
     */
    public static long[] write(Hierarchy hierarchy, long[] roots, GltfInstance source, Path file) throws IOException {
        GltfWriter w = new GltfWriter(hierarchy, roots, source);
        boolean glb = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb");
        Files.write(file, w.encode(roots, glb));
        return w.handles.clone();
    }

    /**
     * Encodes the subtrees under {@code roots} in memory.
     *
     * @param hierarchy the hierarchy
     * @param roots the scene's roots
     * @param source instance whose names, skins and animations to include, or {@code null}
     * @param glb {@code true} for the binary container, {@code false} for JSON with a {@code data:} URI
     * @return the file's bytes
     * @throws IllegalArgumentException if a handle is stale
     */
    public static byte[] encode(Hierarchy hierarchy, long[] roots, GltfInstance source, boolean glb) {
        return new GltfWriter(hierarchy, roots, source).encode(roots, glb);
    }

    private byte[] encode(long[] roots, boolean glb) {
        ObjectNode asset = root.putObject("asset");
        asset.put("version", "2.0");
        asset.put("generator", "Arbor");
        root.put("scene", 0);
        ArrayNode sceneNodes = root.putArray("scenes").addObject().putArray("nodes");
        for (long r : roots) {
            sceneNodes.add(indexOfHandle.get(r));
        }
        writeNodes();
        if (source != null && source.hierarchy() == hierarchy) {
            writeSkins();
            writeAnimations();
        }
        if (accessors.size() > 0) {
            root.set("accessors", accessors);
            root.set("bufferViews", bufferViews);
            ObjectNode buffer = root.putArray("buffers").addObject();
            buffer.put("byteLength", bin.size());
            if (!glb) {
                buffer.put("uri", "data:application/octet-stream;base64,"
                        + Base64.getEncoder().encodeToString(bin.toByteArray()));
            }
        }
        byte[] json;
        try {
            json = Json.mapper().writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode JSON: " + e.getMessage(), e);
        }
        return glb ? glb(json, bin.toByteArray()) : json;
    }

    private void writeNodes() {
        ArrayNode nodes = root.putArray("nodes");
        Vector3f v = new Vector3f();
        Quaternionf q = new Quaternionf();
        float[] m = new float[Affine.STRIDE];
        float[] bounds = new float[6];
        for (long h : handles) {
            ObjectNode node = nodes.addObject();
            int sourceNode = source != null && source.hierarchy() == hierarchy ? source.node(h) : -1;
            if (sourceNode >= 0 && source.model().nodeName(sourceNode) != null) {
                node.put("name", source.model().nodeName(sourceNode));
            }
            if (hierarchy.childCount(h) > 0) {
                ArrayNode children = node.putArray("children");
                hierarchy.forEachChild(h, c -> children.add(indexOfHandle.get(c)));
            }
            if (hierarchy.hasLocalMatrix(h)) {
                hierarchy.getLocalMatrix(h, m, 0);
                ArrayNode matrix = node.putArray("matrix");
                for (int c = 0; c < 4; c++) {
                    matrix.add(m[c * 3]).add(m[c * 3 + 1]).add(m[c * 3 + 2]).add(c == 3 ? 1f : 0f);
                }
            } else {
                hierarchy.getLocalTranslation(h, v);
                if (v.x != 0 || v.y != 0 || v.z != 0) {
                    node.putArray("translation").add(v.x).add(v.y).add(v.z);
                }
                hierarchy.getLocalRotation(h, q);
                if (q.x != 0 || q.y != 0 || q.z != 0 || q.w != 1) {
                    node.putArray("rotation").add(q.x).add(q.y).add(q.z).add(q.w);
                }
                hierarchy.getLocalScale(h, v);
                if (v.x != 1 || v.y != 1 || v.z != 1) {
                    node.putArray("scale").add(v.x).add(v.y).add(v.z);
                }
            }
            if (sourceNode >= 0) {
                GltfModel model = source.model();
                boolean hasBounds = model.contentBounds(sourceNode, bounds, 0);
                if (model.skinOf(sourceNode) >= 0 || hasBounds) {
                    ObjectNode arbor = node.putObject("extras").putObject("arbor");
                    if (model.skinOf(sourceNode) >= 0) {
                        arbor.put("skin", model.skinOf(sourceNode));
                    }
                    if (hasBounds) {
                        ArrayNode b = arbor.putArray("contentBounds");
                        for (float f : bounds) {
                            b.add(f);
                        }
                    }
                }
            }
        }
    }

    private void writeSkins() {
        GltfModel model = source.model();
        ArrayNode skins = Json.mapper().createArrayNode();
        for (int s = 0; s < model.skinCount(); s++) {
            GltfSkin skin = model.skin(s);
            ObjectNode out = Json.mapper().createObjectNode();
            ArrayNode joints = out.putArray("joints");
            boolean complete = true;
            for (int j = 0; j < skin.jointCount(); j++) {
                Integer index = indexOfHandle.get(source.handle(skin.joint(j)));
                if (index == null) {
                    complete = false;
                    break;
                }
                joints.add(index);
            }
            if (!complete) {
                continue; // a skin whose joints were not all written cannot be expressed
            }
            if (skin.name() != null) {
                out.put("name", skin.name());
            }
            if (skin.skeleton() >= 0 && indexOfHandle.containsKey(source.handle(skin.skeleton()))) {
                out.put("skeleton", indexOfHandle.get(source.handle(skin.skeleton())));
            }
            float[] ibm = skin.inverseBindMatrices();
            float[] ibm4 = new float[skin.jointCount() * 16];
            for (int j = 0; j < skin.jointCount(); j++) {
                for (int c = 0; c < 4; c++) {
                    System.arraycopy(ibm, j * 12 + c * 3, ibm4, j * 16 + c * 4, 3);
                    ibm4[j * 16 + c * 4 + 3] = c == 3 ? 1f : 0f;
                }
            }
            out.put("inverseBindMatrices", accessor(ibm4, "MAT4", skin.jointCount(), false));
            skins.add(out);
        }
        if (skins.size() > 0) {
            root.set("skins", skins);
        }
    }

    private void writeAnimations() {
        GltfModel model = source.model();
        int[] animated = model.animatedNodes();
        ArrayNode animations = Json.mapper().createArrayNode();
        for (int a = 0; a < model.animationCount(); a++) {
            AnimationClip clip = model.animation(a);
            ObjectNode out = Json.mapper().createObjectNode();
            if (clip.name() != null) {
                out.put("name", clip.name());
            }
            ArrayNode channels = out.putArray("channels");
            ArrayNode samplers = out.putArray("samplers");
            for (int c = 0; c < clip.channelCount(); c++) {
                Integer node = indexOfHandle.get(source.handle(animated[clip.target(c)]));
                if (node == null) {
                    continue;
                }
                float[] times = clip.times(c);
                float[] values = clip.values(c);
                Interpolation interp = clip.interpolation(c);
                ObjectNode sampler = samplers.addObject();
                sampler.put("input", accessor(times, "SCALAR", times.length, true));
                sampler.put("output", accessor(values, clip.path(c).components() == 4 ? "VEC4" : "VEC3",
                        times.length * interp.valuesPerKey(), false));
                sampler.put("interpolation", interp.name());
                ObjectNode channel = channels.addObject();
                channel.put("sampler", samplers.size() - 1);
                ObjectNode target = channel.putObject("target");
                target.put("node", node);
                target.put("path", clip.path(c).name().toLowerCase(Locale.ROOT));
            }
            if (channels.size() > 0) {
                animations.add(out);
            }
        }
        if (animations.size() > 0) {
            root.set("animations", animations);
        }
    }

    /** Appends float data as a buffer view and an accessor; returns the accessor index. */
    private int accessor(float[] data, String type, int count, boolean minMax) {
        ByteBuffer bytes = ByteBuffer.allocate(data.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : data) {
            bytes.putFloat(f);
        }
        ObjectNode view = bufferViews.addObject();
        view.put("buffer", 0);
        view.put("byteOffset", bin.size());
        view.put("byteLength", data.length * 4);
        bin.writeBytes(bytes.array());
        ObjectNode accessor = accessors.addObject();
        accessor.put("bufferView", bufferViews.size() - 1);
        accessor.put("componentType", FLOAT);
        accessor.put("count", count);
        accessor.put("type", type);
        if (minMax) {
            float min = Float.POSITIVE_INFINITY;
            float max = Float.NEGATIVE_INFINITY;
            for (float f : data) {
                min = Math.min(min, f);
                max = Math.max(max, f);
            }
            accessor.putArray("min").add(min);
            accessor.putArray("max").add(max);
        }
        return accessors.size() - 1;
    }

    private static byte[] glb(byte[] json, byte[] bin) {
        int jsonPadded = (json.length + 3) & ~3;
        int binPadded = (bin.length + 3) & ~3;
        int total = 12 + 8 + jsonPadded + (bin.length > 0 ? 8 + binPadded : 0);
        ByteBuffer out = ByteBuffer.allocate(total).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(Glb.MAGIC).putInt(2).putInt(total);
        out.putInt(jsonPadded).putInt(Glb.CHUNK_JSON).put(json);
        for (int i = json.length; i < jsonPadded; i++) {
            out.put((byte) ' ');
        }
        if (bin.length > 0) {
            out.putInt(binPadded).putInt(Glb.CHUNK_BIN).put(bin);
            for (int i = bin.length; i < binPadded; i++) {
                out.put((byte) 0);
            }
        }
        return out.array();
    }

}
