package dev.arbor.gltf;

import java.util.Map;

/**
 * What a {@link GltfModel} keeps of its file so that {@link GltfWriter} can carry everything Arbor does not model
 * through unchanged: the JSON tree (never mutated after reading; the writer works on a deep copy), the bytes of each
 * buffer (exactly {@code byteLength} each) and, for {@code POSITION} accessors whose declared {@code min}/{@code max}
 * contradict their data, the values computed from the data (the writer corrects them).
 */
final class SourceDocument {
    final JsonValue json;
    final byte[][] buffers;
    /** Accessor index → {min, max} from the data, for POSITION accessors whose declared bounds are wrong. */
    final Map<Integer, float[][]> correctedMinMax;

    SourceDocument(JsonValue json, byte[][] buffers, Map<Integer, float[][]> correctedMinMax) {
        this.json = json;
        this.buffers = buffers;
        this.correctedMinMax = Map.copyOf(correctedMinMax);
    }
}
