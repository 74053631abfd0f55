package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;
import java.nio.FloatBuffer;

/**
 * The common face of every benchmarked transform hierarchy: built once from a {@link Scene}, then driven by node
 * index (the scene's index, whatever order the implementation stores nodes in).
 *
 * <p>Contract: setters change a node's local transform; {@link #update()} brings every world transform up to date;
 * {@link #getWorld} returns a node's world matrix consistent with every setter called so far, doing whatever work
 * the implementation needs for that (nothing, a walk up the ancestors, or a full update). Not thread-safe.
 */
public interface TransformSystem {
    /** Floats written by {@link #getWorld}: a 3×4 affine matrix, column-major (see {@link Affine}). */
    int WORLD_STRIDE = Affine.STRIDE;

    /** @return the implementation's id, e.g. {@code jme} */
    String id();

    /**
     * Builds the hierarchy of {@code scene} with its rest transforms and brings the world transforms up to date. Called
     * once per instance.
     *
     * @param scene the scene
     */
    void build(Scene scene);

    /** @return the number of scene nodes (any synthetic root the implementation adds is not counted) */
    int size();

    /**
     * @param workload a workload
     * @return whether this implementation can run it (every transform workload; no {@link Workload#bounds()} one)
     */
    default boolean supports(Workload workload) {
        return !workload.bounds();
    }

    /** @return how this implementation composes parent and child transforms */
    default Composition composition() {
        return Composition.MATRIX;
    }

    /**
     * Sets one node's local rotation.
     *
     * @param node scene node index
     * @param x quaternion x
     * @param y quaternion y
     * @param z quaternion z
     * @param w quaternion w
     */
    void setLocalRotation(int node, float x, float y, float z, float w);

    /**
     * Sets the local rotations of several nodes; implementations with a bulk setter override this.
     *
     * @param nodes scene node indices; callers pass the same array again for the same subset
     * @param count number of entries of {@code nodes} to use
     * @param xyzw packed rotations, 4 floats for {@code nodes[k]} at {@code 4k}
     */
    default void setLocalRotations(int[] nodes, int count, float[] xyzw) {
        for (int k = 0; k < count; k++) {
            int q = k * 4;
            setLocalRotation(nodes[k], xyzw[q], xyzw[q + 1], xyzw[q + 2], xyzw[q + 3]);
        }
    }

    /**
     * Sets one node's local translation.
     *
     * @param node scene node index
     * @param x translation x
     * @param y translation y
     * @param z translation z
     */
    void setLocalTranslation(int node, float x, float y, float z);

    /** Brings every world transform up to date. */
    void update();

    /**
     * Writes node {@code node}'s current world matrix.
     *
     * @param node scene node index
     * @param dest destination, {@link #WORLD_STRIDE} floats from {@code offset}, column-major 3×4
     * @param offset start in {@code dest}
     * @return {@code dest}
     */
    float[] getWorld(int node, float[] dest, int offset);

    /**
     * Writes every node's world matrix, in scene order, into {@code dest} from index 0 as column-major 4×4 (16 floats
     * a node, last row {@code 0 0 0 1}): what a renderer uploads each frame. Called after {@link #update()}. The
     * default reads each node through {@link #getWorld}; implementations with a path of their own (a bulk export, or
     * the library's own way of writing a matrix into a buffer) override it.
     *
     * @param dest destination with room for {@code 16 × size()} floats from index 0
     */
    default void exportWorlds(FloatBuffer dest) {
        float[] m = new float[WORLD_STRIDE];
        for (int i = 0; i < size(); i++) {
            getWorld(i, m, 0);
            int at = 16 * i;
            for (int c = 0; c < 4; c++) {
                dest.put(at + 4 * c, m[3 * c]);
                dest.put(at + 4 * c + 1, m[3 * c + 1]);
                dest.put(at + 4 * c + 2, m[3 * c + 2]);
                dest.put(at + 4 * c + 3, c == 3 ? 1f : 0f);
            }
        }
    }

    /**
     * Writes one skinning palette entry per node, column-major 4×4 at {@code dest[16 i]}: node {@code i} is joint
     * {@code i % joints} of skeleton {@code i / joints} (the {@code crowd} scene's numbering, each skeleton's root
     * first), and its entry is {@code meshFromWorld × world(i) × inverseBinds[i]} (the glTF rule) with the mesh at the
     * skeleton's root, so {@code meshFromWorld} is the inverse of the root's world matrix. Called after
     * {@link #update()}. The default reads each world through {@link #getWorld} and multiplies with Arbor's affine
     * math; implementations with matrix types of their own override it.
     *
     * @param joints joints per skeleton; {@code size()} is a multiple of it
     * @param inverseBinds 12 floats per node, affine 3×4 column-major
     * @param dest destination with room for {@code 16 × size()} floats from index 0
     */
    default void writePalettes(int joints, float[] inverseBinds, FloatBuffer dest) {
        float[] world = new float[WORLD_STRIDE];
        float[] meshFromWorld = new float[WORLD_STRIDE];
        float[] entry = new float[WORLD_STRIDE];
        for (int i = 0; i < size(); i++) {
            getWorld(i, world, 0);
            if (i % joints == 0) {
                dev.arbor.math.Affine.invert(world, 0, meshFromWorld, 0);
            }
            dev.arbor.math.Affine.multiply(meshFromWorld, 0, world, 0, entry, 0);
            dev.arbor.math.Affine.multiply(entry, 0, inverseBinds, WORLD_STRIDE * i, entry, 0);
            for (int c = 0; c < 4; c++) {
                dest.put(16 * i + 4 * c, entry[3 * c]);
                dest.put(16 * i + 4 * c + 1, entry[3 * c + 1]);
                dest.put(16 * i + 4 * c + 2, entry[3 * c + 2]);
                dest.put(16 * i + 4 * c + 3, c == 3 ? 1f : 0f);
            }
        }
    }

    /**
     * Moves {@code node} (with its subtree) under {@code newParent}, keeping its local transform (so its world
     * transform changes). The caller guarantees {@code newParent} is not in {@code node}'s subtree.
     *
     * @param node scene node index
     * @param newParent scene node index of the new parent
     * @throws UnsupportedOperationException if {@link #supports} is false for {@link Workload#REPARENT_CHURN}
     */
    void reparent(int node, int newParent);
}
