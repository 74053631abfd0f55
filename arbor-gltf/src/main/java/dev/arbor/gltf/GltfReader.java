package dev.arbor.gltf;

import dev.arbor.animation.AnimationClip;
import dev.arbor.animation.Interpolation;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.TargetPath;
import dev.arbor.math.Affine;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Reads one glTF document into a {@link GltfModel}. Validation happens in the order data is needed: the container,
 * the JSON, buffers (each checked against the bytes that exist before anything is allocated), buffer views and
 * accessors (every byte range against its buffer), then nodes, scenes, meshes (bounds, morph targets and default
 * weights), skins and animations. Single use,
 * not thread-safe.
 */
final class GltfReader {
    /**
     * Extensions that change only data Arbor never interprets — mesh geometry encoding (Draco, quantization),
     * textures, materials, lights, metadata — and so are safe to require: Arbor passes that data through unchanged.
     * Besides these, every {@code KHR_materials_*} extension is accepted.
     */
    static final Set<String> SUPPORTED_REQUIRED_EXTENSIONS = Set.of(
            "KHR_draco_mesh_compression", "KHR_mesh_quantization", "KHR_texture_transform", "KHR_texture_basisu",
            "EXT_texture_webp", "EXT_texture_avif", "KHR_lights_punctual", "KHR_xmp_json_ld");
    /**
     * Required extensions Arbor refuses because they change data it interprets, with the reason given in the
     * message. Others not in {@link #SUPPORTED_REQUIRED_EXTENSIONS} are refused as unknown.
     */
    static final java.util.Map<String, String> REFUSED_REQUIRED_EXTENSIONS = java.util.Map.of(
            "EXT_meshopt_compression", "it compresses buffer views, and Arbor reads key times, key values and"
                    + " inverse bind matrices from buffer views",
            "KHR_animation_pointer", "it animates node transforms through JSON pointers, which Arbor does not"
                    + " sample",
            "EXT_mesh_gpu_instancing", "it draws a node's mesh at several transforms, which the GPU renderer and"
                    + " the engine bridges do not draw (content bounds cover them, and render draws them)");

    static boolean requiredExtensionAllowed(String name) {
        return SUPPORTED_REQUIRED_EXTENSIONS.contains(name) || name.startsWith("KHR_materials_");
    }

    /**
     * Relative difference per linear column under which a matrix counts as decomposable into TRS: above the
     * hierarchy's own threshold for keeping a derived local as TRS, so that float noise never refuses an export.
     * Here rather than in {@link GltfWriter}, which refuses other matrices: the reader warns of them, and loading the
     * writer would load Jackson.
     */
    static final double TRS_TOLERANCE = 1e-5;

    /** Largest accessor (in components) that has no buffer view behind it: its data is all zeros (or sparse). */
    static final long MAX_UNBACKED_COMPONENTS = 1L << 22;
    /** Largest buffer accepted, in bytes (Java arrays are int-indexed). */
    static final long MAX_BUFFER_BYTES = Integer.MAX_VALUE - 64;

    static final int BYTE = 5120;
    static final int UNSIGNED_BYTE = 5121;
    static final int SHORT = 5122;
    static final int UNSIGNED_SHORT = 5123;
    static final int UNSIGNED_INT = 5125;
    static final int FLOAT = 5126;

    private final String sourceName;
    /** The whole document, little-endian, index 0 its first byte: heap memory, or direct for a {@code .glb} file. */
    private final ByteBuffer file;
    private final Glb glb;
    private final Path baseDir;
    private JsonValue root;

    /** Each buffer's bytes from index 0, little-endian: a slice of {@link #file} for a GLB's binary chunk. */
    private ByteBuffer[] bufferData;
    /** The bytes of memory each buffer keeps reachable: the file's size for a slice of it, else its own. */
    private int[] bufferHolds;
    private int[] bufferLength;

    private int[] viewBuffer;
    private int[] viewOffset;
    private int[] viewLength;
    private int[] viewStride;

    private int[] accView;
    private int[] accOffset;
    private int[] accComponentType;
    private String[] accType;
    private int[] accCount;
    private boolean[] accNormalized;
    private float[][] accMin;
    private float[][] accMax;
    /** Decodes accessors over the buffers as read; the model gets a copy over its trimmed buffers. */
    private Accessors accessors;
    /** POSITION accessors whose declared min/max contradict the data: {min, max} from the data. */
    private final java.util.Map<Integer, float[][]> correctedMinMax = new java.util.HashMap<>();
    /** Rotation output accessors already checked for keys that are not of unit length. */
    private final java.util.Set<Integer> nonUnitRotationWarned = new java.util.HashSet<>();
    /** Bounds of each POSITION accessor's data once computed. */
    private float[][][] positionBoundsCache;

    GltfReader(String sourceName, ByteBuffer file, Path baseDir) throws GltfException {
        this.sourceName = sourceName;
        this.file = file.order(ByteOrder.LITTLE_ENDIAN);
        this.baseDir = baseDir;
        boolean glbName = sourceName != null && sourceName.toLowerCase(java.util.Locale.ROOT).endsWith(".glb");
        this.glb = Glb.hasMagic(file) || glbName ? Glb.parse(file) : null;
    }

    /**
     * Whether an affine 3×4 matrix is a TRS: its decomposition, composed again, reproduces each column of its linear
     * part within {@link #TRS_TOLERANCE} of that column's length ({@link Affine#trsDeviation}; the translation plays
     * no part, so a shear far from the origin is not hidden by a large translation). glTF allows only such matrices:
     * the reader warns of others and {@link GltfWriter} refuses them.
     */
    static boolean decomposable(float[] m, int o) {
        return Affine.trsDeviation(m, o, new float[Affine.TRS_STRIDE], 0, new float[Affine.STRIDE], 0)
                <= TRS_TOLERANCE;
    }

    GltfModel read() throws GltfException {
        root = glb == null ? parseJson(0, file.limit()) : parseJson(glb.jsonOffset, glb.jsonLength);
        JsonValue asset = Json.reqObject(root, Location.ROOT, "asset");
        String version = Json.reqString(asset, Location.top("asset"), "version");
        if (!version.startsWith("2.")) {
            throw new GltfException("asset.version", "version \"" + version + "\" is not supported, expected 2.x");
        }
        String minVersion = Json.optString(asset, Location.top("asset"), "minVersion");
        if (minVersion != null && !minVersion.equals("2.0")) {
            throw new GltfException("asset.minVersion", "minVersion \"" + minVersion + "\" is not supported");
        }
        String generator = Json.optString(asset, Location.top("asset"), "generator");
        JsonValue required = Json.optArray(root, Location.ROOT, "extensionsRequired");
        for (int i = 0; i < required.size(); i++) {
            JsonValue e = required.get(i);
            Location loc = Json.at(Location.top("extensionsRequired"), i);
            if (!e.isString()) {
                throw new GltfException(loc, "expected a string, found " + Json.describe(e));
            }
            if (!requiredExtensionAllowed(e.textValue())) {
                String why = REFUSED_REQUIRED_EXTENSIONS.get(e.textValue());
                throw new GltfException(loc, "required extension \"" + shorten(e.textValue()) + "\" is not"
                        + " supported: " + (why != null ? why : "Arbor does not know what it changes"));
            }
        }
        readBuffers();
        readBufferViews();
        readAccessors();
        accessors = new Accessors(Json.optArray(root, Location.ROOT, "accessors"), bufferData, bufferLength, viewBuffer, viewOffset, viewStride, accView, accOffset, accComponentType, accType,
                accCount, accNormalized);
        GltfModel.Builder model = new GltfModel.Builder(sourceName, generator);
        readNodes(model);
        readScenes(model);
        readMeshBounds(model);
        readMorphTargets(model);
        readSkins(model);
        readAnimations(model);
        // A buffer that fills at least half of the memory it keeps (a GLB's binary chunk in the file's bytes, a data:
        // URI's decoded bytes) is kept where it lies: copying it out would hold the file's bytes twice at the peak of
        // the read. A smaller one is copied (into the same kind of memory), so that the model does not keep a large
        // file for little data.
        ByteBuffer[] buffers = new ByteBuffer[bufferData.length];
        for (int i = 0; i < buffers.length; i++) {
            ByteBuffer b = bufferData[i];
            if (bufferLength[i] < bufferHolds[i] - bufferLength[i]) {
                b = (b.isDirect() ? ByteBuffer.allocateDirect(bufferLength[i]) : ByteBuffer.allocate(bufferLength[i]))
                        .put(0, b, 0, bufferLength[i]);
            }
            buffers[i] = b.order(ByteOrder.LITTLE_ENDIAN);
        }
        model.source = new SourceDocument(root, buffers, bufferLength, correctedMinMax);
        model.accessors = accessors.withBuffers(buffers);
        model.baseDir = baseDir;
        return model.build();
    }

    /** Parses the JSON at {@code [offset, offset + length)} of the file: in place in a heap file, else copied out. */
    private JsonValue parseJson(int offset, int length) throws GltfException {
        if (file.hasArray()) {
            return Json.parse(file.array(), file.arrayOffset() + offset, length);
        }
        byte[] json = new byte[length];
        file.get(offset, json);
        return Json.parse(json, 0, length);
    }

    // ---------------------------------------------------------------------------------------------- buffers

    private void readBuffers() throws GltfException {
        JsonValue buffers = Json.optArray(root, Location.ROOT, "buffers");
        int n = buffers.size();
        bufferData = new ByteBuffer[n];
        bufferHolds = new int[n];
        bufferLength = new int[n];
        for (int i = 0; i < n; i++) {
            Location path = Json.at(Location.top("buffers"), i);
            JsonValue b = Json.element(buffers, Location.top("buffers"), i);
            long byteLength = Json.reqInteger(b, path, "byteLength", 1, MAX_BUFFER_BYTES);
            String uri = Json.optString(b, path, "uri");
            bufferLength[i] = (int) byteLength;
            if (uri == null) {
                if (glb == null || i != 0 || glb.binOffset < 0) {
                    throw new GltfException(Json.at(path, "uri"), "missing, and there is no GLB binary chunk for"
                            + " this buffer");
                }
                if (byteLength > glb.binLength) {
                    throw new GltfException(Json.at(path, "byteLength"), "byteLength " + byteLength
                            + " exceeds the GLB binary chunk's " + glb.binLength + " bytes");
                }
                bufferData[i] = file.slice(glb.binOffset, (int) byteLength).order(ByteOrder.LITTLE_ENDIAN);
                bufferHolds[i] = file.capacity();
            } else {
                bufferData[i] = (uri.startsWith("data:")
                        ? ByteBuffer.wrap(UriSources.decodeDataUri(uri, Json.at(path, "uri"), byteLength))
                        : UriSources.readBuffer(baseDir, uri, Json.at(path, "uri"), byteLength))
                        .order(ByteOrder.LITTLE_ENDIAN);
                bufferHolds[i] = bufferData[i].capacity();
            }
        }
    }

    /** @return {@code s}, cut to 80 characters for a message */
    static String shorten(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }

    // ---------------------------------------------------------------------------------------------- views

    private void readBufferViews() throws GltfException {
        JsonValue views = Json.optArray(root, Location.ROOT, "bufferViews");
        int n = views.size();
        viewBuffer = new int[n];
        viewOffset = new int[n];
        viewLength = new int[n];
        viewStride = new int[n];
        for (int i = 0; i < n; i++) {
            Location path = Json.at(Location.top("bufferViews"), i);
            JsonValue v = Json.element(views, Location.top("bufferViews"), i);
            int buffer = Json.reqIndex(v, path, "buffer", bufferData.length, "buffers.length");
            long offset = Json.optInteger(v, path, "byteOffset", 0, 0, MAX_BUFFER_BYTES);
            long length = Json.reqInteger(v, path, "byteLength", 1, MAX_BUFFER_BYTES);
            long stride = Json.optInteger(v, path, "byteStride", 0, 4, 252);
            if (stride % 4 != 0) {
                throw new GltfException(Json.at(path, "byteStride"), "byteStride " + stride
                        + " is not a multiple of 4");
            }
            if (offset + length > bufferLength[buffer]) {
                throw new GltfException(path, "byteOffset " + offset + " + byteLength " + length
                        + " exceeds buffers[" + buffer + "].byteLength=" + bufferLength[buffer]);
            }
            viewBuffer[i] = buffer;
            viewOffset[i] = (int) offset;
            viewLength[i] = (int) length;
            viewStride[i] = (int) stride;
        }
    }

    // ---------------------------------------------------------------------------------------------- accessors

    static int componentSize(int componentType) {
        switch (componentType) {
            case BYTE:
            case UNSIGNED_BYTE:
                return 1;
            case SHORT:
            case UNSIGNED_SHORT:
                return 2;
            case UNSIGNED_INT:
            case FLOAT:
                return 4;
            default:
                return -1;
        }
    }

    static int components(String type) {
        switch (type) {
            case "SCALAR":
                return 1;
            case "VEC2":
                return 2;
            case "VEC3":
                return 3;
            case "VEC4":
            case "MAT2":
                return 4;
            case "MAT3":
                return 9;
            case "MAT4":
                return 16;
            default:
                return -1;
        }
    }

    /** Rows of a matrix type (columns are padded to 4 bytes), or 0 for vectors and scalars. */
    static int matrixRows(String type) {
        switch (type) {
            case "MAT2":
                return 2;
            case "MAT3":
                return 3;
            case "MAT4":
                return 4;
            default:
                return 0;
        }
    }

    static int elementSize(String type, int componentType) {
        int size = componentSize(componentType);
        int rows = matrixRows(type);
        if (rows == 0) {
            return components(type) * size;
        }
        int column = (rows * size + 3) & ~3;
        return column * rows;
    }

    /** Byte offset of component c within an element. */
    static int componentOffset(String type, int componentType, int c) {
        int size = componentSize(componentType);
        int rows = matrixRows(type);
        if (rows == 0) {
            return c * size;
        }
        int column = (rows * size + 3) & ~3;
        return (c / rows) * column + (c % rows) * size;
    }

    private void readAccessors() throws GltfException {
        JsonValue accessors = Json.optArray(root, Location.ROOT, "accessors");
        int n = accessors.size();
        accView = new int[n];
        accOffset = new int[n];
        accComponentType = new int[n];
        accType = new String[n];
        accCount = new int[n];
        accNormalized = new boolean[n];
        accMin = new float[n][];
        accMax = new float[n][];
        for (int i = 0; i < n; i++) {
            Location path = Json.at(Location.top("accessors"), i);
            JsonValue a = Json.element(accessors, Location.top("accessors"), i);
            int view = Json.optIndex(a, path, "bufferView", viewBuffer.length, "bufferViews.length");
            long offset = Json.optInteger(a, path, "byteOffset", 0, 0, MAX_BUFFER_BYTES);
            int componentType = (int) Json.reqInteger(a, path, "componentType", 0, Integer.MAX_VALUE);
            int size = componentSize(componentType);
            if (size < 0) {
                throw new GltfException(Json.at(path, "componentType"), "unknown component type " + componentType);
            }
            String type = Json.reqString(a, path, "type");
            int components = components(type);
            if (components < 0) {
                throw new GltfException(Json.at(path, "type"), "unknown type \"" + shorten(type) + "\"");
            }
            long count = Json.reqInteger(a, path, "count", 1, Integer.MAX_VALUE);
            boolean normalized = Json.optBoolean(a, path, "normalized");
            if (normalized && (componentType == FLOAT || componentType == UNSIGNED_INT)) {
                throw new GltfException(Json.at(path, "normalized"), "true is not allowed for component type "
                        + componentType);
            }
            accMin[i] = Json.optFloats(a, path, "min", components);
            accMax[i] = Json.optFloats(a, path, "max", components);
            int element = elementSize(type, componentType);
            if (view >= 0) {
                if (offset % size != 0) {
                    throw new GltfException(Json.at(path, "byteOffset"), "byteOffset " + offset
                            + " is not a multiple of the component size " + size);
                }
                if ((viewOffset[view] + offset) % size != 0) {
                    throw new GltfException(path, "data start " + (viewOffset[view] + offset)
                            + " in its buffer is not a multiple of the component size " + size);
                }
                int stride = viewStride[view] == 0 ? element : viewStride[view];
                if (stride < element) {
                    throw new GltfException(Json.at(Json.at(Location.top("bufferViews"), view), "byteStride"),
                            "byteStride " + stride
                            + " is smaller than the element size " + element + " of " + path);
                }
                long end = offset + stride * (count - 1) + element;
                if (end > viewLength[view]) {
                    throw new GltfException(path, "byteOffset " + offset + " + " + count + " elements of stride "
                            + stride + " (" + end + " bytes) exceed bufferViews[" + view + "].byteLength="
                            + viewLength[view]);
                }
            } else {
                if (offset != 0) {
                    throw new GltfException(Json.at(path, "byteOffset"), "byteOffset " + offset
                            + " without a bufferView");
                }
                if (count * components > MAX_UNBACKED_COMPONENTS) {
                    throw new GltfException(Json.at(path, "count"), "count " + count + " without a bufferView"
                            + " exceeds the limit of " + MAX_UNBACKED_COMPONENTS / components + " elements");
                }
            }
            JsonValue sparse = Json.optObject(a, path, "sparse");
            if (sparse != null) {
                checkSparse(sparse, Json.at(path, "sparse"), count, type, componentType);
            }
            accView[i] = view;
            accOffset[i] = (int) offset;
            accComponentType[i] = componentType;
            accType[i] = type;
            accCount[i] = (int) count;
            accNormalized[i] = normalized;
        }
    }

    private void checkSparse(JsonValue sparse, Location path, long count, String type, int componentType)
            throws GltfException {
        long sparseCount = Json.reqInteger(sparse, path, "count", 1, count);
        JsonValue indices = Json.reqObject(sparse, path, "indices");
        Location ip = Json.at(path, "indices");
        int iv = Json.reqIndex(indices, ip, "bufferView", viewBuffer.length, "bufferViews.length");
        long io = Json.optInteger(indices, ip, "byteOffset", 0, 0, MAX_BUFFER_BYTES);
        int ict = (int) Json.reqInteger(indices, ip, "componentType", 0, Integer.MAX_VALUE);
        if (ict != UNSIGNED_BYTE && ict != UNSIGNED_SHORT && ict != UNSIGNED_INT) {
            throw new GltfException(Json.at(ip, "componentType"), "component type " + ict
                    + " is not allowed for sparse indices");
        }
        long iend = io + sparseCount * componentSize(ict);
        if (iend > viewLength[iv]) {
            throw new GltfException(ip, "byteOffset " + io + " + " + sparseCount + " indices (" + iend
                    + " bytes) exceed bufferViews[" + iv + "].byteLength=" + viewLength[iv]);
        }
        JsonValue values = Json.reqObject(sparse, path, "values");
        Location vp = Json.at(path, "values");
        int vv = Json.reqIndex(values, vp, "bufferView", viewBuffer.length, "bufferViews.length");
        long vo = Json.optInteger(values, vp, "byteOffset", 0, 0, MAX_BUFFER_BYTES);
        long vend = vo + sparseCount * elementSize(type, componentType);
        if (vend > viewLength[vv]) {
            throw new GltfException(vp, "byteOffset " + vo + " + " + sparseCount + " values (" + vend
                    + " bytes) exceed bufferViews[" + vv + "].byteLength=" + viewLength[vv]);
        }
    }

    /**
     * Reads an accessor as floats ({@code count × components}), applying sparse substitution and normalisation.
     *
     * @param a accessor index (already range-checked)
     * @param use JSON location of the reference, for messages
     * @param type required accessor type
     * @param allowNormalized whether normalized byte/short component types are accepted besides FLOAT
     */
    private float[] readFloats(int a, Location use, String type, boolean allowNormalized) throws GltfException {
        Location path = Json.at(Location.top("accessors"), a);
        if (!accType[a].equals(type)) {
            throw new GltfException(Json.at(path, "type"), "\"" + accType[a] + "\" is not allowed for " + use
                    + ", expected \"" + type + "\"");
        }
        int ct = accComponentType[a];
        boolean ok = ct == FLOAT || allowNormalized && accNormalized[a] && ct != UNSIGNED_INT;
        if (!ok) {
            throw new GltfException(Json.at(path, "componentType"), "component type " + ct
                    + (accNormalized[a] ? " (normalized)" : "") + " is not allowed for " + use);
        }
        return accessors.decode(a, use);
    }

    // ---------------------------------------------------------------------------------------------- nodes

    private void readNodes(GltfModel.Builder model) throws GltfException {
        JsonValue nodes = Json.optArray(root, Location.ROOT, "nodes");
        int n = nodes.size();
        int meshCount = Json.optArray(root, Location.ROOT, "meshes").size();
        int skinCount = Json.optArray(root, Location.ROOT, "skins").size();
        model.nodes(n);
        int[] parents = model.parents;
        Arrays.fill(parents, -1);
        for (int i = 0; i < n; i++) {
            Location path = Json.at(Location.top("nodes"), i);
            JsonValue node = Json.element(nodes, Location.top("nodes"), i);
            model.names[i] = Json.optString(node, path, "name");
            model.meshes[i] = Json.optIndex(node, path, "mesh", meshCount, "meshes.length");
            model.skins[i] = Json.optIndex(node, path, "skin", skinCount, "skins.length");
            if (model.skins[i] >= 0 && model.meshes[i] < 0) {
                model.warnings.add(path + ": has skin " + model.skins[i] + " but no mesh (glTF requires one); the"
                        + " skin has nothing to deform here, and an export leaves this node's skin out");
            }
            float[] matrix = Json.optFloats(node, path, "matrix", 16);
            float[] t = Json.optFloats(node, path, "translation", 3);
            float[] r = Json.optFloats(node, path, "rotation", 4);
            float[] s = Json.optFloats(node, path, "scale", 3);
            if (matrix != null) {
                if (t != null || r != null || s != null) {
                    throw new GltfException(path, "has both matrix and translation/rotation/scale");
                }
                for (int row = 0; row < 4; row++) {
                    float expected = row == 3 ? 1f : 0f;
                    float v = matrix[row * 4 + 3]; // column "row", last row
                    if (Math.abs(v - expected) > 1e-6f) {
                        throw new GltfException(Json.at(Json.at(path, "matrix"), row * 4 + 3), "value " + v
                                + " makes the matrix not affine (last row must be 0 0 0 1)");
                    }
                    matrix[row * 4 + 3] = expected;
                }
                model.hasMatrix[i] = true;
                for (int c = 0; c < 4; c++) {
                    System.arraycopy(matrix, c * 4, model.matrices, i * Affine.STRIDE + c * 3, 3);
                }
                if (!decomposable(model.matrices, i * Affine.STRIDE)) {
                    model.warnings.add(Json.at(path, "matrix") + ": has shear (not decomposable into translation,"
                            + " rotation and scale, as glTF requires); GltfWriter refuses to write this node"
                            + " unchanged");
                }
            } else {
                int at = i * Affine.TRS_STRIDE;
                if (t != null) {
                    System.arraycopy(t, 0, model.trs, at + Affine.TRS_T, 3);
                }
                if (r != null) {
                    double len2 = (double) r[0] * r[0] + (double) r[1] * r[1] + (double) r[2] * r[2]
                            + (double) r[3] * r[3];
                    if (!(len2 > 1e-12)) {
                        throw new GltfException(Json.at(path, "rotation"), "zero quaternion "
                                + Arrays.toString(r));
                    }
                    double inv = 1.0 / Math.sqrt(len2);
                    if (Math.abs(len2 * inv - 1) > GltfWriter.UNIT_TOLERANCE) {
                        model.warnings.add(Json.at(path, "rotation") + ": length " + (float) (len2 * inv) + ", not 1;"
                                + " it is used normalised, and an export writes it normalised");
                    }
                    for (int c = 0; c < 4; c++) {
                        model.trs[at + Affine.TRS_Q + c] = (float) (r[c] * inv);
                    }
                } else {
                    model.trs[at + Affine.TRS_Q + 3] = 1f;
                }
                if (s != null) {
                    System.arraycopy(s, 0, model.trs, at + Affine.TRS_S, 3);
                } else {
                    Arrays.fill(model.trs, at + Affine.TRS_S, at + Affine.TRS_S + 3, 1f);
                }
            }
            JsonValue children = Json.optArray(node, path, "children");
            int[] kids = new int[children.size()];
            for (int k = 0; k < kids.length; k++) {
                Location loc = Json.at(Json.at(path, "children"), k);
                int c = Json.index(children.get(k), loc, n, "nodes.length");
                if (c == i) {
                    throw new GltfException(loc, "node " + i + " lists itself as a child (a cycle)");
                }
                if (parents[c] >= 0) {
                    throw new GltfException(loc, "node " + c + " already has parent " + parents[c]
                            + " (a node may have one parent)");
                }
                parents[c] = i;
                kids[k] = c;
            }
            model.children[i] = kids;
        }
        // cycle check: with at most one parent per node, a cycle is a chain that never reaches a root
        byte[] state = new byte[n]; // 0 unknown, 1 on the current walk, 2 reaches a root
        for (int i = 0; i < n; i++) {
            int v = i;
            while (v >= 0 && state[v] == 0) {
                state[v] = 1;
                v = parents[v];
            }
            if (v >= 0 && state[v] == 1) {
                throw new GltfException(Json.at(Location.top("nodes"), v),
                        "node " + v + " is its own ancestor (a cycle through"
                        + " nodes[" + v + "].children)");
            }
            v = i;
            while (v >= 0 && state[v] == 1) {
                state[v] = 2;
                v = parents[v];
            }
        }
    }

    private void readScenes(GltfModel.Builder model) throws GltfException {
        JsonValue scenes = Json.optArray(root, Location.ROOT, "scenes");
        int n = model.parents.length;
        model.sceneRoots = new int[scenes.size()][];
        model.sceneNames = new String[scenes.size()];
        int[] seenIn = new int[n]; // scene index + 1 that last listed the node
        for (int s = 0; s < scenes.size(); s++) {
            Location path = Json.at(Location.top("scenes"), s);
            JsonValue scene = Json.element(scenes, Location.top("scenes"), s);
            model.sceneNames[s] = Json.optString(scene, path, "name");
            JsonValue roots = Json.optArray(scene, path, "nodes");
            int[] r = new int[roots.size()];
            for (int k = 0; k < r.length; k++) {
                Location loc = Json.at(Json.at(path, "nodes"), k);
                int node = Json.index(roots.get(k), loc, n, "nodes.length");
                if (model.parents[node] >= 0) {
                    throw new GltfException(loc, "node " + node + " is not a root: its parent is node "
                            + model.parents[node]);
                }
                if (seenIn[node] == s + 1) {
                    throw new GltfException(loc, "node " + node + " is listed twice");
                }
                seenIn[node] = s + 1;
                r[k] = node;
            }
            model.sceneRoots[s] = r;
        }
        model.defaultScene = Json.optIndex(root, Location.ROOT, "scene", scenes.size(), "scenes.length");
    }

    private void readMeshBounds(GltfModel.Builder model) throws GltfException {
        JsonValue meshes = Json.optArray(root, Location.ROOT, "meshes");
        float[][] bounds = new float[meshes.size()][];
        for (int m = 0; m < meshes.size(); m++) {
            Location path = Json.at(Location.top("meshes"), m);
            JsonValue mesh = Json.element(meshes, Location.top("meshes"), m);
            JsonValue primitives = Json.reqArray(mesh, path, "primitives", 1);
            float[] b = null;
            for (int p = 0; p < primitives.size(); p++) {
                Location pp = Json.at(Json.at(path, "primitives"), p);
                JsonValue primitive = Json.element(primitives, Json.at(path, "primitives"), p);
                JsonValue attributes = Json.reqObject(primitive, pp, "attributes");
                int position = Json.optIndex(attributes, Json.at(pp, "attributes"), "POSITION", accType.length,
                        "accessors.length");
                JsonValue targets = Json.optArray(primitive, pp, "targets");
                for (int k = 0; k < targets.size(); k++) {
                    // glTF requires min/max on a morph target's POSITION too: missing or wrong ones are replaced
                    Location tp = Json.at(Json.at(pp, "targets"), k);
                    JsonValue target = Json.element(targets, Json.at(pp, "targets"), k);
                    int d = Json.optIndex(target, tp, "POSITION", accType.length, "accessors.length");
                    if (d >= 0 && accType[d].equals("VEC3")) {
                        positionBounds(d, primitive, Json.at(tp, "POSITION"), model);
                    }
                }
                if (position < 0) {
                    continue;
                }
                if (!accType[position].equals("VEC3")) {
                    throw new GltfException(Json.at(Json.at(pp, "attributes"), "POSITION"), "accessor " + position
                            + " has type \"" + accType[position] + "\", expected \"VEC3\"");
                }
                float[] min = accMin[position];
                float[] max = accMax[position];
                for (int c = 0; min != null && max != null && c < 3; c++) {
                    if (min[c] > max[c]) {
                        throw new GltfException(Json.at(Json.at(Location.top("accessors"), position), "min"),
                                "min " + min[c]
                                + " exceeds max " + max[c] + " on axis " + "xyz".charAt(c) + " (POSITION of " + pp
                                + ")");
                    }
                }
                float[][] fromData = positionBounds(position, primitive, Json.at(Json.at(pp, "attributes"),
                        "POSITION"), model);
                if (fromData != null) {
                    min = fromData[0];
                    max = fromData[1];
                } else if (min == null || max == null) {
                    continue;
                }
                if (b == null) {
                    b = new float[] {min[0], min[1], min[2], max[0], max[1], max[2]};
                } else {
                    for (int c = 0; c < 3; c++) {
                        b[c] = Math.min(b[c], min[c]);
                        b[3 + c] = Math.max(b[3 + c], max[c]);
                    }
                }
            }
            bounds[m] = b;
        }
        for (int i = 0; i < model.meshes.length; i++) {
            int m = model.meshes[i];
            if (m >= 0 && bounds[m] != null) {
                System.arraycopy(bounds[m], 0, model.bounds, i * 6, 6);
                model.hasBounds[i] = true;
                GltfInstancing instancing = SceneContent.instancing(root, accessors, i);
                if (instancing != null) {
                    instancing.coverBox(bounds[m], model.bounds, i * 6);
                }
            }
        }
    }

    /**
     * The bounds of a POSITION accessor's data, cached per accessor; {@code null} when the data lives in a
     * compression extension (no buffer view and no sparse values, in a Draco-compressed primitive), where only the
     * declared min/max are known. Declared min/max of a FLOAT accessor that contradict the data (or are missing)
     * give a warning, and the data's values are kept for the writer.
     */
    private float[][] positionBounds(int a, JsonValue primitive, Location use, GltfModel.Builder model)
            throws GltfException {
        if (positionBoundsCache == null) {
            positionBoundsCache = new float[accType.length][][];
        }
        if (positionBoundsCache[a] != null) {
            return positionBoundsCache[a];
        }
        JsonValue accessor = Json.optArray(root, Location.ROOT, "accessors").get(a);
        JsonValue extensions = primitive.get("extensions");
        if (accView[a] < 0 && !accessor.has("sparse") && extensions != null
                && extensions.has("KHR_draco_mesh_compression")) {
            return null;
        }
        float[][] bounds = accessors.bounds3(a, use);
        float[] min = bounds[0];
        float[] max = bounds[1];
        positionBoundsCache[a] = bounds;
        if (accComponentType[a] == FLOAT) {
            Location path = Json.at(Location.top("accessors"), a);
            if (accMin[a] == null || accMax[a] == null) {
                model.warnings.add(path + ": POSITION accessor (" + use + ") declares no min/max; bounds come"
                        + " from the data, min " + Arrays.toString(min) + " max " + Arrays.toString(max));
                correctedMinMax.put(a, bounds);
            } else if (!sameValues(accMin[a], min) || !sameValues(accMax[a], max)) {
                model.warnings.add(path + ": declared min " + Arrays.toString(accMin[a]) + " max "
                        + Arrays.toString(accMax[a]) + " contradict the POSITION data (" + use + "): min "
                        + Arrays.toString(min) + " max " + Arrays.toString(max) + "; bounds come from the data");
                correctedMinMax.put(a, bounds);
            }
        }
        return bounds;
    }

    /**
     * glTF requires an animation input accessor to declare its min and max: where they are missing or contradict the
     * key times, a warning says so and the export writes the key times' own (the first and the last, as the times
     * increase strictly).
     */
    private void checkKeyTimeBounds(int input, float[] times, Location at, GltfModel.Builder model) {
        if (times.length == 0 || accComponentType[input] != FLOAT) {
            return;
        }
        float[] min = {times[0]};
        float[] max = {times[times.length - 1]};
        if (accMin[input] == null || accMax[input] == null) {
            model.warnings.add(at + ": key-time accessor " + input + " declares no min/max; the export writes min "
                    + min[0] + " max " + max[0]);
            correctedMinMax.put(input, new float[][] {min, max});
        } else if (accMin[input].length != 1 || accMax[input].length != 1 || !sameValues(accMin[input], min)
                || !sameValues(accMax[input], max)) {
            model.warnings.add(at + ": declared min " + Arrays.toString(accMin[input]) + " max "
                    + Arrays.toString(accMax[input]) + " of key-time accessor " + input + " contradict its key times"
                    + " (first " + min[0] + ", last " + max[0] + "); the export writes the key times' own");
            correctedMinMax.put(input, new float[][] {min, max});
        }
    }

    /**
     * Warns once per accessor when a rotation key (a spline's values, not its tangents) is not of unit length within
     * {@link GltfWriter#UNIT_TOLERANCE}: Arbor plays it normalised, and an export writes it normalised.
     */
    private void warnNonUnitRotations(float[] values, Interpolation interp, int output, Location at,
                                      GltfModel.Builder model) {
        if (!nonUnitRotationWarned.add(output)) {
            return;
        }
        int per = interp.valuesPerKey();
        for (int k = per == 3 ? 1 : 0; 4 * k + 3 < values.length; k += per) {
            double length = Math.sqrt((double) values[4 * k] * values[4 * k] + (double) values[4 * k + 1]
                    * values[4 * k + 1] + (double) values[4 * k + 2] * values[4 * k + 2]
                    + (double) values[4 * k + 3] * values[4 * k + 3]);
            if (Math.abs(length - 1) > GltfWriter.UNIT_TOLERANCE) {
                model.warnings.add(at + ": rotation key " + k / per + " of accessor " + output + " has length "
                        + length + ", not 1; it is played normalised, and an export writes the keys normalised");
                return;
            }
        }
    }

    /** Element-wise {@code ==} (so 0 and -0 are the same value). */
    private static boolean sameValues(float[] a, float[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The morphed nodes (those whose mesh has morph targets), in node order, and their default weights: the node's
     * {@code weights}, else the mesh's, else zeros: one per morph target. Primitives of one mesh with different
     * numbers of targets (which glTF does not allow) give a warning and the largest number.
     */
    private void readMorphTargets(GltfModel.Builder model) throws GltfException {
        JsonValue meshes = Json.optArray(root, Location.ROOT, "meshes");
        int[] targetCounts = new int[meshes.size()];
        float[][] meshWeights = new float[meshes.size()][];
        for (int m = 0; m < meshes.size(); m++) {
            Location path = Json.at(Location.top("meshes"), m);
            JsonValue primitives = meshes.get(m).get("primitives"); // checked by readMeshBounds
            int first = 0;
            for (int p = 0; p < primitives.size(); p++) {
                Location pp = Json.at(Json.at(path, "primitives"), p);
                int count = Json.optArray(primitives.get(p), pp, "targets").size();
                first = p == 0 ? count : first;
                if (count != first) {
                    model.warnings.add(Json.at(pp, "targets") + ": " + count + " morph targets, but primitives[0]"
                            + " has " + first + " (glTF requires the same number in every primitive); the mesh's"
                            + " nodes get " + Math.max(count, targetCounts[m]) + " weights");
                }
                targetCounts[m] = Math.max(count, targetCounts[m]);
            }
            meshWeights[m] = defaultWeights(meshes.get(m), path, targetCounts[m], "mesh " + m);
        }
        JsonValue nodes = Json.optArray(root, Location.ROOT, "nodes");
        int n = model.parents.length;
        model.morphOfNode = new int[n];
        List<Integer> morphed = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int m = model.meshes[i];
            int count = m < 0 ? 0 : targetCounts[m];
            Location path = Json.at(Location.top("nodes"), i);
            if (count == 0 && nodes.get(i).has("weights")) {
                throw new GltfException(Json.at(path, "weights"), "node " + i + " has weights but no mesh with"
                        + " morph targets" + (m < 0 ? "" : " (mesh " + m + " has none)"));
            }
            model.morphOfNode[i] = count == 0 ? -1 : morphed.size();
            if (count > 0) {
                morphed.add(i);
            }
        }
        model.morphNodes = new int[morphed.size()]; // no stream: a fresh JVM's first one costs milliseconds
        for (int m = 0; m < model.morphNodes.length; m++) {
            model.morphNodes[m] = morphed.get(m);
        }
        int[] counts = new int[model.morphNodes.length];
        for (int k = 0; k < counts.length; k++) {
            counts[k] = targetCounts[model.meshes[model.morphNodes[k]]];
        }
        model.restWeights = new MorphWeights(counts);
        for (int k = 0; k < counts.length; k++) {
            int i = model.morphNodes[k];
            int m = model.meshes[i];
            float[] w = defaultWeights(nodes.get(i), Json.at(Location.top("nodes"), i), counts[k], "mesh " + m);
            w = w != null ? w : meshWeights[m] != null ? meshWeights[m] : new float[counts[k]];
            model.restWeights.set(k, w, 0);
        }
    }

    /** An object's {@code weights}: one finite number per morph target of {@code mesh}, or null when absent. */
    private static float[] defaultWeights(JsonValue object, Location path, int targets, String mesh)
            throws GltfException {
        JsonValue weights = object.get("weights");
        if (weights != null && weights.isArray() && weights.size() != targets) {
            throw new GltfException(Json.at(path, "weights"), weights.size() + " weights for the " + targets
                    + " morph targets of " + mesh);
        }
        return Json.optFloats(object, path, "weights", targets);
    }

    private void readSkins(GltfModel.Builder model) throws GltfException {
        JsonValue skins = Json.optArray(root, Location.ROOT, "skins");
        int n = model.parents.length;
        model.skinList = new GltfSkin[skins.size()];
        int[] seenIn = new int[n]; // skin index + 1 that last listed the node
        for (int k = 0; k < skins.size(); k++) {
            Location path = Json.at(Location.top("skins"), k);
            JsonValue skin = Json.element(skins, Location.top("skins"), k);
            String name = Json.optString(skin, path, "name");
            JsonValue jointsNode = Json.reqArray(skin, path, "joints", 1);
            int[] joints = new int[jointsNode.size()];
            for (int j = 0; j < joints.length; j++) {
                Location loc = Json.at(Json.at(path, "joints"), j);
                joints[j] = Json.index(jointsNode.get(j), loc, n, "nodes.length");
                if (seenIn[joints[j]] == k + 1) {
                    throw new GltfException(loc, "node " + joints[j] + " is listed twice");
                }
                seenIn[joints[j]] = k + 1;
            }
            int skeleton = Json.optIndex(skin, path, "skeleton", n, "nodes.length");
            int ibmAccessor = Json.optIndex(skin, path, "inverseBindMatrices", accType.length, "accessors.length");
            float[] ibm = new float[joints.length * Affine.STRIDE];
            if (ibmAccessor < 0) {
                for (int j = 0; j < joints.length; j++) {
                    Affine.identity(ibm, j * Affine.STRIDE);
                }
            } else {
                Location use = Json.at(path, "inverseBindMatrices");
                float[] m = readFloats(ibmAccessor, use, "MAT4", false);
                if (accCount[ibmAccessor] < joints.length) {
                    throw new GltfException(use, "accessor " + ibmAccessor + " has " + accCount[ibmAccessor]
                            + " matrices for " + joints.length + " joints");
                }
                for (int j = 0; j < joints.length; j++) {
                    for (int row = 0; row < 4; row++) {
                        float v = m[j * 16 + row * 4 + 3];
                        float expected = row == 3 ? 1f : 0f;
                        if (Math.abs(v - expected) > 1e-5f) {
                            throw new GltfException(use, "matrix " + j + " of accessor " + ibmAccessor
                                    + " is not affine: element " + (row * 4 + 3) + " is " + v);
                        }
                    }
                    for (int c = 0; c < 4; c++) {
                        System.arraycopy(m, j * 16 + c * 4, ibm, j * Affine.STRIDE + c * 3, 3);
                    }
                }
            }
            String rootWarning = GltfSkin.rootWarning(joints, skeleton, model.parents, path);
            if (rootWarning != null) {
                model.warnings.add(rootWarning);
            }
            model.skinList[k] = new GltfSkin(name, joints, skeleton, ibm);
        }
    }

    private void readAnimations(GltfModel.Builder model) throws GltfException {
        JsonValue animations = Json.optArray(root, Location.ROOT, "animations");
        int n = model.parents.length;
        // pass 1: which nodes are animated (the pose's targets, in node order)
        int[] targetOfNode = new int[n];
        Arrays.fill(targetOfNode, -1);
        List<JsonValue> animationNodes = new ArrayList<>();
        for (int a = 0; a < animations.size(); a++) {
            Location path = Json.at(Location.top("animations"), a);
            JsonValue animation = Json.element(animations, Location.top("animations"), a);
            animationNodes.add(animation);
            JsonValue channels = Json.reqArray(animation, path, "channels", 1);
            for (int c = 0; c < channels.size(); c++) {
                Location cp = Json.at(Json.at(path, "channels"), c);
                JsonValue channel = Json.element(channels, Json.at(path, "channels"), c);
                JsonValue target = Json.reqObject(channel, cp, "target");
                int node = Json.optIndex(target, Json.at(cp, "target"), "node", n, "nodes.length");
                TargetPath tp = targetPath(target, Json.at(cp, "target"));
                if (node >= 0 && tp != null) {
                    if (model.hasMatrix[node]) {
                        throw new GltfException(Json.at(Json.at(cp, "target"), "node"), "node " + node
                                + " has a matrix and must not be animated");
                    }
                    targetOfNode[node] = 0;
                }
            }
        }
        int targets = 0;
        for (int i = 0; i < n; i++) {
            if (targetOfNode[i] == 0) {
                targetOfNode[i] = targets++;
            }
        }
        int[] animated = new int[targets];
        for (int i = 0; i < n; i++) {
            if (targetOfNode[i] >= 0) {
                animated[targetOfNode[i]] = i;
            }
        }
        model.animatedNodes = animated;
        model.clips = new AnimationClip[animations.size()];
        // key times by input accessor, decoded and checked at their first use: samplers often share them (every
        // sampler of the generated crowd model does), and decoding them again for each cost a first read time
        float[][] keyTimes = new float[accType.length][];
        // channel by node × 4 + path, for the later-channel-wins warning (no boxing in this loop)
        int[] channelOfTarget = new int[n * 4];
        for (int a = 0; a < animations.size(); a++) {
            Location path = Json.at(Location.top("animations"), a);
            JsonValue animation = animationNodes.get(a);
            String name = Json.optString(animation, path, "name");
            JsonValue samplers = Json.reqArray(animation, path, "samplers", 1);
            JsonValue channels = animation.get("channels");
            AnimationClip.Builder clip = AnimationClip.builder(name);
            float[][] inputs = new float[samplers.size()][];
            float[][] outputs = new float[samplers.size()][];
            Interpolation[] interpolations = new Interpolation[samplers.size()];
            Arrays.fill(channelOfTarget, -1);
            for (int c = 0; c < channels.size(); c++) {
                Location cp = Json.at(Json.at(path, "channels"), c);
                JsonValue channel = channels.get(c);
                int s = Json.reqIndex(channel, cp, "sampler", samplers.size(), "samplers.length");
                JsonValue target = channel.get("target");
                int node = Json.optIndex(target, Json.at(cp, "target"), "node", n, "nodes.length");
                TargetPath tp = targetPath(target, Json.at(cp, "target"));
                boolean weights = "weights".equals(target.get("path").textValue());
                if (tp == null && !weights) {
                    model.warnings.add(cp + ": skipped: target path \"" + shorten(target.get("path").textValue())
                            + "\" belongs to extension " + extensionName(target) + ", which Arbor does not apply");
                }
                if (node < 0 || tp == null && !weights) {
                    continue;
                }
                if (weights && model.morphOfNode[node] < 0) {
                    throw new GltfException(Json.at(Json.at(cp, "target"), "node"), "node " + node + " has no"
                            + " morph targets: a weights channel needs a node whose mesh has them"
                            + (model.meshes[node] < 0 ? " (the node has no mesh)" : " (mesh " + model.meshes[node]
                            + " has none)"));
                }
                int key = node * 4 + (weights ? 3 : tp.ordinal());
                int earlier = channelOfTarget[key];
                channelOfTarget[key] = c;
                if (earlier >= 0) {
                    model.warnings.add(Json.at(cp, "target") + ": same node " + node + " and path \""
                            + target.get("path").textValue() + "\" as channels[" + earlier
                            + "]; the later channel wins, and an export leaves the earlier out");
                }
                Location sp = Json.at(Json.at(path, "samplers"), s);
                JsonValue sampler = Json.element(samplers, Json.at(path, "samplers"), s);
                int input = Json.reqIndex(sampler, sp, "input", accType.length, "accessors.length");
                int output = Json.reqIndex(sampler, sp, "output", accType.length, "accessors.length");
                if (interpolations[s] == null) {
                    String interp = Json.optString(sampler, sp, "interpolation");
                    interpolations[s] = interpolation(interp, Json.at(sp, "interpolation"));
                    float[] times = keyTimes[input];
                    if (times == null) {
                        times = readFloats(input, Json.at(sp, "input"), "SCALAR", false);
                        for (int k = 1; k < times.length; k++) {
                            if (!(times[k] > times[k - 1])) {
                                throw new GltfException(Json.at(sp, "input"), "key times of accessor " + input
                                        + " are not strictly increasing: time[" + (k - 1) + "]=" + times[k - 1]
                                        + ", time[" + k + "]=" + times[k]);
                            }
                        }
                        keyTimes[input] = times;
                        checkKeyTimeBounds(input, times, Json.at(sp, "input"), model);
                    }
                    inputs[s] = times;
                    if (times.length > 0 && times[0] < 0) {
                        model.warnings.add(Json.at(sp, "input") + ": key time[0]=" + times[0] + " of accessor "
                                + input + " is negative (glTF key times start at 0 or later)");
                        model.negativeKeyTimes.add(input);
                    }
                }
                Interpolation interp = interpolations[s];
                Location outLoc = Json.at(sp, "output");
                if (weights) {
                    int morph = model.morphOfNode[node];
                    addWeightsChannel(clip, morph, model.restWeights.count(morph), node, interp, inputs[s], output,
                            outLoc);
                    continue;
                }
                float[] values = tp == TargetPath.ROTATION ? readFloats(output, outLoc, "VEC4", true)
                        : readFloats(output, outLoc, "VEC3", false);
                long expected = (long) inputs[s].length * interp.valuesPerKey();
                if (accCount[output] != expected) {
                    throw new GltfException(outLoc, "accessor " + output + " has " + accCount[output]
                            + " values, expected " + expected + " for " + inputs[s].length + " " + interp
                            + " keys");
                }
                if (tp == TargetPath.ROTATION && accComponentType[output] == FLOAT) {
                    warnNonUnitRotations(values, interp, output, outLoc, model);
                }
                try {
                    clip.addChannel(targetOfNode[node], tp, interp, inputs[s], values);
                } catch (IllegalArgumentException e) {
                    throw new GltfException(outLoc, e.getMessage(), e);
                }
            }
            model.clips[a] = clip.build();
        }
    }

    /**
     * Adds a {@code weights} channel: a SCALAR output (float or normalised integers) of {@code keys × targets} values,
     * three times that for CUBICSPLINE.
     */
    private void addWeightsChannel(AnimationClip.Builder clip, int morph, int targets, int node, Interpolation interp,
                                   float[] times, int output, Location outLoc) throws GltfException {
        float[] values = readFloats(output, outLoc, "SCALAR", true);
        if (accCount[output] % targets != 0) {
            throw new GltfException(outLoc, "accessor " + output + " has " + accCount[output] + " values, not a"
                    + " multiple of the " + targets + " morph targets of node " + node);
        }
        long expected = (long) times.length * interp.valuesPerKey() * targets;
        if (accCount[output] != expected) {
            throw new GltfException(outLoc, "accessor " + output + " has " + accCount[output] + " values, expected "
                    + expected + " for " + times.length + " " + interp + " keys × " + targets + " morph targets");
        }
        try {
            clip.addWeightsChannel(morph, interp, times, values, targets);
        } catch (IllegalArgumentException e) {
            throw new GltfException(outLoc, e.getMessage(), e);
        }
    }

    private static TargetPath targetPath(JsonValue target, Location loc) throws GltfException {
        String p = Json.reqString(target, loc, "path");
        switch (p) {
            case "translation":
                return TargetPath.TRANSLATION;
            case "rotation":
                return TargetPath.ROTATION;
            case "scale":
                return TargetPath.SCALE;
            case "weights":
                return null; // morph target weights: not a transform, read as a weights channel
            default:
                JsonValue extensions = target.get("extensions");
                if (extensions != null && extensions.isObject() && extensions.size() > 0) {
                    return null; // a path an extension defines (KHR_animation_pointer's "pointer"): skipped
                }
                throw new GltfException(Json.at(loc, "path"), "unknown path \"" + shorten(p) + "\"");
        }
    }

    /** The first extension named in a channel target's {@code extensions}. */
    private static String extensionName(JsonValue target) {
        JsonValue extensions = target.get("extensions");
        return extensions.size() > 0 ? shorten(extensions.name(0)) : "(unnamed)";
    }

    private static Interpolation interpolation(String s, Location loc) throws GltfException {
        if (s == null) {
            return Interpolation.LINEAR;
        }
        switch (s) {
            case "STEP":
                return Interpolation.STEP;
            case "LINEAR":
                return Interpolation.LINEAR;
            case "CUBICSPLINE":
                return Interpolation.CUBICSPLINE;
            default:
                throw new GltfException(loc, "unknown interpolation \"" + shorten(s) + "\"");
        }
    }
}
