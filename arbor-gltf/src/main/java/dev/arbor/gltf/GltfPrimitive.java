package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * One primitive of a glTF mesh, decoded: positions, triangles, the first set of skin joints and weights, and the
 * material's base colour factor. Immutable and thread-safe; getters return copies.
 *
 * <p>Positions of every component type are converted to floats (normalised integers as the specification defines,
 * as {@code KHR_mesh_quantization} allows), sparse values substituted. Triangles come from {@code indices} or, without
 * them, from the vertex order: mode 4 (TRIANGLES) as given, mode 5 (TRIANGLE_STRIP) and 6 (TRIANGLE_FAN) converted
 * to separate triangles with the winding the specification defines (degenerate strip and fan triangles, two equal
 * indices, are left out). Points and lines (modes 0 to 3) have no triangles. A primitive whose geometry Arbor cannot
 * decode (Draco-compressed, {@code KHR_draco_mesh_compression}, without uncompressed fallback data) has no positions
 * and says why in {@link #skipped()}. Morph targets are not applied: {@link #hasMorphTargets()} tells whether there
 * are any.
 *
 * <p>Beyond that summary, every attribute ({@link #attributes()}: {@code POSITION}, {@code NORMAL}, {@code TANGENT},
 * each {@code TEXCOORD_n}, {@code COLOR_n}, {@code JOINTS_n}, {@code WEIGHTS_n} and custom {@code _NAME} ones), the
 * {@link #indices()} in their own component type and each morph target's attributes ({@link #target(int)}) are
 * {@link GltfAccessor}s that decode on request; {@link #vertexData} lays the vertex data out for a GPU and
 * {@link #morphed} applies morph weights on the CPU.
 */
public final class GltfPrimitive {
    /** The glTF {@code mode} values. */
    public static final int POINTS = 0;
    /** {@code mode} 1. */
    public static final int LINES = 1;
    /** {@code mode} 2. */
    public static final int LINE_LOOP = 2;
    /** {@code mode} 3. */
    public static final int LINE_STRIP = 3;
    /** {@code mode} 4, the default. */
    public static final int TRIANGLES = 4;
    /** {@code mode} 5. */
    public static final int TRIANGLE_STRIP = 5;
    /** {@code mode} 6. */
    public static final int TRIANGLE_FAN = 6;

    private static final String[] MODE_NAMES = {"POINTS", "LINES", "LINE_LOOP", "LINE_STRIP", "TRIANGLES",
        "TRIANGLE_STRIP", "TRIANGLE_FAN"};
    private static final int[] NONE = {};
    private static final float[] NO_FLOATS = {};

    private final int mode;
    private final String skipped;
    private final float[] positions;
    private final int[] triangles;
    private final int[] joints;
    private final float[] weights;
    private final int material;
    private final float[] baseColorFactor;
    private final boolean baseColorTexture;
    private final boolean morphTargets;
    private final Map<String, GltfAccessor> attributes;
    private final GltfAccessor indices;
    private final List<Map<String, GltfAccessor>> targets;

    GltfPrimitive(int mode, String skipped, float[] positions, int[] triangles, int[] joints, float[] weights,
                  int material, float[] baseColorFactor, boolean baseColorTexture, boolean morphTargets,
                  Map<String, GltfAccessor> attributes, GltfAccessor indices, List<Map<String, GltfAccessor>> targets) {
        this.attributes = Collections.unmodifiableMap(attributes);
        this.indices = indices;
        List<Map<String, GltfAccessor>> t = new ArrayList<>();
        for (Map<String, GltfAccessor> target : targets) {
            t.add(Collections.unmodifiableMap(target));
        }
        this.targets = List.copyOf(t);
        this.mode = mode;
        this.skipped = skipped;
        this.positions = positions == null ? NO_FLOATS : positions;
        this.triangles = triangles == null ? NONE : triangles;
        this.joints = joints;
        this.weights = weights;
        this.material = material;
        this.baseColorFactor = baseColorFactor;
        this.baseColorTexture = baseColorTexture;
        this.morphTargets = morphTargets;
    }

    /** @return the glTF {@code mode}: {@link #POINTS} … {@link #TRIANGLE_FAN} */
    public int mode() {
        return mode;
    }

    /**
     * @param mode a glTF {@code mode} value
     * @return its name ({@code "TRIANGLES"} …), or {@code "mode N"} for an unknown value
     */
    public static String modeName(int mode) {
        return mode >= 0 && mode < MODE_NAMES.length ? MODE_NAMES[mode] : "mode " + mode;
    }

    /**
     * @return why the geometry was not decoded (then there are no positions and no triangles), or {@code null} when
     *     it was
     */
    public String skipped() {
        return skipped;
    }

    /** @return the number of vertices (0 when {@link #skipped()}) */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** @return a copy of the positions, 3 floats per vertex, in the mesh node's local space */
    public float[] positions() {
        return positions.clone();
    }

    /**
     * @return a copy of the triangles, 3 vertex indices per triangle, each below {@link #vertexCount()}; empty for
     *     points and lines
     */
    public int[] triangles() {
        return triangles.clone();
    }

    /** @return the number of triangles */
    public int triangleCount() {
        return triangles.length / 3;
    }

    /** @return whether the primitive has {@code JOINTS_0} and {@code WEIGHTS_0} */
    public boolean isSkinned() {
        return joints != null;
    }

    /**
     * @return a copy of {@code JOINTS_0}, 4 joint indices per vertex (indices into the node's skin's
     *     {@code joints}; not checked against it here), or {@code null} when not skinned
     */
    public int[] joints() {
        return joints == null ? null : joints.clone();
    }

    /**
     * @return a copy of {@code WEIGHTS_0}, 4 weights per vertex (normalised integers converted to [0, 1]; not
     *     renormalised), or {@code null} when not skinned
     */
    public float[] weights() {
        return weights == null ? null : weights.clone();
    }

    /** @return the material index, or -1 */
    public int material() {
        return material;
    }

    /**
     * @return a copy of the material's {@code pbrMetallicRoughness.baseColorFactor} (linear RGBA), or {@code null}
     *     when the primitive has no material or the material states no factor
     */
    public float[] baseColorFactor() {
        return baseColorFactor == null ? null : baseColorFactor.clone();
    }

    /**
     * @return whether the material has a {@code baseColorTexture} (which the {@link #baseColorFactor()} multiplies;
     *     {@link GltfModel#material} gives the whole material)
     */
    public boolean hasBaseColorTexture() {
        return baseColorTexture;
    }

    /**
     * @return whether the primitive has morph {@code targets} (which are not applied to {@link #positions()}; see
     *     {@link #morphed})
     */
    public boolean hasMorphTargets() {
        return morphTargets;
    }

    /**
     * @return every attribute of the primitive, name to accessor, in the file's order (unmodifiable); the accessors
     *     decode on request. For a {@link #skipped()} (Draco-compressed) primitive they describe the decompressed
     *     data's layout and, having no buffer view, decode as zeros.
     */
    public Map<String, GltfAccessor> attributes() {
        return attributes;
    }

    /**
     * @param name attribute name, e.g. {@code "TEXCOORD_1"}
     * @return the attribute's accessor, or {@code null} if the primitive has no such attribute
     */
    public GltfAccessor attribute(String name) {
        return attributes.get(name);
    }

    /** @return the {@code indices} accessor (UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT), or {@code null} */
    public GltfAccessor indices() {
        return indices;
    }

    /**
     * The indices as ints, in file order and for the primitive's {@link #mode()} as it is (no conversion to
     * triangles: see {@link #triangles()} for that). O(indices).
     *
     * @return a new array, or {@code null} when the primitive has no {@code indices}
     * @throws GltfException if the index accessor's sparse part is malformed
     */
    public int[] indexArray() throws GltfException {
        return indices == null ? null : indices.ints();
    }

    /**
     * The indices ready to upload, in their own component type ({@link #indices()}{@code .componentType()}): a slice
     * of the file's buffer when its indices lie tightly packed there, else a packed copy.
     *
     * @return a direct little-endian buffer, or {@code null} when the primitive has no {@code indices}
     * @throws GltfException if the index accessor's sparse part is malformed
     */
    public ByteBuffer indexBuffer() throws GltfException {
        if (indices == null) {
            return null;
        }
        return indices.sliceable() && indices.byteStride() == indices.elementSize() ? indices.bufferSlice()
                : indices.bytes();
    }

    /** @return the number of morph targets */
    public int targetCount() {
        return targets.size();
    }

    /**
     * @param target morph target index
     * @return the target's attributes ({@code POSITION}, {@code NORMAL}, {@code TANGENT} displacements and any
     *     others), name to accessor, in the file's order (unmodifiable)
     * @throws IndexOutOfBoundsException if {@code target} is out of range
     */
    public Map<String, GltfAccessor> target(int target) {
        return targets.get(target);
    }

    /**
     * Applies morph weights to an attribute on the CPU: {@code dest = base + sum over t of weights[t] × target t's
     * displacement}, per component (targets without the attribute, and zero weights, add nothing). Normals and
     * tangents come out unnormalized, as the specification's sum gives them. O(targets × vertices), reading the
     * displacements from the buffers each call.
     *
     * @param attribute {@code "POSITION"}, {@code "NORMAL"}, {@code "TANGENT"} or another morphed attribute
     * @param weights one weight per target, at least {@link #targetCount()} long
     * @param dest receives {@code count × components} floats, the base attribute's layout (TANGENT: the w component
     *     is copied from the base, as targets displace only xyz)
     * @return {@code dest}
     * @throws IllegalArgumentException if the primitive has no such attribute, or {@code weights} or {@code dest} is
     *     too short
     * @throws GltfException if an accessor's data is malformed, or a target's accessor has another count than the
     *     base's
     */
    public float[] morphed(String attribute, float[] weights, float[] dest) throws GltfException {
        GltfAccessor base = attributes.get(attribute);
        if (base == null) {
            throw new IllegalArgumentException("no attribute " + attribute + " in this primitive");
        }
        if (weights.length < targets.size()) {
            throw new IllegalArgumentException("weights too short: length=" + weights.length + ", required="
                    + targets.size());
        }
        int components = base.componentCount();
        int count = base.count();
        if (dest.length < count * components) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", required="
                    + count * components);
        }
        float[] values = base.floats();
        System.arraycopy(values, 0, dest, 0, values.length);
        for (int t = 0; t < targets.size(); t++) {
            GltfAccessor d = targets.get(t).get(attribute);
            float w = weights[t];
            if (d == null || w == 0f) {
                continue;
            }
            if (d.count() != count) {
                throw new GltfException(d.usedAt(), "count " + d.count() + " differs from the base attribute's"
                        + " count " + count);
            }
            float[] delta = d.floats();
            int dc = d.componentCount();
            int n = Math.min(dc, components);
            for (int v = 0; v < count; v++) {
                for (int c = 0; c < n; c++) {
                    dest[v * components + c] += w * delta[v * dc + c];
                }
            }
        }
        return dest;
    }

    /**
     * Lays the vertex data out for a GPU: every attribute, in {@link #attributes()} order.
     *
     * <p>Separate ({@code interleaved == false}): one buffer per attribute. An attribute whose accessor has a buffer
     * view and no sparse part is a {@link GltfVertexData#isSlice slice} of the file's buffer at the view's stride
     * (no copy); others are packed copies, each element padded to a multiple of 4 bytes.
     *
     * <p>Interleaved ({@code interleaved == true}): one buffer, every attribute's value of a vertex side by side. When
     * all attributes already lie interleaved in one strided buffer view (no sparse parts, equal counts, offsets within
     * the stride), that view is handed out as a slice; otherwise a packed copy is made, attributes in order, each at a
     * 4-byte aligned offset, the stride a multiple of 4.
     *
     * <p>Component types are kept (no conversion to float). O(vertices × attributes) for copies. A slice of a
     * {@code .glb} of 1 MiB or more read from a file costs nothing (its binary chunk was read into direct memory); of other buffers,
     * one copy of the whole buffer into direct memory on the model's first request.
     *
     * @param interleaved whether to lay the attributes out in one interleaved buffer
     * @return the buffers and each attribute's place
     * @throws IllegalStateException if the primitive was {@link #skipped()}
     * @throws GltfException if an accessor's sparse part is malformed
     */
    public GltfVertexData vertexData(boolean interleaved) throws GltfException {
        if (skipped != null) {
            throw new IllegalStateException("the primitive's geometry was not decoded: " + skipped);
        }
        List<GltfAccessor> list = new ArrayList<>(attributes.values());
        List<String> names = new ArrayList<>(attributes.keySet());
        List<GltfVertexAttribute> layout = new ArrayList<>();
        int vertices = list.isEmpty() ? 0 : list.get(0).count();
        if (!interleaved) {
            ByteBuffer[] buffers = new ByteBuffer[list.size()];
            boolean[] slices = new boolean[list.size()];
            for (int i = 0; i < list.size(); i++) {
                GltfAccessor a = list.get(i);
                int stride;
                if (a.sliceable() && a.byteStride() % 4 == 0) {
                    buffers[i] = a.bufferSlice();
                    slices[i] = true;
                    stride = a.byteStride();
                } else {
                    stride = (a.elementSize() + 3) & ~3;
                    buffers[i] = ByteBuffer.allocateDirect(Math.multiplyExact(a.count(), stride))
                            .order(ByteOrder.LITTLE_ENDIAN);
                    a.copyInto(buffers[i], 0, stride);
                }
                layout.add(new GltfVertexAttribute(names.get(i), i, 0, stride, a.componentType(), a.componentCount(),
                        a.normalized()));
            }
            return new GltfVertexData(vertices, buffers, slices, layout);
        }
        GltfAccessor shared = sharedInterleavedView(list);
        if (shared != null) {
            int first = Integer.MAX_VALUE;
            for (GltfAccessor a : list) {
                first = Math.min(first, a.byteOffsetInView());
            }
            int stride = shared.byteStride();
            int end = 0;
            for (GltfAccessor a : list) {
                end = Math.max(end, a.byteOffsetInView() - first + a.elementSize());
            }
            ByteBuffer slice = shared.viewSlice(first, (vertices - 1) * stride + end);
            for (int i = 0; i < list.size(); i++) {
                GltfAccessor a = list.get(i);
                layout.add(new GltfVertexAttribute(names.get(i), 0, a.byteOffsetInView() - first, stride,
                        a.componentType(), a.componentCount(), a.normalized()));
            }
            return new GltfVertexData(vertices, new ByteBuffer[] {slice}, new boolean[] {true}, layout);
        }
        int stride = 0;
        int[] offsets = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            offsets[i] = stride;
            stride += (list.get(i).elementSize() + 3) & ~3;
        }
        ByteBuffer out = ByteBuffer.allocateDirect(Math.multiplyExact(vertices, stride)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < list.size(); i++) {
            GltfAccessor a = list.get(i);
            if (a.count() != vertices) {
                throw new GltfException(a.usedAt(), "count " + a.count() + " differs from the first attribute's"
                        + " count " + vertices);
            }
            a.copyInto(out, offsets[i], stride);
            layout.add(new GltfVertexAttribute(names.get(i), 0, offsets[i], stride, a.componentType(),
                    a.componentCount(), a.normalized()));
        }
        return new GltfVertexData(vertices, new ByteBuffer[] {out}, new boolean[] {false}, layout);
    }

    /** The first accessor, when every accessor lies interleaved in its one strided buffer view; else null. */
    private static GltfAccessor sharedInterleavedView(List<GltfAccessor> list) {
        if (list.isEmpty()) {
            return null;
        }
        GltfAccessor first = list.get(0);
        int view = first.bufferView();
        int stride = first.byteStride();
        if (view < 0 || !first.stridedView() || stride % 4 != 0) {
            return null;
        }
        int low = Integer.MAX_VALUE;
        int high = 0;
        for (GltfAccessor a : list) {
            if (!a.sliceable() || a.bufferView() != view || a.count() != first.count()) {
                return null;
            }
            low = Math.min(low, a.byteOffsetInView());
            high = Math.max(high, a.byteOffsetInView() + a.elementSize());
        }
        return high - low <= stride ? first : null;
    }
}
