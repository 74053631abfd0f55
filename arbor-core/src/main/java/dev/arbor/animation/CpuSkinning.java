package dev.arbor.animation;

/**
 * Linear blend skinning on the CPU, for what a program needs outside a vertex shader: picking against the posed mesh,
 * its exact bounds, a software picture. Each vertex becomes the weighted sum of its four joints' palette matrices
 * applied to its bind position, divided by the sum of its weights (so quantized weights that do not add up to exactly
 * 1 do not shrink the mesh); a vertex whose weights add up to 0 keeps its position. Directions (normals, tangents) are
 * blended by the matrices' linear 3×3 part only, which is exact for joints without non-uniform scale; they are not
 * normalised.
 *
 * <p>The palette is {@link Skeleton#writePalette} in {@code MatrixLayout.COLUMN_MAJOR_3X4}: 12 floats per joint,
 * {@code inverse(meshWorld) × jointWorld × inverseBind}, so results are in the mesh node's space. Stateless; O(vertices).
 * Every argument is checked before anything is written: a bad one throws {@link IllegalArgumentException} naming the
 * value and its bound, and leaves {@code dest} as it was.
 */
public final class CpuSkinning {
    /** Floats per palette entry: an affine 3×4 matrix, column-major. */
    public static final int ENTRY = 12;

    private CpuSkinning() {
    }

    /**
     * Skins positions.
     *
     * @param positions bind positions, 3 floats per vertex, at least as many as {@code dest} holds
     * @param joints 4 joint indices per vertex, each below {@code palette.length / 12}
     * @param weights 4 weights per vertex
     * @param palette one affine 3×4 column-major matrix per joint, 12 floats each
     * @param dest receives the skinned positions, 3 floats per vertex, as many vertices as it holds; may not be
     *     {@code positions}
     * @return {@code dest}
     * @throws IllegalArgumentException if an array is too short, {@code dest} is {@code positions}, or a joint index
     *     of a weighted influence is negative or beyond the palette
     */
    public static float[] points(float[] positions, int[] joints, float[] weights, float[] palette, float[] dest) {
        check(positions, joints, weights, palette, dest);
        return blend(positions, joints, weights, palette, dest, 1);
    }

    /**
     * Skins directions (normals, tangents' xyz) by the palette matrices' linear part. Arguments as {@link #points}'s.
     *
     * @return {@code dest}
     * @throws IllegalArgumentException as {@link #points}
     */
    public static float[] directions(float[] directions, int[] joints, float[] weights, float[] palette,
                                     float[] dest) {
        check(directions, joints, weights, palette, dest);
        return blend(directions, joints, weights, palette, dest, 0);
    }

    private static void check(float[] source, int[] joints, float[] weights, float[] palette, float[] dest) {
        if (dest == source) {
            throw new IllegalArgumentException("dest is the source array: skinning reads a vertex after writing one");
        }
        if (dest.length % 3 != 0) {
            throw new IllegalArgumentException("dest length " + dest.length + " is not a multiple of 3");
        }
        int vertices = dest.length / 3;
        requireLength("source", source.length, 3L * vertices);
        requireLength("joints", joints.length, 4L * vertices);
        requireLength("weights", weights.length, 4L * vertices);
        if (palette.length % ENTRY != 0) {
            throw new IllegalArgumentException("palette length " + palette.length + " is not a multiple of " + ENTRY);
        }
        int entries = palette.length / ENTRY;
        for (int k = 0; k < 4 * vertices; k++) {
            if (weights[k] != 0 && (joints[k] < 0 || joints[k] >= entries)) {
                throw new IllegalArgumentException("joint index " + joints[k] + " of vertex " + k / 4 + " (influence "
                        + k % 4 + ", weight " + weights[k] + ") is not within the palette's " + entries + " joints");
            }
        }
    }

    private static void requireLength(String what, int length, long required) {
        if (length < required) {
            throw new IllegalArgumentException(what + " too short: length=" + length + ", required=" + required);
        }
    }

    /** The blend, the translation column weighted by {@code point}: 1 for positions, 0 for directions. */
    private static float[] blend(float[] source, int[] joints, float[] weights, float[] palette, float[] dest,
                                 float point) {
        int vertices = dest.length / 3;
        for (int v = 0; v < vertices; v++) {
            float px = source[3 * v];
            float py = source[3 * v + 1];
            float pz = source[3 * v + 2];
            float x = 0;
            float y = 0;
            float z = 0;
            float sum = 0;
            for (int k = 4 * v; k < 4 * v + 4; k++) {
                float w = weights[k];
                if (w == 0) {
                    continue;
                }
                int m = joints[k] * ENTRY;
                x += w * (palette[m] * px + palette[m + 3] * py + palette[m + 6] * pz + palette[m + 9] * point);
                y += w * (palette[m + 1] * px + palette[m + 4] * py + palette[m + 7] * pz + palette[m + 10] * point);
                z += w * (palette[m + 2] * px + palette[m + 5] * py + palette[m + 8] * pz + palette[m + 11] * point);
                sum += w;
            }
            if (sum > 0) {
                float inv = 1f / sum;
                dest[3 * v] = x * inv;
                dest[3 * v + 1] = y * inv;
                dest[3 * v + 2] = z * inv;
            } else {
                dest[3 * v] = px;
                dest[3 * v + 1] = py;
                dest[3 * v + 2] = pz;
            }
        }
        return dest;
    }
}
