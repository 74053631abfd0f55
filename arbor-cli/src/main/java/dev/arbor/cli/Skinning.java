package dev.arbor.cli;

/**
 * Linear blend skinning on the CPU, as {@code render} deforms skinned meshes: each vertex becomes the weighted sum
 * of its (up to) four joints' palette matrices applied to its bind position, divided by the sum of the weights (so
 * quantized weights that do not add up to exactly 1 do not shrink the mesh). A vertex whose weights add up to 0
 * keeps its position. Normals are skinned the same way without the translation ({@link #skinDirections}).
 */
final class Skinning {
    /** Floats per palette entry: affine 3×4 column-major, {@code MatrixLayout.COLUMN_MAJOR_3X4}. */
    static final int ENTRY = 12;

    private Skinning() {
    }

    /**
     * Deforms positions.
     *
     * @param positions bind positions, 3 floats per vertex (the mesh node's space), at least as many as {@code dest}
     *     holds
     * @param joints 4 joint indices per vertex, each below {@code palette.length / 12}
     * @param weights 4 weights per vertex
     * @param palette one {@code meshFromBind} matrix per joint ({@code Skeleton.writePalette} with
     *     {@code COLUMN_MAJOR_3X4}: {@code inverse(meshWorld) × jointWorld × inverseBind})
     * @param dest receives the skinned positions, 3 floats per vertex, in the mesh node's space, as many vertices as
     *     it holds; may not be {@code positions}
     * @return {@code dest}
     * @throws ArrayIndexOutOfBoundsException if a joint index is beyond the palette, or an array is too short
     */
    static float[] skin(float[] positions, int[] joints, float[] weights, float[] palette, float[] dest) {
        return blend(positions, joints, weights, palette, dest, 1);
    }

    /**
     * Deforms directions (normals) as {@link #skin} deforms positions, by the palette matrices' linear 3×3 part only
     * (exact for joints without non-uniform scale; the result is not normalized). Arguments as {@link #skin}'s.
     *
     * @return {@code dest}
     */
    static float[] skinDirections(float[] directions, int[] joints, float[] weights, float[] palette, float[] dest) {
        return blend(directions, joints, weights, palette, dest, 0);
    }

    /** {@link #skin} with the translation column weighted by {@code point}: 1 for positions, 0 for directions. */
    private static float[] blend(float[] positions, int[] joints, float[] weights, float[] palette, float[] dest,
                                 float point) {
        int vertices = dest.length / 3;
        for (int v = 0; v < vertices; v++) {
            float px = positions[3 * v];
            float py = positions[3 * v + 1];
            float pz = positions[3 * v + 2];
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

    /**
     * Applies an affine matrix to positions.
     *
     * @param m column-major 3×4 matrices, 12 floats each
     * @param offset where the matrix starts in {@code m}
     * @param positions 3 floats per vertex
     * @param dest receives the transformed positions, at least as long as {@code positions}; may be
     *     {@code positions}
     * @return {@code dest}
     */
    static float[] transform(float[] m, int offset, float[] positions, float[] dest) {
        int o = offset;
        for (int i = 0; i + 2 < positions.length; i += 3) {
            float px = positions[i];
            float py = positions[i + 1];
            float pz = positions[i + 2];
            dest[i] = m[o] * px + m[o + 3] * py + m[o + 6] * pz + m[o + 9];
            dest[i + 1] = m[o + 1] * px + m[o + 4] * py + m[o + 7] * pz + m[o + 10];
            dest[i + 2] = m[o + 2] * px + m[o + 5] * py + m[o + 8] * pz + m[o + 11];
        }
        return dest;
    }
}
