package dev.arbor.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.arbor.animation.MorphWeights;
import dev.arbor.hierarchy.Handles;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.math.Affine;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.joml.Quaternionf;
import org.joml.Vector3f;

/**
 * Writes nodes of a {@link Hierarchy} as a glTF 2.0 document. With a source {@link GltfInstance} the document is the
 * source file's, carried through unchanged — meshes, materials, textures, images, samplers, cameras, accessors and
 * their data, extensions and extras at every level, {@code asset} fields, every scene with its name — except for what
 * Arbor models, which is rewritten from the hierarchy: the nodes' local transforms and children, and the node indices
 * in scenes, skins and animation channels (weights channels included) — and, from the instance, the morph-target
 * weights of its nodes ({@link GltfInstance#applyWeights}): where they differ from the file's defaults they are written
 * as the node's {@code weights}.
 *
 * <ul>
 *   <li><b>Node order.</b> Nodes of the source keep their relative glTF order (so when none was destroyed, every
 *       node keeps its index); nodes created through the hierarchy follow, depth first. {@link #write(GltfInstance,
 *       Path)} also writes the source nodes the instance never built (those of other scenes), unchanged.</li>
 *   <li><b>Transforms.</b> A local equal to the file's (as floats) keeps the file's JSON numbers; a changed one is
 *       written as TRS, or as {@code matrix} for an explicit local matrix. A matrix with shear cannot be expressed
 *       in glTF: writing refuses it with an {@link IllegalStateException} naming the node. A node an animation
 *       channel moves is written as TRS even when it holds a matrix (glTF forbids animating a matrix node).</li>
 *   <li><b>Destroyed nodes</b> are left out and every reference renumbered: scene roots, children, skin joints and
 *       {@code skeleton}, channel targets (also {@code KHR_animation_pointer} pointers into {@code /nodes}).
 *       Channels that targeted them are dropped, with samplers no channel uses any more and animations left without
 *       channels. A skin that lost a joint, or whose joints no longer share a root, is dropped with the {@code skin}
 *       of its nodes (their mesh stays; the validator notes {@code NODE_SKINNED_MESH_WITHOUT_SKIN}, a warning); a
 *       {@code skeleton} that is no longer a common root of its joints is left out. Meshes, cameras and accessors are
 *       kept even when no node uses them any more (valid; the validator notes {@code UNUSED_OBJECT}).</li>
 *   <li><b>Scenes.</b> Each source scene keeps its name and extras and lists those of its roots that are still
 *       written roots. A root that was not a root of the source (new, or moved to the top) joins the instance's scene
 *       (or the file's scene to show); without a source, one scene holds the given roots. Nothing is written for an
 *       empty list: an empty hierarchy gives a document with only {@code asset}, which is valid.</li>
 *   <li><b>Invalid parts of the source are repaired where Arbor knows the answer:</b> of two channels with the same
 *       node target the earlier (which Arbor ignores too) is dropped (channels that animate no node, through
 *       {@code KHR_animation_pointer}, are written as they came, duplicates included); a node rotation that is not
 *       of unit length is written normalised, as Arbor reads it; POSITION {@code min}/{@code max} (of an attribute
 *       or a morph target) that contradict the data (or are missing) are replaced by the data's
 *       ({@link GltfModel#warnings()}); empty top-level arrays are left out and {@code extensionsUsed} completed.
 *       What cannot be repaired without guessing (an index out of range, camera values, a missing UV set, JOINTS
 *       without WEIGHTS; see {@link ExportChecks}) refuses the export with an {@link IllegalStateException}.</li>
 *   <li><b>Copies.</b> {@link #writeCopies} writes several copies of one or more models: each copy's nodes carry
 *       their source nodes' data, each copy gets its own skins and animation channels. Copies of different models
 *       are written against their documents merged into one ({@link DocumentMerge}: every index renumbered, each
 *       model's animations kept as animations of their own). A node of a copy that is not given as a source is
 *       written as a plain node (its name, transform and children, no mesh or skin).</li>
 *   <li><b>Meshes built in code</b> ({@link GltfMeshData}) go on nodes that have no mesh from the source
 *       ({@link #write(Hierarchy, long[], GltfInstance, Map, Path)}): their data is appended to the buffer, their
 *       materials and meshes to the document's.</li>
 *   <li><b>Buffers.</b> All source buffers become one (each starting at a multiple of 4 bytes, so every alignment is
 *       kept; buffer views renumbered), embedded: the BIN chunk of a {@code .glb}, a {@code data:} URI in a
 *       {@code .gltf}. Images with relative URIs keep them (copy the files beside the output).</li>
 * </ul>
 *
 * <p>Thread-safety: reads the hierarchy's locals only, so confine to the hierarchy's thread. Cost linear in the
 * document and its buffers.
 */
public final class GltfWriter {
    private static final float[] ZERO3 = {0, 0, 0};
    private static final float[] ONE3 = {1, 1, 1};
    private static final float[] IDENTITY_Q = {0, 0, 0, 1};
    private static final Set<String> TRS_PATHS = Set.of("translation", "rotation", "scale");
    private static final String POINTER = "KHR_animation_pointer";
    /**
     * How far from 1 a rotation key's length may be before the reader warns and an export writes it normalised:
     * glTF asks for unit length, and the Khronos validator accepts lengths within about 0.0077 of 1.
     */
    static final double UNIT_TOLERANCE = 0.005;

    private final Hierarchy hierarchy;
    /** The first source instance when it lives in this hierarchy, else null. */
    private final GltfInstance source;
    /** Every source instance (copies of one or more models), the first one {@link #source}; empty without one. */
    private final List<GltfInstance> copies;
    /** The first source's model, or null. */
    private final GltfModel model;
    /** The distinct models of the copies, in the order of their first copy; their documents are merged. */
    private final List<GltfModel> models = new ArrayList<>();
    /** Per copy, its model's index in {@link #models}. */
    private final int[] modelOfCopy;
    /** Per model, the index of its first copy: that copy takes the document's nodes, skins and channels. */
    private final int[] firstCopyOf;
    /** The merged source documents, made when encoding; null without a source. */
    private DocumentMerge doc;
    /** Handle of each written node by output index; NULL for a source node the instance never built. */
    private final long[] handles;
    /** Source node index (in its copy's model) of each written node, or -1 for a node created through the hierarchy. */
    private final int[] sourceOf;
    /** Which copy each written node came from, or -1 for a node created through the hierarchy. */
    private final int[] copyOf;
    /** Per copy, the output index of each node of its model, or -1 when it is not written. */
    private final int[][] outOfCopy;
    /** Output index of each source node of the first copy, or -1 when it is not written. */
    private final int[] outOfSource;
    private final int[] outParent;
    private final int[][] outChildren;
    /** Output nodes that a kept channel animates by translation, rotation or scale. */
    private final Set<Integer> trsAnimated = new HashSet<>();
    /** Each copy's morph weights and the file's defaults, read when its first morphed node is written. */
    private MorphWeights[] morphWeights;
    /** Per model, the file's default morph weights, read with its first copy's weights. */
    private MorphWeights[] morphDefaults;

    private GltfWriter(Hierarchy hierarchy, long[] roots, List<GltfInstance> sources, boolean withUnbuilt) {
        this.hierarchy = hierarchy;
        this.copies = List.copyOf(sources);
        this.source = copies.isEmpty() ? null : copies.get(0);
        this.model = this.source == null ? null : this.source.model();
        modelOfCopy = new int[copies.size()];
        boolean[][] sourceWritten = new boolean[copies.size()][];
        for (int k = 0; k < copies.size(); k++) {
            GltfInstance copy = copies.get(k);
            for (int e = 0; e < k; e++) {
                if (copies.get(e) == copy) {
                    throw new IllegalArgumentException("sources[" + k + "] is sources[" + e + "] again");
                }
            }
            modelOfCopy[k] = models.indexOf(copy.model());
            if (modelOfCopy[k] < 0) {
                modelOfCopy[k] = models.size();
                models.add(copy.model());
            }
            sourceWritten[k] = new boolean[copy.model().nodeCount()];
        }
        firstCopyOf = new int[models.size()];
        for (int k = copies.size() - 1; k >= 0; k--) {
            firstCopyOf[modelOfCopy[k]] = k;
        }
        List<Long> others = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (long r : roots) {
            if (!hierarchy.isAlive(r)) {
                throw new IllegalArgumentException("root " + Handles.toString(r) + " is stale");
            }
            hierarchy.forEachInSubtree(r, h -> {
                if (!seen.add(h)) {
                    throw new IllegalArgumentException("node " + Handles.toString(h) + " would be written twice:"
                            + " a root lies in another root's subtree");
                }
                for (int k = 0; k < copies.size(); k++) {
                    int node = copies.get(k).node(h);
                    if (node >= 0) {
                        sourceWritten[k][node] = true;
                        return;
                    }
                }
                others.add(h);
            });
        }
        if (withUnbuilt) {
            for (int i = 0; i < model.nodeCount(); i++) {
                sourceWritten[0][i] |= this.source.handle(i) == Hierarchy.NULL;
            }
        }
        int known = 0;
        for (boolean[] copy : sourceWritten) {
            for (boolean w : copy) {
                known += w ? 1 : 0;
            }
        }
        int count = known + others.size();
        handles = new long[count];
        sourceOf = new int[count];
        copyOf = new int[count];
        outOfCopy = new int[copies.size()][];
        Map<Long, Integer> indexOfHandle = new HashMap<>(count * 2);
        int o = 0;
        for (int k = 0; k < copies.size(); k++) {
            outOfCopy[k] = new int[sourceWritten[k].length];
            Arrays.fill(outOfCopy[k], -1);
            for (int i = 0; i < outOfCopy[k].length; i++) {
                if (sourceWritten[k][i]) {
                    outOfCopy[k][i] = o;
                    sourceOf[o] = i;
                    copyOf[o] = k;
                    handles[o] = copies.get(k).handle(i);
                    indexOfHandle.put(handles[o], o);
                    o++;
                }
            }
        }
        outOfSource = copies.isEmpty() ? new int[0] : outOfCopy[0];
        for (long h : others) {
            sourceOf[o] = -1;
            copyOf[o] = -1;
            handles[o] = h;
            indexOfHandle.put(h, o);
            o++;
        }
        indexOfHandle.remove(Hierarchy.NULL);
        outParent = new int[count];
        Arrays.fill(outParent, -1);
        outChildren = new int[count][];
        for (int k = 0; k < count; k++) {
            int[] kids;
            if (handles[k] == Hierarchy.NULL) {
                kids = model.children(sourceOf[k]);
                for (int c = 0; c < kids.length; c++) {
                    kids[c] = outOfSource[kids[c]];
                }
            } else {
                kids = new int[hierarchy.childCount(handles[k])];
                int[] at = {0};
                hierarchy.forEachChild(handles[k], c -> kids[at[0]++] = indexOfHandle.get(c));
            }
            outChildren[k] = kids;
            for (int c : kids) {
                outParent[c] = k;
            }
        }
    }

    /**
     * Writes an instance: every node it built that is still alive with everything created below them, the source
     * nodes it never built (other scenes) unchanged, and the rest of the source document (see the class comment).
     * The format follows the file name: {@code .glb} gives the binary container, anything else a self-contained
     * {@code .gltf} (buffer as a {@code data:} URI).
     *
     * @param instance the instance to write
     * @param file destination (overwritten)
     * @return the handle of each written node by its glTF node index in the new file ({@link Hierarchy#NULL} for a
     *     source node the instance never built)
     * @throws IOException if the file cannot be written
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static long[] write(GltfInstance instance, Path file) throws IOException {
        GltfWriter w = new GltfWriter(instance.hierarchy(), instanceRoots(instance), List.of(instance), true);
        Files.write(file, w.encode(isGlb(file)));
        return w.handles.clone();
    }

    /**
     * Encodes an instance in memory, as {@link #write(GltfInstance, Path)} writes it.
     *
     * @param instance the instance to write
     * @param glb {@code true} for the binary container, {@code false} for JSON with a {@code data:} URI
     * @return the file's bytes
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static byte[] encode(GltfInstance instance, boolean glb) {
        return new GltfWriter(instance.hierarchy(), instanceRoots(instance), List.of(instance), true).encode(glb);
    }

    /** The instance's live nodes whose parent is not one of its live nodes. */
    static long[] instanceRoots(GltfInstance instance) {
        List<Long> roots = new ArrayList<>();
        Hierarchy h = instance.hierarchy();
        for (int i = 0; i < instance.model().nodeCount(); i++) {
            long handle = instance.handle(i);
            if (handle == Hierarchy.NULL || !h.isAlive(handle)) {
                continue;
            }
            long parent = h.parent(handle);
            if (parent == Hierarchy.NULL || instance.node(parent) < 0) {
                roots.add(handle);
            }
        }
        return roots.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Writes the subtrees under {@code roots}; nodes that came from {@code source} carry its data (see the class
     * comment), the rest of the source document comes along.
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots (their parents, if any, are not written)
     * @param source instance whose document to carry, or {@code null}
     * @param file destination (overwritten); {@code .glb} for the binary container
     * @return the handle of each written node, by its glTF node index in the new file
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if a root is stale or lies in another root's subtree
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static long[] write(Hierarchy hierarchy, long[] roots, GltfInstance source, Path file) throws IOException {
        GltfWriter w = new GltfWriter(hierarchy, roots, sourceIn(hierarchy, source), false);
        Files.write(file, w.encode(isGlb(file)));
        return w.handles.clone();
    }

    /**
     * Encodes the subtrees under {@code roots} in memory.
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots
     * @param source instance whose document to carry, or {@code null}
     * @param glb {@code true} for the binary container, {@code false} for JSON with a {@code data:} URI
     * @return the file's bytes
     * @throws IllegalArgumentException if a root is stale or lies in another root's subtree
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static byte[] encode(Hierarchy hierarchy, long[] roots, GltfInstance source, boolean glb) {
        return new GltfWriter(hierarchy, roots, sourceIn(hierarchy, source), false).encode(glb);
    }

    /**
     * Writes the subtrees under {@code roots} with several copies of one or more models: each node that came from
     * one of {@code sources} carries that source node's data (mesh, camera, light, extensions, extras), each copy
     * gets its own skins (joints renumbered; inverse bind matrices shared) and its own animation channels (samplers
     * shared), so that every copy draws and plays as its source does. Node order: the first source's nodes in its
     * file's order, then the second source's, and so on, then nodes created through the hierarchy.
     *
     * <p>The rest of each model's document comes along once. When the sources are copies of different models, their
     * documents are merged first ({@link DocumentMerge}): the first model's arrays, then each further model's
     * appended, every index into them renumbered (also inside {@code KHR_lights_punctual},
     * {@code EXT_mesh_gpu_instancing}, {@code KHR_materials_*} texture references, {@code KHR_texture_basisu},
     * {@code EXT_texture_webp}, {@code EXT_texture_avif}, {@code KHR_animation_pointer} and
     * {@code KHR_materials_variants}). Each model's animations stay animations of their own, named as in its file,
     * animating that model's copies. One scene, the first source's, lists every root; {@code asset} and document
     * {@code extras} are the first model's (each model's {@code copyright} joined). Cost: one merged copy of the
     * documents' JSON, linear in their size; buffers are concatenated once, as for one model.
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots
     * @param sources copies of one or more models in this hierarchy (at least one), in any order
     * @param file destination (overwritten); {@code .glb} for the binary container
     * @return the handle of each written node, by its glTF node index in the new file
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if a root is stale or lies in another root's subtree; the sources are empty,
     *     repeated or in another hierarchy; or a model after the first holds an extension Arbor does not know that
     *     holds integers (possible indices it cannot renumber), a {@code KHR_animation_pointer} pointer it cannot
     *     renumber, or a document-level extension that differs from the first model's (the message names the
     *     extension and the model; nothing is written and nothing changed)
     * @throws IllegalStateException if a node's local matrix has shear, or a source holds an index out of range the
     *     reader did not follow (the message names the node, or the model and the index)
     */
    public static long[] writeCopies(Hierarchy hierarchy, long[] roots, List<GltfInstance> sources, Path file)
            throws IOException {
        GltfWriter w = new GltfWriter(hierarchy, roots, checkedCopies(hierarchy, sources), false);
        Files.write(file, w.encode(isGlb(file)));
        return w.handles.clone();
    }

    /**
     * Encodes the subtrees under {@code roots} with several copies of one or more models in memory, as
     * {@link #writeCopies(Hierarchy, long[], List, Path)} writes them (different models' documents merged into one).
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots
     * @param sources copies of one or more models in this hierarchy (at least one), in any order
     * @param glb {@code true} for the binary container, {@code false} for JSON with a {@code data:} URI
     * @return the file's bytes
     * @throws IllegalArgumentException as {@link #writeCopies(Hierarchy, long[], List, Path)}
     * @throws IllegalStateException as {@link #writeCopies(Hierarchy, long[], List, Path)}
     */
    public static byte[] encodeCopies(Hierarchy hierarchy, long[] roots, List<GltfInstance> sources, boolean glb) {
        return new GltfWriter(hierarchy, roots, checkedCopies(hierarchy, sources), false).encode(glb);
    }

    /**
     * Writes the subtrees under {@code roots} as {@link #write(Hierarchy, long[], GltfInstance, Path)} does, with
     * meshes built in code on some of the nodes: each node of {@code meshes} gets its mesh (one primitive of
     * triangles, its attributes, indices and material appended to the document; a mesh given to several nodes is
     * written once, equal materials once).
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots
     * @param source instance whose document to carry, or {@code null}
     * @param meshes by node handle, the meshes to write on written nodes that have none from the source
     * @param file destination (overwritten); {@code .glb} for the binary container
     * @return the handle of each written node, by its glTF node index in the new file
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if a root is stale or lies in another root's subtree, a node of
     *     {@code meshes} is not written, or it has the source's mesh (nothing written)
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static long[] write(Hierarchy hierarchy, long[] roots, GltfInstance source, Map<Long, GltfMeshData> meshes,
                               Path file) throws IOException {
        GltfWriter w = new GltfWriter(hierarchy, roots, sourceIn(hierarchy, source), false);
        Files.write(file, w.encode(isGlb(file), meshes));
        return w.handles.clone();
    }

    /**
     * Encodes in memory what {@link #write(Hierarchy, long[], GltfInstance, Map, Path)} writes.
     *
     * @param hierarchy the hierarchy
     * @param roots the nodes that become roots
     * @param source instance whose document to carry, or {@code null}
     * @param meshes by node handle, the meshes to write on written nodes that have none from the source
     * @param glb {@code true} for the binary container, {@code false} for JSON with a {@code data:} URI
     * @return the file's bytes
     * @throws IllegalArgumentException as {@link #write(Hierarchy, long[], GltfInstance, Map, Path)}
     * @throws IllegalStateException if a node's local matrix has shear (the message names the node)
     */
    public static byte[] encode(Hierarchy hierarchy, long[] roots, GltfInstance source,
                                Map<Long, GltfMeshData> meshes, boolean glb) {
        return new GltfWriter(hierarchy, roots, sourceIn(hierarchy, source), false).encode(glb, meshes);
    }

    /** The single source as a list when it lives in {@code hierarchy}, else none (its document is not carried). */
    private static List<GltfInstance> sourceIn(Hierarchy hierarchy, GltfInstance source) {
        return source != null && source.hierarchy() == hierarchy ? List.of(source) : List.of();
    }

    private static List<GltfInstance> checkedCopies(Hierarchy hierarchy, List<GltfInstance> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("sources is empty: give at least one copy of a model");
        }
        for (int k = 0; k < sources.size(); k++) {
            if (sources.get(k).hierarchy() != hierarchy) {
                throw new IllegalArgumentException("sources[" + k + "] lives in another hierarchy");
            }
        }
        return sources;
    }

    private static boolean isGlb(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".glb");
    }

    private byte[] encode(boolean glb) {
        return encode(glb, Map.of());
    }

    /** The output node index of each node handle of {@code meshes}. */
    private Map<Integer, GltfMeshData> meshesByOutput(Map<Long, GltfMeshData> meshes) {
        Map<Integer, GltfMeshData> byOutput = new HashMap<>();
        if (meshes.isEmpty()) {
            return byOutput;
        }
        Map<Long, Integer> outputOf = new HashMap<>();
        for (int o = 0; o < handles.length; o++) {
            outputOf.put(handles[o], o);
        }
        for (Map.Entry<Long, GltfMeshData> e : meshes.entrySet()) {
            if (e.getValue() == null) {
                throw new IllegalArgumentException("meshes: the mesh of node " + e.getKey() + " is null");
            }
            Integer o = e.getKey() == Hierarchy.NULL ? null : outputOf.get(e.getKey());
            if (o == null) {
                throw new IllegalArgumentException("meshes: node " + e.getKey() + " is not written (not in the"
                        + " roots' subtrees)");
            }
            byOutput.put(o, e.getValue());
        }
        return byOutput;
    }

    private byte[] encode(boolean glb, Map<Long, GltfMeshData> meshes) {
        Map<Integer, GltfMeshData> codeMeshes = meshesByOutput(meshes);
        int[] shownScenes = new int[models.size()];
        for (int m = 0; m < shownScenes.length; m++) {
            shownScenes[m] = copies.get(firstCopyOf[m]).scene();
        }
        doc = model == null ? null : DocumentMerge.of(models, shownScenes);
        ObjectNode root = doc == null ? JacksonTree.objectNode() : doc.json.deepCopy();
        ObjectNode asset = root.get("asset") instanceof ObjectNode ? (ObjectNode) root.get("asset")
                : root.putObject("asset");
        asset.put("version", "2.0");
        asset.put("generator", "Arbor");
        if (doc != null) {
            rewriteAnimations(root);
        }
        ArrayNode nodes = writeNodes(root);
        if (doc != null) {
            rewriteSkins(root, nodes);
            correctMinMax(root, doc);
        }
        writeScenes(root);
        byte[] bin = doc == null ? new byte[0] : mergeBuffers(root, doc, glb);
        bin = CodeMeshes.write(root, bin, codeMeshes, glb);
        ExportChecks.tidy(root);
        byte[] json;
        try {
            json = JacksonTree.mapper().writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode JSON: " + e.getMessage(), e);
        }
        return glb ? glb(json, bin) : json;
    }

    // ------------------------------------------------------------------------------------------------ nodes

    private ArrayNode writeNodes(ObjectNode root) {
        JsonNode sourceNodes = root.get("nodes");
        ArrayNode nodes = JacksonTree.arrayNode();
        if (model != null) {
            requireValidCameras();
        }
        for (int o = 0; o < handles.length; o++) {
            ObjectNode node = sourceOf[o] < 0 ? JacksonTree.objectNode()
                    : entry(sourceNodes, "nodes", doc.nodeBase(modelOfCopy[copyOf[o]]) + sourceOf[o], copyOf[o]);
            setIndices(node, "children", outChildren[o]);
            if (handles[o] == Hierarchy.NULL) {
                if (model.hasMatrix(sourceOf[o])) {
                    requireDecomposable(model.localMatrix(sourceOf[o], new float[Affine.STRIDE], 0), o);
                }
            } else {
                writeTransform(node, o);
                writeWeights(node, o);
                String name = hierarchy.name(handles[o]); // the hierarchy's name, set in code or on instantiation
                if (name != null) {
                    node.put("name", name);
                } else {
                    node.remove("name");
                }
            }
            nodes.add(node);
        }
        setOrRemove(root, "nodes", nodes);
        return nodes;
    }

    /**
     * Refuses to carry a camera index the reader accepted without following it (it checks one when the camera is
     * first asked for) and that would leave the output invalid. The cameras, textures, materials and mesh primitives
     * the document carries are checked when the documents are merged ({@link DocumentMerge}). Reads the JSON only.
     *
     * @throws IllegalStateException naming the JSON location and the problem
     */
    private void requireValidCameras() {
        Set<Integer> nodes = new HashSet<>();
        for (int o = 0; o < handles.length; o++) {
            if (sourceOf[o] >= 0 && nodes.add(doc.nodeBase(modelOfCopy[copyOf[o]]) + sourceOf[o])) {
                try {
                    modelOf(o).nodeCamera(sourceOf[o]);
                } catch (GltfException e) {
                    throw new IllegalStateException("cannot write " + modelOf(o).sourceName() + " valid: "
                            + e.getMessage() + "; correct the source file", e);
                }
            }
        }
    }

    /** The model written node {@code o} came from (it came from a source). */
    private GltfModel modelOf(int o) {
        return copies.get(copyOf[o]).model();
    }

    /**
     * The output index of node {@code node} of the merged document in copy {@code k}, or -1 when that copy does not
     * write it (not built, destroyed, or a node of another model).
     */
    private int out(int k, int node) {
        int local = node - doc.nodeBase(modelOfCopy[k]);
        int[] out = outOfCopy[k];
        return local >= 0 && local < out.length ? out[local] : -1;
    }

    /**
     * Entry {@code index} of a top-level array for copy {@code k}: the document's own entry for the first copy of its
     * model, a fresh copy of the merged source's for every further copy.
     */
    private ObjectNode entry(JsonNode documentArray, String array, int index, int k) {
        return k == firstCopyOf[modelOfCopy[k]] ? (ObjectNode) documentArray.get(index)
                : doc.json.get(array).get(index).deepCopy();
    }

    private void writeTransform(ObjectNode node, int o) {
        long h = handles[o];
        float[] trs = new float[Affine.TRS_STRIDE];
        if (hierarchy.hasLocalMatrix(h)) {
            float[] m = hierarchy.getLocalMatrix(h, new float[Affine.STRIDE], 0);
            requireDecomposable(m, o);
            boolean unchanged = sourceOf[o] >= 0 && modelOf(o).hasMatrix(sourceOf[o])
                    && equalValues(m, modelOf(o).localMatrix(sourceOf[o], new float[Affine.STRIDE], 0));
            if (unchanged && !trsAnimated.contains(o)) {
                return; // the file's numbers (the reader only snapped the last row)
            }
            if (!trsAnimated.contains(o)) {
                float[] m16 = new float[16];
                for (int c = 0; c < 4; c++) {
                    System.arraycopy(m, c * 3, m16, c * 4, 3);
                    m16[c * 4 + 3] = c == 3 ? 1f : 0f;
                }
                node.remove(List.of("translation", "rotation", "scale"));
                putFloats(node, "matrix", m16, null);
                return;
            }
            Affine.decompose(m, 0, trs, 0);
        } else {
            Vector3f v = new Vector3f();
            Quaternionf q = new Quaternionf();
            hierarchy.getLocalTranslation(h, v);
            trs[Affine.TRS_T] = v.x;
            trs[Affine.TRS_T + 1] = v.y;
            trs[Affine.TRS_T + 2] = v.z;
            hierarchy.getLocalRotation(h, q);
            trs[Affine.TRS_Q] = q.x;
            trs[Affine.TRS_Q + 1] = q.y;
            trs[Affine.TRS_Q + 2] = q.z;
            trs[Affine.TRS_Q + 3] = q.w;
            hierarchy.getLocalScale(h, v);
            trs[Affine.TRS_S] = v.x;
            trs[Affine.TRS_S + 1] = v.y;
            trs[Affine.TRS_S + 2] = v.z;
        }
        boolean unchanged = sourceOf[o] >= 0 && !modelOf(o).hasMatrix(sourceOf[o])
                && equalValues(trs, modelOf(o).localTrs(sourceOf[o], new float[Affine.TRS_STRIDE], 0));
        if (unchanged && !node.has("matrix") && jsonRotationIsUnit(node)) {
            return; // the file's numbers
        }
        node.remove("matrix");
        putFloats(node, "translation", Arrays.copyOfRange(trs, Affine.TRS_T, Affine.TRS_T + 3), ZERO3);
        putFloats(node, "rotation", Arrays.copyOfRange(trs, Affine.TRS_Q, Affine.TRS_Q + 4), IDENTITY_Q);
        putFloats(node, "scale", Arrays.copyOfRange(trs, Affine.TRS_S, Affine.TRS_S + 3), ONE3);
    }

    /**
     * Whether the node's JSON rotation is missing or of unit length within glTF's tolerance (the reader normalises a
     * rotation that is not, and then the normalised one must be written, or the file stays invalid).
     */
    private static boolean jsonRotationIsUnit(ObjectNode node) {
        JsonNode r = node.get("rotation");
        if (r == null) {
            return true;
        }
        double sum = 0;
        for (JsonNode c : r) {
            sum += c.doubleValue() * c.doubleValue();
        }
        return Math.abs(Math.sqrt(sum) - 1) <= 5e-6;
    }

    /** A morphed source node whose instance weights differ from the file's defaults gets them as its weights. */
    private void writeWeights(ObjectNode node, int o) {
        int morph = sourceOf[o] < 0 ? -1 : modelOf(o).morphIndex(sourceOf[o]);
        if (morph < 0) {
            return;
        }
        if (morphWeights == null) {
            morphWeights = new MorphWeights[copies.size()];
            morphDefaults = new MorphWeights[models.size()];
        }
        int k = copyOf[o];
        if (morphWeights[k] == null) {
            morphWeights[k] = copies.get(k).weights(modelOf(o).restWeights());
            if (morphDefaults[modelOfCopy[k]] == null) {
                morphDefaults[modelOfCopy[k]] = modelOf(o).restWeights();
            }
        }
        float[] weights = morphWeights[k].weights(morph, new float[morphWeights[k].count(morph)], 0);
        float[] defaults = morphDefaults[modelOfCopy[k]].weights(morph, new float[morphWeights[k].count(morph)], 0);
        if (!equalValues(weights, defaults)) {
            putFloats(node, "weights", weights, null);
        }
    }

    private void requireDecomposable(float[] m, int o) {
        if (!GltfReader.decomposable(m, 0)) {
            throw new IllegalStateException(describe(o) + ": its local matrix " + Arrays.toString(m) + " has shear,"
                    + " which glTF cannot express (a node matrix must decompose into translation, rotation and"
                    + " scale); give the node a TRS local or remove the shear before writing");
        }
    }

    private String describe(int o) {
        StringBuilder s = new StringBuilder("node ").append(o);
        if (sourceOf[o] >= 0) {
            s.append(" (").append(copyOf[o] > 0 ? "copy " + copyOf[o] + " of " : "").append("source node ")
                    .append(sourceOf[o]);
            if (models.size() > 1) {
                s.append(" of ").append(modelOf(o).sourceName());
            }
            if (modelOf(o).nodeName(sourceOf[o]) != null) {
                s.append(" \"").append(modelOf(o).nodeName(sourceOf[o])).append('"');
            }
            s.append(')');
        }
        if (handles[o] != Hierarchy.NULL) {
            s.append(' ').append(Handles.toString(handles[o]));
        }
        return s.toString();
    }

    /**
     * Sets a float array property: the source's JSON stays when it already holds these values (so unchanged numbers
     * keep their text), the property is left out when the values are the default, else the floats are written.
     */
    private static void putFloats(ObjectNode node, String key, float[] values, float[] defaultValues) {
        JsonNode old = node.get(key);
        if (old != null && old.isArray() && old.size() == values.length) {
            boolean same = true;
            for (int i = 0; i < values.length && same; i++) {
                same = old.get(i).isNumber() && (float) old.get(i).doubleValue() == values[i];
            }
            if (same) {
                return;
            }
        }
        if (defaultValues != null && equalValues(values, defaultValues)) {
            node.remove(key);
            return;
        }
        ArrayNode a = JacksonTree.arrayNode();
        for (float f : values) {
            a.add(f);
        }
        node.set(key, a);
    }

    private static boolean equalValues(float[] a, float[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    private static void setIndices(ObjectNode node, String key, int[] indices) {
        ArrayNode a = JacksonTree.arrayNode();
        for (int i : indices) {
            a.add(i);
        }
        setOrRemove(node, key, a);
    }

    /** glTF forbids empty arrays: an empty one is left out. */
    private static void setOrRemove(ObjectNode node, String key, ArrayNode array) {
        if (array.size() == 0) {
            node.remove(key);
        } else {
            node.set(key, array);
        }
    }

    // ------------------------------------------------------------------------------------------------ scenes

    private void writeScenes(ObjectNode root) {
        boolean[] listed = new boolean[handles.length];
        JsonNode scenes = root.get("scenes");
        if (scenes != null) {
            for (JsonNode scene : scenes) {
                ArrayNode list = JacksonTree.arrayNode();
                Set<Integer> inScene = new HashSet<>();
                for (int k = 0; k < copies.size(); k++) {
                    for (JsonNode n : scene.path("nodes")) {
                        int o = out(k, n.intValue());
                        if (o >= 0 && outParent[o] < 0 && inScene.add(o)) {
                            list.add(o);
                            listed[o] = true;
                        }
                    }
                }
                setOrRemove((ObjectNode) scene, "nodes", list);
            }
        }
        ArrayNode added = JacksonTree.arrayNode();
        for (int o = 0; o < handles.length; o++) {
            boolean sourceRoot = sourceOf[o] >= 0 && modelOf(o).parent(sourceOf[o]) < 0;
            if (outParent[o] < 0 && !listed[o] && !sourceRoot) {
                added.add(o);
            }
        }
        if (added.size() == 0) {
            return;
        }
        int target = source == null ? -1 : doc.sceneToShow;
        if (target < 0 || scenes == null) {
            root.putArray("scenes").addObject().set("nodes", added);
            if (model == null) {
                root.put("scene", 0);
            }
            return;
        }
        ObjectNode scene = (ObjectNode) scenes.get(target);
        if (scene.get("nodes") instanceof ArrayNode) {
            ((ArrayNode) scene.get("nodes")).addAll(added);
        } else {
            scene.set("nodes", added);
        }
    }

    // ------------------------------------------------------------------------------------------------ skins

    private void rewriteSkins(ObjectNode root, ArrayNode nodes) {
        JsonNode skins = root.get("skins");
        if (skins == null) {
            return;
        }
        int[][] newSkin = new int[copies.size()][skins.size()];
        ArrayNode kept = JacksonTree.arrayNode();
        for (int k = 0; k < copies.size(); k++) {
            for (int s = 0; s < skins.size(); s++) {
                if (doc.owner("skins", s) != modelOfCopy[k]) {
                    newSkin[k][s] = -1; // another model's skin
                    continue;
                }
                // the model's first copy takes the document's skin; each further copy a fresh one from the source
                ObjectNode skin = entry(skins, "skins", s, k);
                ArrayNode joints = (ArrayNode) skin.get("joints");
                int[] mapped = new int[joints.size()];
                boolean expressible = true;
                for (int j = 0; j < mapped.length && expressible; j++) {
                    mapped[j] = out(k, joints.get(j).intValue());
                    expressible = mapped[j] >= 0 && topOf(mapped[j]) == topOf(mapped[0]);
                }
                newSkin[k][s] = expressible ? kept.size() : -1;
                if (!expressible) {
                    continue;
                }
                setIndices(skin, "joints", mapped);
                if (skin.has("skeleton")) {
                    int skeleton = out(k, skin.get("skeleton").intValue());
                    boolean common = skeleton >= 0;
                    for (int j = 0; j < mapped.length && common; j++) {
                        common = isAncestorOrSelf(skeleton, mapped[j]);
                    }
                    if (common) {
                        skin.put("skeleton", skeleton);
                    } else {
                        skin.remove("skeleton");
                    }
                }
                kept.add(skin);
            }
        }
        setOrRemove(root, "skins", kept);
        for (int o = 0; o < nodes.size(); o++) {
            ObjectNode node = (ObjectNode) nodes.get(o);
            if (node.has("skin")) {
                // a skin on a node without a mesh deforms nothing and is invalid glTF (the reader warned)
                int s = copyOf[o] < 0 || !node.has("mesh") ? -1 : newSkin[copyOf[o]][node.get("skin").intValue()];
                if (s < 0) {
                    node.remove("skin");
                } else {
                    node.put("skin", s);
                }
            }
        }
    }

    private int topOf(int o) {
        int v = o;
        while (outParent[v] >= 0) {
            v = outParent[v];
        }
        return v;
    }

    private boolean isAncestorOrSelf(int ancestor, int o) {
        for (int v = o; v >= 0; v = outParent[v]) {
            if (v == ancestor) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------------ animations

    /**
     * Renumbers channel targets, drops channels whose node is not written and the earlier of two channels with one
     * target, then samplers no channel uses and animations without channels. Records the TRS-animated nodes.
     */
    private void rewriteAnimations(ObjectNode root) {
        JsonNode animations = root.get("animations");
        if (animations == null) {
            return;
        }
        ArrayNode keptAnimations = JacksonTree.arrayNode();
        for (int a = 0; a < animations.size(); a++) {
            JsonNode animation = animations.get(a);
            JsonNode channels = animation.get("channels");
            List<JsonNode> kept = new ArrayList<>();
            Set<String> targets = new HashSet<>();
            int owner = doc.owner("animations", a);
            for (int c = channels.size() - 1; c >= 0; c--) { // the later of two channels with one target wins
                // the nodes of each copy of the animation's model get the channel (the first copy the document's,
                // the others fresh ones); a channel that animates no node (a material, through a pointer) is
                // written once
                boolean once = !animatesNode(channels.get(c).get("target"));
                for (int k = copies.size() - 1; k >= 0; k--) {
                    if (modelOfCopy[k] != owner || once && k != firstCopyOf[owner]) {
                        continue;
                    }
                    JsonNode channel = k == firstCopyOf[owner] ? channels.get(c)
                            : doc.json.get("animations").get(a).get("channels").get(c).deepCopy();
                    String key = retarget((ObjectNode) channel.get("target"), k);
                    if (key != null && targets.add(key)) {
                        kept.add(0, channel);
                    }
                }
            }
            if (kept.isEmpty()) {
                continue;
            }
            JsonNode samplers = animation.get("samplers");
            int[] newSampler = new int[samplers.size()];
            Arrays.fill(newSampler, -1);
            ArrayNode keptSamplers = JacksonTree.arrayNode();
            ArrayNode keptChannels = JacksonTree.arrayNode();
            for (JsonNode channel : kept) {
                int s = channel.get("sampler").intValue();
                refuseNegativeKeyTimes(animation, a, s);
                if (newSampler[s] < 0) {
                    newSampler[s] = keptSamplers.size();
                    keptSamplers.add(samplers.get(s));
                }
                ((ObjectNode) channel).put("sampler", newSampler[s]);
                keptChannels.add(channel);
            }
            ((ObjectNode) animation).set("channels", keptChannels);
            ((ObjectNode) animation).set("samplers", keptSamplers);
            keptAnimations.add(animation);
        }
        setOrRemove(root, "animations", keptAnimations);
    }

    /**
     * Refuses to write a sampler whose key times start below 0, which glTF does not allow (the reader loads such a file
     * with a warning): shifting the times would change the animation, so the caller decides.
     */
    private void refuseNegativeKeyTimes(JsonNode animation, int index, int sampler) {
        JsonNode input = animation.get("samplers").get(sampler).get("input");
        if (doc != null && input != null && doc.negativeKeyTimes(input.intValue())) {
            String name = animation.hasNonNull("name") ? " \"" + animation.get("name").textValue() + "\"" : "";
            throw new IllegalStateException("cannot write animation " + index + name + ": sampler " + sampler
                    + "'s key times (accessor " + input.intValue() + ") start below 0, which glTF does not allow;"
                    + " shift or remove the animation in the source file");
        }
    }

    /** @return whether a channel target names a node (directly, or by a pointer into {@code /nodes}) */
    private static boolean animatesNode(JsonNode target) {
        if (target.has("node")) {
            return true;
        }
        JsonNode pointer = target.path("extensions").path(POINTER).path("pointer");
        return pointer.isTextual() && pointer.textValue().startsWith("/nodes/");
    }

    /**
     * Renumbers a channel target's node (or a {@code KHR_animation_pointer} pointer into {@code /nodes}) with copy
     * {@code k}'s map from source nodes to output indices.
     *
     * @return a key naming what the channel animates, or {@code null} when its node is not written
     */
    private String retarget(ObjectNode target, int k) {
        String path = target.path("path").asText();
        if (target.has("node")) {
            int o = out(k, target.get("node").intValue());
            if (o < 0) {
                return null;
            }
            target.put("node", o);
            if (TRS_PATHS.contains(path)) {
                trsAnimated.add(o);
            }
            return o + "/" + path;
        }
        JsonNode pointerExtension = target.path("extensions").path(POINTER);
        JsonNode pointer = pointerExtension.path("pointer");
        if (!pointer.isTextual() || !pointer.textValue().startsWith("/nodes/")) {
            // not a node: Arbor does not play it, so it is written as it came, duplicates included
            return "channel without node " + System.identityHashCode(target);
        }
        String p = pointer.textValue();
        int slash = p.indexOf('/', 7);
        String rest = slash < 0 ? "" : p.substring(slash);
        int node;
        try {
            node = Integer.parseInt(p.substring(7, slash < 0 ? p.length() : slash));
        } catch (NumberFormatException e) {
            return "pointer " + p;
        }
        int o = out(k, node);
        if (o < 0) {
            return null;
        }
        ((ObjectNode) pointerExtension).put("pointer", "/nodes/" + o + rest);
        if (TRS_PATHS.contains(rest.length() > 1 ? rest.substring(1) : "")) {
            trsAnimated.add(o);
        }
        return "pointer /nodes/" + o + rest;
    }

    // ------------------------------------------------------------------------------------------------ data

    private static void correctMinMax(ObjectNode root, DocumentMerge doc) {
        for (Map.Entry<Integer, float[][]> e : doc.correctedMinMax.entrySet()) {
            ObjectNode accessor = (ObjectNode) root.get("accessors").get(e.getKey());
            ArrayNode min = accessor.putArray("min");
            ArrayNode max = accessor.putArray("max");
            for (int c = 0; c < e.getValue()[0].length; c++) {
                min.add(e.getValue()[0][c]);
                max.add(e.getValue()[1][c]);
            }
        }
    }

    /**
     * Writes rotation keys (of float VEC4 outputs of rotation channels; a spline's values, not its tangents) that are
     * not of unit length within {@link #UNIT_TOLERANCE} normalised, as Arbor plays them, into the merged buffer, and
     * the accessor's declared min/max again when it has them. Keys already of unit length keep their bytes, and so
     * do keys whose bytes anything else also reads (a shared or overlapping buffer view).
     */
    private static void normalizeRotationKeys(ObjectNode root, byte[] bin) {
        Set<Integer> done = new HashSet<>();
        int[] viewReferences = null; // counted once, when the first rotation accessor is met
        ByteBuffer data = ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonNode animation : root.path("animations")) {
            for (JsonNode channel : animation.path("channels")) {
                JsonNode target = channel.path("target");
                JsonNode sampler = animation.path("samplers").path(channel.path("sampler").asInt(-1));
                if (!target.has("node") || !"rotation".equals(target.path("path").asText())
                        || !sampler.has("output")) {
                    continue;
                }
                int output = sampler.get("output").intValue();
                JsonNode accessor = root.path("accessors").path(output);
                if (!done.add(output) || accessor.path("componentType").asInt() != 5126
                        || !"VEC4".equals(accessor.path("type").asText()) || !accessor.has("bufferView")
                        || accessor.has("sparse")) {
                    continue;
                }
                int viewIndex = accessor.get("bufferView").intValue();
                if (viewReferences == null) {
                    viewReferences = new int[root.path("bufferViews").size()];
                    countViewReferences(root, viewReferences);
                }
                if (!ownedByOneUser(root, viewIndex, viewReferences)) {
                    continue; // bytes another accessor, image or extension also reads are left as they are
                }
                JsonNode view = root.path("bufferViews").path(viewIndex);
                int stride = view.path("byteStride").asInt(16);
                long start = view.path("byteOffset").asLong(0) + accessor.path("byteOffset").asLong(0);
                int count = accessor.path("count").asInt();
                int per = "CUBICSPLINE".equals(sampler.path("interpolation").asText()) ? 3 : 1;
                boolean changed = false;
                for (int k = per == 3 ? 1 : 0; k < count; k += per) {
                    int at = (int) (start + (long) k * stride);
                    double x = data.getFloat(at);
                    double y = data.getFloat(at + 4);
                    double z = data.getFloat(at + 8);
                    double w = data.getFloat(at + 12);
                    double length = Math.sqrt(x * x + y * y + z * z + w * w);
                    if (length > 0 && Math.abs(length - 1) > UNIT_TOLERANCE) {
                        data.putFloat(at, (float) (x / length)).putFloat(at + 4, (float) (y / length))
                                .putFloat(at + 8, (float) (z / length)).putFloat(at + 12, (float) (w / length));
                        changed = true;
                    }
                }
                if (changed && accessor.has("min") && accessor.has("max")) {
                    ArrayNode min = ((ObjectNode) accessor).putArray("min");
                    ArrayNode max = ((ObjectNode) accessor).putArray("max");
                    for (int c = 0; c < 4; c++) {
                        float lo = Float.POSITIVE_INFINITY;
                        float hi = Float.NEGATIVE_INFINITY;
                        for (int k = 0; k < count; k++) {
                            float v = data.getFloat((int) (start + (long) k * stride) + 4 * c);
                            lo = Math.min(lo, v);
                            hi = Math.max(hi, v);
                        }
                        min.add(lo);
                        max.add(hi);
                    }
                }
            }
        }
    }

    /**
     * Whether a buffer view is referenced once in the whole document (any {@code bufferView} field, extensions
     * included) and its bytes overlap no other view's, so that rewriting them changes nothing else.
     */
    private static boolean ownedByOneUser(ObjectNode root, int viewIndex, int[] viewReferences) {
        if (viewIndex < 0 || viewIndex >= viewReferences.length || viewReferences[viewIndex] != 1) {
            return false;
        }
        JsonNode views = root.path("bufferViews");
        JsonNode view = views.path(viewIndex);
        long start = view.path("byteOffset").asLong(0);
        long end = start + view.path("byteLength").asLong(0);
        for (int v = 0; v < views.size(); v++) {
            long s = views.get(v).path("byteOffset").asLong(0);
            long e = s + views.get(v).path("byteLength").asLong(0);
            if (v != viewIndex && s < end && start < e) {
                return false;
            }
        }
        return true;
    }

    /** Adds up, per buffer view, the {@code bufferView} fields anywhere in the document that name it. */
    private static void countViewReferences(JsonNode node, int[] references) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("bufferView") && e.getValue().isInt()) {
                    int v = e.getValue().intValue();
                    if (v >= 0 && v < references.length) {
                        references[v]++;
                    }
                } else {
                    countViewReferences(e.getValue(), references);
                }
            });
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                countViewReferences(item, references);
            }
        }
    }

    /** Concatenates the source buffers into one (each at a multiple of 4) and renumbers the buffer views. */
    private static byte[] mergeBuffers(ObjectNode root, DocumentMerge doc, boolean glb) {
        java.nio.ByteBuffer[] buffers = doc.buffers;
        if (buffers.length == 0) {
            return new byte[0];
        }
        long[] base = new long[buffers.length];
        long total = 0;
        for (int b = 0; b < buffers.length; b++) {
            base[b] = (total + 3) & ~3L;
            total = base[b] + doc.bufferLength[b];
        }
        if (total > GltfReader.MAX_BUFFER_BYTES) {
            throw new IllegalStateException("the source buffers together hold " + total + " bytes, more than one"
                    + " buffer can (" + GltfReader.MAX_BUFFER_BYTES + ")");
        }
        byte[] bin = new byte[(int) total];
        for (int b = 0; b < buffers.length; b++) {
            buffers[b].get(0, bin, (int) base[b], doc.bufferLength[b]);
        }
        for (JsonNode view : root.path("bufferViews")) {
            int b = view.get("buffer").intValue();
            long offset = view.path("byteOffset").asLong(0) + base[b];
            ((ObjectNode) view).put("buffer", 0);
            if (offset != 0 || view.has("byteOffset")) {
                ((ObjectNode) view).put("byteOffset", offset);
            }
        }
        normalizeRotationKeys(root, bin);
        ObjectNode buffer = (ObjectNode) root.get("buffers").get(0);
        buffer.put("byteLength", bin.length);
        if (glb) {
            buffer.remove("uri");
        } else {
            buffer.put("uri", "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(bin));
        }
        root.putArray("buffers").add(buffer);
        return bin;
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
