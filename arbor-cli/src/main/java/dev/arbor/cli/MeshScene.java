package dev.arbor.cli;

import dev.arbor.animation.Skeleton;
import dev.arbor.gltf.GltfException;
import dev.arbor.gltf.GltfMesh;
import dev.arbor.gltf.GltfModel;
import dev.arbor.gltf.GltfPrimitive;
import dev.arbor.hierarchy.Hierarchy;
import dev.arbor.hierarchy.MatrixLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The triangles {@code render} draws: every mesh primitive of every built node of a {@link PosedModel}, decoded once,
 * and after each {@link #update} their world positions in the current pose — rigid primitives through the node's
 * world matrix, skinned ones deformed on the CPU ({@link Skinning}) through the palette of the node's skin relative
 * to the node, then through its world matrix. What cannot be drawn is left out with a note: primitives Arbor cannot
 * decode (Draco), points and lines, joint indices beyond the skin. Morph targets are not applied (noted).
 */
final class MeshScene {
    /** Neutral grey (linear) for primitives whose material states no base colour. */
    static final float[] GREY = {0.42f, 0.42f, 0.42f};

    /** One drawable primitive of one node. */
    static final class Part {
        /** The glTF node index. */
        final int node;
        final long handle;
        final float[] positions;
        final int[] triangles;
        final int[] joints;
        final float[] weights;
        /** The node's skeleton when the primitive is skinned, else null. */
        final Skeleton skeleton;
        /** Linear RGB. */
        final float[] color;
        /** World positions in the pose of the last update. */
        final float[] world;

        Part(int node, long handle, GltfPrimitive p, Skeleton skeleton, float[] color) {
            this.node = node;
            this.handle = handle;
            this.positions = p.positions();
            this.triangles = p.triangles();
            this.joints = skeleton == null ? null : p.joints();
            this.weights = skeleton == null ? null : p.weights();
            this.skeleton = skeleton;
            this.color = color;
            this.world = new float[positions.length];
        }
    }

    final List<Part> parts = new ArrayList<>();
    /** One line each: what was left out or drawn differently, and why. */
    final List<String> notes = new ArrayList<>();
    int triangleCount;
    private final float[] matrix = new float[12];
    private float[] palette = new float[0];
    private float[] skinned = new float[0];

    /**
     * Decodes the meshes of the built nodes.
     *
     * @throws Problems.Failure if a mesh's data is malformed
     */
    static MeshScene of(PosedModel p) {
        GltfModel m = p.model;
        MeshScene scene = new MeshScene();
        GltfMesh[] meshes = new GltfMesh[m.meshCount()];
        for (int node : p.builtNodes()) {
            int mi = m.mesh(node);
            if (mi < 0) {
                continue;
            }
            if (meshes[mi] == null) {
                try {
                    meshes[mi] = m.readMesh(mi);
                } catch (GltfException e) {
                    throw new Problems.Failure("cannot read " + m.sourceName() + ": " + e.getMessage());
                }
                scene.noteSkipped(meshes[mi], mi);
            }
            int skin = m.skinOf(node);
            Skeleton skeleton = skin < 0 ? null : p.instance.skeleton(skin);
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
                scene.parts.add(new Part(node, p.instance.handle(node), prim, skinned ? skeleton : null,
                        color(prim)));
                scene.triangleCount += prim.triangleCount();
            }
        }
        return scene;
    }

    /**
     * The linear colour of a primitive: the material's base colour factor, else neutral grey; a texture (which render
     * does not read) counts as the neutral grey, multiplied by the factor.
     */
    static float[] color(GltfPrimitive prim) {
        float[] factor = prim.baseColorFactor();
        if (factor == null) {
            return GREY;
        }
        float texture = prim.hasBaseColorTexture() ? GREY[0] : 1f;
        return new float[] {factor[0] * texture, factor[1] * texture, factor[2] * texture};
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
            if (prim.hasMorphTargets()) {
                notes.add(where(mi, k) + ": drawn without its morph targets (render does not apply them)");
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
     * Computes every part's world positions in the hierarchy's current pose (after {@code Hierarchy.update()}).
     *
     * @throws Problems.Failure if a skinned node's world matrix cannot be inverted (a zero scale)
     */
    void update(Hierarchy h) {
        for (Part part : parts) {
            h.getWorld(part.handle, matrix, 0);
            float[] local = part.positions;
            if (part.skeleton != null) {
                int floats = part.skeleton.jointCount() * Skinning.ENTRY;
                if (palette.length < floats) {
                    palette = new float[floats];
                }
                if (skinned.length < local.length) {
                    skinned = new float[local.length];
                }
                try {
                    part.skeleton.writePalette(h, part.handle, MatrixLayout.COLUMN_MAJOR_3X4, palette, 0);
                } catch (IllegalStateException e) {
                    throw new Problems.Failure("cannot skin a mesh: " + e.getMessage());
                }
                local = Skinning.skin(local, part.joints, part.weights, palette, skinned);
            }
            Skinning.transform(matrix, local, part.world);
        }
    }
}
