package dev.arbor.bounds;

/**
 * Axis-aligned boxes on flat {@code float[]} arrays, {@link #STRIDE} floats each:
 * {@code minX minY minZ maxX maxY maxZ}. A valid box has {@code min <= max} on every axis; emptiness is tracked by
 * the caller (a flag), never by inverted boxes. Static, allocation-free, thread-safe.
 */
public final class Aabb {
    /** Floats per box. */
    public static final int STRIDE = 6;

    private Aabb() {
    }

    /**
     * Transforms a box by an affine 3×4 matrix (column-major, see {@code dev.arbor.math.Affine}) and writes the
     * axis-aligned box of the result — the smallest box holding the eight transformed corners. Computed from centre
     * and half-extents: {@code centre' = M·centre}, {@code extent'ᵢ = Σⱼ |Mᵢⱼ|·extentⱼ}.
     *
     * @param m matrix
     * @param mo offset of the matrix
     * @param box source box
     * @param bo offset of the source
     * @param out destination box (may be the source)
     * @param oo offset of the destination
     */
    public static void transform(float[] m, int mo, float[] box, int bo, float[] out, int oo) {
        float cx = (box[bo] + box[bo + 3]) * 0.5f;
        float cy = (box[bo + 1] + box[bo + 4]) * 0.5f;
        float cz = (box[bo + 2] + box[bo + 5]) * 0.5f;
        float ex = (box[bo + 3] - box[bo]) * 0.5f;
        float ey = (box[bo + 4] - box[bo + 1]) * 0.5f;
        float ez = (box[bo + 5] - box[bo + 2]) * 0.5f;
        float wx = m[mo] * cx + m[mo + 3] * cy + m[mo + 6] * cz + m[mo + 9];
        float wy = m[mo + 1] * cx + m[mo + 4] * cy + m[mo + 7] * cz + m[mo + 10];
        float wz = m[mo + 2] * cx + m[mo + 5] * cy + m[mo + 8] * cz + m[mo + 11];
        float fx = Math.abs(m[mo]) * ex + Math.abs(m[mo + 3]) * ey + Math.abs(m[mo + 6]) * ez;
        float fy = Math.abs(m[mo + 1]) * ex + Math.abs(m[mo + 4]) * ey + Math.abs(m[mo + 7]) * ez;
        float fz = Math.abs(m[mo + 2]) * ex + Math.abs(m[mo + 5]) * ey + Math.abs(m[mo + 8]) * ez;
        out[oo] = wx - fx;
        out[oo + 1] = wy - fy;
        out[oo + 2] = wz - fz;
        out[oo + 3] = wx + fx;
        out[oo + 4] = wy + fy;
        out[oo + 5] = wz + fz;
    }

    /**
     * Grows box {@code out} to contain box {@code b}.
     *
     * @param b box to include
     * @param bo its offset
     * @param out box that grows
     * @param oo its offset
     */
    public static void include(float[] b, int bo, float[] out, int oo) {
        out[oo] = Math.min(out[oo], b[bo]);
        out[oo + 1] = Math.min(out[oo + 1], b[bo + 1]);
        out[oo + 2] = Math.min(out[oo + 2], b[bo + 2]);
        out[oo + 3] = Math.max(out[oo + 3], b[bo + 3]);
        out[oo + 4] = Math.max(out[oo + 4], b[bo + 4]);
        out[oo + 5] = Math.max(out[oo + 5], b[bo + 5]);
    }

    /**
     * @param a first box
     * @param ao its offset
     * @param b second box
     * @param bo its offset
     * @return whether the boxes overlap (touching counts)
     */
    public static boolean intersects(float[] a, int ao, float[] b, int bo) {
        return a[ao] <= b[bo + 3] && b[bo] <= a[ao + 3]
                && a[ao + 1] <= b[bo + 4] && b[bo + 1] <= a[ao + 4]
                && a[ao + 2] <= b[bo + 5] && b[bo + 2] <= a[ao + 5];
    }

    /**
     * @param outer containing box
     * @param oo its offset
     * @param inner contained box
     * @param io its offset
     * @return whether {@code inner} lies entirely within {@code outer}
     */
    public static boolean contains(float[] outer, int oo, float[] inner, int io) {
        return outer[oo] <= inner[io] && outer[oo + 1] <= inner[io + 1] && outer[oo + 2] <= inner[io + 2]
                && inner[io + 3] <= outer[oo + 3] && inner[io + 4] <= outer[oo + 4] && inner[io + 5] <= outer[oo + 5];
    }

    /**
     * Distance along a ray to where it enters a box (slab method). A direction component of 0 means the ray runs
     * parallel to that pair of faces: it misses unless the origin lies between them.
     *
     * @param box the box
     * @param bo its offset
     * @param ox ray origin x
     * @param oy ray origin y
     * @param oz ray origin z
     * @param dx direction x
     * @param dy direction y
     * @param dz direction z
     * @param maxT the farthest parameter that counts (in units of the direction's length)
     * @return the entry parameter {@code t} in {@code [0, maxT]} (0 when the origin is inside), or {@code -1} for a
     *     miss
     */
    public static float rayEntry(float[] box, int bo, float ox, float oy, float oz, float dx, float dy, float dz,
                                 float maxT) {
        float tmin = 0f;
        float tmax = maxT;
        for (int axis = 0; axis < 3; axis++) {
            float origin = axis == 0 ? ox : axis == 1 ? oy : oz;
            float direction = axis == 0 ? dx : axis == 1 ? dy : dz;
            float min = box[bo + axis];
            float max = box[bo + 3 + axis];
            if (direction == 0f) {
                if (origin < min || origin > max) {
                    return -1f;
                }
                continue;
            }
            float t1 = (min - origin) / direction;
            float t2 = (max - origin) / direction;
            tmin = Math.max(tmin, Math.min(t1, t2));
            tmax = Math.min(tmax, Math.max(t1, t2));
            if (tmin > tmax) {
                return -1f;
            }
        }
        return tmin;
    }
}
