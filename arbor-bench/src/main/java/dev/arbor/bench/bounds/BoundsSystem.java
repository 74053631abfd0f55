package dev.arbor.bench.bounds;

/**
 * One way of keeping world bounds and culling against a frustum, built from a {@link BoundsScene}. Nodes are scene
 * indices. The transforms are a {@link dev.arbor.bench.peers.TransformSystem} underneath (Arbor's for
 * {@code arbor} and {@code linear}, jME's for {@code jme}).
 */
public interface BoundsSystem {
    /** @return the implementation's id, e.g. {@code linear} */
    String id();

    /**
     * Builds the transforms at the scene's rest pose, gives every node its content box and brings the world bounds
     * up to date. Called once per instance.
     *
     * @param scene the scene
     */
    void build(BoundsScene scene);

    /**
     * Sets new local rotations on some nodes, updates the transforms, brings the bounds up to date and writes the
     * union of every world box (the bounds of the whole scene) into {@code sceneBox}.
     *
     * @param nodes the moved nodes
     * @param xyzw their rotations, 4 floats each
     * @param sceneBox destination, 6 floats ({@code minX minY minZ maxX maxY maxZ})
     */
    void moveAndBound(int[] nodes, float[] xyzw, float[] sceneBox);

    /**
     * Culls against frustum planes (see {@link dev.arbor.bounds.Frustum}); the hits go to an internal array, as a
     * renderer's visible list would.
     *
     * @param scene the scene, for its camera
     * @return the number of visible nodes
     */
    int cull(BoundsScene scene);

    /**
     * Culls as {@link #cull} and returns the visible nodes (for the correctness gate, not timed).
     *
     * @param scene the scene, for its camera
     * @return the visible nodes, increasing
     */
    int[] visibleNodes(BoundsScene scene);

    /**
     * Reads one node's current world box (for the correctness gate, not timed).
     *
     * @param node scene node index
     * @param dest destination, 6 floats
     * @return {@code dest}
     */
    float[] worldBox(int node, float[] dest);

    /**
     * Reads one node's world matrix from the transforms underneath (for the correctness gate, not timed).
     *
     * @param node scene node index
     * @param dest destination, affine 3×4 column-major (12 floats)
     * @return {@code dest}
     */
    float[] worldMatrix(int node, float[] dest);
}
