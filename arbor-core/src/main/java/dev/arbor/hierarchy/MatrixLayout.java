package dev.arbor.hierarchy;

/**
 * How a world matrix is laid out when it is exported into a caller's array or buffer.
 *
 * <p>In every layout {@code mCR} names column {@code C}, row {@code R} of the 4×4 matrix whose last row is
 * {@code 0 0 0 1}; columns 0–2 are the images of the local x, y and z axes and column 3 is the translation.
 */
public enum MatrixLayout {
    /**
     * 16 floats, column-major 4×4 (OpenGL, glTF, JOML {@code Matrix4f.get}):
     * {@code m00 m01 m02 0 | m10 m11 m12 0 | m20 m21 m22 0 | m30 m31 m32 1}.
     */
    COLUMN_MAJOR_4X4(16),
    /**
     * 12 floats, column-major 3×4 (Arbor's storage order, JOML {@code Matrix4x3f.get}):
     * {@code m00 m01 m02 | m10 m11 m12 | m20 m21 m22 | m30 m31 m32}.
     */
    COLUMN_MAJOR_3X4(12),
    /**
     * 12 floats, row-major 3×4 — three {@code vec4} rows, the compact form shaders often take for affine
     * matrices (std140 friendly): {@code m00 m10 m20 m30 | m01 m11 m21 m31 | m02 m12 m22 m32}.
     */
    ROW_MAJOR_3X4(12);

    private final int floats;

    MatrixLayout(int floats) {
        this.floats = floats;
    }

    /** @return floats per matrix in this layout */
    public int floats() {
        return floats;
    }

    /** @return bytes per matrix in this layout (4 per float) */
    public int bytes() {
        return floats * Float.BYTES;
    }

    /**
     * Converts an affine matrix from Arbor's storage order (column-major 3×4) into this layout.
     *
     * @param affine source, 12 floats column-major
     * @param a offset of the source
     * @param dest destination, {@link #floats()} floats
     * @param d offset of the destination (must not overlap the source)
     */
    public void convert(float[] affine, int a, float[] dest, int d) {
        convert(affine, a, 1, dest, d);
    }

    /**
     * {@link #convert(float[], int, float[], int)} from a source whose element {@code k} lies at
     * {@code affine[a + k × stride]}: one matrix of 12 planes (structure of arrays; stride = the plane length, as
     * {@link Hierarchy#writeWorldPlanes} writes them and the hierarchy stores them) or of a packed array (stride 1).
     * All 12 values are read before any is written.
     *
     * @param affine source
     * @param a index of element 0
     * @param stride distance between consecutive elements
     * @param dest destination, {@link #floats()} floats
     * @param d offset of the destination (must not overlap the source)
     * @throws ArrayIndexOutOfBoundsException if an array is too short (nothing written)
     */
    public void convert(float[] affine, int a, int stride, float[] dest, int d) {
        int a1 = a + stride;
        int a2 = a1 + stride;
        int a3 = a2 + stride;
        int a4 = a3 + stride;
        int a5 = a4 + stride;
        int a6 = a5 + stride;
        int a7 = a6 + stride;
        int a8 = a7 + stride;
        int a9 = a8 + stride;
        int a10 = a9 + stride;
        int a11 = a10 + stride;
        float m00 = affine[a];
        float m01 = affine[a1];
        float m02 = affine[a2];
        float m10 = affine[a3];
        float m11 = affine[a4];
        float m12 = affine[a5];
        float m20 = affine[a6];
        float m21 = affine[a7];
        float m22 = affine[a8];
        float m30 = affine[a9];
        float m31 = affine[a10];
        float m32 = affine[a11];
        switch (this) {
            case COLUMN_MAJOR_3X4:
                dest[d + 11] = m32; // the highest index first: one bounds check covers the rest
                dest[d] = m00;
                dest[d + 1] = m01;
                dest[d + 2] = m02;
                dest[d + 3] = m10;
                dest[d + 4] = m11;
                dest[d + 5] = m12;
                dest[d + 6] = m20;
                dest[d + 7] = m21;
                dest[d + 8] = m22;
                dest[d + 9] = m30;
                dest[d + 10] = m31;
                break;
            case COLUMN_MAJOR_4X4:
                dest[d + 15] = 1f;
                dest[d] = m00;
                dest[d + 1] = m01;
                dest[d + 2] = m02;
                dest[d + 3] = 0f;
                dest[d + 4] = m10;
                dest[d + 5] = m11;
                dest[d + 6] = m12;
                dest[d + 7] = 0f;
                dest[d + 8] = m20;
                dest[d + 9] = m21;
                dest[d + 10] = m22;
                dest[d + 11] = 0f;
                dest[d + 12] = m30;
                dest[d + 13] = m31;
                dest[d + 14] = m32;
                break;
            case ROW_MAJOR_3X4:
                dest[d + 11] = m32;
                dest[d] = m00;
                dest[d + 1] = m10;
                dest[d + 2] = m20;
                dest[d + 3] = m30;
                dest[d + 4] = m01;
                dest[d + 5] = m11;
                dest[d + 6] = m21;
                dest[d + 7] = m31;
                dest[d + 8] = m02;
                dest[d + 9] = m12;
                dest[d + 10] = m22;
                break;
            default:
                throw new AssertionError(this);
        }
    }
}
