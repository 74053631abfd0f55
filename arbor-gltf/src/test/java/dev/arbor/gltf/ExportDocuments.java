package dev.arbor.gltf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Base64;

/** Small hand-written glTF documents for the export and warning tests. */
final class ExportDocuments {
    private ExportDocuments() {
    }

    /** A data: URI of little-endian floats. */
    static String floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : values) {
            b.putFloat(f);
        }
        return "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(b.array());
    }

    /** Per component, the least and the greatest of {@code values} (items of {@code components} floats): {min, max}. */
    static float[][] bounds(float[] values, int components) {
        float[][] b = new float[2][components];
        for (int c = 0; c < components; c++) {
            b[0][c] = Float.POSITIVE_INFINITY;
            b[1][c] = Float.NEGATIVE_INFINITY;
            for (int i = c; i < values.length; i += components) {
                b[0][c] = Math.min(b[0][c], values[i]);
                b[1][c] = Math.max(b[1][c], values[i]);
            }
        }
        return b;
    }

    /** Accessors 0: key times [0, 1]; 1: two VEC3 translations; 2: two VEC4 rotations. */
    static final String ANIMATION_DATA = "\"buffers\": [{\"byteLength\": 64, \"uri\": \""
            + floats(0, 1, 0, 0, 0, 1, 2, 3, 0, 0, 0, 1, 0, 0.7071068f, 0, 0.7071068f) + "\"}],"
            + "\"bufferViews\": [{\"buffer\": 0, \"byteLength\": 8}, {\"buffer\": 0, \"byteOffset\": 8,"
            + " \"byteLength\": 24}, {\"buffer\": 0, \"byteOffset\": 32, \"byteLength\": 32}],"
            + "\"accessors\": [{\"bufferView\": 0, \"componentType\": 5126, \"count\": 2, \"type\": \"SCALAR\","
            + " \"min\": [0], \"max\": [1]}, {\"bufferView\": 1, \"componentType\": 5126, \"count\": 2,"
            + " \"type\": \"VEC3\"}, {\"bufferView\": 2, \"componentType\": 5126, \"count\": 2, \"type\": \"VEC4\"}]";

    /**
     * Two scenes, the default being 1; node 0 only in scene 0; node 2 animated through KHR_animation_pointer (a
     * used, not required, extension), node 3 by a translation channel; extras and extensions on several levels.
     */
    static final String TWO_SCENES = "{\"asset\": {\"version\": \"2.0\", \"copyright\": \"(c) test\"},"
            + "\"extensionsUsed\": [\"KHR_animation_pointer\", \"EXT_example\"],"
            + "\"extras\": {\"top\": [1, {\"deep\": true}]},"
            + "\"scene\": 1, \"scenes\": [{\"name\": \"first\", \"nodes\": [0]},"
            + " {\"name\": \"second\", \"nodes\": [1], \"extras\": {\"s\": 1}}],"
            + "\"nodes\": [{\"name\": \"only-in-first\", \"translation\": [1, 0, 0], \"extras\": {\"n\": 0}},"
            + " {\"name\": \"root\", \"children\": [2, 3]},"
            + " {\"name\": \"pointed\", \"translation\": [0, 1, 0]},"
            + " {\"name\": \"moved\", \"extras\": {\"n\": 3}, \"extensions\": {\"EXT_example\": {\"a\": 1}}}],"
            + "\"animations\": [{\"name\": \"both\", \"channels\": ["
            + "{\"sampler\": 0, \"target\": {\"path\": \"pointer\", \"extensions\": {\"KHR_animation_pointer\":"
            + " {\"pointer\": \"/nodes/2/rotation\"}}}},"
            + "{\"sampler\": 1, \"target\": {\"node\": 3, \"path\": \"translation\"}}],"
            + "\"samplers\": [{\"input\": 0, \"output\": 2}, {\"input\": 0, \"output\": 1}]}],"
            + ANIMATION_DATA + "}";
}
