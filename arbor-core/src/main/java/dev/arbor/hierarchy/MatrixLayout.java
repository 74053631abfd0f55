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
        switch (this) {
            case COLUMN_MAJOR_3X4:
                System.arraycopy(affine, a, dest, d, 12);
                break;
            case COLUMN_MAJOR_4X4:
                for (int c = 0; c < 4; c++) {
                    dest[d + c * 4] = affine[a + c * 3];
                    dest[d + c * 4 + 1] = affine[a + c * 3 + 1];
                    dest[d + c * 4 + 2] = affine[a + c * 3 + 2];
                    dest[d + c * 4 + 3] = c == 3 ? 1f : 0f;
                }
                break;
            case ROW_MAJOR_3X4:
                for (int r = 0; r < 3; r++) {
                    for (int c = 0; c < 4; c++) {
                        dest[d + r * 4 + c] = affine[a + c * 3 + r];
                    }
                }
                break;
            default:
                throw new AssertionError(this);
        }
    }
}
