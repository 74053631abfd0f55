package dev.arbor.gltf;

import static dev.arbor.gltf.GltfReader.BYTE;
import static dev.arbor.gltf.GltfReader.FLOAT;
import static dev.arbor.gltf.GltfReader.SHORT;
import static dev.arbor.gltf.GltfReader.UNSIGNED_BYTE;
import static dev.arbor.gltf.GltfReader.UNSIGNED_INT;
import static dev.arbor.gltf.GltfReader.UNSIGNED_SHORT;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The accessors of a document whose buffers, buffer views and accessors the reader has already checked (every byte
 * range inside its buffer), able to decode any accessor into floats or ints: strides, matrix column padding,
 * normalisation and sparse substitution. The reader uses it while reading; a {@link GltfModel} keeps one, over the
 * trimmed buffers of its {@link SourceDocument}, to decode mesh geometry when it is first asked for. Immutable (the
 * arrays are never changed after construction) and thread-safe: the buffers are only read with absolute gets and
 * through views of their own.
 *
 * <p>Each buffer is a little-endian {@link ByteBuffer} whose index 0 is the buffer's first byte: a heap buffer over a
 * document read into memory, or direct memory when the reader read a {@code .glb} file straight into it, in which
 * case {@link #slice} hands out its bytes where they lie.
 */
final class Accessors {
    /** The document's {@code accessors} array, for the sparse parts. */
    private final JsonValue json;
    /** Each buffer's bytes from index 0, little-endian; never read with relative gets. */
    private final ByteBuffer[] buffers;
    /** Each buffer's {@code byteLength}. */
    private final int[] bufferLength;
    final int[] viewBuffer;
    final int[] viewOffset;
    final int[] viewStride;
    final int[] view;
    final int[] offset;
    /** The buffers in direct memory: themselves if direct, else copies made on the first request for GPU-ready data. */
    private final ByteBuffer[] direct;
    final int[] componentType;
    final String[] type;
    final int[] count;
    final boolean[] normalized;

    Accessors(JsonValue json, ByteBuffer[] buffers, int[] bufferLength, int[] viewBuffer,
              int[] viewOffset, int[] viewStride, int[] view, int[] offset, int[] componentType, String[] type,
              int[] count, boolean[] normalized) {
        this.json = json;
        this.buffers = buffers;
        this.bufferLength = bufferLength;
        this.viewBuffer = viewBuffer;
        this.viewOffset = viewOffset;
        this.viewStride = viewStride;
        this.view = view;
        this.offset = offset;
        this.componentType = componentType;
        this.type = type;
        this.count = count;
        this.normalized = normalized;
        this.direct = new ByteBuffer[buffers.length];
        for (int b = 0; b < buffers.length; b++) {
            direct[b] = buffers[b].isDirect() ? buffers[b] : null;
        }
    }

    /**
     * The same accessors over the buffers a model keeps, with a cache of direct copies of its own.
     *
     * @param buffers each buffer's bytes from index 0, little-endian
     */
    Accessors withBuffers(ByteBuffer[] buffers) {
        return new Accessors(json, buffers, bufferLength, viewBuffer, viewOffset, viewStride, view, offset,
                componentType, type, count, normalized);
    }

    /** @return the number of accessors */
    int size() {
        return count.length;
    }

    /** Receives one component: its index in the output ({@code element × components + c}) and where it lies. */
    private interface Sink {
        void put(int index, ByteBuffer data, int at) throws GltfException;
    }

    /*
     * The sinks are classes, not lambdas: a fresh JVM's first lambda costs a first read milliseconds. Each passes
     * itself to visit (fill), so that no code of this class hands a sink class to a Sink parameter: verifying such
     * code loads Sink, a class of its own that a read of float data without sparse parts never needs.
     */

    /** Stores components as floats, normalised integers converted. */
    private static final class FloatSink implements Sink {
        private final float[] out;
        private final int componentType;
        private final boolean normalized;

        FloatSink(float[] out, int componentType, boolean normalized) {
            this.out = out;
            this.componentType = componentType;
            this.normalized = normalized;
        }

        void fill(Accessors accessors, int a) throws GltfException {
            accessors.visit(a, this);
        }

        @Override
        public void put(int index, ByteBuffer data, int at) {
            out[index] = readFloat(data, at, componentType, normalized);
        }
    }

    /** Stores unsigned integer components, each checked to be below a bound. */
    private static final class IntSink implements Sink {
        private final int[] out;
        private final int accessor;
        private final int components;
        private final int componentType;
        private final Location use;
        private final long bound;
        private final String what;

        IntSink(int[] out, int accessor, int components, int componentType, Location use, long bound, String what) {
            this.out = out;
            this.accessor = accessor;
            this.components = components;
            this.componentType = componentType;
            this.use = use;
            this.bound = bound;
            this.what = what;
        }

        void fill(Accessors accessors, int a) throws GltfException {
            accessors.visit(a, this);
        }

        @Override
        public void put(int i, ByteBuffer data, int at) throws GltfException {
            long value = readInt(data, at, componentType) & 0xFFFF_FFFFL; // every unsigned type as unsigned
            if (value >= bound) {
                throw new GltfException(Json.at(Location.top("accessors"), accessor),
                        "element " + i / components + " component "
                        + i % components + " is " + value + ", not below " + what + "=" + bound + " (used by "
                        + use + ")");
            }
            out[i] = (int) value;
        }
    }

    /** Visits every component of accessor {@code a}: the buffer view's (if any), then the sparse substitutions. */
    private void visit(int a, Sink sink) throws GltfException {
        String t = type[a];
        int ct = componentType[a];
        int components = GltfReader.components(t);
        int v = view[a];
        if (v >= 0) {
            ByteBuffer data = buffers[viewBuffer[v]];
            int element = GltfReader.elementSize(t, ct);
            int stride = viewStride[v] == 0 ? element : viewStride[v];
            int base = viewOffset[v] + offset[a];
            int[] offsets = new int[components];
            for (int c = 0; c < components; c++) {
                offsets[c] = GltfReader.componentOffset(t, ct, c);
            }
            for (int e = 0; e < count[a]; e++) {
                int at = base + e * stride;
                for (int c = 0; c < components; c++) {
                    sink.put(e * components + c, data, at + offsets[c]);
                }
            }
        }
        JsonValue sparse = json.get(a).get("sparse");
        if (sparse != null) {
            visitSparse(sparse, Json.at(Json.at(Location.top("accessors"), a), "sparse"), a, components, sink);
        }
    }

    private void visitSparse(JsonValue sparse, Location path, int a, int components, Sink sink) throws GltfException {
        int n = (int) Json.reqInteger(sparse, path, "count", 1, count[a]);
        JsonValue indices = sparse.get("indices");
        JsonValue values = sparse.get("values");
        int iv = (int) Json.integer(indices.get("bufferView"), path);
        int ict = (int) Json.integer(indices.get("componentType"), path);
        int ibase = viewOffset[iv]
                + (int) Json.optInteger(indices, path, "byteOffset", 0, 0, GltfReader.MAX_BUFFER_BYTES);
        ByteBuffer idata = buffers[viewBuffer[iv]];
        int isize = GltfReader.componentSize(ict);
        int vv = (int) Json.integer(values.get("bufferView"), path);
        int vbase = viewOffset[vv]
                + (int) Json.optInteger(values, path, "byteOffset", 0, 0, GltfReader.MAX_BUFFER_BYTES);
        ByteBuffer vdata = buffers[viewBuffer[vv]];
        String t = type[a];
        int ct = componentType[a];
        int element = GltfReader.elementSize(t, ct);
        long previous = -1;
        for (int k = 0; k < n; k++) {
            long index = readInt(idata, ibase + k * isize, ict) & 0xFFFF_FFFFL; // unsigned types only
            if (index >= count[a] || index <= previous) {
                throw new GltfException(Json.at(path, "indices"), "index " + index + " at position " + k
                        + (index >= count[a] ? " out of range, accessor count=" + count[a]
                        : " is not greater than the previous index " + previous));
            }
            previous = index;
            for (int c = 0; c < components; c++) {
                sink.put((int) index * components + c, vdata, vbase + k * element
                        + GltfReader.componentOffset(t, ct, c));
            }
        }
    }

    /**
     * Reads an accessor of any component type as floats ({@code count × components}), normalised integers
     * converted, sparse values substituted, each value checked to be finite.
     *
     * @param a accessor index (already range-checked)
     * @param use JSON location of the reference, for messages
     */
    float[] decode(int a, Location use) throws GltfException {
        int components = GltfReader.components(type[a]);
        return decode(a, use, new float[Math.multiplyExact(count[a], components)]);
    }

    /** {@link #decode(int, Location)} into {@code out}, at least {@code count × components} long. */
    float[] decode(int a, Location use, float[] out) throws GltfException {
        int components = GltfReader.components(type[a]);
        int ct = componentType[a];
        if (ct == FLOAT && view[a] >= 0 && json.get(a).get("sparse") == null) {
            copyFloats(a, components, out);
        } else if (ct != FLOAT && view[a] >= 0 && !type[a].startsWith("MAT") && json.get(a).get("sparse") == null) {
            int n = count[a] * components;
            int[] ints = new int[n];
            copyInts(a, ints);
            intsToFloats(ints, n, ct, normalized[a], out);
        } else {
            if (view[a] < 0) {
                java.util.Arrays.fill(out, 0, count[a] * components, 0f); // no buffer view: zeros, then sparse
            }
            new FloatSink(out, ct, normalized[a]).fill(this, a);
        }
        for (int i = 0, n = count[a] * components; i < n; i++) {
            float x = out[i];
            if (x - x != 0f) { // NaN for NaN and the infinities: Float.isFinite without a call
                throw nonFinite(a, i, components, x, use);
            }
        }
        return out;
    }

    private static GltfException nonFinite(int a, int i, int components, float x, Location use) {
        return new GltfException(Json.at(Location.top("accessors"), a), "element " + i / components + " component "
                + i % components + " is " + x + " (used by " + use + ")");
    }

    /** Floats a chunk of {@link #bounds3} holds: 1,024 elements of 3. */
    private static final int BOUNDS_CHUNK = 3 * 1024;

    /**
     * The smallest and largest value of each component of a VEC3 accessor, every value checked to be finite as
     * {@link #decode} checks it. Tightly packed FLOAT data from a buffer view with no sparse part (every POSITION an
     * exporter writes) is read in chunks of {@link #BOUNDS_CHUNK} floats into one small array, so that a large mesh's
     * bounds take no array of its size; anything else is decoded first.
     *
     * @param a a VEC3 accessor with at least one element
     * @param use JSON location of the reference, for messages
     * @return {@code {min, max}}, 3 floats each
     */
    float[][] bounds3(int a, Location use) throws GltfException {
        int n = 3 * count[a];
        int v = view[a];
        float[] min = new float[3];
        float[] max = new float[3];
        if (componentType[a] == FLOAT && v >= 0 && (viewStride[v] == 0 || viewStride[v] == 12)
                && json.get(a).get("sparse") == null) {
            java.nio.FloatBuffer floats = view(buffers[viewBuffer[v]], viewOffset[v] + offset[a], 4 * n)
                    .asFloatBuffer();
            float[] chunk = new float[Math.min(n, BOUNDS_CHUNK)];
            for (int at = 0; at < n; at += chunk.length) {
                int length = Math.min(chunk.length, n - at);
                floats.get(at, chunk, 0, length);
                for (int i = 0; i < length; i++) {
                    float x = chunk[i];
                    if (x - x != 0f) {
                        throw nonFinite(a, at + i, 3, x, use);
                    }
                }
                widen(chunk, length, at == 0, min, max);
            }
        } else {
            float[] values = decode(a, use);
            widen(values, n, true, min, max);
        }
        return new float[][] {min, max};
    }

    /**
     * Widens {@code min} and {@code max} per component over {@code length} finite values, 3 per element (started
     * from the first element when {@code first}). {@code Math.min} and {@code Math.max} only for zeros, for -0
     * against 0: this runs interpreted during a fresh JVM's first read.
     */
    private static void widen(float[] values, int length, boolean first, float[] min, float[] max) {
        for (int c = 0; c < 3; c++) {
            float lo = first ? values[c] : min[c];
            float hi = first ? values[c] : max[c];
            for (int i = c; i < length; i += 3) {
                float x = values[i];
                if (x < lo) {
                    lo = x;
                } else if (x > hi) {
                    hi = x;
                } else if (x == 0f) {
                    lo = Math.min(lo, x);
                    hi = Math.max(hi, x);
                }
            }
            min[c] = lo;
            max[c] = hi;
        }
    }

    /**
     * The common case of {@link #decode}, FLOAT components from a buffer view and no sparse part, without a sink
     * call and a component-type switch per value: these loops run in the interpreter during a fresh JVM's first
     * read. Tightly packed data is one bulk copy; FLOAT elements have no column padding, so component {@code c} of
     * an element is at {@code 4c}.
     */
    private void copyFloats(int a, int components, float[] out) {
        int v = view[a];
        ByteBuffer data = buffers[viewBuffer[v]];
        int element = 4 * components;
        int stride = viewStride[v] == 0 ? element : viewStride[v];
        int base = viewOffset[v] + offset[a];
        if (stride == element) {
            int n = count[a] * components;
            view(data, base, 4 * n).asFloatBuffer().get(out, 0, n);
            return;
        }
        int i = 0;
        for (int e = 0, n = count[a]; e < n; e++) {
            for (int at = base + e * stride, end = at + element; at < end; at += 4) {
                out[i++] = data.getFloat(at);
            }
        }
    }

    /**
     * Reads an accessor of an unsigned integer component type, not normalized, as ints ({@code count ×
     * components}), sparse values substituted, each value checked to be below {@code bound}.
     *
     * @param a accessor index (already range-checked)
     * @param use JSON location of the reference, for messages
     * @param bound exclusive upper bound of every value, and what it is ({@code what}) for the message
     */
    int[] decodeInts(int a, Location use, long bound, String what) throws GltfException {
        int ct = componentType[a];
        if (ct != UNSIGNED_BYTE && ct != UNSIGNED_SHORT && ct != UNSIGNED_INT || normalized[a]) {
            throw new GltfException(Json.at(Json.at(Location.top("accessors"), a), "componentType"),
                    "component type " + ct
                    + (normalized[a] ? " (normalized)" : "") + " is not allowed for " + use
                    + ", expected unsigned integers 5121, 5123 or 5125");
        }
        int components = GltfReader.components(type[a]);
        int[] out = new int[Math.multiplyExact(count[a], components)];
        if (!copyInts(a, out)) {
            new IntSink(out, a, components, ct, use, bound, what).fill(this, a);
            return out;
        }
        // copyInts gives UNSIGNED_BYTE and UNSIGNED_SHORT values as non-negative ints and UNSIGNED_INT as its 32
        // bits, so the mask gives every value as unsigned; no call or branch on the type per value, as this loop
        // runs in the interpreter over every index of a fresh JVM's first read
        for (int i = 0; i < out.length; i++) {
            long value = out[i] & 0xFFFF_FFFFL;
            if (value >= bound) {
                throw new GltfException(Json.at(Location.top("accessors"), a), "element " + i / components
                        + " component " + i % components + " is " + value + ", not below " + what + "=" + bound
                        + " (used by " + use + ")");
            }
        }
        return out;
    }

    /** @return whether accessor {@code a} has a {@code sparse} part */
    boolean sparse(int a) {
        return json.get(a).get("sparse") != null;
    }

    /** @return the byte stride of accessor {@code a}'s elements in its buffer view (the element size if tight) */
    int stride(int a) {
        int v = view[a];
        int element = GltfReader.elementSize(type[a], componentType[a]);
        return v < 0 || viewStride[v] == 0 ? element : viewStride[v];
    }

    /**
     * A direct, little-endian copy of buffer {@code b}, made on the first call and shared by every later call (each
     * caller gets its own {@link ByteBuffer#duplicate()}); O(buffer bytes) once. Synchronized: the copy is made once.
     */
    synchronized ByteBuffer directBuffer(int b) {
        ByteBuffer d = direct[b];
        if (d == null) {
            d = ByteBuffer.allocateDirect(bufferLength[b]).order(ByteOrder.LITTLE_ENDIAN);
            d.put(0, buffers[b], 0, bufferLength[b]);
            direct[b] = d;
        }
        return d.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A little-endian view of {@code length} bytes of {@code data} from {@code from}, for bulk reads: its own position
     * and limit, so that readers on other threads are not disturbed.
     */
    private static ByteBuffer view(ByteBuffer data, int from, int length) {
        return data.slice(from, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A read-only slice of the direct buffer holding accessor {@code a}'s elements where they lie, starting at its
     * first element: {@code (count - 1) × stride + elementSize} bytes. Only for accessors with a buffer view and no
     * sparse part.
     */
    ByteBuffer slice(int a) {
        int v = view[a];
        int length = (count[a] - 1) * stride(a) + GltfReader.elementSize(type[a], componentType[a]);
        ByteBuffer b = directBuffer(viewBuffer[v]);
        b.position(viewOffset[v] + offset[a]).limit(viewOffset[v] + offset[a] + Math.max(length, 0));
        return b.slice().asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Writes the bytes of each element of accessor {@code a} (its component type unchanged, sparse values
     * substituted; zeros where it has neither buffer view nor sparse value) into {@code dest} at
     * {@code at + e × destStride}.
     */
    void copyElements(int a, ByteBuffer dest, int at, int destStride) throws GltfException {
        String t = type[a];
        int ct = componentType[a];
        int element = GltfReader.elementSize(t, ct);
        int v = view[a];
        if (v >= 0) {
            ByteBuffer data = buffers[viewBuffer[v]];
            int stride = stride(a);
            int base = viewOffset[v] + offset[a];
            for (int e = 0; e < count[a]; e++) {
                dest.put(at + e * destStride, data, base + e * stride, element);
            }
        } else {
            for (int e = 0; e < count[a]; e++) {
                for (int k = 0; k < element; k++) {
                    dest.put(at + e * destStride + k, (byte) 0);
                }
            }
        }
        JsonValue sparse = json.get(a).get("sparse");
        if (sparse != null) {
            int components = GltfReader.components(t);
            new ByteSink(dest, at, destStride, components, GltfReader.componentSize(ct), t, ct)
                    .fill(this, a, sparse);
        }
    }

    /** Copies substituted sparse components into a byte buffer, at their element's place. */
    private static final class ByteSink implements Sink {
        private final ByteBuffer dest;
        private final int at;
        private final int stride;
        private final int components;
        private final int size;
        private final String type;
        private final int componentType;

        ByteSink(ByteBuffer dest, int at, int stride, int components, int size, String type, int componentType) {
            this.dest = dest;
            this.at = at;
            this.stride = stride;
            this.components = components;
            this.size = size;
            this.type = type;
            this.componentType = componentType;
        }

        void fill(Accessors accessors, int a, JsonValue sparse) throws GltfException {
            accessors.visitSparse(sparse, Json.at(Json.at(Location.top("accessors"), a), "sparse"), a, components,
                    this);
        }

        @Override
        public void put(int index, ByteBuffer data, int from) {
            int e = index / components;
            int c = index % components;
            dest.put(at + e * stride + GltfReader.componentOffset(type, componentType, c), data, from, size);
        }
    }

    /** Stores integer components as they are: sign- or zero-extended, UNSIGNED_INT as its 32 bits. */
    private static final class RawIntSink implements Sink {
        private final int[] out;
        private final int componentType;

        RawIntSink(int[] out, int componentType) {
            this.out = out;
            this.componentType = componentType;
        }

        void fill(Accessors accessors, int a) throws GltfException {
            accessors.visit(a, this);
        }

        @Override
        public void put(int index, ByteBuffer data, int at) {
            out[index] = readInt(data, at, componentType);
        }
    }

    /**
     * Reads an accessor of an integer component type as its integer values ({@code count × components}; not
     * normalised, UNSIGNED_INT as its 32 bits), sparse values substituted.
     */
    int[] rawInts(int a) throws GltfException {
        int[] out = new int[Math.multiplyExact(count[a], GltfReader.components(type[a]))];
        if (!copyInts(a, out)) {
            new RawIntSink(out, componentType[a]).fill(this, a);
        }
        return out;
    }

    /**
     * The common case of the integer decodings, integer components from a buffer view and no sparse part (and no
     * matrix, whose small components are padded): one plain loop per component type instead of a sink call and a
     * switch per value, as {@link #copyFloats} for floats; these loops run in the interpreter during a fresh JVM's
     * first read of the indices. Tightly packed UNSIGNED_INT data is one bulk copy.
     *
     * @return whether {@code out} was filled (else the caller visits the components)
     */
    private boolean copyInts(int a, int[] out) {
        int v = view[a];
        int ct = componentType[a];
        if (v < 0 || ct == FLOAT || type[a].startsWith("MAT") || json.get(a).get("sparse") != null) {
            return false;
        }
        ByteBuffer data = buffers[viewBuffer[v]];
        int components = GltfReader.components(type[a]);
        int size = GltfReader.componentSize(ct);
        int element = components * size;
        int stride = viewStride[v] == 0 ? element : viewStride[v];
        int base = viewOffset[v] + offset[a];
        int n = count[a];
        if (stride == element) {
            copyTightInts(view(data, base, n * element), ct, out, n * components);
            return true;
        }
        int i = 0;
        for (int e = 0; e < n; e++) {
            int at = base + e * stride;
            int end = at + element;
            switch (ct) {
                case UNSIGNED_SHORT:
                    for (; at < end; at += 2) {
                        out[i++] = data.getShort(at) & 0xFFFF;
                    }
                    break;
                case UNSIGNED_BYTE:
                    for (; at < end; at++) {
                        out[i++] = data.get(at) & 0xFF;
                    }
                    break;
                case SHORT:
                    for (; at < end; at += 2) {
                        out[i++] = data.getShort(at);
                    }
                    break;
                case BYTE:
                    for (; at < end; at++) {
                        out[i++] = data.get(at);
                    }
                    break;
                default:
                    for (; at < end; at += 4) {
                        out[i++] = data.getInt(at);
                    }
                    break;
            }
        }
        return true;
    }

    /**
     * {@code n} tightly packed integer components of {@code tight} (a view starting at the first) as ints: one bulk
     * copy, then for the narrow types one widening loop over an array, which the interpreter runs several times
     * faster than a buffer get per value.
     */
    private static void copyTightInts(ByteBuffer tight, int ct, int[] out, int n) {
        switch (ct) {
            case UNSIGNED_INT:
                tight.asIntBuffer().get(out, 0, n);
                return;
            case UNSIGNED_SHORT:
            case SHORT: {
                short[] values = new short[n];
                tight.asShortBuffer().get(values);
                int mask = ct == SHORT ? -1 : 0xFFFF;
                for (int i = 0; i < n; i++) {
                    out[i] = values[i] & mask;
                }
                return;
            }
            default: {
                byte[] values = new byte[n];
                tight.get(0, values);
                int mask = ct == BYTE ? -1 : 0xFF;
                for (int i = 0; i < n; i++) {
                    out[i] = values[i] & mask;
                }
            }
        }
    }

    /** {@link #readFloat}'s conversion of {@code n} integers as {@link #copyInts} reads them, a loop per case. */
    private static void intsToFloats(int[] in, int n, int componentType, boolean normalized, float[] out) {
        if (componentType == UNSIGNED_INT) {
            for (int i = 0; i < n; i++) {
                out[i] = (float) Integer.toUnsignedLong(in[i]);
            }
        } else if (!normalized) {
            for (int i = 0; i < n; i++) {
                out[i] = in[i];
            }
        } else if (componentType == UNSIGNED_BYTE || componentType == UNSIGNED_SHORT) {
            float max = componentType == UNSIGNED_BYTE ? 255f : 65535f;
            for (int i = 0; i < n; i++) {
                out[i] = in[i] / max;
            }
        } else {
            float max = componentType == BYTE ? 127f : 32767f;
            for (int i = 0; i < n; i++) {
                out[i] = Math.max(in[i] / max, -1f);
            }
        }
    }

    /** One integer component, sign- or zero-extended; UNSIGNED_INT as its 32 bits. */
    static int readInt(ByteBuffer data, int at, int componentType) {
        switch (componentType) {
            case BYTE:
                return data.get(at);
            case UNSIGNED_BYTE:
                return data.get(at) & 0xFF;
            case SHORT:
                return data.getShort(at);
            case UNSIGNED_SHORT:
                return data.getShort(at) & 0xFFFF;
            default:
                return data.getInt(at);
        }
    }

    /** One component as a float, normalised integers converted as the specification defines. */
    static float readFloat(ByteBuffer data, int at, int componentType, boolean normalized) {
        switch (componentType) {
            case FLOAT:
                return data.getFloat(at);
            case UNSIGNED_INT:
                return (float) Integer.toUnsignedLong(data.getInt(at));
            default:
                break;
        }
        int v = readInt(data, at, componentType);
        if (!normalized) {
            return v;
        }
        switch (componentType) {
            case BYTE:
                return Math.max(v / 127f, -1f);
            case UNSIGNED_BYTE:
                return v / 255f;
            case SHORT:
                return Math.max(v / 32767f, -1f);
            default:
                return v / 65535f;
        }
    }
}
