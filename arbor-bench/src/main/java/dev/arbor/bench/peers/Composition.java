package dev.arbor.bench.peers;

/** How an implementation combines a parent's world transform with a child's local one. */
public enum Composition {
    /** {@code world = parentWorld × local} as affine matrices (exact for any scale). */
    MATRIX,
    /**
     * jMonkeyEngine's decomposed form: world scale = parent scale ∘ scale (component-wise), world rotation = parent
     * rotation × rotation, world translation = parent translation + parent rotation × (parent scale ∘ translation).
     * It equals {@link #MATRIX} only where scales are uniform; with non-uniform scale under rotation it drops the
     * shear that the matrix product would carry.
     */
    DECOMPOSED_TRS
}
