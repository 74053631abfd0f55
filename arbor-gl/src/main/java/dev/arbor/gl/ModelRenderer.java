package dev.arbor.gl;

import static org.lwjgl.opengl.GL11.GL_BLEND;
import static org.lwjgl.opengl.GL11.GL_COLOR_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_ONE;
import static org.lwjgl.opengl.GL11.GL_ONE_MINUS_SRC_ALPHA;
import static org.lwjgl.opengl.GL11.GL_SRC_ALPHA;
import static org.lwjgl.opengl.GL11.glDepthMask;
import static org.lwjgl.opengl.GL14.glBlendFuncSeparate;
import static org.lwjgl.opengl.GL11.GL_CULL_FACE;
import static org.lwjgl.opengl.GL11.GL_DEPTH_BUFFER_BIT;
import static org.lwjgl.opengl.GL11.GL_DEPTH_TEST;
import static org.lwjgl.opengl.GL11.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11.glBindTexture;
import static org.lwjgl.opengl.GL11.glClear;
import static org.lwjgl.opengl.GL11.glClearColor;
import static org.lwjgl.opengl.GL11.glDeleteTextures;
import static org.lwjgl.opengl.GL11.glDisable;
import static org.lwjgl.opengl.GL11.glEnable;
import static org.lwjgl.opengl.GL11.glGenTextures;
import static org.lwjgl.opengl.GL13.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13.glActiveTexture;
import static org.lwjgl.opengl.GL15.GL_STREAM_DRAW;
import static org.lwjgl.opengl.GL15.glBindBuffer;
import static org.lwjgl.opengl.GL15.glBufferData;
import static org.lwjgl.opengl.GL15.glBufferSubData;
import static org.lwjgl.opengl.GL15.glDeleteBuffers;
import static org.lwjgl.opengl.GL15.glGenBuffers;
import static org.lwjgl.opengl.GL20.glUniform1f;
import static org.lwjgl.opengl.GL20.glUniform1i;
import static org.lwjgl.opengl.GL20.glUniform3f;
import static org.lwjgl.opengl.GL20.glUniform4f;
import static org.lwjgl.opengl.GL20.glUniform4i;
import static org.lwjgl.opengl.GL20.glUniformMatrix3fv;
import static org.lwjgl.opengl.GL20.glUniformMatrix4fv;
import static org.lwjgl.opengl.GL20.glUseProgram;
import static org.lwjgl.opengl.GL20.glVertexAttrib2f;
import static org.lwjgl.opengl.GL20.glVertexAttrib3f;
import static org.lwjgl.opengl.GL20.glVertexAttrib4f;
import static org.lwjgl.opengl.GL30.GL_R32F;
import static org.lwjgl.opengl.GL30.GL_RGBA32F;
import static org.lwjgl.opengl.GL30.glBindVertexArray;
import static org.lwjgl.opengl.GL30.glVertexAttribI4ui;
import static org.lwjgl.opengl.GL31.GL_TEXTURE_BUFFER;
import static org.lwjgl.opengl.GL31.glDrawArraysInstanced;
import static org.lwjgl.opengl.GL31.glDrawElementsInstanced;
import static org.lwjgl.opengl.GL31.glTexBuffer;
import static org.lwjgl.opengl.GL33.glBindSampler;

import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfModel;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.joml.Vector3f;
import org.joml.Vector3fc;
import org.lwjgl.system.MemoryUtil;

/**
 * Draws {@link GpuModel}s into the current framebuffer: posed instances of a model ({@link #draw}) and crowds of one
 * skinned mesh with one instanced draw per primitive ({@link #drawCrowd}), skinned in the vertex shader, lit by one
 * directional light and an ambient term (glTF's metallic-roughness model; {@link Shaders}).
 *
 * <h2>The matrix buffers</h2>
 * Two buffers of floats, each read by the vertex shader as a texture buffer of RGBA32F texels, hold 4×4 column-major
 * matrices, 16 floats (four texels, one per column) each, as {@code MatrixLayout.COLUMN_MAJOR_4X4} writes them:
 * <ul>
 *   <li>the <em>palette buffer</em>: the skinning palettes, {@code meshFromBind = inverse(meshWorld) × jointWorld ×
 *   inverseBind} per joint, as {@link Skeleton#writePalette} and {@code CrowdAnimator.writePalettes} write them;
 *   instance {@code i}'s joint {@code j} at float {@code 16 × (i × joints + j)};</li>
 *   <li>the <em>mesh buffer</em>: each instance's {@code worldFromMesh}, instance {@code i} at float {@code 16 × i}.</li>
 * </ul>
 * Each is uploaded once per draw call with {@code glBufferSubData} (the storage grows, never per frame once large
 * enough), and a vertex computes {@code worldFromMesh × Σ wₖ · palette[jointₖ] × position} with its weights divided
 * by their sum. The texture buffers hold up to {@code GL_MAX_TEXTURE_BUFFER_SIZE} texels (at least 65,536 by the
 * OpenGL 3.3 specification, i.e. 16,384 matrices; Mesa's llvmpipe allows 134,217,728). A third buffer, of
 * {@code R32F} texels, holds the morph weights of a draw ({@code MorphWeights}' layout for {@link #draw}, instance
 * after instance for {@code drawCrowd} with weights).
 *
 * <p>A node with {@code EXT_mesh_gpu_instancing} is drawn by {@link #draw} with one instanced draw call per primitive:
 * its world matrix in the mesh buffer, and each copy's {@code meshFromInstance} from the {@link GpuModel}'s static
 * instance buffer, so that copy {@code c} is at {@code worldFromMesh × meshFromInstance[c]}; the copies share the
 * node's palette and morph weights (skinned in the node's space, then placed). {@code drawCrowd} draws a mesh, not a
 * node, and ignores instancing: the two never combine in one call.
 *
 * <p>Within a call, {@code OPAQUE} and {@code MASK} primitives are drawn first, then {@code BLEND} ones with blending
 * on and depth writes off ({@link #draw} sorts them back to front).
 *
 * <p>Made, used and closed on the thread where its {@link GlContext} is current. The draw calls allocate nothing on
 * the Java heap once the buffers are large enough.
 */
public final class ModelRenderer implements AutoCloseable {
    private static final int MATRIX = 16;

    private final GlProgram program;
    private final int paletteBuffer;
    private final int paletteTexture;
    private final int meshBuffer;
    private final int meshTexture;
    private long paletteCapacity;
    private long meshCapacity;
    private FloatBuffer palettes;
    private FloatBuffer worlds;
    private int[] paletteBases = new int[16];
    private final float[] matrix4 = new float[MATRIX];
    private final float[] clip = new float[MATRIX];
    /** The camera of the current draw: its position and view direction. */
    private final Vector3f eye = new Vector3f();
    private final Vector3f view = new Vector3f();
    private final Vector3f towardLight = new Vector3f(-0.35f, 0.55f, 0.75f).normalize();
    /** π × 0.7: a white surface facing the light reflects 0.7 of it diffusely, plus the ambient 0.22, below 1. */
    private final Vector3f lightColor = new Vector3f((float) (0.7 * Math.PI));
    private final Vector3f ambientColor = new Vector3f(0.22f);
    private boolean closed;

    private final int weightBuffer;
    private final int weightTexture;
    private long weightCapacity;
    private FloatBuffer weights;
    /** The model whose morph-weight layout {@link #morphWeights} has, and a float copy of its values. */
    private GltfModel morphModel;
    private MorphWeights morphWeights;
    private float[] morphValues = new float[0];
    /** BLEND primitives of a draw, sorted back to front before drawing: node, primitive, mesh matrix, depth. */
    private int[] blendNodes = new int[16];
    private int[] blendPrimitives = new int[16];
    private int[] blendMeshes = new int[16];
    private float[] blendDepths = new float[16];

    private final int uJointCount;
    private final int uCrowd;
    private final int uInstanceBase;
    private final int uMorphTargets;
    private final int uMorphVertices;
    private final int uMorphBase;
    private final int uMorphStride;
    private final int uEmissiveFactor;
    private final int uNormalScale;
    private final int uOcclusionStrength;
    private final int uHasTangents;
    private final int uAlphaMode;
    private final int uDoubleSided;
    private final int uUnlit;
    private final int uHasNormalTexture;
    private final int uHasOcclusionTexture;
    private final int uHasEmissiveTexture;
    private final int uUvSets;
    private final int uEmissiveUvSet;
    private final int uMetallicRoughnessUv;
    private final int uNormalUv;
    private final int uOcclusionUv;
    private final int uEmissiveUv;
    private final int uPaletteBase;
    private final int uMeshBase;
    private final int uClipFromWorld;
    private final int uBaseColorUv;
    private final int uBaseColorFactor;
    private final int uMetallic;
    private final int uRoughness;
    private final int uHasBaseColorTexture;
    private final int uHasMetallicRoughnessTexture;
    private final int uHasNormals;
    private final int uAlphaCutoff;
    private final int uTowardLight;
    private final int uLightColor;
    private final int uAmbientColor;
    private final int uCameraPosition;
    private final int uOrthographic;
    private final int uViewDirection;

    /**
     * Compiles the program and makes the matrix buffers; the context must be current.
     *
     * @throws IllegalStateException if the shaders do not compile or link (with the driver's log)
     */
    public ModelRenderer() {
        program = GlProgram.link("model program", Shaders.VERTEX, Shaders.FRAGMENT);
        uJointCount = program.uniform("jointCount");
        uCrowd = program.uniform("crowd");
        uInstanceBase = program.uniform("instanceBase");
        uPaletteBase = program.uniform("paletteBase");
        uMeshBase = program.uniform("meshBase");
        uClipFromWorld = program.uniform("clipFromWorld");
        uBaseColorUv = program.uniform("baseColorUv");
        uMorphTargets = program.uniform("morphTargets");
        uMorphVertices = program.uniform("morphVertices");
        uMorphBase = program.uniform("morphBase");
        uMorphStride = program.uniform("morphStride");
        uEmissiveFactor = program.uniform("emissiveFactor");
        uNormalScale = program.uniform("normalScale");
        uOcclusionStrength = program.uniform("occlusionStrength");
        uHasTangents = program.uniform("hasTangents");
        uAlphaMode = program.uniform("alphaMode");
        uDoubleSided = program.uniform("doubleSided");
        uUnlit = program.uniform("unlit");
        uHasNormalTexture = program.uniform("hasNormalTexture");
        uHasOcclusionTexture = program.uniform("hasOcclusionTexture");
        uHasEmissiveTexture = program.uniform("hasEmissiveTexture");
        uUvSets = program.uniform("uvSets");
        uEmissiveUvSet = program.uniform("emissiveUvSet");
        uMetallicRoughnessUv = program.uniform("metallicRoughnessUv");
        uNormalUv = program.uniform("normalUv");
        uOcclusionUv = program.uniform("occlusionUv");
        uEmissiveUv = program.uniform("emissiveUv");
        uBaseColorFactor = program.uniform("baseColorFactor");
        uMetallic = program.uniform("metallicFactor");
        uRoughness = program.uniform("roughnessFactor");
        uHasBaseColorTexture = program.uniform("hasBaseColorTexture");
        uHasMetallicRoughnessTexture = program.uniform("hasMetallicRoughnessTexture");
        uHasNormals = program.uniform("hasNormals");
        uAlphaCutoff = program.uniform("alphaCutoff");
        uTowardLight = program.uniform("towardLight");
        uLightColor = program.uniform("lightColor");
        uAmbientColor = program.uniform("ambientColor");
        uCameraPosition = program.uniform("cameraPosition");
        uOrthographic = program.uniform("orthographic");
        uViewDirection = program.uniform("viewDirection");
        glUseProgram(program.program);
        glUniform1i(program.uniform("baseColorTexture"), Shaders.UNIT_BASE_COLOR);
        glUniform1i(program.uniform("metallicRoughnessTexture"), Shaders.UNIT_METALLIC_ROUGHNESS);
        glUniform1i(program.uniform("palettes"), Shaders.UNIT_PALETTES);
        glUniform1i(program.uniform("meshes"), Shaders.UNIT_MESHES);
        glUniform1i(program.uniform("normalTexture"), Shaders.UNIT_NORMAL);
        glUniform1i(program.uniform("occlusionTexture"), Shaders.UNIT_OCCLUSION);
        glUniform1i(program.uniform("emissiveTexture"), Shaders.UNIT_EMISSIVE);
        glUniform1i(program.uniform("morphDeltas"), Shaders.UNIT_MORPH_DELTAS);
        glUniform1i(program.uniform("morphWeights"), Shaders.UNIT_MORPH_WEIGHTS);
        glUniform1i(program.uniform("instanceMatrices"), Shaders.UNIT_INSTANCES);
        glUseProgram(0);
        paletteBuffer = glGenBuffers();
        meshBuffer = glGenBuffers();
        paletteTexture = glGenTextures();
        meshTexture = glGenTextures();
        paletteCapacity = reserve(paletteBuffer, paletteTexture, GL_RGBA32F, 0, MATRIX);
        meshCapacity = reserve(meshBuffer, meshTexture, GL_RGBA32F, 0, MATRIX);
        weightBuffer = glGenBuffers();
        weightTexture = glGenTextures();
        weightCapacity = reserve(weightBuffer, weightTexture, GL_R32F, 0, MATRIX);
        weights = MemoryUtil.memAllocFloat(MATRIX);
        palettes = MemoryUtil.memAllocFloat(MATRIX * 64);
        worlds = MemoryUtil.memAllocFloat(MATRIX * 16);
    }

    /**
     * Grows a buffer's storage to at least {@code floats} (doubling), attached to its texture in {@code format}; the
     * new capacity.
     */
    private static long reserve(int buffer, int texture, int format, long capacity, long floats) {
        if (floats <= capacity) {
            return capacity;
        }
        long grown = Math.max(floats, 2 * capacity);
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        glBufferData(GL_TEXTURE_BUFFER, grown * Float.BYTES, GL_STREAM_DRAW);
        glBindTexture(GL_TEXTURE_BUFFER, texture);
        glTexBuffer(GL_TEXTURE_BUFFER, format, buffer);
        glBindTexture(GL_TEXTURE_BUFFER, 0);
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
        return grown;
    }

    /**
     * Sets the light: a directional light and a constant ambient term, both linear RGB. Defaults: toward
     * {@code (-0.35, 0.55, 0.75)} (from the upper left front), colour 0.7 π (Lambert's 1 / π makes a white surface
     * facing the light 0.7), ambient 0.22: a white surface stays below white.
     *
     * @param towardLight the world direction toward the light (need not be unit length, not zero)
     * @param color the light's colour times intensity
     * @param ambient the ambient light's colour
     * @throws IllegalArgumentException if {@code towardLight} is zero
     */
    public void setLight(Vector3fc towardLight, Vector3fc color, Vector3fc ambient) {
        if (towardLight.lengthSquared() == 0) {
            throw new IllegalArgumentException("towardLight must not be zero: towardLight=" + towardLight);
        }
        this.towardLight.set(towardLight).normalize();
        this.lightColor.set(color);
        this.ambientColor.set(ambient);
    }

    /**
     * Clears the bound framebuffer's colour (to an sRGB colour, alpha 1) and depth.
     *
     * @param red red, 0 to 1
     * @param green green, 0 to 1
     * @param blue blue, 0 to 1
     */
    public void clear(float red, float green, float blue) {
        glClearColor(red, green, blue, 1f);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    }

    /**
     * Draws every built node of an instance that has a mesh, posed as its hierarchy is now: rigid primitives through
     * the node's world matrix, skinned ones through the palette of the node's skin (written with
     * {@link Skeleton#writePalette} into the palette buffer, then uploaded once for the whole call), morphed ones by
     * the instance's {@link GltfInstance#weights morph weights} (uploaded once for the call); a node with
     * {@code EXT_mesh_gpu_instancing} once per instance, in one instanced draw per primitive. {@code BLEND} primitives
     * are drawn last, farthest first by the view depth of their box's centre. A skinned primitive whose
     * {@code JOINTS_0} names a joint beyond its skin is not drawn. O(nodes + joints + weights) on the CPU, one draw
     * call per primitive; allocation-free once the buffers are large enough (and while the model stays the same:
     * another model's weight layout is made once).
     *
     * @param gpu the instance's model on the GPU
     * @param instance the posed instance, of {@code gpu.model()}
     * @param camera the camera
     * @throws IllegalArgumentException if the instance is of another model or a node was destroyed
     * @throws IllegalStateException if this renderer or the model is closed, or a skinned node's world matrix is not
     *     invertible
     */
    public void draw(GpuModel gpu, GltfInstance instance, Camera camera) {
        requireOpen(gpu);
        GltfModel model = gpu.model();
        if (instance.model() != model) {
            throw new IllegalArgumentException("instance of another model: instance=" + instance.model().sourceName()
                    + ", gpu=" + model.sourceName());
        }
        Hierarchy h = instance.hierarchy();
        int nodes = model.nodeCount();
        if (paletteBases.length < nodes) {
            paletteBases = new int[nodes];
        }
        int meshCount = 0;
        int paletteEntries = 0;
        for (int node = 0; node < nodes; node++) {
            long handle = instance.handle(node);
            if (handle == Hierarchy.NULL || model.mesh(node) < 0) {
                continue;
            }
            meshCount++;
            int skin = model.skinOf(node);
            paletteBases[node] = paletteEntries;
            if (skin >= 0) {
                paletteEntries += instance.skeleton(skin).jointCount();
            }
        }
        worlds = ensure(worlds, (long) meshCount * MATRIX);
        palettes = ensure(palettes, (long) paletteEntries * MATRIX);
        int k = 0;
        for (int node = 0; node < nodes; node++) {
            long handle = instance.handle(node);
            if (handle == Hierarchy.NULL || model.mesh(node) < 0) {
                continue;
            }
            h.getWorld(handle, MatrixLayout.COLUMN_MAJOR_4X4, worlds, MATRIX * k++);
            int skin = model.skinOf(node);
            if (skin >= 0) {
                instance.skeleton(skin).writePalette(h, handle, MatrixLayout.COLUMN_MAJOR_4X4, palettes,
                        MATRIX * paletteBases[node]);
            }
        }
        int weightCount = writeWeights(instance);
        upload(meshCount, paletteEntries);
        upload(weightBuffer, weights, weightCount);
        begin(camera);
        glUniform1i(uCrowd, 0);
        glActiveTexture(GL_TEXTURE0 + Shaders.UNIT_INSTANCES);
        glBindTexture(GL_TEXTURE_BUFFER, gpu.instanceTexture);
        int blended = 0;
        k = 0;
        for (int node = 0; node < nodes; node++) {
            long handle = instance.handle(node);
            int mesh = model.mesh(node);
            if (handle == Hierarchy.NULL || mesh < 0) {
                continue;
            }
            GpuModel.Primitive[] primitives = gpu.meshes[mesh];
            glUniform1i(uInstanceBase, gpu.instanceBases[node]);
            for (int p = 0; p < primitives.length; p++) {
                if (primitives[p].material.alphaMode == Shaders.BLEND) {
                    blended = deferBlended(gpu, node, p, k, primitives[p], blended);
                } else {
                    drawPrimitive(primitives[p], joints(instance, node), paletteBases[node], k, morphBase(node),
                            morphCount(node), gpu.instanceCounts[node]);
                }
            }
            k++;
        }
        if (blended > 0) {
            sortBackToFront(blended);
            beginBlending();
            for (int b = 0; b < blended; b++) {
                int node = blendNodes[b];
                glUniform1i(uInstanceBase, gpu.instanceBases[node]);
                drawPrimitive(gpu.meshes[model.mesh(node)][blendPrimitives[b]], joints(instance, node),
                        paletteBases[node], blendMeshes[b], morphBase(node), morphCount(node),
                        gpu.instanceCounts[node]);
            }
            endBlending();
        }
        end();
    }

    private static int joints(GltfInstance instance, int node) {
        int skin = instance.model().skinOf(node);
        return skin < 0 ? 0 : instance.skeleton(skin).jointCount();
    }

    /** The first of a node's morph weights in the weight buffer (0 when its mesh has no morph targets). */
    private int morphBase(int node) {
        int morph = morphModel == null ? -1 : morphModel.morphIndex(node);
        return morph < 0 ? 0 : morphWeights.offset(morph);
    }

    /** The number of a node's morph weights in the weight buffer, 0 when its mesh has no morph targets. */
    private int morphCount(int node) {
        int morph = morphModel == null ? -1 : morphModel.morphIndex(node);
        return morph < 0 ? 0 : morphWeights.count(morph);
    }

    /**
     * Writes the instance's morph weights (every morphed node's, in {@link GltfModel#morphNodes()} order) into the
     * weight buffer; the number written. Allocates only when the model changes.
     */
    private int writeWeights(GltfInstance instance) {
        GltfModel model = instance.model();
        if (morphModel != model) {
            morphWeights = model.restWeights();
            morphValues = new float[morphWeights.size()];
            morphModel = model;
        }
        int n = morphValues.length;
        if (n == 0) {
            return 0;
        }
        instance.weights(morphWeights).copyTo(morphValues, 0);
        weights = ensure(weights, n);
        weights.put(0, morphValues, 0, n);
        return n;
    }

    /**
     * Records a BLEND primitive to draw after the opaque ones, with the view depth of its bind box's centre taken to
     * the world by its node's matrix (the {@code k}-th in {@link #worlds}), through the node's first
     * {@code EXT_mesh_gpu_instancing} copy when it has one (its copies are drawn together, in their order); the new
     * count.
     */
    private int deferBlended(GpuModel gpu, int node, int primitive, int k, GpuModel.Primitive p, int count) {
        if (count == blendNodes.length) {
            int grown = 2 * count;
            blendNodes = Arrays.copyOf(blendNodes, grown);
            blendPrimitives = Arrays.copyOf(blendPrimitives, grown);
            blendMeshes = Arrays.copyOf(blendMeshes, grown);
            blendDepths = Arrays.copyOf(blendDepths, grown);
        }
        float cx = p.centerX;
        float cy = p.centerY;
        float cz = p.centerZ;
        int first = gpu.instanceBases[node];
        if (first >= 0 && gpu.instanceCounts[node] > 0) {
            float[] c = gpu.instanceMatrices;
            int i = MATRIX * first;
            float ix = c[i] * cx + c[i + 4] * cy + c[i + 8] * cz + c[i + 12];
            float iy = c[i + 1] * cx + c[i + 5] * cy + c[i + 9] * cz + c[i + 13];
            cz = c[i + 2] * cx + c[i + 6] * cy + c[i + 10] * cz + c[i + 14];
            cx = ix;
            cy = iy;
        }
        int m = MATRIX * k;
        float x = worlds.get(m) * cx + worlds.get(m + 4) * cy + worlds.get(m + 8) * cz + worlds.get(m + 12);
        float y = worlds.get(m + 1) * cx + worlds.get(m + 5) * cy + worlds.get(m + 9) * cz + worlds.get(m + 13);
        float z = worlds.get(m + 2) * cx + worlds.get(m + 6) * cy + worlds.get(m + 10) * cz + worlds.get(m + 14);
        blendNodes[count] = node;
        blendPrimitives[count] = primitive;
        blendMeshes[count] = k;
        blendDepths[count] = (x - eye.x) * view.x + (y - eye.y) * view.y + (z - eye.z) * view.z;
        return count + 1;
    }

    /** Sorts the deferred BLEND primitives by depth, farthest first (insertion sort: a handful, no allocation). */
    private void sortBackToFront(int count) {
        for (int i = 1; i < count; i++) {
            float depth = blendDepths[i];
            int node = blendNodes[i];
            int primitive = blendPrimitives[i];
            int mesh = blendMeshes[i];
            int j = i - 1;
            while (j >= 0 && blendDepths[j] < depth) {
                blendDepths[j + 1] = blendDepths[j];
                blendNodes[j + 1] = blendNodes[j];
                blendPrimitives[j + 1] = blendPrimitives[j];
                blendMeshes[j + 1] = blendMeshes[j];
                j--;
            }
            blendDepths[j + 1] = depth;
            blendNodes[j + 1] = node;
            blendPrimitives[j + 1] = primitive;
            blendMeshes[j + 1] = mesh;
        }
    }

    /**
     * Draws a crowd: {@code instances} copies of one mesh, each skinned by its own palette and placed by its own
     * {@code worldFromMesh}, with one instanced draw call per primitive. The palettes are
     * {@code CrowdAnimator.writePalettes}' (or {@code frame}'s) output for the crowd: instance {@code i}'s joint
     * {@code j} at float {@code 16 × (i × joints + j)} of {@code palettes}, 4×4 column-major; the mesh matrices
     * instance {@code i}'s at float {@code 16 × i} of {@code worldFromMesh}. Both are read from index 0 (their
     * positions are ignored) and uploaded once. A rigid mesh takes {@code joints = 0} and no palettes. Morph targets
     * keep their bind shape (see the overload with weights). A node's {@code EXT_mesh_gpu_instancing} is not applied
     * (multiply its instance matrices into {@code worldFromMesh} to crowd them). Allocation-free once the buffers are large enough.
     *
     * @param gpu the model on the GPU
     * @param mesh the mesh index
     * @param instances how many copies, at least 0
     * @param joints joints per instance's palette (the skin's joint count), at least 0
     * @param palettes the palettes, at least {@code 16 × instances × joints} floats
     * @param worldFromMesh the mesh matrices, at least {@code 16 × instances} floats
     * @param camera the camera
     * @throws IllegalArgumentException if a count is negative, a buffer is too short, or {@code mesh} is out of range
     * @throws IllegalStateException if this renderer or the model is closed
     */
    public void drawCrowd(GpuModel gpu, int mesh, int instances, int joints, FloatBuffer palettes,
                          FloatBuffer worldFromMesh, Camera camera) {
        drawCrowd(gpu, mesh, instances, joints, palettes, worldFromMesh, null, 0, camera);
    }

    /**
     * Draws a crowd whose mesh has morph targets, each instance with its own weights: as
     * {@link #drawCrowd(GpuModel, int, int, int, FloatBuffer, FloatBuffer, Camera)}, plus instance {@code i}'s
     * weights at float {@code i × weightsPerInstance} of {@code weights} (for instance each instance's
     * {@code MorphWeights.weights(morph, …)} of the mesh's node, one after the other), uploaded once. A primitive
     * with fewer targets reads the first of them; targets beyond {@code weightsPerInstance} are left out.
     * Allocation-free once the buffers are large enough.
     *
     * @param gpu the model on the GPU
     * @param mesh the mesh index
     * @param instances how many copies, at least 0
     * @param joints joints per instance's palette, at least 0
     * @param palettes the palettes, at least {@code 16 × instances × joints} floats
     * @param worldFromMesh the mesh matrices, at least {@code 16 × instances} floats
     * @param weights the morph weights, at least {@code instances × weightsPerInstance} floats; {@code null} when
     *     {@code weightsPerInstance} is 0
     * @param weightsPerInstance weights per instance, at least 0
     * @param camera the camera
     * @throws IllegalArgumentException if a count is negative, a buffer is too short or missing, or {@code mesh} is out
     *     of range
     * @throws IllegalStateException if this renderer or the model is closed
     */
    public void drawCrowd(GpuModel gpu, int mesh, int instances, int joints, FloatBuffer palettes,
                          FloatBuffer worldFromMesh, FloatBuffer weights, int weightsPerInstance, Camera camera) {
        requireOpen(gpu);
        if (mesh < 0 || mesh >= gpu.meshes.length) {
            throw new IllegalArgumentException("mesh out of range: mesh=" + mesh + ", meshCount=" + gpu.meshes.length);
        }
        if (instances < 0 || joints < 0 || weightsPerInstance < 0) {
            throw new IllegalArgumentException("negative count: instances=" + instances + ", joints=" + joints
                    + ", weightsPerInstance=" + weightsPerInstance);
        }
        long weightFloats = (long) instances * weightsPerInstance;
        if (weightFloats > 0 && (weights == null || weights.limit() < weightFloats)) {
            throw new IllegalArgumentException("weights too short: limit=" + (weights == null ? 0 : weights.limit())
                    + ", required=" + weightFloats);
        }
        long paletteFloats = (long) MATRIX * instances * joints;
        long meshFloats = (long) MATRIX * instances;
        if (palettes.limit() < paletteFloats) {
            throw new IllegalArgumentException("palettes too short: limit=" + palettes.limit() + ", required="
                    + paletteFloats);
        }
        if (worldFromMesh.limit() < meshFloats) {
            throw new IllegalArgumentException("worldFromMesh too short: limit=" + worldFromMesh.limit()
                    + ", required=" + meshFloats);
        }
        if (instances == 0) {
            return;
        }
        paletteCapacity = reserve(paletteBuffer, paletteTexture, GL_RGBA32F, paletteCapacity,
                Math.max(paletteFloats, MATRIX));
        meshCapacity = reserve(meshBuffer, meshTexture, GL_RGBA32F, meshCapacity, meshFloats);
        subData(paletteBuffer, palettes, (int) paletteFloats);
        subData(meshBuffer, worldFromMesh, (int) meshFloats);
        if (weightFloats > 0) {
            upload(weightBuffer, weights, (int) weightFloats);
        }
        begin(camera);
        drawInstanced(gpu.meshes[mesh], joints, instances, weightsPerInstance);
        end();
    }

    /**
     * The opaque and MASK primitives, then the BLEND ones with depth writes off (instances not sorted); morph weights
     * {@code weightsPerInstance} an instance from the weight buffer's start.
     */
    private void drawInstanced(GpuModel.Primitive[] primitives, int joints, int instances, int weightsPerInstance) {
        glUniform1i(uCrowd, 1);
        glUniform1i(uInstanceBase, -1);
        boolean blended = false;
        for (GpuModel.Primitive p : primitives) {
            if (p.material.alphaMode == Shaders.BLEND) {
                blended = true;
            } else {
                drawPrimitive(p, joints, 0, 0, 0, weightsPerInstance, instances);
            }
        }
        if (blended) {
            beginBlending();
            for (GpuModel.Primitive p : primitives) {
                if (p.material.alphaMode == Shaders.BLEND) {
                    drawPrimitive(p, joints, 0, 0, 0, weightsPerInstance, instances);
                }
            }
            endBlending();
        }
    }

    private static void beginBlending() {
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(false);
    }

    private static void endBlending() {
        glDepthMask(true);
        glDisable(GL_BLEND);
    }

    /**
     * Draws the listed instances of a crowd (those a {@link CrowdVisibility} found in view, say): as
     * {@link #drawCrowd(GpuModel, int, int, int, FloatBuffer, FloatBuffer, Camera)}, but only instances
     * {@code visible[0 .. count)}, whose palettes and mesh matrices are gathered (one memory copy each) into this
     * renderer's buffers and uploaded; the others are neither uploaded nor drawn. Allocation-free once the buffers
     * are large enough.
     *
     * @param gpu the model on the GPU
     * @param mesh the mesh index
     * @param visible instance indices, each in [0, instances of the buffers)
     * @param count how many of {@code visible} to draw
     * @param joints joints per instance's palette, at least 0
     * @param palettes every instance's palette, instance {@code i}'s at float {@code 16 × i × joints}
     * @param worldFromMesh every instance's mesh matrix, instance {@code i}'s at float {@code 16 × i}
     * @param camera the camera
     * @throws IllegalArgumentException if a count is negative or beyond {@code visible}, a listed instance lies beyond
     *     a buffer's limit, or {@code mesh} is out of range
     * @throws IllegalStateException if this renderer or the model is closed
     */
    public void drawCrowd(GpuModel gpu, int mesh, int[] visible, int count, int joints, FloatBuffer palettes,
                          FloatBuffer worldFromMesh, Camera camera) {
        requireOpen(gpu);
        if (mesh < 0 || mesh >= gpu.meshes.length) {
            throw new IllegalArgumentException("mesh out of range: mesh=" + mesh + ", meshCount=" + gpu.meshes.length);
        }
        if (count < 0 || count > visible.length || joints < 0) {
            throw new IllegalArgumentException("count out of range: count=" + count + ", visible.length="
                    + visible.length + ", joints=" + joints);
        }
        long paletteFloats = (long) MATRIX * joints;
        for (int k = 0; k < count; k++) {
            int i = visible[k];
            if (i < 0 || (i + 1) * paletteFloats > palettes.limit() || (i + 1L) * MATRIX > worldFromMesh.limit()) {
                throw new IllegalArgumentException("instance out of range: visible[" + k + "]=" + i
                        + ", palettes.limit=" + palettes.limit() + ", worldFromMesh.limit=" + worldFromMesh.limit()
                        + ", joints=" + joints);
            }
        }
        if (count == 0) {
            return;
        }
        this.palettes = ensure(this.palettes, Math.max(count * paletteFloats, MATRIX));
        worlds = ensure(worlds, (long) count * MATRIX);
        long paletteFrom = MemoryUtil.memAddress(palettes, 0);
        long paletteTo = MemoryUtil.memAddress(this.palettes, 0);
        long worldFrom = MemoryUtil.memAddress(worldFromMesh, 0);
        long worldTo = MemoryUtil.memAddress(worlds, 0);
        long paletteBytes = paletteFloats * Float.BYTES;
        for (int k = 0; k < count; k++) {
            int i = visible[k];
            MemoryUtil.memCopy(paletteFrom + i * paletteBytes, paletteTo + k * paletteBytes, paletteBytes);
            MemoryUtil.memCopy(worldFrom + (long) i * MATRIX * Float.BYTES, worldTo + (long) k * MATRIX * Float.BYTES,
                    MATRIX * Float.BYTES);
        }
        upload(count, (int) (count * (long) joints));
        begin(camera);
        drawInstanced(gpu.meshes[mesh], joints, count, 0);
        end();
    }

    private void upload(int meshCount, int paletteEntries) {
        long meshFloats = (long) meshCount * MATRIX;
        long paletteFloats = (long) paletteEntries * MATRIX;
        meshCapacity = reserve(meshBuffer, meshTexture, GL_RGBA32F, meshCapacity, Math.max(meshFloats, MATRIX));
        paletteCapacity = reserve(paletteBuffer, paletteTexture, GL_RGBA32F, paletteCapacity, Math.max(paletteFloats, MATRIX));
        subData(meshBuffer, worlds, (int) meshFloats);
        subData(paletteBuffer, palettes, (int) paletteFloats);
    }

    /** Uploads {@code count} floats of morph weights to the weight buffer, growing it when needed. */
    private void upload(int buffer, FloatBuffer source, int count) {
        weightCapacity = reserve(weightBuffer, weightTexture, GL_R32F, weightCapacity, Math.max(count, MATRIX));
        subData(buffer, source, count);
    }

    /** Copies floats [0, count) of {@code source} to the start of a buffer; the source's position is kept. */
    private static void subData(int buffer, FloatBuffer source, int count) {
        if (count == 0) {
            return;
        }
        glBindBuffer(GL_TEXTURE_BUFFER, buffer);
        int position = source.position();
        int limit = source.limit();
        source.limit(count).position(0);
        glBufferSubData(GL_TEXTURE_BUFFER, 0, source);
        source.limit(limit).position(position);
        glBindBuffer(GL_TEXTURE_BUFFER, 0);
    }

    private static FloatBuffer ensure(FloatBuffer buffer, long floats) {
        if (floats > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many matrices: floats=" + floats + ", max=" + Integer.MAX_VALUE);
        }
        if (buffer.capacity() >= floats) {
            buffer.clear();
            return buffer;
        }
        FloatBuffer grown = MemoryUtil.memRealloc(buffer, (int) Math.max(floats, 2L * buffer.capacity()));
        grown.clear();
        return grown;
    }

    /** The program's state for a draw call: program, camera, light, buffers and the generic vertex values. */
    private void begin(Camera camera) {
        glUseProgram(program.program);
        glEnable(GL_DEPTH_TEST);
        glDisable(GL_CULL_FACE);
        camera.clipFromWorld().get(clip);
        glUniformMatrix4fv(uClipFromWorld, false, clip);
        camera.position(eye);
        glUniform3f(uCameraPosition, eye.x, eye.y, eye.z);
        camera.viewDirection(view);
        glUniform3f(uViewDirection, view.x, view.y, view.z);
        glUniform1i(uOrthographic, camera.isOrthographic() ? 1 : 0);
        glUniform3f(uTowardLight, towardLight.x, towardLight.y, towardLight.z);
        glUniform3f(uLightColor, lightColor.x, lightColor.y, lightColor.z);
        glUniform3f(uAmbientColor, ambientColor.x, ambientColor.y, ambientColor.z);
        glActiveTexture(GL_TEXTURE0 + Shaders.UNIT_PALETTES);
        glBindTexture(GL_TEXTURE_BUFFER, paletteTexture);
        glActiveTexture(GL_TEXTURE0 + Shaders.UNIT_MESHES);
        glBindTexture(GL_TEXTURE_BUFFER, meshTexture);
        glActiveTexture(GL_TEXTURE0 + Shaders.UNIT_MORPH_WEIGHTS);
        glBindTexture(GL_TEXTURE_BUFFER, weightTexture);
    }

    /**
     * One draw call of a primitive: {@code instances} copies, palettes from {@code paletteBase}, mesh matrices from
     * {@code meshBase}, {@code morphCount} morph weights per instance from {@code morphBase} of their buffers (the
     * primitive's targets beyond them, all of them when 0, are left out).
     */
    private void drawPrimitive(GpuModel.Primitive p, int joints, int paletteBase, int meshBase, int morphBase,
                               int morphCount, int instances) {
        boolean skinned = p.skinned && joints > 0;
        if (skinned && p.maxJoint >= joints || instances == 0) {
            return;
        }
        GpuModel.Material m = p.material;
        glUniform1i(uJointCount, skinned ? joints : 0);
        glUniform1i(uPaletteBase, paletteBase);
        glUniform1i(uMeshBase, meshBase);
        glUniform1i(uMorphTargets, Math.min(p.morphTargets, morphCount));
        glUniform1i(uMorphStride, morphCount);
        glUniform1i(uMorphVertices, p.vertices);
        glUniform1i(uMorphBase, morphBase);
        glActiveTexture(GL_TEXTURE0 + Shaders.UNIT_MORPH_DELTAS);
        glBindTexture(GL_TEXTURE_BUFFER, p.morphTexture);
        glUniform4f(uBaseColorFactor, m.baseColorFactor[0], m.baseColorFactor[1], m.baseColorFactor[2],
                m.baseColorFactor[3]);
        glUniform1f(uMetallic, m.metallic);
        glUniform1f(uRoughness, m.roughness);
        glUniform3f(uEmissiveFactor, m.emission[0], m.emission[1], m.emission[2]);
        glUniform1f(uNormalScale, m.normalScale);
        glUniform1f(uOcclusionStrength, m.occlusionStrength);
        glUniform1i(uAlphaMode, m.alphaMode);
        glUniform1f(uAlphaCutoff, m.alphaCutoff);
        glUniform1i(uDoubleSided, m.doubleSided ? 1 : 0);
        glUniform1i(uUnlit, m.unlit ? 1 : 0);
        glUniform1i(uHasNormals, p.hasNormals ? 1 : 0);
        glUniform1i(uHasTangents, p.hasTangents ? 1 : 0);
        glUniform4i(uUvSets, m.baseColor.texCoord, m.metallicRoughness.texCoord, m.normal.texCoord,
                m.occlusion.texCoord);
        glUniform1i(uEmissiveUvSet, m.emissive.texCoord);
        glUniform1i(uHasBaseColorTexture, bind(Shaders.UNIT_BASE_COLOR, m.baseColor, uBaseColorUv));
        glUniform1i(uHasMetallicRoughnessTexture, bind(Shaders.UNIT_METALLIC_ROUGHNESS, m.metallicRoughness,
                uMetallicRoughnessUv));
        glUniform1i(uHasNormalTexture, bind(Shaders.UNIT_NORMAL, m.normal, uNormalUv));
        glUniform1i(uHasOcclusionTexture, bind(Shaders.UNIT_OCCLUSION, m.occlusion, uOcclusionUv));
        glUniform1i(uHasEmissiveTexture, bind(Shaders.UNIT_EMISSIVE, m.emissive, uEmissiveUv));
        glBindVertexArray(p.vertexArray);
        // the values of attributes the primitive lacks (generic attribute state, not kept in the vertex array)
        if (!p.hasNormals) {
            glVertexAttrib3f(Shaders.NORMAL, 0, 0, 1);
        }
        if (!p.hasTangents) {
            glVertexAttrib4f(Shaders.TANGENT, 1, 0, 0, 1);
        }
        glVertexAttrib2f(Shaders.TEXCOORD_0, 0, 0);
        glVertexAttrib2f(Shaders.TEXCOORD_1, 0, 0);
        if (!p.hasColors) {
            glVertexAttrib4f(Shaders.COLOR_0, 1, 1, 1, 1);
        }
        if (!p.skinned) {
            glVertexAttribI4ui(Shaders.JOINTS, 0, 0, 0, 0);
            glVertexAttrib4f(Shaders.WEIGHTS, 0, 0, 0, 0);
        }
        if (p.indexType != 0) {
            glDrawElementsInstanced(p.mode, p.count, p.indexType, 0L, instances);
        } else {
            glDrawArraysInstanced(p.mode, 0, p.count, instances);
        }
    }

    /** Binds a material's texture and sampler to a unit and sets its UV transform; 1 if it has a texture, else 0. */
    private static int bind(int unit, GpuModel.TextureSlot slot, int uvTransform) {
        glActiveTexture(GL_TEXTURE0 + unit);
        glBindTexture(GL_TEXTURE_2D, slot.texture);
        glBindSampler(unit, slot.sampler);
        glUniformMatrix3fv(uvTransform, false, slot.uvTransform);
        return slot.texture != 0 ? 1 : 0;
    }

    private void end() {
        glBindVertexArray(0);
        glUseProgram(0);
    }

    private void requireOpen(GpuModel gpu) {
        if (closed) {
            throw new IllegalStateException("renderer is closed");
        }
        if (gpu.isClosed()) {
            throw new IllegalStateException("GPU model is closed: " + gpu.model().sourceName());
        }
    }

    /** Deletes the program, buffers and textures; its context must be current. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        program.close();
        glDeleteBuffers(paletteBuffer);
        glDeleteBuffers(meshBuffer);
        glDeleteTextures(paletteTexture);
        glDeleteTextures(meshTexture);
        glDeleteBuffers(weightBuffer);
        glDeleteTextures(weightTexture);
        MemoryUtil.memFree(weights);
        MemoryUtil.memFree(palettes);
        MemoryUtil.memFree(worlds);
    }
}
