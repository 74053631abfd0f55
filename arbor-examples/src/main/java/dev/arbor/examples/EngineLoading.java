package dev.arbor.examples;

import dev.arbor.animation.Pose;
import dev.arbor.animation.Skeleton;
import dev.arbor.animation.WrapMode;
import dev.arbor.gltf.Gltf;
import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfInstance;
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
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a game engine's loader does with a textured, skinned model, from Arbor alone: read the file once; for each
 * mesh primitive fill one interleaved vertex buffer and describe its layout as the vertex attribute calls a renderer
 * makes, take the index buffer in its own type, gather the material's parameters and decode its base colour image to
 * RGBA8; then, per frame, pose the skeleton and write the skinning palette the vertex shader reads.
 *
 * <p>No graphics API is called: the program prints the calls it would make ({@code glVertexAttribPointer},
 * {@code glVertexAttribIPointer} for integer joints, {@code glDrawElements}, {@code glTexImage2D},
 * {@code glTexParameteri}), so it runs anywhere.
 *
 * <pre>{@code java -cp ... dev.arbor.examples.EngineLoading CesiumMan.glb}</pre>
 */
public final class EngineLoading {
    /**
     * The engine's fixed attribute locations, the shader's {@code layout(location = n)}: index n holds the glTF
     * attribute name bound there. Attributes not listed (further UV sets, custom attributes) are not drawn.
     */
    public static final List<String> LOCATIONS = List.of("POSITION", "NORMAL", "TANGENT", "TEXCOORD_0",
            "TEXCOORD_1", "COLOR_0", "JOINTS_0", "WEIGHTS_0");
    /** The time of the first animation the palette is written at, in seconds. */
    public static final float POSE_TIME = 0.5f;

    /**
     * A material's parameters as a shader's uniforms and texture bindings take them.
     *
     * @param name the material's name, or {@code null}
     * @param baseColorFactor linear RGBA, multiplied with the texture
     * @param metallic the metallic factor
     * @param roughness the roughness factor
     * @param alphaMode {@code OPAQUE}, {@code MASK} or {@code BLEND}
     * @param alphaCutoff the cutoff in MASK mode
     * @param doubleSided whether back faces are drawn (else culled)
     * @param baseColorImage the image index of the base colour texture, or -1 without one
     * @param baseColorUvSet the {@code TEXCOORD_n} set the base colour texture is sampled with, or -1 without one
     * @param baseColorSampler the texture's filters and wraps ({@link GltfSampler#DEFAULT} when it names none)
     */
    public record MaterialParams(String name, float[] baseColorFactor, float metallic, float roughness,
                                 String alphaMode, float alphaCutoff, boolean doubleSided, int baseColorImage,
                                 int baseColorUvSet, GltfSampler baseColorSampler) {
    }

    /**
     * One draw call's data.
     *
     * @param mesh the mesh index
     * @param primitive the primitive index in the mesh
     * @param mode the glTF (and OpenGL) primitive mode
     * @param vertices the interleaved vertex buffer and each attribute's place in it
     * @param indices the index buffer in its own type (direct, little-endian), or {@code null} to draw in order
     * @param indexType the index component type ({@code GL_UNSIGNED_BYTE/SHORT/INT}), or 0 without indices
     * @param indexCount the number of indices (the vertex count without indices)
     * @param material the material's parameters
     */
    public record Draw(int mesh, int primitive, int mode, GltfVertexData vertices, ByteBuffer indices, int indexType,
                       int indexCount, MaterialParams material) {
    }

    /**
     * Everything loaded, and one frame's palette.
     *
     * @param model the model, read once
     * @param draws one entry per decodable primitive, in mesh then primitive order
     * @param images each base colour image used, decoded to RGBA8, by image index
     * @param hierarchy the hierarchy holding the model's nodes
     * @param instance the model's nodes in it
     * @param skeleton the first skin's joints
     * @param skinnedMesh the handle of the node that uses the skin
     * @param palette one column-major 4×4 matrix per joint, at {@link #POSE_TIME} of the first animation
     */
    public record Loaded(GltfModel model, List<Draw> draws, Map<Integer, GltfPixels> images, Hierarchy hierarchy,
                         GltfInstance instance, Skeleton skeleton, long skinnedMesh, FloatBuffer palette) {
    }

    private EngineLoading() {
    }

    /**
     * Loads a model and prints the calls a renderer would make for it.
     *
     * @param args one argument: a textured, skinned {@code .glb} or {@code .gltf} (e.g. CesiumMan)
     * @throws IOException if the file cannot be read or is not valid glTF
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: EngineLoading MODEL.glb (a textured glTF model with a skin and an animation)");
            System.exit(2);
        }
        Loaded loaded = load(Path.of(args[0]));
        for (Draw draw : loaded.draws()) {
            describe(draw, loaded.images());
        }
        System.out.printf("skin: %d joints; palette at %.2f s written, %d floats, joint 0 column 3 = (%.4f, %.4f,"
                + " %.4f)%n", loaded.skeleton().jointCount(), POSE_TIME, loaded.palette().capacity(),
                loaded.palette().get(12), loaded.palette().get(13), loaded.palette().get(14));
    }

    /**
     * Reads the model once and fills every draw's buffers and parameters, each base colour image once, and the first
     * skin's palette at {@link #POSE_TIME} of the first animation.
     *
     * @param file a glTF file with a skin used by a node and an animation
     * @return what was loaded
     * @throws IOException if the file cannot be read or is not valid glTF, or an image cannot be decoded
     * @throws IllegalArgumentException if the model has no skinned node or no animation
     */
    public static Loaded load(Path file) throws IOException {
        GltfModel model = Gltf.read(file);
        if (model.skinCount() == 0 || model.nodesWithSkin(0).length == 0 || model.animationCount() == 0) {
            throw new IllegalArgumentException(file + ": needs a skin used by a node and an animation");
        }
        List<Draw> draws = new ArrayList<>();
        Map<Integer, GltfPixels> images = new HashMap<>();
        for (int m = 0; m < model.meshCount(); m++) {
            GltfMesh mesh = model.readMesh(m);
            for (int p = 0; p < mesh.primitiveCount(); p++) {
                GltfPrimitive prim = mesh.primitive(p);
                if (prim.skipped() != null) {
                    continue; // e.g. Draco-compressed: nothing to upload
                }
                GltfVertexData vertices = prim.vertexData(true);
                GltfAccessor index = prim.indices();
                MaterialParams material = material(model, prim.material());
                if (material.baseColorImage() >= 0 && !images.containsKey(material.baseColorImage())) {
                    images.put(material.baseColorImage(), model.decodeImage(material.baseColorImage()));
                }
                draws.add(new Draw(m, p, prim.mode(), vertices, prim.indexBuffer(),
                        index == null ? 0 : index.componentType(),
                        index == null ? vertices.vertexCount() : index.count(), material));
            }
        }

        // The skin: the model's nodes in a hierarchy, posed each frame; the palette is what the shader reads.
        Hierarchy hierarchy = new Hierarchy();
        GltfInstance instance = model.instantiate(hierarchy, model.sceneToShow(), Hierarchy.NULL);
        long skinnedMesh = instance.handle(model.nodesWithSkin(0)[0]);
        Skeleton skeleton = instance.skeleton(0);
        FloatBuffer palette = ByteBuffer.allocateDirect(skeleton.jointCount() * MatrixLayout.COLUMN_MAJOR_4X4.floats()
                * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
        Pose scratch = model.restPose();
        // every frame:
        instance.applyAnimation(0, POSE_TIME, WrapMode.LOOP, scratch);
        hierarchy.update();
        skeleton.writePalette(hierarchy, skinnedMesh, MatrixLayout.COLUMN_MAJOR_4X4, palette, 0);
        return new Loaded(model, draws, images, hierarchy, instance, skeleton, skinnedMesh, palette);
    }

    /**
     * A material's parameters; a primitive without material gets the specification's default material.
     *
     * @param model the model
     * @param material the material index, or -1
     * @return the parameters
     * @throws IOException if the material or its texture is malformed
     */
    public static MaterialParams material(GltfModel model, int material) throws IOException {
        if (material < 0) {
            return new MaterialParams(null, new float[] {1, 1, 1, 1}, 1f, 1f, "OPAQUE", 0.5f, false, -1, -1,
                    GltfSampler.DEFAULT);
        }
        GltfMaterial mat = model.material(material);
        int image = -1;
        int uvSet = -1;
        GltfSampler sampler = GltfSampler.DEFAULT;
        GltfTextureRef base = mat.baseColorTexture();
        if (base != null) {
            GltfTexture texture = model.texture(base.texture());
            image = texture.source();
            uvSet = base.effectiveTexCoord();
            if (texture.sampler() >= 0) {
                sampler = model.sampler(texture.sampler());
            }
        }
        return new MaterialParams(mat.name(), mat.baseColorFactor(), mat.metallicFactor(), mat.roughnessFactor(),
                mat.alphaMode(), mat.alphaCutoff(), mat.doubleSided(), image, uvSet, sampler);
    }

    /**
     * The vertex attribute call a renderer makes for an attribute: {@code glVertexAttribPointer} for floats and
     * normalized integers, {@code glVertexAttribIPointer} for integers the shader reads as integers (joints).
     *
     * @param location the shader location
     * @param a the attribute's place in the vertex buffer
     * @return the call as C source text
     */
    public static String attribPointerCall(int location, GltfVertexAttribute a) {
        boolean integer = a.componentType() != GltfAccessor.FLOAT && !a.normalized();
        if (integer) {
            return String.format("glVertexAttribIPointer(%d, %d, %s, %d, (void*) %d);  // %s", location,
                    a.componentCount(), glType(a.componentType()), a.stride(), a.offset(), a.name());
        }
        return String.format("glVertexAttribPointer(%d, %d, %s, %s, %d, (void*) %d);  // %s", location,
                a.componentCount(), glType(a.componentType()), a.normalized() ? "GL_TRUE" : "GL_FALSE", a.stride(),
                a.offset(), a.name());
    }

    /**
     * @param componentType a glTF component type (an OpenGL type enum)
     * @return its OpenGL name, e.g. {@code GL_UNSIGNED_SHORT}
     */
    public static String glType(int componentType) {
        return switch (componentType) {
            case GltfAccessor.BYTE -> "GL_BYTE";
            case GltfAccessor.UNSIGNED_BYTE -> "GL_UNSIGNED_BYTE";
            case GltfAccessor.SHORT -> "GL_SHORT";
            case GltfAccessor.UNSIGNED_SHORT -> "GL_UNSIGNED_SHORT";
            case GltfAccessor.UNSIGNED_INT -> "GL_UNSIGNED_INT";
            case GltfAccessor.FLOAT -> "GL_FLOAT";
            default -> "0x" + Integer.toHexString(componentType);
        };
    }

    private static void describe(Draw draw, Map<Integer, GltfPixels> images) {
        GltfVertexData v = draw.vertices();
        System.out.printf("mesh %d primitive %d: %d vertices, %d bytes in %d buffer(s)%n", draw.mesh(),
                draw.primitive(), v.vertexCount(), v.buffer(0).remaining(), v.bufferCount());
        System.out.printf("  glBufferData(GL_ARRAY_BUFFER, %d, vertices, GL_STATIC_DRAW);%n", v.buffer(0).remaining());
        for (GltfVertexAttribute a : v.attributes()) {
            int location = LOCATIONS.indexOf(a.name());
            if (location < 0) {
                System.out.printf("  // %s: no location in this engine, not drawn%n", a.name());
                continue;
            }
            System.out.println("  " + attribPointerCall(location, a));
        }
        if (draw.indices() != null) {
            System.out.printf("  glBufferData(GL_ELEMENT_ARRAY_BUFFER, %d, indices, GL_STATIC_DRAW);%n",
                    draw.indices().remaining());
            System.out.printf("  glDrawElements(GL_%s, %d, %s, 0);%n", GltfPrimitive.modeName(draw.mode()),
                    draw.indexCount(), glType(draw.indexType()));
        } else {
            System.out.printf("  glDrawArrays(GL_%s, 0, %d);%n", GltfPrimitive.modeName(draw.mode()),
                    draw.indexCount());
        }
        MaterialParams m = draw.material();
        float[] c = m.baseColorFactor();
        System.out.printf("  material %s: baseColorFactor (%.3f, %.3f, %.3f, %.3f), metallic %.3f, roughness %.3f,"
                + " alpha %s, %s%n", m.name(), c[0], c[1], c[2], c[3], m.metallic(), m.roughness(), m.alphaMode(),
                m.doubleSided() ? "double-sided" : "back faces culled");
        if (m.baseColorImage() >= 0) {
            GltfPixels pixels = images.get(m.baseColorImage());
            GltfSampler s = m.baseColorSampler();
            System.out.printf("  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, %d, %d, 0, GL_RGBA,"
                    + " GL_UNSIGNED_BYTE, pixels);  // image %d, sampled with TEXCOORD_%d%n", pixels.width(),
                    pixels.height(), m.baseColorImage(), m.baseColorUvSet());
            System.out.printf("  glTexParameteri: MIN_FILTER %s, MAG_FILTER %s, WRAP_S %s, WRAP_T %s%n",
                    glEnum(s.minFilter()), glEnum(s.magFilter()), glEnum(s.wrapS()), glEnum(s.wrapT()));
        }
    }

    private static String glEnum(int value) {
        return switch (value) {
            case -1 -> "(renderer's choice)";
            case 9728 -> "GL_NEAREST";
            case 9729 -> "GL_LINEAR";
            case 9984 -> "GL_NEAREST_MIPMAP_NEAREST";
            case 9985 -> "GL_LINEAR_MIPMAP_NEAREST";
            case 9986 -> "GL_NEAREST_MIPMAP_LINEAR";
            case 9987 -> "GL_LINEAR_MIPMAP_LINEAR";
            case 33071 -> "GL_CLAMP_TO_EDGE";
            case 33648 -> "GL_MIRRORED_REPEAT";
            case 10497 -> "GL_REPEAT";
            default -> String.valueOf(value);
        };
    }
}
