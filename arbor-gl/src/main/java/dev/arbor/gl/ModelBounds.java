package dev.arbor.gl;

import dev.arbor.animation.CpuSkinning;
import dev.arbor.animation.MorphWeights;
import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfInstance;
import dev.arbor.gltf.GltfInstancing;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import org.joml.Matrix4x3f;
import org.joml.Vector3f;

/**
 * The world-space box of a posed instance's meshes, for fitting a {@link Camera}: every vertex of every drawable
 * primitive, morphed by the instance's morph weights and skinned on the CPU as the vertex shader skins it (weights
 * divided by their sum), through its node's world matrix — for a node with {@code EXT_mesh_gpu_instancing}, through
 * each copy's {@code nodeWorld × T × R × S}, so the box holds every copy. Decodes the meshes and allocates: for
 * framing a picture once, not for every frame.
 */
public final class ModelBounds {
    private ModelBounds() {
    }

    /**
     * Writes the box of the instance's meshes in their current pose.
     *
     * @param instance the posed instance (its hierarchy up to date or not: world matrices are read exactly)
     * @param dest receives {@code minX, minY, minZ, maxX, maxY, maxZ}
     * @return whether any vertex was found ({@code dest} is unchanged when not)
     * @throws IllegalArgumentException if {@code dest} is shorter than 6, or a skinned primitive weights a joint
     *     beyond its skin's joints (the message names the joint and the vertex; {@link CpuSkinning})
     * @throws GltfException if a mesh is malformed
     * @throws IllegalStateException if a skinned node's world matrix is not invertible
     */
    public static boolean posed(GltfInstance instance, float[] dest) throws GltfException {
        if (dest.length < 6) {
            throw new IllegalArgumentException("dest too short: length=" + dest.length + ", required=6");
        }
        GltfModel model = instance.model();
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        boolean any = false;
        for (int node = 0; node < model.nodeCount(); node++) {
            if (instance.handle(node) == Hierarchy.NULL || model.mesh(node) < 0) {
                continue;
            }
            GltfMesh mesh = model.readMesh(model.mesh(node));
            for (int p = 0; p < mesh.primitiveCount(); p++) {
                GltfPrimitive prim = mesh.primitive(p);
                if (prim.skipped() != null || prim.triangleCount() == 0) {
                    continue;
                }
                for (float[] world : worldPositions(instance, node, prim)) {
                    for (int i = 0; i < world.length; i += 3) {
                        for (int k = 0; k < 3; k++) {
                            box[k] = Math.min(box[k], world[i + k]);
                            box[3 + k] = Math.max(box[3 + k], world[i + k]);
                        }
                        any = true;
                    }
                }
            }
        }
        if (any) {
            System.arraycopy(box, 0, dest, 0, 6);
        }
        return any;
    }

    /**
     * A primitive's vertices in world space, one array per copy drawn (one, or one per
     * {@code EXT_mesh_gpu_instancing} instance of the node), morphed by the instance's current morph weights when the
     * primitive has targets, skinned on the CPU when the node has a skin and the primitive joints and weights, then
     * placed by the copy's {@code meshFromInstance} and the node's world matrix (the reference the GPU path is tested
     * against).
     */
    static float[][] worldPositions(GltfInstance instance, int node, GltfPrimitive prim) throws GltfException {
        GltfModel model = instance.model();
        Hierarchy h = instance.hierarchy();
        long handle = instance.handle(node);
        float[] local = prim.positions();
        int morph = model.morphIndex(node);
        if (morph >= 0 && prim.hasMorphTargets()) {
            MorphWeights weights = instance.weights(model.restWeights());
            float[] w = new float[Math.max(weights.count(morph), prim.targetCount())];
            weights.weights(morph, w, 0);
            local = prim.morphed("POSITION", w, new float[local.length]);
        }
        int skin = model.skinOf(node);
        if (skin >= 0 && prim.isSkinned()) {
            Skeleton skeleton = instance.skeleton(skin);
            float[] palette = skeleton.writePalette(h, handle, MatrixLayout.COLUMN_MAJOR_3X4,
                    new float[12 * skeleton.jointCount()], 0);
            local = CpuSkinning.points(local, prim.joints(), prim.weights(), palette, new float[local.length]);
        }
        Matrix4x3f nodeWorld = new Matrix4x3f().set(h.getWorld(handle, new float[12], 0));
        GltfInstancing instancing = model.nodeInstancing(node);
        if (instancing == null) {
            return new float[][] {transform(nodeWorld, local)};
        }
        float[] copies = instancing.matrices(MatrixLayout.COLUMN_MAJOR_3X4);
        float[][] worlds = new float[instancing.count()][];
        Matrix4x3f copy = new Matrix4x3f();
        for (int i = 0; i < worlds.length; i++) {
            worlds[i] = transform(nodeWorld.mul(copy.set(copies, 12 * i), copy), local);
        }
        return worlds;
    }

    /** Positions (3 floats each) through an affine matrix, into a new array. */
    private static float[] transform(Matrix4x3f m, float[] local) {
        float[] world = new float[local.length];
        Vector3f p = new Vector3f();
        for (int i = 0; i < local.length; i += 3) {
            m.transformPosition(p.set(local[i], local[i + 1], local[i + 2]));
            world[i] = p.x;
            world[i + 1] = p.y;
            world[i + 2] = p.z;
        }
        return world;
    }
}
