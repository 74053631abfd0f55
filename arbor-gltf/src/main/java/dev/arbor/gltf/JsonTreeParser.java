package dev.arbor.gltf;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;

/**
 * Parses a UTF-8 JSON document (RFC 8259, nothing more) into a tree of {@link JsonValue}s: integers that fit a long
 * as such, larger ones as their digits, other numbers as doubles of {@link Double#parseDouble}'s value, object members
 * in document order. It is the tree Jackson's {@code ObjectMapper} would read, value for value.
 *
 * <p>Why not Jackson's parser and tree: in a fresh JVM, setting up a {@code JsonFactory} and its UTF-8 parser loads
 * and verifies about 75 classes and runs their large methods in the interpreter, and its tree's node classes about 38
 * more, which was most of a first {@link Gltf#read} (see {@code docs/lab/cold-start.md}). This class and
 * {@link JsonValue} are two small classes. It keeps the limits the reader relied on from Jackson's
 * {@code StreamReadConstraints}: nesting depth ({@link Json#MAX_NESTING_DEPTH}, so deep input is an error, not a
 * {@link StackOverflowError}), number length ({@link Json#MAX_NUMBER_LENGTH}) and name length
 * ({@link Json#MAX_NAME_LENGTH}); duplicate names in an object are refused; strings must be valid UTF-8. A UTF-8 byte
 * order mark at the start is skipped.
 *
 * <p>Errors are {@link GltfException}s at location {@code json}: {@code malformed JSON: } or {@code limit exceeded:
 * } followed by what was found, and the line and column (counted in characters, from 1). Single use.
 */
final class JsonTreeParser {
    /** Exact powers of ten as doubles, 10^0 to 10^22 (10^22 is the largest exactly representable one). */
    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    };
    /** Largest integer such that every integer up to it is exactly a double. */
    private static final long EXACT_DOUBLE_INTEGER = 1L << 53;
    /** Largest {@code k} with 5^k in a long: the most decimal places {@link #quotient} takes. */
    static final int MAX_QUOTIENT_EXPONENT = 27;
    /** 5^0 to 5^27. */
    private static final long[] POWERS_OF_FIVE = new long[MAX_QUOTIENT_EXPONENT + 1];
    private static final long SIGNIFICAND_MASK = (1L << 52) - 1;
    private static final long HIDDEN_BIT = 1L << 52;

    static {
        long p = 1;
        for (int k = 0; k <= MAX_QUOTIENT_EXPONENT; k++) {
            POWERS_OF_FIVE[k] = p;
            p *= 5;
        }
    }

    private final byte[] in;
    private final int start;
    private final int end;
    private int at;
    private int depth;
    /**
     * Members and elements of the objects and arrays being parsed, outermost first, up to {@link #top}: each container
     * takes its own off the top when it closes, into arrays of exactly its size.
     */
    private JsonValue[] values = new JsonValue[64];
    /** Member names, parallel to {@link #values} (unused for array elements). */
    private String[] names = new String[64];
    private int top;

    private JsonTreeParser(byte[] in, int offset, int length) {
        this.in = in;
        this.start = offset;
        this.end = offset + length;
        this.at = offset;
    }

    /**
     * Parses one JSON value filling {@code bytes[offset, offset + length)}, with only white space around it.
     *
     * @return the value, or {@code null} for a document of white space only
     * @throws GltfException if the text is not one JSON value, or exceeds a limit
     */
    static JsonValue parse(byte[] bytes, int offset, int length) throws GltfException {
        JsonTreeParser p = new JsonTreeParser(bytes, offset, length);
        if (length >= 3 && bytes[offset] == (byte) 0xEF && bytes[offset + 1] == (byte) 0xBB
                && bytes[offset + 2] == (byte) 0xBF) {
            p.at += 3;
        }
        int c = p.skipSpace();
        if (c < 0) {
            return null;
        }
        JsonValue root = p.value(c);
        if (p.skipSpace() >= 0) {
            throw p.malformed("unexpected " + p.found() + " after the top-level value");
        }
        return root;
    }

    // ------------------------------------------------------------------------------------------------- values

    /** The value whose first byte, {@code c}, is at {@link #at}. */
    private JsonValue value(int c) throws GltfException {
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                at++;
                return JsonValue.string(string(Integer.MAX_VALUE, "string"));
            case 't':
                literal("true");
                return JsonValue.TRUE_VALUE;
            case 'f':
                literal("false");
                return JsonValue.FALSE_VALUE;
            case 'n':
                literal("null");
                return JsonValue.NULL_VALUE;
            default:
                if (c == '-' || c >= '0' && c <= '9') {
                    return number();
                }
                throw unexpectedToken("a JSON value");
        }
    }

    private JsonValue object() throws GltfException {
        enter();
        at++; // '{'
        int c = skipSpace();
        if (c == '}') {
            at++;
            depth--;
            return JsonValue.EMPTY_OBJECT;
        }
        int base = top;
        HashMap<String, Integer> index = null; // once the object has more than LINEAR_SEARCH_MEMBERS members
        while (true) {
            if (c != '"') {
                throw malformed("expected a member name in double quotes, found " + found());
            }
            int nameAt = at;
            at++;
            String name = string(Json.MAX_NAME_LENGTH, "name");
            if (skipSpace() != ':') {
                throw malformed("expected ':' after member name \"" + shorten(name) + "\", found " + found());
            }
            at++;
            JsonValue value = value(skipSpace());
            int count = top - base;
            boolean duplicate = false;
            if (index != null) {
                duplicate = index.putIfAbsent(name, count) != null;
            } else {
                for (int k = base; k < top && !duplicate; k++) {
                    duplicate = names[k].equals(name);
                }
                if (count == JsonValue.LINEAR_SEARCH_MEMBERS && !duplicate) {
                    index = new HashMap<>();
                    for (int k = 0; k < count; k++) {
                        index.put(names[base + k], k);
                    }
                    index.put(name, count);
                }
            }
            if (duplicate) {
                at = nameAt;
                throw malformed("duplicate member name \"" + shorten(name) + "\"");
            }
            push(name, value);
            c = skipSpace();
            if (c == ',') {
                at++;
                c = skipSpace();
            } else if (c == '}') {
                at++;
                depth--;
                int n = top - base;
                String[] memberNames = new String[n];
                System.arraycopy(names, base, memberNames, 0, n);
                return JsonValue.object(memberNames, take(base), index);
            } else {
                throw malformed("expected ',' or '}' in an object, found " + found());
            }
        }
    }

    private JsonValue array() throws GltfException {
        enter();
        at++; // '['
        int c = skipSpace();
        if (c == ']') {
            at++;
            depth--;
            return JsonValue.EMPTY_ARRAY;
        }
        int base = top;
        while (true) {
            push(null, value(c));
            c = skipSpace();
            if (c == ',') {
                at++;
                c = skipSpace();
            } else if (c == ']') {
                at++;
                depth--;
                return JsonValue.array(take(base));
            } else {
                throw malformed("expected ',' or ']' in an array, found " + found());
            }
        }
    }

    private void push(String name, JsonValue value) {
        if (top == values.length) {
            values = Arrays.copyOf(values, top * 2);
            names = Arrays.copyOf(names, top * 2);
        }
        values[top] = value;
        names[top] = name;
        top++;
    }

    /** The values from {@code base} to {@link #top}, taken off the stack (the slots are reused, not cleared). */
    private JsonValue[] take(int base) {
        int n = top - base;
        JsonValue[] out = new JsonValue[n];
        System.arraycopy(values, base, out, 0, n);
        top = base;
        return out;
    }

    private void enter() throws GltfException {
        if (++depth > Json.MAX_NESTING_DEPTH) {
            throw limit("nesting depth " + depth + " exceeds the limit of " + Json.MAX_NESTING_DEPTH);
        }
    }

    private void literal(String word) throws GltfException {
        int n = word.length();
        if (end - at >= n) {
            int i = 1;
            while (i < n && in[at + i] == word.charAt(i)) {
                i++;
            }
            if (i == n) {
                at += n;
                return;
            }
        }
        throw unexpectedToken("'" + word + "'");
    }

    /** A word that is no JSON value: NaN and the infinities are named as such, anything else as unrecognised. */
    private GltfException unexpectedToken(String expected) {
        int e = at;
        if (e < end && (in[e] == '-' || in[e] == '+')) {
            e++;
        }
        while (e < end && e - at < 40 && (Character.isLetterOrDigit(in[e]) || in[e] == '_')) {
            e++;
        }
        if (e == at) {
            return malformed("expected " + expected + ", found " + found());
        }
        String word = new String(in, at, e - at, StandardCharsets.ISO_8859_1);
        if (word.equals("NaN") || word.equals("Infinity") || word.equals("-Infinity") || word.equals("+Infinity")) {
            return malformed("Non-standard token '" + word + "': JSON has no such number");
        }
        return malformed("Unrecognized token '" + word + "': expected " + expected);
    }

    // ------------------------------------------------------------------------------------------------- strings

    /**
     * The string whose opening quote is just before {@link #at}, up to and past its closing quote.
     *
     * @param maxLength longest accepted, in characters
     * @param what "string" or "name", for messages
     */
    private String string(int maxLength, String what) throws GltfException {
        byte[] b = in;
        int first = at;
        int i = first;
        int e = end;
        // the common case: printable ASCII up to the closing quote
        while (i < e) {
            int c = b[i];
            if (c == '"') {
                if (i - first > maxLength) {
                    throw limit(what + " length " + (i - first) + " exceeds the limit of " + maxLength);
                }
                at = i + 1;
                return new String(b, first, i - first, StandardCharsets.ISO_8859_1);
            }
            if (c < 0x20 || c == '\\') {
                break; // also every byte of a multi-byte sequence: negative
            }
            i++;
        }
        return slowString(first, i, maxLength, what);
    }

    /** A string with escapes or non-ASCII characters; {@code [first, i)} is plain ASCII already checked. */
    private String slowString(int first, int i, int maxLength, String what) throws GltfException {
        StringBuilder out = new StringBuilder(i - first + 16);
        out.append(new String(in, first, i - first, StandardCharsets.ISO_8859_1));
        while (true) {
            if (out.length() > maxLength) {
                at = first;
                throw limit(what + " length exceeds the limit of " + maxLength);
            }
            if (i >= end) {
                at = first - 1;
                throw malformed("unterminated " + what);
            }
            int c = in[i];
            if (c == '"') {
                at = i + 1;
                return out.toString();
            }
            if (c == '\\') {
                i = escape(i, out);
            } else if (c >= 0x20) {
                out.append((char) c);
                i++;
            } else if (c >= 0) {
                at = i;
                throw malformed("control character 0x" + Integer.toHexString(c) + " in a " + what
                        + " must be escaped");
            } else {
                i = utf8(i, out);
            }
        }
    }

    /** Appends the escape at {@code in[i] == '\\'}; returns the index after it. */
    private int escape(int i, StringBuilder out) throws GltfException {
        if (i + 1 >= end) {
            at = i;
            throw malformed("unterminated escape");
        }
        int c = in[i + 1];
        switch (c) {
            case '"':
            case '\\':
            case '/':
                out.append((char) c);
                return i + 2;
            case 'b':
                out.append('\b');
                return i + 2;
            case 'f':
                out.append('\f');
                return i + 2;
            case 'n':
                out.append('\n');
                return i + 2;
            case 'r':
                out.append('\r');
                return i + 2;
            case 't':
                out.append('\t');
                return i + 2;
            case 'u': {
                int v = 0;
                for (int k = 0; k < 4; k++) {
                    int d = i + 2 + k < end ? Character.digit(in[i + 2 + k], 16) : -1;
                    if (d < 0) {
                        at = i;
                        throw malformed("\\u must be followed by four hexadecimal digits");
                    }
                    v = v << 4 | d;
                }
                out.append((char) v);
                return i + 6;
            }
            default:
                at = i;
                throw malformed("unknown escape \\" + (c >= 0x21 && c < 0x7F ? String.valueOf((char) c)
                        : "(byte 0x" + Integer.toHexString(c & 0xFF) + ")"));
        }
    }

    /** Appends the UTF-8 sequence starting at {@code in[i]} (a byte of 0x80 or more); returns the index after it. */
    private int utf8(int i, StringBuilder out) throws GltfException {
        int lead = in[i] & 0xFF;
        int n;
        int min;
        int cp;
        if (lead >= 0xC2 && lead <= 0xDF) {
            n = 1;
            min = 0x80;
            cp = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            n = 2;
            min = 0x800;
            cp = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            n = 3;
            min = 0x10000;
            cp = lead & 0x07;
        } else {
            at = i;
            throw malformed("invalid UTF-8 start byte 0x" + Integer.toHexString(lead));
        }
        for (int k = 1; k <= n; k++) {
            int b = i + k < end ? in[i + k] & 0xFF : -1;
            if ((b & 0xC0) != 0x80) {
                at = i;
                throw malformed("invalid UTF-8 sequence: byte " + k + " after 0x" + Integer.toHexString(lead)
                        + " is " + (b < 0 ? "missing" : "0x" + Integer.toHexString(b)));
            }
            cp = cp << 6 | b & 0x3F;
        }
        if (cp < min || cp > Character.MAX_CODE_POINT || cp >= 0xD800 && cp <= 0xDFFF) {
            at = i;
            throw malformed("invalid UTF-8 sequence for code point 0x" + Integer.toHexString(cp));
        }
        out.appendCodePoint(cp);
        return i + n + 1;
    }

    // ------------------------------------------------------------------------------------------------- numbers

    /**
     * A number at {@link #at}, in JSON's grammar: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. Without
     * a fraction or exponent it is an integer (its digits when beyond a long); otherwise a double of the value
     * {@link Double#parseDouble} gives, computed directly when that is exact (at most 15 significant digits and a
     * power of ten up to 22: one correctly rounded operation on exact operands).
     */
    private JsonValue number() throws GltfException {
        byte[] b = in;
        int first = at;
        int i = first;
        int e = end;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        // integer part
        if (i >= e || b[i] < '0' || b[i] > '9') {
            at = first;
            throw unexpectedToken("a digit after '-'");
        }
        long mantissa = 0;
        int digits = 0; // significant digits taken into mantissa (leading zeros not counted)
        int dropped = 0; // integer digits beyond 18 significant ones, not taken
        if (b[i] == '0') {
            i++;
            if (i < e && b[i] >= '0' && b[i] <= '9') {
                at = i;
                throw malformed("leading zeros are not allowed in a number");
            }
        } else {
            while (i < e && b[i] >= '0' && b[i] <= '9') {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    digits++;
                } else {
                    dropped++;
                }
                i++;
            }
        }
        boolean integral = true;
        int exponent = dropped;
        if (i < e && b[i] == '.') {
            integral = false;
            i++;
            int fractionStart = i;
            while (i < e && b[i] >= '0' && b[i] <= '9') {
                if (digits < 18) {
                    if (mantissa != 0 || b[i] != '0') {
                        digits++;
                    }
                    mantissa = mantissa * 10 + (b[i] - '0');
                    exponent--;
                } else if (b[i] != '0') {
                    dropped++; // a nonzero digit beyond 18: the fast path is not exact
                }
                i++;
            }
            if (i == fractionStart) {
                at = i;
                throw malformed("expected a digit after the decimal point, found " + found());
            }
        }
        if (i < e && (b[i] == 'e' || b[i] == 'E')) {
            integral = false;
            i++;
            boolean negativeExponent = false;
            if (i < e && (b[i] == '+' || b[i] == '-')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            int exponentStart = i;
            int explicit = 0;
            while (i < e && b[i] >= '0' && b[i] <= '9') {
                if (explicit < 100_000) {
                    explicit = explicit * 10 + (b[i] - '0');
                }
                i++;
            }
            if (i == exponentStart) {
                at = i;
                throw malformed("expected a digit in the exponent, found " + found());
            }
            exponent += negativeExponent ? -explicit : explicit;
        }
        int length = i - first;
        if (length > Json.MAX_NUMBER_LENGTH) {
            throw limit("number length " + length + " exceeds the limit of " + Json.MAX_NUMBER_LENGTH);
        }
        at = i;
        if (integral) {
            if (dropped == 0) {
                long v = negative ? -mantissa : mantissa;
                return JsonValue.integer(v);
            }
            String text = new String(b, first, length, StandardCharsets.ISO_8859_1);
            BigInteger big = new BigInteger(text);
            return big.bitLength() < 64 ? JsonValue.integer(big.longValue()) : JsonValue.bigInteger(text);
        }
        double v = Double.NaN;
        if (dropped == 0) {
            if (mantissa <= EXACT_DOUBLE_INTEGER && exponent >= -22 && exponent <= 22) {
                v = exponent >= 0 ? mantissa * POWERS_OF_TEN[exponent] : mantissa / POWERS_OF_TEN[-exponent];
            } else if (exponent < 0 && exponent >= -MAX_QUOTIENT_EXPONENT) {
                v = quotient(mantissa, -exponent);
            }
        }
        if (v != v) {
            v = Double.parseDouble(new String(b, first, length, StandardCharsets.ISO_8859_1));
        } else if (negative) {
            v = -v;
        }
        return JsonValue.number(v);
    }

    /**
     * {@code m / 10^k} rounded to the nearest double (ties to even), as {@link Double#parseDouble} gives it, or NaN
     * where this does not decide (then the caller asks {@link Double#parseDouble}). Most glTF numbers have 16 or 17
     * significant digits, beyond the exact quick path above, and {@link Double#parseDouble} takes its slow path
     * for them, which in a fresh JVM's interpreter cost a first read of CesiumMan several milliseconds.
     *
     * <p>How: a quotient of doubles is within a few units in the last place of the value; each step compares the
     * value exactly with the midpoints to the neighbours of the candidate {@code y × 2^e}, in 128-bit integers:
     * {@code m / 10^k} against {@code (2y ± 1) × 2^(e - 1)} is {@code m × 2^(1 - e - k)} against {@code (2y ± 1) ×
     * 5^k}, both below 2^118 for the ranges allowed here.
     *
     * @param m significant digits, {@code 0 < m < 10^18}
     * @param k decimal places, 1 to {@link #MAX_QUOTIENT_EXPONENT} (5^k fits in a long)
     */
    static double quotient(long m, int k) {
        double d = k <= 22 ? m / POWERS_OF_TEN[k] : m / POWERS_OF_TEN[22] / POWERS_OF_TEN[k - 22];
        long bits = Double.doubleToRawLongBits(d);
        int biased = (int) (bits >>> 52);
        long y = bits & SIGNIFICAND_MASK | HIDDEN_BIT;
        int e = biased - 1075;
        long five = POWERS_OF_FIVE[k];
        for (int step = 0; step < 4 && biased > 0; step++) {
            if (y == HIDDEN_BIT) {
                return Double.NaN; // the neighbour below is nearer: not handled
            }
            int shift = 1 - e - k;
            int above = compareScaled(m, shift, 2 * y + 1, five);
            if (above > 0 || above == 0 && (y & 1) != 0) {
                y++;
                if (y == HIDDEN_BIT << 1) {
                    y = HIDDEN_BIT;
                    e++;
                }
                continue;
            }
            int below = compareScaled(m, shift, 2 * y - 1, five);
            if (below < 0 || below == 0 && (y & 1) != 0) {
                y--;
                continue;
            }
            return Double.longBitsToDouble((long) (e + 1075) << 52 | y & SIGNIFICAND_MASK);
        }
        return Double.NaN;
    }

    /** The sign of {@code m × 2^shift − u × five} (a negative shift scales the right side), all non-negative. */
    private static int compareScaled(long m, int shift, long u, long five) {
        long leftHigh;
        long leftLow;
        if (shift >= 64) {
            leftHigh = m << (shift - 64);
            leftLow = 0;
        } else if (shift > 0) {
            leftHigh = m >>> (64 - shift);
            leftLow = m << shift;
        } else {
            leftHigh = 0;
            leftLow = m;
        }
        long rightHigh = Math.multiplyHigh(u, five);
        long rightLow = u * five;
        if (shift < 0) {
            int t = -shift;
            rightHigh = rightHigh << t | rightLow >>> (64 - t);
            rightLow <<= t;
        }
        int high = Long.compare(leftHigh, rightHigh);
        return high != 0 ? high : Long.compareUnsigned(leftLow, rightLow);
    }

    // ------------------------------------------------------------------------------------------------- text

    /** Skips white space; returns the next byte (0 to 255), or -1 at the end. */
    private int skipSpace() {
        byte[] b = in;
        int i = at;
        int e = end;
        while (i < e) {
            int c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                at = i;
                return c & 0xFF;
            }
            i++;
        }
        at = e;
        return -1;
    }

    /** What is at {@link #at}, for messages: a quoted character, a byte in hexadecimal, or the end. */
    private String found() {
        if (at >= end) {
            return "the end of the document";
        }
        int c = in[at] & 0xFF;
        return c > 0x20 && c < 0x7F ? "'" + (char) c + "'" : "byte 0x" + Integer.toHexString(c);
    }

    private GltfException malformed(String problem) {
        return new GltfException("json", "malformed JSON: " + problem + " " + position());
    }

    private GltfException limit(String problem) {
        return new GltfException("json", "limit exceeded: " + problem + " " + position());
    }

    /** "(line L, column C)" of {@link #at}: columns count characters (UTF-8 sequences), both from 1. */
    private String position() {
        int line = 1;
        int column = 1;
        for (int i = start; i < at && i < end; i++) {
            int c = in[i] & 0xFF;
            if (c == '\n') {
                line++;
                column = 1;
            } else if ((c & 0xC0) != 0x80) {
                column++;
            }
        }
        return "(line " + line + ", column " + column + ")";
    }

    private static String shorten(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
