package dev.arbor.gltf;

import java.util.Arrays;

/**
 * A triangle mesh built in code, for {@link GltfWriter} to write on a node: positions, and optionally normals, one set
 * of texture coordinates, vertex colours, indices and a metallic-roughness material. Immutable: every array is copied
 * and checked when given.
 *
 * <pre>{@code
 * GltfMeshData floor = GltfMeshData.triangles(new float[] {-1, 0, -1,  1, 0, -1,  1, 0, 1,  -1, 0, 1},
 *                                             new int[] {0, 2, 1,  0, 3, 2})
 *         .withNormals(new float[] {0, 1, 0,  0, 1, 0,  0, 1, 0,  0, 1, 0})
 *         .withMaterial(GltfMeshData.Material.of(0.4f, 0.6f, 0.3f, 1f).withRoughness(0.9f))
 *         .withName("floor");
 * GltfWriter.write(hierarchy, roots, null, Map.of(floorNode, floor), Path.of("scene.glb"));
 * }</pre>
 */
public final class GltfMeshData {
    private final String name;
    private final float[] positions;
    private final float[] normals;
    private final float[] texCoords;
    private final float[] colors;
    private final int[] indices;
    private final Material material;

    private GltfMeshData(String name, float[] positions, float[] normals, float[] texCoords, float[] colors,
                         int[] indices, Material material) {
        this.name = name;
        this.positions = positions;
        this.normals = normals;
        this.texCoords = texCoords;
        this.colors = colors;
        this.indices = indices;
        this.material = material;
    }

    /**
     * A mesh of triangles.
     *
     * @param positions x y z per vertex, at least one vertex, every value finite
     * @param indices three vertex indices per triangle, each below the vertex count; or null to take the vertices
     *     three at a time (their count then a multiple of 3)
     * @return the mesh, with no other attribute and the default material
     * @throws IllegalArgumentException naming the first bad value and the bound it breaks
     */
    public static GltfMeshData triangles(float[] positions, int[] indices) {
        if (positions.length == 0 || positions.length % 3 != 0) {
            throw new IllegalArgumentException("positions.length=" + positions.length + " is not a positive multiple"
                    + " of 3");
        }
        requireFinite("positions", positions);
        int vertices = positions.length / 3;
        if (indices == null) {
            if (vertices % 3 != 0) {
                throw new IllegalArgumentException("vertex count " + vertices + " is not a multiple of 3 (no indices)");
            }
        } else {
            if (indices.length == 0 || indices.length % 3 != 0) {
                throw new IllegalArgumentException("indices.length=" + indices.length + " is not a positive multiple"
                        + " of 3");
            }
            for (int i = 0; i < indices.length; i++) {
                if (indices[i] < 0 || indices[i] >= vertices) {
                    throw new IllegalArgumentException("indices[" + i + "]=" + indices[i] + " is outside [0, "
                            + vertices + ")");
                }
            }
        }
        return new GltfMeshData(null, positions.clone(), null, null, null, indices == null ? null : indices.clone(),
                null);
    }

    /**
     * @param normals x y z per vertex, each of unit length (within 0.001)
     * @return a copy of this mesh with these normals
     * @throws IllegalArgumentException if the count differs from the vertices' or a normal is not of unit length
     */
    public GltfMeshData withNormals(float[] normals) {
        requireCount("normals", normals, 3);
        requireFinite("normals", normals);
        for (int v = 0; v < normals.length / 3; v++) {
            double length = Math.sqrt((double) normals[3 * v] * normals[3 * v]
                    + (double) normals[3 * v + 1] * normals[3 * v + 1] + (double) normals[3 * v + 2] * normals[3 * v + 2]);
            if (Math.abs(length - 1) > 1e-3) {
                throw new IllegalArgumentException("normals of vertex " + v + " has length " + length + ", not 1"
                        + " (within 0.001)");
            }
        }
        return new GltfMeshData(name, positions, normals.clone(), texCoords, colors, indices, material);
    }

    /**
     * @param texCoords u v per vertex (glTF's {@code TEXCOORD_0}: v down the image), finite
     * @return a copy of this mesh with these texture coordinates
     * @throws IllegalArgumentException if the count differs from the vertices' or a value is not finite
     */
    public GltfMeshData withTexCoords(float[] texCoords) {
        requireCount("texCoords", texCoords, 2);
        requireFinite("texCoords", texCoords);
        return new GltfMeshData(name, positions, normals, texCoords.clone(), colors, indices, material);
    }

    /**
     * @param colors r g b a per vertex, linear, each in [0, 1]
     * @return a copy of this mesh with these vertex colours ({@code COLOR_0})
     * @throws IllegalArgumentException if the count differs from the vertices' or a value is outside [0, 1]
     */
    public GltfMeshData withColors(float[] colors) {
        requireCount("colors", colors, 4);
        for (int i = 0; i < colors.length; i++) {
            if (!(colors[i] >= 0f && colors[i] <= 1f)) {
                throw new IllegalArgumentException("colors[" + i + "]=" + colors[i] + " is outside [0, 1]");
            }
        }
        return new GltfMeshData(name, positions, normals, texCoords, colors.clone(), indices, material);
    }

    /**
     * @param material the material, or null for glTF's default material
     * @return a copy of this mesh with this material
     */
    public GltfMeshData withMaterial(Material material) {
        return new GltfMeshData(name, positions, normals, texCoords, colors, indices, material);
    }

    /**
     * @param name the mesh's name in the file, or null for none
     * @return a copy of this mesh with this name
     */
    public GltfMeshData withName(String name) {
        return new GltfMeshData(name, positions, normals, texCoords, colors, indices, material);
    }

    /** @return the number of vertices */
    public int vertexCount() {
        return positions.length / 3;
    }

    /** @return the mesh's name, or null */
    public String name() {
        return name;
    }

    /** @return a copy of the positions */
    public float[] positions() {
        return positions.clone();
    }

    /** @return a copy of the normals, or null */
    public float[] normals() {
        return normals == null ? null : normals.clone();
    }

    /** @return a copy of the texture coordinates, or null */
    public float[] texCoords() {
        return texCoords == null ? null : texCoords.clone();
    }

    /** @return a copy of the vertex colours, or null */
    public float[] colors() {
        return colors == null ? null : colors.clone();
    }

    /** @return a copy of the indices, or null */
    public int[] indices() {
        return indices == null ? null : indices.clone();
    }

    /** @return the material, or null for glTF's default */
    public Material material() {
        return material;
    }

    // arrays as they are, for the writer
    float[] positionsArray() {
        return positions;
    }

    float[] normalsArray() {
        return normals;
    }

    float[] texCoordsArray() {
        return texCoords;
    }

    float[] colorsArray() {
        return colors;
    }

    int[] indicesArray() {
        return indices;
    }

    private void requireCount(String what, float[] values, int components) {
        if (values.length != components * vertexCount()) {
            throw new IllegalArgumentException(what + ".length=" + values.length + " differs from " + components
                    + " × " + vertexCount() + " vertices");
        }
    }

    private static void requireFinite(String what, float[] values) {
        for (int i = 0; i < values.length; i++) {
            if (!Float.isFinite(values[i])) {
                throw new IllegalArgumentException(what + "[" + i + "]=" + values[i] + " is not finite");
            }
        }
    }

    /**
     * A metallic-roughness material: base colour factor (linear r g b a), metallic and roughness factors, double-sided
     * or not, and a name.
     *
     * @param name the material's name, or null
     * @param baseColor r g b a, each in [0, 1]
     * @param metallic in [0, 1]
     * @param roughness in [0, 1]
     * @param doubleSided whether back faces are drawn
     */
    public record Material(String name, float[] baseColor, float metallic, float roughness, boolean doubleSided) {
        /**
         * Checks and copies.
         *
         * @throws IllegalArgumentException naming the bad value and its bound
         */
        public Material {
            if (baseColor == null || baseColor.length != 4) {
                throw new IllegalArgumentException("baseColor needs 4 values (r g b a)");
            }
            baseColor = baseColor.clone();
            for (int i = 0; i < 4; i++) {
                requireUnit("baseColor[" + i + "]", baseColor[i]);
            }
            requireUnit("metallic", metallic);
            requireUnit("roughness", roughness);
        }

        /**
         * A single-sided, non-metallic, fully rough material of a colour.
         *
         * @param r red, in [0, 1]
         * @param g green, in [0, 1]
         * @param b blue, in [0, 1]
         * @param a alpha, in [0, 1]
         * @return the material
         */
        public static Material of(float r, float g, float b, float a) {
            return new Material(null, new float[] {r, g, b, a}, 0f, 1f, false);
        }

        /**
         * @param value the metallic factor, in [0, 1]
         * @return a copy with it
         */
        public Material withMetallic(float value) {
            return new Material(name, baseColor, value, roughness, doubleSided);
        }

        /**
         * @param value the roughness factor, in [0, 1]
         * @return a copy with it
         */
        public Material withRoughness(float value) {
            return new Material(name, baseColor, metallic, value, doubleSided);
        }

        /**
         * @param value whether back faces are drawn
         * @return a copy with it
         */
        public Material withDoubleSided(boolean value) {
            return new Material(name, baseColor, metallic, roughness, value);
        }

        /**
         * @param value the name, or null
         * @return a copy with it
         */
        public Material withName(String value) {
            return new Material(value, baseColor, metallic, roughness, doubleSided);
        }

        /** @return a copy of the base colour factor */
        @Override
        public float[] baseColor() {
            return baseColor.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Material m && java.util.Objects.equals(name, m.name)
                    && Arrays.equals(baseColor, m.baseColor) && metallic == m.metallic && roughness == m.roughness
                    && doubleSided == m.doubleSided;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, Arrays.hashCode(baseColor), metallic, roughness, doubleSided);
        }

        @Override
        public String toString() {
            return "Material[" + name + ", baseColor=" + Arrays.toString(baseColor) + ", metallic=" + metallic
                    + ", roughness=" + roughness + ", doubleSided=" + doubleSided + "]";
        }

        private static void requireUnit(String what, float value) {
            if (!(value >= 0f && value <= 1f)) {
                throw new IllegalArgumentException(what + "=" + value + " is outside [0, 1]");
            }
        }
    }
}
