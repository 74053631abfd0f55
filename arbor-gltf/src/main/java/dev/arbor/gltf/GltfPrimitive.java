package dev.arbor.gltf;

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

    GltfPrimitive(int mode, String skipped, float[] positions, int[] triangles, int[] joints, float[] weights,
                  int material, float[] baseColorFactor, boolean baseColorTexture, boolean morphTargets) {
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
     *     Arbor does not read images)
     */
    public boolean hasBaseColorTexture() {
        return baseColorTexture;
    }

    /** @return whether the primitive has morph {@code targets} (which are not applied to the positions) */
    public boolean hasMorphTargets() {
        return morphTargets;
    }
}
