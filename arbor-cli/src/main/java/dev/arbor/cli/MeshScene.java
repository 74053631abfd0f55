package dev.arbor.cli;

import dev.arbor.animation.CpuSkinning;
import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfAccessor;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstancing;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import dev.arbor.math.Affine;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.joml.Matrix3f;
import org.joml.Matrix4x3f;

/**
 * The triangles {@code render} draws: every mesh primitive of every built node of a {@link PosedModel}, decoded once
 * with what its surface needs ({@code NORMAL}, the base colour texture's UVs, {@code COLOR_0}, the {@link Surface}),
 * and after each {@link #update} their positions and normals in the current pose, in the mesh node's space — morph
 * targets applied with the node's posed weights ({@code GltfPrimitive.morphed}), then skinned on the CPU
 * ({@link CpuSkinning}) through the palette of the node's skin relative to the node — with one {@code worldFromMesh}
 * matrix per instance: the node's world matrix, times each instance's TRS for a node with
 * {@code EXT_mesh_gpu_instancing}. {@link Part#toWorld} takes an instance to the world. What cannot be drawn is left
 * out with a note: primitives Arbor cannot decode (Draco), points and lines, joint indices beyond the skin; textures
 * whose image cannot be decoded give a warning and the base colour factor.
 */
final class MeshScene {
    /** One drawable primitive of one node, drawn once per instance. */
    static final class Part {
        /** The glTF node index. */
        final int node;
        final long handle;
        /** Positions as in the file, 3 floats per vertex, in the mesh node's space. */
        final float[] positions;
        /** Normals as in the file, 3 floats per vertex, or null (flat shading). */
        final float[] normals;
        final int[] triangles;
        final int[] joints;
        final float[] weights;
        /** The node's skeleton when the primitive is skinned, else null. */
        final Skeleton skeleton;
        final Surface surface;
        /** The texture's UVs (transform applied), 2 floats per vertex, or null. */
        final float[] uvs;
        /** {@code COLOR_0} as linear RGBA per vertex, or null. */
        final float[] colors;
        /** The primitive when it has morph targets, else null. */
        final GltfPrimitive morph;
        /** {@code meshFromInstance} affine matrices, 12 floats each, or null for one instance (identity). */
        final float[] instances;
        /** Positions in the pose of the last update, in the mesh node's space. */
        final float[] posed;
        /** Normals in the pose of the last update (not normalized), or null. */
        final float[] posedNormals;
        /** Per instance, {@code worldFromMesh} (12 floats) in the pose of the last update. */
        final float[] worldFromMesh;
        /** Per instance, the normal matrix of {@code worldFromMesh} (9 floats, column-major). */
        final float[] normalFromMesh;

        Part(int node, long handle, GltfPrimitive p, Skeleton skeleton, Surface surface, Decoded d) {
            this.node = node;
            this.handle = handle;
            this.positions = p.positions();
            this.normals = d.normals;
            this.triangles = p.triangles();
            this.joints = skeleton == null ? null : p.joints();
            this.weights = skeleton == null ? null : p.weights();
            this.skeleton = skeleton;
            this.surface = surface;
            this.uvs = d.uvs;
            this.colors = d.colors;
            this.morph = p.hasMorphTargets() ? p : null;
            this.instances = d.instances;
            this.posed = positions.clone();
            this.posedNormals = normals == null ? null : normals.clone();
            int count = instanceCount();
            this.worldFromMesh = new float[12 * count];
            this.normalFromMesh = new float[9 * count];
        }

        /** @return how many times the part is drawn: its node's instances, or 1 */
        int instanceCount() {
            return instances == null ? 1 : instances.length / 12;
        }

        /**
         * One instance of the part in the world, in the pose of the last update.
         *
         * @param instance below {@link #instanceCount()}
         * @param world receives the world positions, 3 floats per vertex
         * @param worldNormals receives the world normals (not normalized), 3 floats per vertex; may be null, and is
         *     not written when the part has no normals
         */
        void toWorld(int instance, float[] world, float[] worldNormals) {
            for (int i = 0; i + 2 < posed.length; i += 3) {
                Affine.transformPoint(worldFromMesh, 12 * instance, posed[i], posed[i + 1], posed[i + 2], world, i);
            }
            if (worldNormals != null && posedNormals != null) {
                float[] n = normalFromMesh;
                int o = 9 * instance;
                for (int i = 0; i + 2 < posedNormals.length; i += 3) {
                    float x = posedNormals[i];
                    float y = posedNormals[i + 1];
                    float z = posedNormals[i + 2];
                    worldNormals[i] = n[o] * x + n[o + 3] * y + n[o + 6] * z;
                    worldNormals[i + 1] = n[o + 1] * x + n[o + 4] * y + n[o + 7] * z;
                    worldNormals[i + 2] = n[o + 2] * x + n[o + 5] * y + n[o + 8] * z;
                }
            }
        }
    }

    /** A primitive's per-vertex data beyond positions, and its node's instances. */
    private record Decoded(float[] normals, float[] uvs, float[] colors, float[] instances) {
    }

    final List<Part> parts = new ArrayList<>();
    /** One line each, in order, without repeats: what was left out or drawn differently, and why. */
    final Set<String> notes = new LinkedHashSet<>();
    /** One line each: textures that could not be read, drawn as their factor instead. */
    final Set<String> warnings = new LinkedHashSet<>();
    /** Triangles drawn, every instance counted. */
    int triangleCount;
    /** The most vertices of a part. */
    int maxVertices;
    private final float[] matrix = new float[12];
    private final Matrix4x3f nodeWorld = new Matrix4x3f();
    private final Matrix4x3f instanceWorld = new Matrix4x3f();
    private final Matrix3f normalMatrix = new Matrix3f();
    private float[] palette = new float[0];
    private float[] morphed = new float[0];
    private float[] morphedNormals = new float[0];

    /**
     * Decodes the meshes of the built nodes.
     *
     * @throws Problems.Failure if a mesh's data is malformed
     */
    static MeshScene of(PosedModel p) {
        GltfModel m = p.model;
        try {
            return read(p, m);
        } catch (GltfException e) {
            throw new Problems.Failure("cannot read " + m.sourceName() + ": " + e.getMessage());
        }
    }

    private static MeshScene read(PosedModel p, GltfModel m) throws GltfException {
        MeshScene scene = new MeshScene();
        GltfMesh[] meshes = new GltfMesh[m.meshCount()];
        Surface.Textures textures = new Surface.Textures(m);
        for (int node : p.builtNodes()) {
            int mi = m.mesh(node);
            if (mi < 0) {
                continue;
            }
            if (meshes[mi] == null) {
                meshes[mi] = m.readMesh(mi);
                scene.noteSkipped(meshes[mi], mi);
            }
            int skin = m.skinOf(node);
            Skeleton skeleton = skin < 0 ? null : p.instance.skeleton(skin);
            float[] instances = instances(m, node);
            for (int k = 0; k < meshes[mi].primitiveCount(); k++) {
                GltfPrimitive prim = meshes[mi].primitive(k);
                if (prim.triangleCount() == 0) {
                    continue;
                }
                boolean skinned = skeleton != null && prim.isSkinned();
                if (skinned && !jointsFit(prim.joints(), skeleton.jointCount())) {
                    scene.notes.add(where(mi, k) + ": not drawn: JOINTS_0 names a joint beyond the "
                            + skeleton.jointCount() + " joints of skin " + skin + " (node " + node + ")");
                    continue;
                }
                Surface surface = Surface.of(m, prim, textures, scene.warnings);
                Decoded d = new Decoded(normals(prim), surface.uvs(prim, where(mi, k), scene.notes),
                        Surface.vertexColors(prim), instances);
                Part part = new Part(node, p.instance.handle(node), prim, skinned ? skeleton : null, surface, d);
                scene.parts.add(part);
                scene.triangleCount += prim.triangleCount() * part.instanceCount();
                scene.maxVertices = Math.max(scene.maxVertices, prim.vertexCount());
            }
        }
        return scene;
    }

    /** The primitive's {@code NORMAL}, or null when it has none (or one of another length than the positions). */
    private static float[] normals(GltfPrimitive prim) throws GltfException {
        GltfAccessor normal = prim.attribute("NORMAL");
        if (normal == null || normal.componentCount() != 3 || normal.count() != prim.vertexCount()) {
            return null;
        }
        return normal.floats();
    }

    /** The node's instances as {@code meshFromInstance} matrices (T × R × S), 12 floats each, or null. */
    private static float[] instances(GltfModel m, int node) throws GltfException {
        GltfInstancing inst = m.nodeInstancing(node);
        return inst == null ? null : inst.matrices(MatrixLayout.COLUMN_MAJOR_3X4);
    }

    private void noteSkipped(GltfMesh mesh, int mi) {
        for (int k = 0; k < mesh.primitiveCount(); k++) {
            GltfPrimitive prim = mesh.primitive(k);
            if (prim.skipped() != null) {
                notes.add(where(mi, k) + ": not drawn: " + prim.skipped());
            } else if (prim.triangleCount() == 0) {
                notes.add(where(mi, k) + ": not drawn: mode " + GltfPrimitive.modeName(prim.mode())
                        + " has no triangles");
            }
        }
    }

    private static String where(int mesh, int primitive) {
        return "meshes[" + mesh + "].primitives[" + primitive + "]";
    }

    private static boolean jointsFit(int[] joints, int count) {
        for (int j : joints) {
            if (j >= count) {
                return false;
            }
        }
        return true;
    }

    /**
     * Poses every part as the model is posed (after {@code Hierarchy.update()}): morph weights, skinning, and each
     * instance's {@code worldFromMesh} and normal matrix.
     *
     * @throws Problems.Failure if a skinned node's world matrix cannot be inverted (a zero scale), or a morph
     *     target's data is malformed
     */
    void update(PosedModel p) {
        Hierarchy h = p.hierarchy;
        for (Part part : parts) {
            float[] local = part.positions;
            float[] localNormals = part.normals;
            if (part.morph != null) {
                float[] w = p.weightsOf(part.node);
                if (w == null || w.length < part.morph.targetCount()) {
                    w = new float[part.morph.targetCount()];
                }
                morphed = grow(morphed, local.length);
                local = morph(part.morph, "POSITION", w, morphed);
                if (localNormals != null) {
                    morphedNormals = grow(morphedNormals, localNormals.length);
                    localNormals = morph(part.morph, "NORMAL", w, morphedNormals);
                }
            }
            if (part.skeleton != null) {
                palette = grow(palette, part.skeleton.jointCount() * CpuSkinning.ENTRY);
                try {
                    part.skeleton.writePalette(h, part.handle, MatrixLayout.COLUMN_MAJOR_3X4, palette, 0);
                } catch (IllegalStateException e) {
                    throw new Problems.Failure("cannot skin a mesh: " + e.getMessage());
                }
                CpuSkinning.points(local, part.joints, part.weights, palette, part.posed);
                if (localNormals != null) {
                    CpuSkinning.directions(localNormals, part.joints, part.weights, palette, part.posedNormals);
                }
            } else {
                System.arraycopy(local, 0, part.posed, 0, part.posed.length);
                if (localNormals != null) {
                    System.arraycopy(localNormals, 0, part.posedNormals, 0, part.posedNormals.length);
                }
            }
            h.getWorld(part.handle, matrix, 0);
            nodeWorld.set(matrix);
            for (int i = 0; i < part.instanceCount(); i++) {
                if (part.instances == null) {
                    instanceWorld.set(nodeWorld);
                } else {
                    nodeWorld.mul(instanceWorld.set(part.instances, 12 * i), instanceWorld);
                }
                instanceWorld.get(part.worldFromMesh, 12 * i);
                instanceWorld.normal(normalMatrix).get(part.normalFromMesh, 9 * i);
            }
        }
    }

    /** Receives world points. */
    interface PointSink {
        void add(float x, float y, float z);
    }

    /**
     * Hands every vertex of every triangle of every instance, in the pose of the last update, to {@code sink}.
     * O(instances × vertices); allocates one scratch array.
     */
    void worldPoints(PointSink sink) {
        float[] world = new float[3 * maxVertices];
        for (Part part : parts) {
            for (int i = 0; i < part.instanceCount(); i++) {
                part.toWorld(i, world, null);
                for (int v : part.triangles) {
                    sink.add(world[3 * v], world[3 * v + 1], world[3 * v + 2]);
                }
            }
        }
    }

    /** The attribute with the morph weights applied, into {@code dest}; a bad target is a failure. */
    private static float[] morph(GltfPrimitive prim, String attribute, float[] weights, float[] dest) {
        try {
            return prim.morphed(attribute, weights, dest);
        } catch (GltfException e) {
            throw new Problems.Failure("cannot apply morph targets: " + e.getMessage());
        }
    }

    private static float[] grow(float[] array, int length) {
        return array.length >= length ? array : new float[length];
    }
}
