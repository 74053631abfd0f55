package dev.arbor.animation;

/**
 * Which part of a node's local TRS a channel animates.
 */
public enum TargetPath {
    /** Local translation: 3 components x, y, z. */
    TRANSLATION(3),
    /** Local rotation: a quaternion x, y, z, w (4 components). */
    ROTATION(4),
    /** Local scale: 3 components x, y, z. */
    SCALE(3);

    private final int components;

    TargetPath(int components) {
        this.components = components;
    }

    /**
     * Floats per value.
     *
     * @return 3 for translation and scale, 4 for rotation
     */
    public int components() {
        return components;
    }
}
