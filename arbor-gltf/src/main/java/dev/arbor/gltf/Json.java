package dev.arbor.gltf;

/**
 * Path-aware reads of the glTF JSON tree: every accessor takes the JSON location of the object it reads from and
 * reports a bad or missing value as a {@link GltfException} naming the full location and the value.
 */
final class Json {
    /**
     * Deepest nesting accepted by the parser. The parts Arbor interprets nest fewer than 10 levels and are walked by
     * known paths only; the limit is this high so that deep {@code extras} and extension objects, which are only
     * carried through to the writer, load. It still bounds the stack depth of tree copies and of writing.
     */
    static final int MAX_NESTING_DEPTH = 1000;
    /** Longest number literal accepted, in characters. */
    static final int MAX_NUMBER_LENGTH = 100;
    /** Longest property name accepted, in characters. */
    static final int MAX_NAME_LENGTH = 4096;

    private Json() {
    }

    /**
     * Parses a JSON document whose top level must be an object ({@link JsonTreeParser}); a failure is a
     * GltfException at location {@code json}.
     */
    static JsonValue parse(byte[] bytes, int offset, int length) throws GltfException {
        JsonValue root;
        try {
            root = JsonTreeParser.parse(bytes, offset, length);
        } catch (StackOverflowError e) {
            throw new GltfException("json", "malformed JSON: nested too deeply for this thread's stack", e);
        }
        if (root == null || !root.isObject()) {
            throw new GltfException("json", "top level is not an object: " + describe(root));
        }
        return root;
    }

    /** Short description of a JSON value for messages, truncated. */
    static String describe(JsonValue n) {
        if (n == null) {
            return "(missing)";
        }
        StringBuilder s = new StringBuilder();
        n.append(s, 60);
        return s.length() > 60 ? s.substring(0, 60) + "…" : s.toString();
    }

    /** @return the location of {@code key} in the object at {@code path} (spelled out only for a message) */
    static Location at(Location path, String key) {
        return path.key(key);
    }

    /** @return the location of element {@code index} of the array at {@code path} */
    static Location at(Location path, int index) {
        return path.index(index);
    }

    /** The value at key, required to be an object if present; null when absent. */
    static JsonValue optObject(JsonValue parent, Location path, String key) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return null;
        }
        if (!n.isObject()) {
            throw new GltfException(at(path, key), "expected an object, found " + describe(n));
        }
        return n;
    }

    static JsonValue reqObject(JsonValue parent, Location path, String key) throws GltfException {
        JsonValue n = optObject(parent, path, key);
        if (n == null) {
            throw new GltfException(at(path, key), "required object is missing");
        }
        return n;
    }

    /** The array at key, or an empty array when absent. */
    static JsonValue optArray(JsonValue parent, Location path, String key) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return JsonValue.EMPTY_ARRAY;
        }
        if (!n.isArray()) {
            throw new GltfException(at(path, key), "expected an array, found " + describe(n));
        }
        return n;
    }

    static JsonValue reqArray(JsonValue parent, Location path, String key, int minLength) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            throw new GltfException(at(path, key), "required array is missing");
        }
        if (!n.isArray()) {
            throw new GltfException(at(path, key), "expected an array, found " + describe(n));
        }
        if (n.size() < minLength) {
            throw new GltfException(at(path, key), "array has " + n.size() + " elements, at least " + minLength
                    + " required");
        }
        return n;
    }

    /** The element at index, required to be an object. */
    static JsonValue element(JsonValue array, Location path, int index) throws GltfException {
        JsonValue n = array.get(index);
        if (n == null || !n.isObject()) {
            throw new GltfException(at(path, index), "expected an object, found " + describe(n));
        }
        return n;
    }

    /** An integer value; the location is used in messages. */
    static long integer(JsonValue n, Location location) throws GltfException {
        if (n == null || n.kind() != JsonValue.INTEGER) {
            throw new GltfException(location, "expected an integer, found " + describe(n));
        }
        return n.longValue();
    }

    /** An index into an array of length bound, or -1 when absent. */
    static int optIndex(JsonValue parent, Location path, String key, int bound, String boundName)
            throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return -1;
        }
        return index(n, at(path, key), bound, boundName);
    }

    static int reqIndex(JsonValue parent, Location path, String key, int bound, String boundName)
            throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            throw new GltfException(at(path, key), "required index is missing");
        }
        return index(n, at(path, key), bound, boundName);
    }

    static int index(JsonValue n, Location location, int bound, String boundName) throws GltfException {
        long v = integer(n, location);
        if (v < 0 || v >= bound) {
            throw new GltfException(location, "index " + v + " out of range, " + boundName + "=" + bound);
        }
        return (int) v;
    }

    /** An integer in [min, max], or def when absent. */
    static long optInteger(JsonValue parent, Location path, String key, long def, long min, long max)
            throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return def;
        }
        return integerIn(n, at(path, key), min, max);
    }

    static long reqInteger(JsonValue parent, Location path, String key, long min, long max) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            throw new GltfException(at(path, key), "required integer is missing");
        }
        return integerIn(n, at(path, key), min, max);
    }

    static long integerIn(JsonValue n, Location location, long min, long max) throws GltfException {
        long v = integer(n, location);
        if (v < min || v > max) {
            throw new GltfException(location, "value " + v + " out of range [" + min + ", " + max + "]");
        }
        return v;
    }

    static String optString(JsonValue parent, Location path, String key) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return null;
        }
        if (!n.isString()) {
            throw new GltfException(at(path, key), "expected a string, found " + describe(n));
        }
        return n.textValue();
    }

    static String reqString(JsonValue parent, Location path, String key) throws GltfException {
        String s = optString(parent, path, key);
        if (s == null) {
            throw new GltfException(at(path, key), "required string is missing");
        }
        return s;
    }

    static boolean optBoolean(JsonValue parent, Location path, String key) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return false;
        }
        if (!n.isBoolean()) {
            throw new GltfException(at(path, key), "expected a boolean, found " + describe(n));
        }
        return n.booleanValue();
    }

    /** A finite float. */
    static float finiteFloat(JsonValue n, Location location) throws GltfException {
        if (n == null || !n.isNumber()) {
            throw new GltfException(location, "expected a number, found " + describe(n));
        }
        float f = (float) n.doubleValue();
        if (!Float.isFinite(f)) {
            throw new GltfException(location, "value " + n.numberText() + " is not a finite float");
        }
        return f;
    }

    /** A fixed-length array of finite floats, or null when absent. */
    static float[] optFloats(JsonValue parent, Location path, String key, int length) throws GltfException {
        JsonValue n = parent.get(key);
        if (n == null) {
            return null;
        }
        if (!n.isArray() || n.size() != length) {
            throw new GltfException(at(path, key), "expected an array of " + length + " numbers, found "
                    + describe(n));
        }
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            JsonValue v = n.get(i);
            float f = (float) v.doubleValue();
            if (!v.isNumber() || f - f != 0) { // not a number, or not finite: the location only for the message
                f = finiteFloat(v, at(at(path, key), i));
            }
            out[i] = f;
        }
        return out;
    }
}
