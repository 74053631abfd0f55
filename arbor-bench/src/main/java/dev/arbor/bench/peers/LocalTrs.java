package dev.arbor.bench.peers;

import dev.arbor.scenes.Scene;

/**
 * The local translation, rotation and scale of every node in flat arrays (3, 4 and 3 floats per node, as in
 * {@link Scene}), shared by the flat-array ports. Starts as a copy of the scene's rest pose.
 */
final class LocalTrs {
    final float[] translations;
    final float[] rotations;
    final float[] scales;

    LocalTrs(Scene scene) {
        translations = scene.translations().clone();
        rotations = scene.rotations().clone();
        scales = scene.scales().clone();
    }

    void setRotation(int node, float x, float y, float z, float w) {
        int r = node * 4;
        rotations[r] = x;
        rotations[r + 1] = y;
        rotations[r + 2] = z;
        rotations[r + 3] = w;
    }

    void setTranslation(int node, float x, float y, float z) {
        int t = node * 3;
        translations[t] = x;
        translations[t + 1] = y;
        translations[t + 2] = z;
    }

    /** Writes node {@code node}'s {@code T × R × S} matrix into {@code dest} at {@code offset}. */
    void compose(int node, float[] dest, int offset) {
        Affine.composeTrs(node, translations, rotations, scales, dest, offset);
    }
}
