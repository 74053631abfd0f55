package dev.arbor.hierarchy;

import dev.arbor.kernel.QuaternionRuns;

/**
 * The checks of what a caller passes to the hierarchy, each with the message that names the value and the bound,
 * and the normalisation of rotation quaternions. Static and stateless; every check runs before anything is changed.
 */
final class Arguments {
    /** Quaternions whose squared length is within this of 1 are stored as given. */
    static final double UNIT_TOLERANCE = 1e-6;

    private Arguments() {
    }

    /** Checks a rotation quaternion: finite and not zero. */
    static void requireRotation(long handle, float x, float y, float z, float w) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z) || !Float.isFinite(w)) {
            throw new IllegalArgumentException("rotation of " + Handles.toString(handle) + " is not finite: ("
                    + x + ", " + y + ", " + z + ", " + w + ")");
        }
        if ((double) x * x + (double) y * y + (double) z * z + (double) w * w == 0.0) {
            throw new IllegalArgumentException("rotation of " + Handles.toString(handle)
                    + " is the zero quaternion: (" + x + ", " + y + ", " + z + ", " + w + ")");
        }
    }

    /** Checks a rotation quaternion and writes it, normalised, to {@code dest[d ..]}. */
    static void normalizedQuaternion(long handle, float x, float y, float z, float w, float[] dest, int d) {
        checkRotation(handle, x, y, z, w);
        normalizeInto(x, y, z, w, dest, d, 1);
    }

    /**
     * Checks a rotation quaternion (finite, not zero). A float test of the squared length settles the usual case;
     * NaN, infinity, zero and extreme magnitudes fall through to the exact check, which throws.
     */
    static void checkRotation(long handle, float x, float y, float z, float w) {
        if (!QuaternionRuns.inRange(x * x + y * y + z * z + w * w)) {
            requireRotation(handle, x, y, z, w);
        }
    }

    /**
     * Writes a checked quaternion to {@code dest[d + k × stride]}, k = x, y, z, w: as given when its squared length
     * is within {@link #UNIT_TOLERANCE} of 1, else normalised in double. The float sum errs by at most about 4.2e-7,
     * so within 5e-7 of 1 in float the exact length is within the tolerance; otherwise the exact test decides.
     */
    static void normalizeInto(float x, float y, float z, float w, float[] dest, int d, int stride) {
        if (!QuaternionRuns.isUnit(x * x + y * y + z * z + w * w)) {
            double len2 = (double) x * x + (double) y * y + (double) z * z + (double) w * w;
            if (Math.abs(len2 - 1.0) > UNIT_TOLERANCE) {
                double inv = 1.0 / Math.sqrt(len2);
                x = (float) (x * inv);
                y = (float) (y * inv);
                z = (float) (z * inv);
                w = (float) (w * inv);
            }
        }
        dest[d] = x;
        dest[d + stride] = y;
        dest[d + 2 * stride] = z;
        dest[d + 3 * stride] = w;
    }

    /** Checks that a vector of three is finite; {@code what} names it in the message. */
    static void requireFinite3(String what, long handle, float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new IllegalArgumentException(what + " of " + Handles.toString(handle) + " is not finite: (" + x
                    + ", " + y + ", " + z + ")");
        }
    }

    /** Checks that {@code count} matrix elements are finite; {@code what} names the matrix in the message. */
    static void requireFiniteMatrix(String what, long handle, float[] m, int offset, int count) {
        for (int k = 0; k < count; k++) {
            if (!Float.isFinite(m[offset + k])) {
                throw new IllegalArgumentException(what + " of " + Handles.toString(handle) + " is not finite: element "
                        + k + " = " + m[offset + k]);
            }
        }
    }

    /** Checks a 4×4 column-major local matrix: last row (0, 0, 0, 1) and every element finite. */
    static void requireAffine4x4(long handle, float[] m, int o) {
        if (m[o + 3] != 0f || m[o + 7] != 0f || m[o + 11] != 0f || m[o + 15] != 1f) {
            throw new IllegalArgumentException("local matrix of " + Handles.toString(handle)
                    + " is not affine: last row = (" + m[o + 3] + ", " + m[o + 7] + ", " + m[o + 11] + ", " + m[o + 15]
                    + "), required (0, 0, 0, 1)");
        }
        requireFiniteMatrix("local matrix", handle, m, o, 16);
    }

    /** Checks an insertion index among {@code count} siblings: 0 to {@code count}. */
    static void checkInsertIndex(int index, int count) {
        if (index < 0 || index > count) {
            throw new IllegalArgumentException("index out of range: index=" + index + ", allowed=[0, " + count + "]");
        }
    }

    /** Checks that an array of {@code length} holds {@code required} elements from {@code offset}. */
    static void requireRoom(String what, int length, int offset, long required) {
        if (offset < 0 || required < 0 || offset + required > length) {
            throw new IllegalArgumentException(what + " too short: length=" + length + ", required=" + (offset + required)
                    + (offset != 0 ? " (offset=" + offset + ")" : ""));
        }
    }
}
