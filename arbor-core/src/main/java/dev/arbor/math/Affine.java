package dev.arbor.math;

/**
 * Affine 3×4 matrix arithmetic on flat {@code float[]} arrays.
 *
 * <p>Layout: {@link #STRIDE} = 12 floats per matrix, column-major, the same order as JOML's {@code Matrix4x3f}:
 * {@code m00 m01 m02 | m10 m11 m12 | m20 m21 m22 | m30 m31 m32}, where {@code mCR} is column {@code C}, row
 * {@code R}. Columns 0–2 are the linear part (the images of the x, y and z axes), column 3 the translation; the
 * implied fourth row is {@code 0 0 0 1}. A point {@code p} maps to {@code M × (p, 1)}.
 *
 * <p>A TRS record ({@link #TRS_STRIDE} floats: {@code tx ty tz qx qy qz qw sx sy sz}) describes the matrix
 * {@code T × R × S}: scale first, then rotate by the unit quaternion, then translate.
 *
 * <p>All methods are static, allocation-free and thread-safe (they touch only the arrays given). Offsets are not
 * checked beyond what the JVM's array bounds checks do; callers check lengths once at their entry.
 */
public final class Affine {
    /** Floats per affine matrix. */
    public static final int STRIDE = 12;
    /** Floats per TRS record: translation (3), rotation quaternion x y z w (4), scale (3). */
    public static final int TRS_STRIDE = 10;
    /** Offset of the translation's x within a TRS record. */
    public static final int TRS_T = 0;
    /** Offset of the quaternion's x within a TRS record. */
    public static final int TRS_Q = 3;
    /** Offset of the scale's x within a TRS record. */
    public static final int TRS_S = 7;

    private Affine() {
    }

    /**
     * Writes the identity matrix.
     *
     * @param dest destination
     * @param d offset of the 12 floats in {@code dest}
     */
    public static void identity(float[] dest, int d) {
        dest[d] = 1f;
        dest[d + 1] = 0f;
        dest[d + 2] = 0f;
        dest[d + 3] = 0f;
        dest[d + 4] = 1f;
        dest[d + 5] = 0f;
        dest[d + 6] = 0f;
        dest[d + 7] = 0f;
        dest[d + 8] = 1f;
        dest[d + 9] = 0f;
        dest[d + 10] = 0f;
        dest[d + 11] = 0f;
    }

    /**
     * Composes a TRS record into a matrix: {@code dest = T × R × S}. The quaternion is assumed unit length.
     *
     * @param trs source TRS record
     * @param t offset of the record in {@code trs}
     * @param dest destination matrix (may not overlap the record)
     * @param d offset of the matrix in {@code dest}
     */
    public static void composeTrs(float[] trs, int t, float[] dest, int d) {
        float qx = trs[t + TRS_Q];
        float qy = trs[t + TRS_Q + 1];
        float qz = trs[t + TRS_Q + 2];
        float qw = trs[t + TRS_Q + 3];
        float sx = trs[t + TRS_S];
        float sy = trs[t + TRS_S + 1];
        float sz = trs[t + TRS_S + 2];
        float xx = qx * qx;
        float yy = qy * qy;
        float zz = qz * qz;
        float xy = qx * qy;
        float xz = qx * qz;
        float yz = qy * qz;
        float wx = qw * qx;
        float wy = qw * qy;
        float wz = qw * qz;
        dest[d] = (1f - 2f * (yy + zz)) * sx;
        dest[d + 1] = 2f * (xy + wz) * sx;
        dest[d + 2] = 2f * (xz - wy) * sx;
        dest[d + 3] = 2f * (xy - wz) * sy;
        dest[d + 4] = (1f - 2f * (xx + zz)) * sy;
        dest[d + 5] = 2f * (yz + wx) * sy;
        dest[d + 6] = 2f * (xz + wy) * sz;
        dest[d + 7] = 2f * (yz - wx) * sz;
        dest[d + 8] = (1f - 2f * (xx + yy)) * sz;
        dest[d + 9] = trs[t + TRS_T];
        dest[d + 10] = trs[t + TRS_T + 1];
        dest[d + 11] = trs[t + TRS_T + 2];
    }

    /**
     * Multiplies two affine matrices: {@code out = a × b} (apply {@code b} first, then {@code a}). {@code out} may
     * be the same array region as {@code b} or {@code a}: all inputs are read before the first write.
     *
     * @param a left matrix, e.g. {@code worldFromParent}
     * @param ao offset of {@code a}
     * @param b right matrix, e.g. {@code parentFromLocal}
     * @param bo offset of {@code b}
     * @param out destination
     * @param oo offset of the destination
     */
    public static void multiply(float[] a, int ao, float[] b, int bo, float[] out, int oo) {
        float a00 = a[ao];
        float a01 = a[ao + 1];
        float a02 = a[ao + 2];
        float a10 = a[ao + 3];
        float a11 = a[ao + 4];
        float a12 = a[ao + 5];
        float a20 = a[ao + 6];
        float a21 = a[ao + 7];
        float a22 = a[ao + 8];
        float a30 = a[ao + 9];
        float a31 = a[ao + 10];
        float a32 = a[ao + 11];
        float b00 = b[bo];
        float b01 = b[bo + 1];
        float b02 = b[bo + 2];
        float b10 = b[bo + 3];
        float b11 = b[bo + 4];
        float b12 = b[bo + 5];
        float b20 = b[bo + 6];
        float b21 = b[bo + 7];
        float b22 = b[bo + 8];
        float b30 = b[bo + 9];
        float b31 = b[bo + 10];
        float b32 = b[bo + 11];
        out[oo] = a00 * b00 + a10 * b01 + a20 * b02;
        out[oo + 1] = a01 * b00 + a11 * b01 + a21 * b02;
        out[oo + 2] = a02 * b00 + a12 * b01 + a22 * b02;
        out[oo + 3] = a00 * b10 + a10 * b11 + a20 * b12;
        out[oo + 4] = a01 * b10 + a11 * b11 + a21 * b12;
        out[oo + 5] = a02 * b10 + a12 * b11 + a22 * b12;
        out[oo + 6] = a00 * b20 + a10 * b21 + a20 * b22;
        out[oo + 7] = a01 * b20 + a11 * b21 + a21 * b22;
        out[oo + 8] = a02 * b20 + a12 * b21 + a22 * b22;
        out[oo + 9] = a00 * b30 + a10 * b31 + a20 * b32 + a30;
        out[oo + 10] = a01 * b30 + a11 * b31 + a21 * b32 + a31;
        out[oo + 11] = a02 * b30 + a12 * b31 + a22 * b32 + a32;
    }

    /**
     * Determinant of the linear (3×3) part, computed in double precision.
     *
     * @param m matrix
     * @param o offset of the matrix
     * @return the determinant
     */
    public static double determinant(float[] m, int o) {
        double m00 = m[o];
        double m01 = m[o + 1];
        double m02 = m[o + 2];
        double m10 = m[o + 3];
        double m11 = m[o + 4];
        double m12 = m[o + 5];
        double m20 = m[o + 6];
        double m21 = m[o + 7];
        double m22 = m[o + 8];
        return m00 * (m11 * m22 - m12 * m21) - m10 * (m01 * m22 - m02 * m21) + m20 * (m01 * m12 - m02 * m11);
    }

    /**
     * Inverts an affine matrix in double precision: {@code out = m⁻¹}. Nothing is written when the matrix is not
     * invertible (determinant zero, or an inverse that does not fit in a float).
     *
     * @param m matrix to invert
     * @param mo offset of {@code m}
     * @param out destination (may be the same region as {@code m})
     * @param oo offset of the destination
     * @return {@code true} if the inverse was written, {@code false} if {@code m} is singular
     */
    public static boolean invert(float[] m, int mo, float[] out, int oo) {
        double m00 = m[mo];
        double m01 = m[mo + 1];
        double m02 = m[mo + 2];
        double m10 = m[mo + 3];
        double m11 = m[mo + 4];
        double m12 = m[mo + 5];
        double m20 = m[mo + 6];
        double m21 = m[mo + 7];
        double m22 = m[mo + 8];
        double m30 = m[mo + 9];
        double m31 = m[mo + 10];
        double m32 = m[mo + 11];
        // cofactors of the 3×3 part (cRC = cofactor for row R, column C of the inverse)
        double c00 = m11 * m22 - m21 * m12;
        double c01 = m21 * m02 - m01 * m22;
        double c02 = m01 * m12 - m11 * m02;
        double c10 = m20 * m12 - m10 * m22;
        double c11 = m00 * m22 - m20 * m02;
        double c12 = m10 * m02 - m00 * m12;
        double c20 = m10 * m21 - m20 * m11;
        double c21 = m20 * m01 - m00 * m21;
        double c22 = m00 * m11 - m10 * m01;
        double det = m00 * c00 + m10 * c01 + m20 * c02;
        if (det == 0.0 || !Double.isFinite(det)) {
            return false;
        }
        double s = 1.0 / det;
        double i00 = c00 * s;
        double i01 = c01 * s;
        double i02 = c02 * s;
        double i10 = c10 * s;
        double i11 = c11 * s;
        double i12 = c12 * s;
        double i20 = c20 * s;
        double i21 = c21 * s;
        double i22 = c22 * s;
        double i30 = -(i00 * m30 + i10 * m31 + i20 * m32);
        double i31 = -(i01 * m30 + i11 * m31 + i21 * m32);
        double i32 = -(i02 * m30 + i12 * m31 + i22 * m32);
        // rounded to float and checked before anything is written; no array, so that nothing is allocated (an array
        // walked by a loop is not scalar-replaced: it cost 112 bytes per inverse)
        float f00 = (float) i00;
        float f01 = (float) i01;
        float f02 = (float) i02;
        float f10 = (float) i10;
        float f11 = (float) i11;
        float f12 = (float) i12;
        float f20 = (float) i20;
        float f21 = (float) i21;
        float f22 = (float) i22;
        float f30 = (float) i30;
        float f31 = (float) i31;
        float f32 = (float) i32;
        if (!(Float.isFinite(f00) && Float.isFinite(f01) && Float.isFinite(f02) && Float.isFinite(f10)
                && Float.isFinite(f11) && Float.isFinite(f12) && Float.isFinite(f20) && Float.isFinite(f21)
                && Float.isFinite(f22) && Float.isFinite(f30) && Float.isFinite(f31) && Float.isFinite(f32))) {
            return false;
        }
        out[oo + 11] = f32; // the highest index first: a short array throws before anything is written
        out[oo] = f00;
        out[oo + 1] = f01;
        out[oo + 2] = f02;
        out[oo + 3] = f10;
        out[oo + 4] = f11;
        out[oo + 5] = f12;
        out[oo + 6] = f20;
        out[oo + 7] = f21;
        out[oo + 8] = f22;
        out[oo + 9] = f30;
        out[oo + 10] = f31;
        return true;
    }

    /**
     * Transforms the point {@code (x, y, z, 1)}.
     *
     * @param m matrix
     * @param o offset of the matrix
     * @param x point x
     * @param y point y
     * @param z point z
     * @param dest destination, 3 floats
     * @param d offset in {@code dest}
     */
    public static void transformPoint(float[] m, int o, float x, float y, float z, float[] dest, int d) {
        dest[d] = m[o] * x + m[o + 3] * y + m[o + 6] * z + m[o + 9];
        dest[d + 1] = m[o + 1] * x + m[o + 4] * y + m[o + 7] * z + m[o + 10];
        dest[d + 2] = m[o + 2] * x + m[o + 5] * y + m[o + 8] * z + m[o + 11];
    }

    /**
     * Decomposes a matrix into a TRS record: translation is column 3; scale is the length of each linear column,
     * with the x scale negated when the determinant is negative (a mirror); rotation is the quaternion of the
     * normalised columns. Exact (up to rounding) for matrices made by {@link #composeTrs}; for a matrix with shear
     * the result is the nearest TRS in this sense only — compare {@link #composeTrs} of the result with the input
     * to detect that. A zero-length column is replaced by the cross product of the other two before the rotation
     * is extracted (its scale stays 0); with two zero columns the rotation is the shortest arc taking the surviving
     * axis onto its column (so the TRS still reproduces the matrix); with three, the identity.
     *
     * @param m matrix
     * @param o offset of the matrix
     * @param trs destination TRS record
     * @param t offset of the record
     */
    public static void decompose(float[] m, int o, float[] trs, int t) {
        double x0 = m[o];
        double x1 = m[o + 1];
        double x2 = m[o + 2];
        double y0 = m[o + 3];
        double y1 = m[o + 4];
        double y2 = m[o + 5];
        double z0 = m[o + 6];
        double z1 = m[o + 7];
        double z2 = m[o + 8];
        double sx = Math.sqrt(x0 * x0 + x1 * x1 + x2 * x2);
        double sy = Math.sqrt(y0 * y0 + y1 * y1 + y2 * y2);
        double sz = Math.sqrt(z0 * z0 + z1 * z1 + z2 * z2);
        if (determinant(m, o) < 0) {
            sx = -sx;
        }
        trs[t + TRS_T] = m[o + 9];
        trs[t + TRS_T + 1] = m[o + 10];
        trs[t + TRS_T + 2] = m[o + 11];
        trs[t + TRS_S] = (float) sx;
        trs[t + TRS_S + 1] = (float) sy;
        trs[t + TRS_S + 2] = (float) sz;
        int zero = (sx == 0.0 ? 1 : 0) + (sy == 0.0 ? 1 : 0) + (sz == 0.0 ? 1 : 0);
        if (zero == 3) {
            setQuaternion(trs, t + TRS_Q, 0, 0, 0, 1);
            return;
        }
        if (zero == 2) {
            // one axis survives: the shortest-arc rotation taking that unit axis onto the column's direction
            int axis = sx != 0.0 ? 0 : sy != 0.0 ? 1 : 2;
            double len = Math.abs(axis == 0 ? sx : axis == 1 ? sy : sz);
            double ux = m[o + axis * 3] / len;
            double uy = m[o + axis * 3 + 1] / len;
            double uz = m[o + axis * 3 + 2] / len;
            if (axis == 0 && sx < 0) {
                trs[t + TRS_S] = (float) -sx; // a single axis cannot mirror; keep the direction in the rotation
            }
            shortestArc(axis, ux, uy, uz, trs, t + TRS_Q);
            return;
        }
        if (sx != 0.0) {
            x0 /= sx;
            x1 /= sx;
            x2 /= sx;
        }
        if (sy != 0.0) {
            y0 /= sy;
            y1 /= sy;
            y2 /= sy;
        }
        if (sz != 0.0) {
            z0 /= sz;
            z1 /= sz;
            z2 /= sz;
        }
        // a zero column is rebuilt as the cross product of the other two (right-handed: x = y × z, y = z × x,
        // z = x × y), then normalised
        if (sx == 0.0) {
            x0 = y1 * z2 - y2 * z1;
            x1 = y2 * z0 - y0 * z2;
            x2 = y0 * z1 - y1 * z0;
            double len = Math.sqrt(x0 * x0 + x1 * x1 + x2 * x2);
            x0 /= len;
            x1 /= len;
            x2 /= len;
        } else if (sy == 0.0) {
            y0 = z1 * x2 - z2 * x1;
            y1 = z2 * x0 - z0 * x2;
            y2 = z0 * x1 - z1 * x0;
            double len = Math.sqrt(y0 * y0 + y1 * y1 + y2 * y2);
            y0 /= len;
            y1 /= len;
            y2 /= len;
        } else if (sz == 0.0) {
            z0 = x1 * y2 - x2 * y1;
            z1 = x2 * y0 - x0 * y2;
            z2 = x0 * y1 - x1 * y0;
            double len = Math.sqrt(z0 * z0 + z1 * z1 + z2 * z2);
            z0 /= len;
            z1 /= len;
            z2 /= len;
        }
        if (!Double.isFinite(x0 + x1 + x2 + y0 + y1 + y2 + z0 + z1 + z2)) {
            setQuaternion(trs, t + TRS_Q, 0, 0, 0, 1); // parallel columns: no rotation can be recovered
            return;
        }
        quaternionOf(x0, x1, x2, y0, y1, y2, z0, z1, z2, trs, t + TRS_Q);
    }

    /**
     * The unit quaternion ({@code x y z w}) of a rotation matrix given by its columns {@code (x0, x1, x2)},
     * {@code (y0, y1, y2)}, {@code (z0, z1, z2)}, in double precision (from the largest of the trace and the diagonal
     * elements, for accuracy near every angle), normalised in double and rounded once to floats.
     *
     * @param dest receives the quaternion
     * @param d where it starts in {@code dest} (4 floats)
     */
    public static void quaternionOf(double x0, double x1, double x2, double y0, double y1, double y2, double z0,
                                    double z1, double z2, float[] dest, int d) {
        double trace = x0 + y1 + z2;        double qx;
        double qy;
        double qz;
        double qw;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            qw = 0.25 * s;
            qx = (y2 - z1) / s;
            qy = (z0 - x2) / s;
            qz = (x1 - y0) / s;
        } else if (x0 > y1 && x0 > z2) {
            double s = Math.sqrt(1.0 + x0 - y1 - z2) * 2;
            qw = (y2 - z1) / s;
            qx = 0.25 * s;
            qy = (y0 + x1) / s;
            qz = (z0 + x2) / s;
        } else if (y1 > z2) {
            double s = Math.sqrt(1.0 + y1 - x0 - z2) * 2;
            qw = (z0 - x2) / s;
            qx = (y0 + x1) / s;
            qy = 0.25 * s;
            qz = (z1 + y2) / s;
        } else {
            double s = Math.sqrt(1.0 + z2 - x0 - y1) * 2;
            qw = (x1 - y0) / s;
            qx = (z0 + x2) / s;
            qy = (z1 + y2) / s;
            qz = 0.25 * s;
        }
        double len = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        setQuaternion(dest, d, qx / len, qy / len, qz / len, qw / len);
    }

    /**
     * The Hamilton product {@code dest = a × b} of two quaternions ({@code x y z w}) in double precision: the turn
     * {@code b} first, then {@code a}.
     *
     * @param a the left quaternion
     * @param b the right quaternion
     * @param dest receives the product; may be {@code a} or {@code b}
     */
    public static void quaternionProduct(double[] a, double[] b, double[] dest) {
        double x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
        double y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
        double z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
        double w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
        dest[0] = x;
        dest[1] = y;
        dest[2] = z;
        dest[3] = w;
    }

    /** Writes the unit quaternion of the shortest rotation taking unit axis {@code axis} onto unit vector u. */
    private static void shortestArc(int axis, double ux, double uy, double uz, float[] dest, int d) {
        double ax = axis == 0 ? 1 : 0;
        double ay = axis == 1 ? 1 : 0;
        double az = axis == 2 ? 1 : 0;
        double dot = ax * ux + ay * uy + az * uz;
        if (dot < -1 + 1e-12) {
            // opposite: half a turn about an axis perpendicular to the unit axis
            setQuaternion(dest, d, axis == 0 ? 0 : 1, axis == 0 ? 1 : 0, 0, 0);
            return;
        }
        double cx = ay * uz - az * uy;
        double cy = az * ux - ax * uz;
        double cz = ax * uy - ay * ux;
        double w = 1 + dot;
        double len = Math.sqrt(cx * cx + cy * cy + cz * cz + w * w);
        setQuaternion(dest, d, cx / len, cy / len, cz / len, w / len);
    }

    private static void setQuaternion(float[] dest, int d, double x, double y, double z, double w) {
        dest[d] = (float) x;
        dest[d + 1] = (float) y;
        dest[d + 2] = (float) z;
        dest[d + 3] = (float) w;
    }

    /**
     * How far a matrix's linear part is from a TRS: decomposes {@code m} into {@code trs} ({@link #decompose}),
     * composes that record again into {@code scratch} ({@link #composeTrs}) and returns the largest difference of a
     * linear column, relative to the length of that column of {@code m}:
     * {@code max over j of max |compose(decompose(m))[j] − m[j]| / |m[j]|}, where {@code m[j]} is column j of the 3×3
     * part. The translation is not compared (a TRS record holds it exactly), so the measure does not depend on where
     * the matrix puts the origin, nor on a uniform scale: it is a shear (an angle between columns that are not at
     * right angles) in radians, roughly. A zero column counts as reproduced when its round trip is zero too
     * (measure 0), else the measure is infinite. A matrix made by {@link #composeTrs} measures a few float rounding
     * units (2^-24 each); a shear of {@code e} between two unit columns measures about {@code e}.
     *
     * @param m matrix
     * @param o offset of the matrix
     * @param trs destination of the TRS record (the nearest TRS in the sense of {@link #decompose})
     * @param t offset of the record
     * @param scratch 12 floats for the composed round trip (may not overlap {@code m} or the record)
     * @param s offset in {@code scratch}
     * @return the largest relative difference of a linear column, ≥ 0, or infinity
     */
    public static double trsDeviation(float[] m, int o, float[] trs, int t, float[] scratch, int s) {
        decompose(m, o, trs, t);
        composeTrs(trs, t, scratch, s);
        double worst = 0;
        for (int c = 0; c < 9; c += 3) {
            double length = 0;
            double difference = 0;
            for (int k = c; k < c + 3; k++) {
                double v = m[o + k];
                length += v * v;
                difference = Math.max(difference, Math.abs(scratch[s + k] - v));
            }
            if (difference > 0) {
                worst = Math.max(worst, length == 0 ? Double.POSITIVE_INFINITY : difference / Math.sqrt(length));
            }
        }
        return worst;
    }

    /**
     * Largest absolute difference between two matrices, element by element.
     *
     * @param a first matrix
     * @param ao its offset
     * @param b second matrix
     * @param bo its offset
     * @return {@code max |a[k] - b[k]|}
     */
    public static float maxDifference(float[] a, int ao, float[] b, int bo) {
        float max = 0f;
        for (int k = 0; k < STRIDE; k++) {
            max = Math.max(max, Math.abs(a[ao + k] - b[bo + k]));
        }
        return max;
    }
}
