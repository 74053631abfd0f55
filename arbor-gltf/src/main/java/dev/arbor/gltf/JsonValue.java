package dev.arbor.gltf;

import java.util.HashMap;

/**
 * One value of a parsed JSON document, immutable: an object (members in document order), an array, a string, a
 * number (an integer that fits a {@code long}, a larger integer kept as its digits, or a double), a boolean or null.
 * {@link JsonTreeParser} makes the tree; the reader, the meshes and the writer read it.
 *
 * <p>One class with a kind tag rather than a class per kind: in a fresh JVM each class of a tree costs loading and
 * verifying, and Jackson's tree (about 38 classes with what they pull in) was a fifth of a first {@link Gltf#read}
 * (see {@code docs/lab/cold-start.md}). The accessors are named after Jackson's {@code JsonNode} and answer the same
 * way: {@link #get(String)} and {@link #get(int)} give {@code null} for a missing member or element, or when this is
 * not an object or array; {@link #toString()} is the compact JSON text Jackson writes for the same tree.
 */
final class JsonValue {
    static final byte OBJECT = 1;
    static final byte ARRAY = 2;
    static final byte STRING = 3;
    /** An integer that fits a {@code long}. */
    static final byte INTEGER = 4;
    /** An integer that does not fit a {@code long}, kept as its digits. */
    static final byte BIG_INTEGER = 5;
    static final byte DOUBLE = 6;
    static final byte TRUE = 7;
    static final byte FALSE = 8;
    static final byte NULL = 9;

    static final JsonValue TRUE_VALUE = new JsonValue(TRUE, 0, null, null, null);
    static final JsonValue FALSE_VALUE = new JsonValue(FALSE, 0, null, null, null);
    static final JsonValue NULL_VALUE = new JsonValue(NULL, 0, null, null, null);
    static final JsonValue EMPTY_ARRAY = new JsonValue(ARRAY, 0, null, new JsonValue[0], null);
    static final JsonValue EMPTY_OBJECT = new JsonValue(OBJECT, 0, null, new JsonValue[0], new String[0]);

    /** Objects with more members than this are searched through a hash map ({@link #index}), smaller ones in order. */
    static final int LINEAR_SEARCH_MEMBERS = 8;

    private final byte kind;
    /** An {@link #INTEGER}'s value, or a {@link #DOUBLE}'s raw bits. */
    private final long bits;
    /** A {@link #STRING}'s value or a {@link #BIG_INTEGER}'s digits (with a leading '-' when negative). */
    private final String text;
    /** An array's elements, or an object's member values (in document order). */
    private final JsonValue[] items;
    /** An object's member names, parallel to {@link #items}. */
    private final String[] names;
    /** Member name → position, for objects of more than {@link #LINEAR_SEARCH_MEMBERS} members; else null. */
    private final HashMap<String, Integer> index;

    private JsonValue(byte kind, long bits, String text, JsonValue[] items, String[] names) {
        this(kind, bits, text, items, names, null);
    }

    private JsonValue(byte kind, long bits, String text, JsonValue[] items, String[] names,
                      HashMap<String, Integer> index) {
        this.kind = kind;
        this.bits = bits;
        this.text = text;
        this.items = items;
        this.names = names;
        this.index = index;
    }

    // ------------------------------------------------------------------------------------------------- making

    static JsonValue string(String value) {
        return new JsonValue(STRING, 0, value, null, null);
    }

    static JsonValue integer(long value) {
        return new JsonValue(INTEGER, value, null, null, null);
    }

    /** @param digits an integer's digits, optionally after '-', without leading zeros, beyond a long's range */
    static JsonValue bigInteger(String digits) {
        return new JsonValue(BIG_INTEGER, 0, digits, null, null);
    }

    static JsonValue number(double value) {
        return new JsonValue(DOUBLE, Double.doubleToRawLongBits(value), null, null, null);
    }

    /** @param elements the array's elements; kept, not copied */
    static JsonValue array(JsonValue[] elements) {
        return elements.length == 0 ? EMPTY_ARRAY : new JsonValue(ARRAY, 0, null, elements, null);
    }

    /**
     * @param names member names, distinct; kept, not copied
     * @param values member values, parallel to {@code names}; kept, not copied
     * @param index name → position when there are more than {@link #LINEAR_SEARCH_MEMBERS} members, else null
     */
    static JsonValue object(String[] names, JsonValue[] values, HashMap<String, Integer> index) {
        return new JsonValue(OBJECT, 0, null, values, names, index);
    }

    // ------------------------------------------------------------------------------------------------- reading

    /** @return the kind: {@link #OBJECT}, {@link #ARRAY}, {@link #STRING} and so on */
    byte kind() {
        return kind;
    }

    boolean isObject() {
        return kind == OBJECT;
    }

    boolean isArray() {
        return kind == ARRAY;
    }

    boolean isString() {
        return kind == STRING;
    }

    boolean isNumber() {
        return kind == INTEGER || kind == BIG_INTEGER || kind == DOUBLE;
    }

    /** @return whether this is a number written without fraction or exponent */
    boolean isIntegral() {
        return kind == INTEGER || kind == BIG_INTEGER;
    }

    boolean isBoolean() {
        return kind == TRUE || kind == FALSE;
    }

    /** @return the number of elements or members; 0 for anything else */
    int size() {
        return items == null ? 0 : items.length;
    }

    /** @return the member named {@code name}, or null if there is none or this is not an object */
    JsonValue get(String name) {
        if (names == null) {
            return null;
        }
        if (index != null) {
            Integer i = index.get(name);
            return i == null ? null : items[i];
        }
        String[] n = names;
        for (int i = 0; i < n.length; i++) {
            if (n[i].equals(name)) {
                return items[i];
            }
        }
        return null;
    }

    /** @return whether this is an object with a member named {@code name} */
    boolean has(String name) {
        return get(name) != null;
    }

    /** @return element {@code i} of an array, or null when out of range or this is not an array */
    JsonValue get(int i) {
        return kind == ARRAY && i >= 0 && i < items.length ? items[i] : null;
    }

    /** @return the name of member {@code i} of an object, in document order */
    String name(int i) {
        return names[i];
    }

    /** @return the value of member {@code i} of an object, in document order */
    JsonValue value(int i) {
        return items[i];
    }

    /** @return a string's value, or null for anything else */
    String textValue() {
        return kind == STRING ? text : null;
    }

    /** @return a boolean's value; false for anything else */
    boolean booleanValue() {
        return kind == TRUE;
    }

    /** @return an {@link #INTEGER}'s value */
    long longValue() {
        return bits;
    }

    /**
     * @return a number's value as the nearest double (an integer beyond a long's range rounded as
     *     {@link java.math.BigInteger#doubleValue} does); 0 for anything else
     */
    double doubleValue() {
        switch (kind) {
            case INTEGER:
                return bits;
            case DOUBLE:
                return Double.longBitsToDouble(bits);
            case BIG_INTEGER:
                return Double.parseDouble(text); // correctly rounded, as BigInteger.doubleValue()
            default:
                return 0;
        }
    }

    /** @return a {@link #BIG_INTEGER}'s digits */
    String bigIntegerDigits() {
        return text;
    }

    /** @return a number as Jackson's {@code asText()} spells it: the integer's digits, or {@link Double#toString} */
    String numberText() {
        switch (kind) {
            case INTEGER:
                return Long.toString(bits);
            case BIG_INTEGER:
                return text;
            default:
                return Double.toString(Double.longBitsToDouble(bits));
        }
    }

    // ------------------------------------------------------------------------------------------------- text

    /** @return the value as compact JSON, as Jackson's {@code JsonNode.toString()} writes it */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        append(out, Integer.MAX_VALUE);
        return out.toString();
    }

    /**
     * Appends the compact JSON of this value, stopping soon after {@code out} is longer than {@code limit}
     * characters (the text up to there is the same as in full).
     */
    void append(StringBuilder out, int limit) {
        switch (kind) {
            case OBJECT:
                out.append('{');
                for (int i = 0; i < items.length && out.length() <= limit; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    quote(names[i], out);
                    out.append(':');
                    items[i].append(out, limit);
                }
                out.append('}');
                return;
            case ARRAY:
                out.append('[');
                for (int i = 0; i < items.length && out.length() <= limit; i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    items[i].append(out, limit);
                }
                out.append(']');
                return;
            case STRING:
                quote(text, out);
                return;
            case TRUE:
                out.append("true");
                return;
            case FALSE:
                out.append("false");
                return;
            case NULL:
                out.append("null");
                return;
            case DOUBLE:
                if (Double.isInfinite(Double.longBitsToDouble(bits))) {
                    quote(numberText(), out); // as Jackson writes it, though JSON has no such number
                    return;
                }
                out.append(numberText());
                return;
            default:
                out.append(numberText());
        }
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** A JSON string as Jackson writes it: '"', '\\' and control characters escaped, nothing else. */
    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20) {
                out.append(c);
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\b') {
                out.append("\\b");
            } else if (c == '\f') {
                out.append("\\f");
            } else {
                out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        out.append('"');
    }
}
