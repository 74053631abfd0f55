package dev.arbor.cli;

/**
 * Linear blend skinning on the CPU, as {@code render} deforms skinned meshes: each vertex becomes the weighted sum
 * of its (up to) four joints' palette matrices applied to its bind position, divided by the sum of the weights (so
 * quantized weights that do not add up to exactly 1 do not shrink the mesh). A vertex whose weights add up to 0
 * keeps its position.
 */
final class Skinning {
    /** Floats per palette entry: affine 3×4 column-major, {@code MatrixLayout.COLUMN_MAJOR_3X4}. */
    static final int ENTRY = 12;

    private Skinning() {
    }

    /**
     * Deforms positions.
     *
     * @param positions bind positions, 3 floats per vertex (the mesh node's space)
     * @param joints 4 joint indices per vertex, each below {@code palette.length / 12}
     * @param weights 4 weights per vertex
     * @param palette one {@code meshFromBind} matrix per joint ({@code Skeleton.writePalette} with
     *     {@code COLUMN_MAJOR_3X4}: {@code inverse(meshWorld) × jointWorld × inverseBind})
     * @param dest receives the skinned positions, 3 floats per vertex, in the mesh node's space; may not be
     *     {@code positions}
     * @return {@code dest}
     * @throws ArrayIndexOutOfBoundsException if a joint index is beyond the palette, or an array is too short
     */
    static float[] skin(float[] positions, int[] joints, float[] weights, float[] palette, float[] dest) {
        int vertices = positions.length / 3;
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
                x += w * (palette[m] * px + palette[m + 3] * py + palette[m + 6] * pz + palette[m + 9]);
                y += w * (palette[m + 1] * px + palette[m + 4] * py + palette[m + 7] * pz + palette[m + 10]);
                z += w * (palette[m + 2] * px + palette[m + 5] * py + palette[m + 8] * pz + palette[m + 11]);
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
     * @param m 12 floats, column-major 3×4
     * @param positions 3 floats per vertex, at least as many as {@code dest} holds
     * @param dest receives the transformed positions, as many vertices as it holds; may be {@code positions}
     * @return {@code dest}
     */
    static float[] transform(float[] m, float[] positions, float[] dest) {
        for (int i = 0; i + 2 < dest.length; i += 3) {
            float px = positions[i];
            float py = positions[i + 1];
            float pz = positions[i + 2];
            dest[i] = m[0] * px + m[3] * py + m[6] * pz + m[9];
            dest[i + 1] = m[1] * px + m[4] * py + m[7] * pz + m[10];
            dest[i + 2] = m[2] * px + m[5] * py + m[8] * pz + m[11];
        }
        return dest;
    }
}
