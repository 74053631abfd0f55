package dev.arbor.bounds;

/**
 * View-frustum planes on flat arrays: {@link #PLANES} planes of 4 floats {@code a b c d}, a point {@code p} being
 * inside a plane when {@code a·px + b·py + c·pz + d >= 0}. Order: left, right, bottom, top, near, far. Static,
 * allocation-free, thread-safe.
 */
public final class Frustum {
    /** Number of planes. */
    public static final int PLANES = 6;
    /** Floats in a plane array. */
    public static final int FLOATS = PLANES * 4;
    /** A box lies completely outside at least one plane. */
    public static final int OUTSIDE = 0;
    /** A box crosses at least one plane (and is outside none). */
    public static final int INTERSECTS = 1;
    /** A box lies completely inside all planes. */
    public static final int INSIDE = 2;

    private Frustum() {
    }

    /**
     * Extracts the planes of the frustum of a projection × view matrix (Gribb–Hartmann): with clip coordinates
     * {@code c = M·(p, 1)}, the point is inside when {@code -w <= x, y <= w} and {@code -w <= z <= w} (OpenGL depth,
     * {@code zeroToOne = false}) or {@code 0 <= z <= w} (Vulkan/Direct3D depth, {@code zeroToOne = true}). The
     * planes are normalised so that their values are distances.
     *
     * @param m 16 floats column-major (JOML {@code Matrix4f.get} order)
     * @param mo offset of the matrix
     * @param zeroToOne clip depth range {@code [0, w]} instead of {@code [-w, w]}
     * @param planes destination, {@link #FLOATS} floats
     * @param po offset of the destination
     */
    public static void fromProjectionView(float[] m, int mo, boolean zeroToOne, float[] planes, int po) {
        // row r of M is (m[r], m[4+r], m[8+r], m[12+r]) in column-major storage
        for (int k = 0; k < PLANES; k++) {
            int row = k / 2;
            float sign = (k % 2 == 0) ? 1f : -1f;
            boolean nearZeroToOne = zeroToOne && k == 4;
            for (int c = 0; c < 4; c++) {
                float w = m[mo + c * 4 + 3];
                float v = m[mo + c * 4 + row];
                planes[po + k * 4 + c] = nearZeroToOne ? v : w + sign * v;
            }
            float a = planes[po + k * 4];
            float b = planes[po + k * 4 + 1];
            float cc = planes[po + k * 4 + 2];
            float len = (float) Math.sqrt(a * a + b * b + cc * cc);
            if (len > 0f) {
                for (int c = 0; c < 4; c++) {
                    planes[po + k * 4 + c] /= len;
                }
            }
        }
    }

    /**
     * Classifies a box against the planes: for each plane, the box corner farthest along the plane's normal decides
     * "outside", the nearest corner decides "crossing". Conservative: a box near a frustum corner may be reported as
     * intersecting although it is outside (the usual plane test), never the reverse.
     *
     * @param planes {@link #FLOATS} floats
     * @param po offset of the planes
     * @param box the box
     * @param bo offset of the box
     * @return {@link #OUTSIDE}, {@link #INTERSECTS} or {@link #INSIDE}
     */
    public static int classify(float[] planes, int po, float[] box, int bo) {
        int result = INSIDE;
        for (int k = 0; k < PLANES; k++) {
            float a = planes[po + k * 4];
            float b = planes[po + k * 4 + 1];
            float c = planes[po + k * 4 + 2];
            float d = planes[po + k * 4 + 3];
            float far = a * (a >= 0 ? box[bo + 3] : box[bo]) + b * (b >= 0 ? box[bo + 4] : box[bo + 1])
                    + c * (c >= 0 ? box[bo + 5] : box[bo + 2]) + d;
            if (far < 0f) {
                return OUTSIDE;
            }
            float near = a * (a >= 0 ? box[bo] : box[bo + 3]) + b * (b >= 0 ? box[bo + 1] : box[bo + 4])
                    + c * (c >= 0 ? box[bo + 2] : box[bo + 5]) + d;
            if (near < 0f) {
                result = INTERSECTS;
            }
        }
        return result;
    }
}
