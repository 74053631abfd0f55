package dev.arbor.gl;

import static org.lwjgl.opengl.GL11.GL_LINEAR;
import static org.lwjgl.opengl.GL11.GL_LINEAR_MIPMAP_LINEAR;
import static org.lwjgl.opengl.GL11.GL_RGBA;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MAG_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_MIN_FILTER;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_S;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_WRAP_T;
import static org.lwjgl.opengl.GL11.GL_UNPACK_ALIGNMENT;
import static org.lwjgl.opengl.GL11.GL_UNSIGNED_BYTE;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL11.glPixelStorei;
import static org.lwjgl.opengl.GL11.glTexImage2D;
import static org.lwjgl.opengl.GL11.GL_RGBA8;
import static org.lwjgl.opengl.GL15.GL_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_ELEMENT_ARRAY_BUFFER;
import static org.lwjgl.opengl.GL15.GL_STATIC_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL20.glEnableVertexAttribArray;
import static org.lwjgl.opengl.GL20.glVertexAttribPointer;
import static org.lwjgl.opengl.GL21.GL_SRGB8_ALPHA8;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL30.glDeleteVertexArrays;
import static org.lwjgl.opengl.GL30.glGenVertexArrays;
import static org.lwjgl.opengl.GL30.glGenerateMipmap;
import static org.lwjgl.opengl.GL30.glVertexAttribIPointer;
import static org.lwjgl.opengl.GL30.GL_RGBA32F;
import static org.lwjgl.opengl.GL31.GL_TEXTURE_BUFFER;
import static org.lwjgl.opengl.GL31.glTexBuffer;
import static org.lwjgl.opengl.GL33.glDeleteSamplers;
import static org.lwjgl.opengl.GL33.glGenSamplers;
import static org.lwjgl.opengl.GL33.glSamplerParameteri;

import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstancing;
import dev.arbor.gltf.GltfMaterial;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPixels;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.gltf.GltfSampler;
import dev.arbor.gltf.GltfTexture;
import dev.arbor.gltf.GltfTextureRef;
import dev.arbor.gltf.GltfVertexAttribute;
import dev.arbor.gltf.GltfVertexData;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.joml.Matrix3f;
import org.lwjgl.system.MemoryUtil;

/**
 * A glTF model's meshes on the GPU: per primitive a vertex array (the reader's interleaved vertex buffer, the index
 * buffer in its own type), its morph targets' displacements (a texture buffer of RGBA32F texels, three per target and
 * vertex: position, normal, tangent), and its material: base colour, metallic-roughness, normal, occlusion and
 * emissive factors and textures (colour textures sRGB, the others linear; mipmapped), each texture with a sampler
 * object made from the glTF sampler, its UV set ({@code TEXCOORD_0} or {@code _1}) and its
 * {@code KHR_texture_transform}; the alpha mode and cut-off, double-sidedness, {@code KHR_materials_unlit} and
 * {@code KHR_materials_emissive_strength}. The nodes' {@code EXT_mesh_gpu_instancing}: every instanced node's
 * {@code meshFromInstance = T × R × S} matrices in one texture buffer (RGBA32F, 4×4 column-major), uploaded once.
 *
 * <p>Attribute locations: {@code POSITION} 0, {@code NORMAL} 1, {@code TEXCOORD_0} 2, {@code JOINTS_0} 3
 * (integers), {@code WEIGHTS_0} 4, {@code TEXCOORD_1} 5, {@code TANGENT} 6, {@code COLOR_0} 7 (RGB or RGBA; a
 * primitive without it is drawn white). Component types are kept as in the file (normalized integers are read as
 * OpenGL normalizes them).
 *
 * <p>Left out, each with a line in {@link #notes()}: primitives whose geometry was not decoded (Draco), points and
 * lines, images the JDK cannot decode (WebP, KTX2; drawn without that texture); a texture naming a UV set beyond 1 is
 * sampled with {@code TEXCOORD_0}.
 *
 * <p>Made and closed on the thread where its {@link GlContext} is current; usable only with that context.
 */
public final class GpuModel implements AutoCloseable {
    private static final int MATRIX = 16;

    /** One drawable primitive: its vertex array, how to draw it and its morph targets. */
    static final class Primitive {
        final int vertexArray;
        final int mode;
        final int count;
        /** The index type (GL_UNSIGNED_BYTE / SHORT / INT), or 0 to draw the vertices in order. */
        final int indexType;
        final boolean skinned;
        final boolean hasNormals;
        final boolean hasTangents;
        final boolean hasColors;
        /** The largest joint index of JOINTS_0, -1 when not skinned. */
        final int maxJoint;
        final Material material;
        /** Morph targets and vertices; the texture buffer of their deltas ({@link Shaders#MORPH_TEXELS}), 0 if none. */
        final int morphTargets;
        final int vertices;
        final int morphTexture;
        /** The centre of the bind positions' box, mesh space: where a BLEND primitive is sorted from. */
        final float centerX;
        final float centerY;
        final float centerZ;

        Primitive(int vertexArray, int mode, int count, int indexType, boolean skinned, boolean hasNormals,
                  boolean hasTangents, boolean hasColors, int maxJoint, Material material, int morphTargets,
                  int vertices, int morphTexture, float[] center) {
            this.vertexArray = vertexArray;
            this.mode = mode;
            this.count = count;
            this.indexType = indexType;
            this.skinned = skinned;
            this.hasNormals = hasNormals;
            this.hasTangents = hasTangents;
            this.hasColors = hasColors;
            this.maxJoint = maxJoint;
            this.material = material;
            this.morphTargets = morphTargets;
            this.vertices = vertices;
            this.morphTexture = morphTexture;
            this.centerX = center[0];
            this.centerY = center[1];
            this.centerZ = center[2];
        }
    }

    /**
     * A texture a material samples: GL texture and sampler names (0 when absent), its {@code TEXCOORD_n} set (0 or
     * 1) and its {@code KHR_texture_transform} (column-major 3×3).
     */
    static final class TextureSlot {
        static final TextureSlot NONE = new TextureSlot(0, 0, 0, new float[] {1, 0, 0, 0, 1, 0, 0, 0, 1});

        final int texture;
        final int sampler;
        final int texCoord;
        final float[] uvTransform;

        TextureSlot(int texture, int sampler, int texCoord, float[] uvTransform) {
            this.texture = texture;
            this.sampler = sampler;
            this.texCoord = texCoord;
            this.uvTransform = uvTransform;
        }
    }

    /** A material's uniforms and textures. */
    static final class Material {
        final float[] baseColorFactor;
        final float metallic;
        final float roughness;
        /** Linear RGB: emissiveFactor × emissiveStrength. */
        final float[] emission;
        final TextureSlot baseColor;
        final TextureSlot metallicRoughness;
        final TextureSlot normal;
        final TextureSlot occlusion;
        final TextureSlot emissive;
        /** {@code normalTexture.scale} and {@code occlusionTexture.strength}. */
        final float normalScale;
        final float occlusionStrength;
        /** {@link Shaders#OPAQUE}, {@link Shaders#MASK} or {@link Shaders#BLEND}. */
        final int alphaMode;
        final float alphaCutoff;
        final boolean doubleSided;
        final boolean unlit;

        Material(float[] baseColorFactor, float metallic, float roughness, float[] emission, TextureSlot baseColor,
                 TextureSlot metallicRoughness, TextureSlot normal, TextureSlot occlusion, TextureSlot emissive,
                 float normalScale, float occlusionStrength, int alphaMode, float alphaCutoff, boolean doubleSided,
                 boolean unlit) {
            this.baseColorFactor = baseColorFactor;
            this.metallic = metallic;
            this.roughness = roughness;
            this.emission = emission;
            this.baseColor = baseColor;
            this.metallicRoughness = metallicRoughness;
            this.normal = normal;
            this.occlusion = occlusion;
            this.emissive = emissive;
            this.normalScale = normalScale;
            this.occlusionStrength = occlusionStrength;
            this.alphaMode = alphaMode;
            this.alphaCutoff = alphaCutoff;
            this.doubleSided = doubleSided;
            this.unlit = unlit;
        }
    }

    /** glTF's default material: white, fully metallic and rough, opaque, single-sided. */
    private static final Material DEFAULT = new Material(new float[] {1, 1, 1, 1}, 1, 1, new float[3],
            TextureSlot.NONE, TextureSlot.NONE, TextureSlot.NONE, TextureSlot.NONE, TextureSlot.NONE, 1, 1,
            Shaders.OPAQUE, 0.5f, false, false);

    private final GltfModel model;
    /** Per mesh its drawable primitives. */
    final Primitive[][] meshes;
    /**
     * Per node with {@code EXT_mesh_gpu_instancing}: its first matrix in {@link #instanceMatrices} (-1: the node is
     * drawn once) and its number of copies (1 when not instanced; 0 draws nothing).
     */
    final int[] instanceBases;
    final int[] instanceCounts;
    /** Every instanced node's {@code meshFromInstance} matrices, 4×4 column-major, node after node. */
    final float[] instanceMatrices;
    /** The texture buffer (RGBA32F) of {@link #instanceMatrices}, 0 when no node is instanced. */
    final int instanceTexture;
    private final List<String> notes;
    private final List<Integer> buffers = new ArrayList<>();
    private final List<Integer> vertexArrays = new ArrayList<>();
    private final Map<Integer, Integer> textures = new HashMap<>();
    private final Map<Integer, Integer> samplers = new HashMap<>();
    private final Map<Integer, Material> materials = new HashMap<>();
    /** Texture-buffer textures (morph displacements). */
    private final List<Integer> bufferTextures = new ArrayList<>();
    private boolean closed;

    private GpuModel(GltfModel model) throws GltfException {
        this.model = model;
        this.meshes = new Primitive[model.meshCount()][];
        this.notes = new ArrayList<>();
        int nodes = model.nodeCount();
        instanceBases = new int[nodes];
        instanceCounts = new int[nodes];
        float[][] perNode = new float[nodes][];
        int matrices = 0;
        for (int node = 0; node < nodes; node++) {
            GltfInstancing instancing = model.mesh(node) < 0 ? null : model.nodeInstancing(node);
            instanceBases[node] = instancing == null ? -1 : matrices;
            instanceCounts[node] = instancing == null ? 1 : instancing.count();
            if (instancing != null) {
                perNode[node] = instancing.matrices(MatrixLayout.COLUMN_MAJOR_4X4);
                matrices += instancing.count();
            }
        }
        instanceMatrices = new float[MATRIX * matrices];
        for (int node = 0; node < nodes; node++) {
            if (perNode[node] != null) {
                System.arraycopy(perNode[node], 0, instanceMatrices, MATRIX * instanceBases[node],
                        perNode[node].length);
            }
        }
        instanceTexture = matrices == 0 ? 0 : textureBuffer(instanceMatrices);
    }

    /** Uploads floats once into a new buffer, as a texture buffer of RGBA32F texels; the texture's name. */
    private int textureBuffer(float[] values) {
        FloatBuffer floats = MemoryUtil.memAllocFloat(values.length);
        try {
            floats.put(values).flip();
            return textureBuffer(floats);
        } finally {
            MemoryUtil.memFree(floats);
        }
    }

    private int textureBuffer(FloatBuffer floats) {
        int buffer = glGenBuffers();
        buffers.add(buffer);
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        glBufferData(GL_TEXTURE_BUFFER, floats, GL_STATIC_DRAW);
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        int texture = glGenTextures();
        bufferTextures.add(texture);
        glBindTexture(GL_TEXTURE_BUFFER, texture);
        glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
        return texture;
    }

    /**
     * Uploads every mesh of the model, its materials and the textures they use. Reads and decodes the whole model's
     * geometry and images: O(vertices + indices + texels), done once.
     *
     * @param model the model
     * @return the model on the GPU
     * @throws GltfException if a mesh, material, texture, sampler or node's {@code EXT_mesh_gpu_instancing} is
     *     malformed (what was uploaded is deleted)
     */
    public static GpuModel upload(GltfModel model) throws GltfException {
        GpuModel gpu = new GpuModel(model);   // the instance matrices, read first: a malformed extension uploads nothing
        try {
            for (int m = 0; m < model.meshCount(); m++) {
                GltfMesh mesh = model.readMesh(m);
                List<Primitive> drawn = new ArrayList<>();
                for (int p = 0; p < mesh.primitiveCount(); p++) {
                    Primitive prim = gpu.primitive(mesh.primitive(p), m, p);
                    if (prim != null) {
                        drawn.add(prim);
                    }
                }
                gpu.meshes[m] = drawn.toArray(new Primitive[0]);
            }
        } catch (GltfException | RuntimeException e) {
            gpu.close();
            throw e;
        }
        return gpu;
    }

    private Primitive primitive(GltfPrimitive p, int mesh, int index) throws GltfException {
        String where = "meshes[" + mesh + "].primitives[" + index + "]";
        if (p.skipped() != null) {
            notes.add(where + ": not drawn: " + p.skipped());
            return null;
        }
        int mode = p.mode();
        if (mode != GltfPrimitive.TRIANGLES && mode != GltfPrimitive.TRIANGLE_STRIP
                && mode != GltfPrimitive.TRIANGLE_FAN) {
            notes.add(where + ": not drawn: mode " + GltfPrimitive.modeName(mode) + " has no triangles");
            return null;
        }
        Material material = material(p.material());
        GltfVertexData data = p.vertexData(true);
        int vertexArray = glGenVertexArrays();
        vertexArrays.add(vertexArray);
        glBindVertexArray(vertexArray);
        int[] names = new int[data.bufferCount()];
        for (int b = 0; b < names.length; b++) {
            names[b] = glGenBuffers();
            buffers.add(names[b]);
            glBindBuffer(GL_ARRAY_BUFFER, names[b]);
            glBufferData(GL_ARRAY_BUFFER, data.buffer(b), GL_STATIC_DRAW);
        }
        boolean hasNormals = false;
        boolean hasTangents = false;
        boolean hasColors = false;
        boolean hasJoints = false;
        boolean hasWeights = false;
        for (GltfVertexAttribute a : data.attributes()) {
            int location;
            switch (a.name()) {
                case "POSITION" -> location = Shaders.POSITION;
                case "NORMAL" -> {
                    location = Shaders.NORMAL;
                    hasNormals = true;
                }
                case "TANGENT" -> {
                    location = Shaders.TANGENT;
                    hasTangents = true;
                }
                case "TEXCOORD_0" -> location = Shaders.TEXCOORD_0;
                case "TEXCOORD_1" -> location = Shaders.TEXCOORD_1;
                case "COLOR_0" -> {
                    location = Shaders.COLOR_0;
                    hasColors = true;
                }
                case "JOINTS_0" -> {
                    location = Shaders.JOINTS;
                    hasJoints = true;
                }
                case "WEIGHTS_0" -> {
                    location = Shaders.WEIGHTS;
                    hasWeights = true;
                }
                default -> location = -1;
            }
            if (location < 0) {
                continue;
            }
            glBindBuffer(GL_ARRAY_BUFFER, names[a.buffer()]);
            glEnableVertexAttribArray(location);
            if (location == Shaders.JOINTS) {
                glVertexAttribIPointer(location, a.componentCount(), a.componentType(), a.stride(), a.offset());
            } else {
                glVertexAttribPointer(location, a.componentCount(), a.componentType(), a.normalized(), a.stride(),
                        a.offset());
            }
        }
        boolean skinned = hasJoints && hasWeights;
        int maxJoint = -1;
        if (skinned) {
            for (int j : p.attribute("JOINTS_0").ints()) {
                maxJoint = Math.max(maxJoint, j);
            }
        }
        GltfAccessor indices = p.indices();
        int indexType = 0;
        int count = data.vertexCount();
        if (indices != null) {
            int name = glGenBuffers();
            buffers.add(name);
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, name);
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, p.indexBuffer(), GL_STATIC_DRAW);
            indexType = indices.componentType();
            count = indices.count();
        }
        glBindVertexArray(0);
        glBindBuffer(GL_ARRAY_BUFFER, 0);
        int morphTexture = p.targetCount() == 0 ? 0 : morphDeltas(p, data.vertexCount());
        return new Primitive(vertexArray, mode, count, indexType, skinned, hasNormals, hasTangents, hasColors,
                maxJoint, material, p.targetCount(), data.vertexCount(), morphTexture, center(p.positions()));
    }

    /**
     * Uploads a primitive's morph-target displacements as a texture buffer of RGBA32F texels:
     * {@link Shaders#MORPH_TEXELS} per target and vertex (position, normal, tangent; zero where the target lacks the
     * attribute), target {@code t}, vertex {@code v} from texel {@code 3 × (t × vertices + v)}.
     */
    private int morphDeltas(GltfPrimitive p, int vertices) throws GltfException {
        int targets = p.targetCount();
        long floats = 4L * Shaders.MORPH_TEXELS * targets * vertices;
        if (floats > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many morph displacements: floats=" + floats + ", max="
                    + Integer.MAX_VALUE);
        }
        FloatBuffer deltas = MemoryUtil.memCallocFloat((int) floats);
        try {
            for (int t = 0; t < targets; t++) {
                Map<String, GltfAccessor> target = p.target(t);
                String[] attributes = {"POSITION", "NORMAL", "TANGENT"};
                for (int k = 0; k < attributes.length; k++) {
                    GltfAccessor a = target.get(attributes[k]);
                    if (a == null) {
                        continue;
                    }
                    if (a.count() != vertices) {
                        throw new GltfException(a.usedAt(), "count " + a.count() + " differs from the base"
                                + " attribute's count " + vertices);
                    }
                    float[] values = a.floats();
                    int components = a.componentCount();
                    for (int v = 0; v < vertices; v++) {
                        int texel = 4 * (Shaders.MORPH_TEXELS * (t * vertices + v) + k);
                        for (int c = 0; c < Math.min(3, components); c++) {
                            deltas.put(texel + c, values[v * components + c]);
                        }
                    }
                }
            }
            return textureBuffer(deltas);
        } finally {
            MemoryUtil.memFree(deltas);
        }
    }

    /** The centre of the positions' box; the origin when there are none. */
    private static float[] center(float[] positions) {
        float[] box = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE,
                -Float.MAX_VALUE};
        for (int i = 0; i + 2 < positions.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                box[k] = Math.min(box[k], positions[i + k]);
                box[3 + k] = Math.max(box[3 + k], positions[i + k]);
            }
        }
        if (positions.length < 3) {
            return new float[3];
        }
        return new float[] {(box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2};
    }

    private Material material(int index) throws GltfException {
        if (index < 0) {
            return DEFAULT;
        }
        Material known = materials.get(index);
        if (known != null) {
            return known;
        }
        GltfMaterial m = model.material(index);
        String where = "materials[" + index + "]";
        GltfTextureRef normal = m.normalTexture();
        GltfTextureRef occlusion = m.occlusionTexture();
        float[] emissiveFactor = m.emissiveFactor();
        float strength = m.emissiveStrength();
        float[] emission = {emissiveFactor[0] * strength, emissiveFactor[1] * strength, emissiveFactor[2] * strength};
        int alphaMode = switch (m.alphaMode()) {
            case "MASK" -> Shaders.MASK;
            case "BLEND" -> Shaders.BLEND;
            default -> Shaders.OPAQUE;
        };
        Material made = new Material(m.baseColorFactor(), m.metallicFactor(), m.roughnessFactor(), emission,
                slot(m.baseColorTexture(), true, where + ".baseColorTexture"),
                slot(m.metallicRoughnessTexture(), false, where + ".metallicRoughnessTexture"),
                slot(normal, false, where + ".normalTexture"),
                slot(occlusion, false, where + ".occlusionTexture"),
                slot(m.emissiveTexture(), true, where + ".emissiveTexture"),
                normal == null ? 1 : normal.scale(), occlusion == null ? 1 : occlusion.scale(), alphaMode,
                m.alphaCutoff(), m.doubleSided(), m.unlit());
        materials.put(index, made);
        return made;
    }

    /** A material's texture with its sampler, UV set and transform; {@link TextureSlot#NONE} when absent. */
    private TextureSlot slot(GltfTextureRef ref, boolean srgb, String where) throws GltfException {
        if (ref == null) {
            return TextureSlot.NONE;
        }
        int texture = texture(ref.texture(), srgb, where);
        if (texture == 0) {
            return TextureSlot.NONE;
        }
        int set = ref.effectiveTexCoord();
        if (set > 1) {
            notes.add(where + ": TEXCOORD_" + set + " not read; sampled with TEXCOORD_0");
            set = 0;
        }
        float[] uv = new float[9];
        ref.uvTransform(new Matrix3f()).get(uv);
        return new TextureSlot(texture, sampler(model.texture(ref.texture()).sampler()), set, uv);
    }

    /** The GL texture of a glTF texture's image, uploaded once per colour space; 0 (with a note) if undecodable. */
    private int texture(int index, boolean srgb, String where) throws GltfException {
        Integer key = 2 * index + (srgb ? 1 : 0);
        Integer known = textures.get(key);
        if (known != null) {
            return known;
        }
        GltfTexture t = model.texture(index);
        int name = 0;
        if (t.source() < 0) {
            notes.add(where + ": textures[" + index + "] has no PNG or JPEG source; drawn without it");
        } else {
            GltfPixels pixels;
            try {
                pixels = model.decodeImage(t.source());
            } catch (GltfException e) {
                notes.add(where + ": textures[" + index + "] not drawn: " + e.getMessage());
                pixels = null;
            }
            if (pixels != null) {
                name = glGenTextures();
                glBindTexture(GL_TEXTURE_2D, name);
                glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
                ByteBuffer rgba = pixels.rgba();
                glTexImage2D(GL_TEXTURE_2D, 0, srgb ? GL_SRGB8_ALPHA8 : GL_RGBA8, pixels.width(), pixels.height(), 0,
                        GL_RGBA, GL_UNSIGNED_BYTE, rgba);
                glGenerateMipmap(GL_TEXTURE_2D);
                glBindTexture(GL_TEXTURE_2D, 0);
            }
        }
        textures.put(key, name);
        return name;
    }

    /** A sampler object for a glTF sampler index (-1: the default sampler), made once. */
    private int sampler(int index) throws GltfException {
        Integer known = samplers.get(index);
        if (known != null) {
            return known;
        }
        GltfSampler s = index < 0 ? GltfSampler.DEFAULT : model.sampler(index);
        int name = glGenSamplers();
        glSamplerParameteri(name, GL_TEXTURE_MAG_FILTER, s.magFilter() < 0 ? GL_LINEAR : s.magFilter());
        glSamplerParameteri(name, GL_TEXTURE_MIN_FILTER, s.minFilter() < 0 ? GL_LINEAR_MIPMAP_LINEAR : s.minFilter());
        glSamplerParameteri(name, GL_TEXTURE_WRAP_S, s.wrapS());
        glSamplerParameteri(name, GL_TEXTURE_WRAP_T, s.wrapT());
        samplers.put(index, name);
        return name;
    }

    /** @return the model uploaded */
    public GltfModel model() {
        return model;
    }

    /**
     * @param mesh mesh index
     * @return how many of the mesh's primitives are drawn
     * @throws IndexOutOfBoundsException if {@code mesh} is out of range
     */
    public int primitiveCount(int mesh) {
        return meshes[mesh].length;
    }

    /** @return one line for each thing left out or drawn differently, and why; unmodifiable */
    public List<String> notes() {
        return Collections.unmodifiableList(notes);
    }

    /** Deletes the buffers, vertex arrays, textures and samplers; its context must be current. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int name : vertexArrays) {
            glDeleteVertexArrays(name);
        }
        for (int name : buffers) {
            glDeleteBuffers(name);
        }
        for (int name : textures.values()) {
            if (name != 0) {
                glDeleteTextures(name);
            }
        }
        for (int name : bufferTextures) {
            glDeleteTextures(name);
        }
        for (int name : samplers.values()) {
            glDeleteSamplers(name);
        }
    }

    boolean isClosed() {
        return closed;
    }
}
