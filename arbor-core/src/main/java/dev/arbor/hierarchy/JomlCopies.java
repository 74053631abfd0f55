package dev.arbor.hierarchy;

import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Matrix4x3f;
import org.joml.Matrix4x3fc;

/**
 * Copies between Arbor's column-major float arrays and JOML's matrices element by element. JOML's own array copies
 * go through its {@code MemUtil}, which on JDK 24 and later makes the JVM print a warning about
 * {@code sun.misc.Unsafe} the first time it runs; these copies never load it, so reading and writing Arbor's matrices
 * through JOML prints nothing (JOML's other operations may still).
 */
final class JomlCopies {
    private JomlCopies() {
    }

    /** Sets {@code dest} from 12 floats column-major 3×4 at {@code o}. */
    static Matrix4x3f set(Matrix4x3f dest, float[] m, int o) {
        return dest.set(m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4], m[o + 5], m[o + 6], m[o + 7], m[o + 8],
                m[o + 9], m[o + 10], m[o + 11]);
    }

    /** Sets {@code dest} from 16 floats column-major 4×4 at {@code o}. */
    static Matrix4f set(Matrix4f dest, float[] m, int o) {
        return dest.set(m[o], m[o + 1], m[o + 2], m[o + 3], m[o + 4], m[o + 5], m[o + 6], m[o + 7], m[o + 8],
                m[o + 9], m[o + 10], m[o + 11], m[o + 12], m[o + 13], m[o + 14], m[o + 15]);
    }

    /** Writes {@code src} as 12 floats column-major 3×4 at {@code o}. */
    static float[] get(Matrix4x3fc src, float[] dest, int o) {
        dest[o] = src.m00();
        dest[o + 1] = src.m01();
        dest[o + 2] = src.m02();
        dest[o + 3] = src.m10();
        dest[o + 4] = src.m11();
        dest[o + 5] = src.m12();
        dest[o + 6] = src.m20();
        dest[o + 7] = src.m21();
        dest[o + 8] = src.m22();
        dest[o + 9] = src.m30();
        dest[o + 10] = src.m31();
        dest[o + 11] = src.m32();
        return dest;
    }

    /** Writes {@code src} as 16 floats column-major 4×4 at {@code o}. */
    static float[] get(Matrix4fc src, float[] dest, int o) {
        dest[o] = src.m00();
        dest[o + 1] = src.m01();
        dest[o + 2] = src.m02();
        dest[o + 3] = src.m03();
        dest[o + 4] = src.m10();
        dest[o + 5] = src.m11();
        dest[o + 6] = src.m12();
        dest[o + 7] = src.m13();
        dest[o + 8] = src.m20();
        dest[o + 9] = src.m21();
        dest[o + 10] = src.m22();
        dest[o + 11] = src.m23();
        dest[o + 12] = src.m30();
        dest[o + 13] = src.m31();
        dest[o + 14] = src.m32();
        dest[o + 15] = src.m33();
        return dest;
    }
}
