package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link JsonTreeParser} against Jackson's own parser (the reference): the same tree for the sample models' JSON and
 * for seeded random documents (compared as the Jackson tree {@link JacksonTree#copy} makes of ours, and as text),
 * numbers exactly {@link Double#parseDouble}'s, and malformed text refused with a message naming what was found and
 * where.
 */
class JsonTreeParserTest {
    /** Jackson with the reader's limits and duplicate detection: the reference. */
    private static final ObjectMapper JACKSON = JacksonTree.mapper();

    /** Our parse of {@code bytes[offset, offset + length)} as Jackson's tree, or null for white space only. */
    static JsonNode parsed(byte[] bytes, int offset, int length) throws GltfException {
        JsonValue value = JsonTreeParser.parse(bytes, offset, length);
        if (value != null) {
            // the writer's copy and our own text agree with what Jackson would write for the same tree
            assertThat(value.toString()).isEqualTo(JacksonTree.copy(value).toString());
        }
        return value == null ? null : JacksonTree.copy(value);
    }

    private static JsonNode ours(String text) throws GltfException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return parsed(bytes, 0, bytes.length);
    }

    private static JsonNode jackson(byte[] bytes) throws Exception {
        return JACKSON.readTree(bytes);
    }

    /** Same tree, node classes included (IntNode against LongNode...), and the same text (so -0.0 against 0.0). */
    private static void assertSameTree(JsonNode actual, JsonNode expected) {
        assertThat(actual).isEqualTo(expected);
        assertThat(actual.toString()).isEqualTo(expected.toString());
    }

    private static String messageOf(String text) {
        Throwable thrown = catchThrowable(() -> ours(text));
        assertThat(thrown).as(text).isInstanceOf(GltfException.class);
        return thrown.getMessage();
    }

    @Test
    void theSampleModelsParseToJacksonsTree() throws Exception {
        for (String name : SampleModels.MODELS) {
            byte[] file = Files.readAllBytes(SampleModels.model(name));
            int offset = 0;
            int length = file.length;
            if (Glb.hasMagic(java.nio.ByteBuffer.wrap(file))) {
                Glb glb = Glb.parse(java.nio.ByteBuffer.wrap(file));
                offset = glb.jsonOffset;
                length = glb.jsonLength;
            }
            JsonNode actual = parsed(file, offset, length);
            assertSameTree(actual, JACKSON.readTree(new String(file, offset, length, StandardCharsets.UTF_8)));
        }
    }

    @Test
    void cesiumMansNumbersAreParseDoublesValues() throws Exception {
        Path path = SampleModels.model("CesiumMan");
        byte[] file = Files.readAllBytes(path);
        Glb glb = Glb.parse(java.nio.ByteBuffer.wrap(file));
        JsonNode root = parsed(file, glb.jsonOffset, glb.jsonLength);
        JsonNode matrix = root.get("nodes").get(1).get("matrix");
        // the file's text: [-4.371139894487897e-8,-1,0,0,1,-4.371139894487897e-8,0,...]
        assertThat(matrix.get(0).isDouble()).isTrue();
        assertThat(matrix.get(0).doubleValue()).isEqualTo(-4.371139894487897e-8);
        assertThat(matrix.get(1).isInt()).isTrue();
        assertThat(matrix.get(1).intValue()).isEqualTo(-1);
        assertThat(matrix.get(5).doubleValue()).isEqualTo(-4.371139894487897e-8);
        assertThat(root.get("asset").get("generator").textValue()).isEqualTo("COLLADA2GLTF");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0|0", "-0|0", "7|7", "2147483647|2147483647", "-2147483648|-2147483648", "2147483648|2147483648L",
        "9223372036854775807|9223372036854775807L", "-9223372036854775808|-9223372036854775808L",
        "9223372036854775808|9223372036854775808BIG", "123456789012345678901234567890|123456789012345678901234567890BIG",
    })
    void integersBecomeIntLongOrBigIntegerNodesBySize(String text, String expected) throws Exception {
        JsonNode n = ours("[" + text + "]").get(0);
        if (expected.endsWith("BIG")) {
            assertThat(n.isBigInteger()).isTrue();
            assertThat(n.bigIntegerValue()).isEqualTo(new BigInteger(expected.substring(0, expected.length() - 3)));
        } else if (expected.endsWith("L")) {
            assertThat(n.isLong()).isTrue();
            assertThat(n.longValue()).isEqualTo(Long.parseLong(expected.substring(0, expected.length() - 1)));
        } else {
            assertThat(n.isInt()).isTrue();
            assertThat(n.intValue()).isEqualTo(Integer.parseInt(expected));
        }
    }

    @ParameterizedTest
    @CsvSource({
        "0.5", "-0.0", "0.0", "1e0", "1E+2", "1e-2", "-4.371139894487897e-8", "0.004999836906790733",
        "1.0000001192092896", "0.9999999999999999", "0.99999999999999999", "1.7976931348623157e308", "1e309",
        "4.9e-324", "2e-324", "1e-400", "123456789012345678.5", "0.30000000000000004", "9007199254740993.0",
        "18014398509481986.0", "18014398509481990.0", "18014398509481994.0", "1e-27", "1.2345678901234567e-27",
        "1.2345678901234567e-28", "0.000000000000000000000000000001",
        "1.00000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
    })
    void floatsAreExactlyParseDoublesValues(String text) throws Exception {
        JsonNode n = ours("[" + text + "]").get(0);
        assertThat(n.isDouble()).as(text).isTrue();
        assertThat(Double.doubleToRawLongBits(n.doubleValue())).as(text)
                .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }

    @Test
    void seededRandomNumbersAreExactlyParseDoublesValues() throws Exception {
        Random random = new Random(20261126);
        StringBuilder text = new StringBuilder("[");
        int count = 20_000;
        String[] literals = new String[count];
        for (int i = 0; i < count; i++) {
            String s;
            switch (i % 5) {
                case 0: // how exporters write floats: the shortest text of a float widened to double
                    s = Double.toString((double) Float.intBitsToFloat(random.nextInt() & 0x7FFFFFFF));
                    break;
                case 1: // a double's shortest text
                    s = Double.toString(Double.longBitsToDouble(random.nextLong() >>> 1));
                    break;
                case 2: { // 1 to 19 digits with a point somewhere
                    String digits = randomDigits(random, 1 + random.nextInt(19));
                    int point = random.nextInt(digits.length());
                    s = (point == 0 ? "0" : digits.substring(0, point)) + "." + digits.substring(point);
                    break;
                }
                case 3: // digits and an exponent around glTF's range
                    s = randomDigits(random, 1) + "." + randomDigits(random, 1 + random.nextInt(18)) + "e"
                            + (random.nextInt(70) - 40);
                    break;
                default: // near ties: integers around 2^53..2^60 with a fraction of zero
                    s = (((1L << 53) + random.nextInt(1 << 20)) << random.nextInt(8)) + ".0";
                    break;
            }
            if (s.contains("Infinity") || s.contains("NaN")) {
                s = "1.5";
            }
            if (random.nextBoolean()) {
                s = "-" + s;
            }
            literals[i] = s;
            text.append(i == 0 ? "" : ",").append(s);
        }
        text.append(']');
        JsonNode array = ours(text.toString());
        for (int i = 0; i < count; i++) {
            double expected = Double.parseDouble(literals[i]);
            JsonNode n = array.get(i);
            double actual = n.isDouble() ? n.doubleValue() : Double.NaN;
            assertThat(Double.doubleToRawLongBits(actual)).as(literals[i])
                    .isEqualTo(Double.doubleToRawLongBits(expected));
        }
        assertSameTree(array, jackson(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void quotientDecidesOrDeclines() {
        Random random = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            long m = 1 + (random.nextLong() >>> 4) % 999_999_999_999_999_999L;
            int k = 1 + random.nextInt(JsonTreeParser.MAX_QUOTIENT_EXPONENT);
            double q = JsonTreeParser.quotient(m, k);
            if (q == q) {
                assertThat(q).as(m + "e-" + k).isEqualTo(Double.parseDouble(m + "e-" + k));
            }
        }
    }

    private static String randomDigits(Random random, int n) {
        StringBuilder s = new StringBuilder(n);
        s.append((char) ('1' + random.nextInt(9)));
        for (int i = 1; i < n; i++) {
            s.append((char) ('0' + random.nextInt(10)));
        }
        return s.toString();
    }

    @Test
    void seededRandomDocumentsParseToJacksonsTree() throws Exception {
        Random random = new Random(42);
        for (int doc = 0; doc < 300; doc++) {
            JsonNode tree = randomValue(random, 0);
            String text = JACKSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
            if (random.nextBoolean()) {
                text = JACKSON.writeValueAsString(tree);
            }
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            int pad = random.nextInt(4);
            byte[] padded = new byte[bytes.length + 2 * pad];
            System.arraycopy(bytes, 0, padded, pad, bytes.length);
            assertSameTree(parsed(padded, pad, bytes.length), jackson(bytes));
        }
    }

    private static JsonNode randomValue(Random random, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        int kind = depth > 4 ? 2 + random.nextInt(6) : random.nextInt(8);
        switch (kind) {
            case 0: {
                ObjectNode o = f.objectNode();
                int n = random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    o.set(randomString(random) + i, randomValue(random, depth + 1));
                }
                return o;
            }
            case 1: {
                ArrayNode a = f.arrayNode();
                int n = random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    a.add(randomValue(random, depth + 1));
                }
                return a;
            }
            case 2:
                return f.textNode(randomString(random));
            case 3:
                return f.numberNode(random.nextInt());
            case 4:
                return f.numberNode(random.nextLong());
            case 5:
                return f.numberNode(random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20));
            case 6:
                return f.booleanNode(random.nextBoolean());
            default:
                return f.nullNode();
        }
    }

    private static String randomString(Random random) {
        String[] pieces = {"a", "node", "translation", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "é", "Ω", "中",
            "\uD83D\uDE00", "\u007F", "\u2028"};
        StringBuilder s = new StringBuilder();
        int n = random.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(pieces[random.nextInt(pieces.length)]);
        }
        return s.toString();
    }

    @Test
    void manyRepeatedNamesParseAsJacksons() throws Exception {
        Random random = new Random(5);
        String[] pool = new String[600];
        for (int i = 0; i < pool.length; i++) {
            int length = random.nextInt(40);
            StringBuilder n = new StringBuilder();
            for (int k = 0; k < length; k++) {
                n.append((char) ('a' + random.nextInt(26)));
            }
            pool[i] = n.toString() + (i % 7 == 0 ? "é" : "") + (i % 11 == 0 ? "\\n" : "");
        }
        StringBuilder text = new StringBuilder("[");
        for (int o = 0; o < 400; o++) {
            text.append(o == 0 ? "{" : ",{");
            java.util.Set<String> used = new java.util.HashSet<>();
            for (int m = 0; m < 8; m++) {
                String name = pool[random.nextInt(pool.length)];
                if (used.add(name)) {
                    text.append(used.size() == 1 ? "" : ",").append('"').append(name).append("\": ").append(m);
                }
            }
            text.append('}');
        }
        text.append(']');
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        assertSameTree(parsed(bytes, 0, bytes.length), jackson(bytes));
    }

    @Test
    void escapesAndUtf8AreDecoded() throws Exception {
        JsonNode n = ours("{\"a\\u00e9\\n\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\ud83d\\ude00 é 中 😀\"}");
        assertThat(n.get("aé\n").textValue()).isEqualTo("\"\\/\b\f\n\r\tA\uD83D\uDE00 é 中 😀");
    }

    @Test
    void aByteOrderMarkAndWhiteSpaceAroundTheValueAreSkipped() throws Exception {
        byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, ' ', '\t', '{', '}', '\r', '\n'};
        assertThat(parsed(bytes, 0, bytes.length).isObject()).isTrue();
        assertThat(parsed(bytes, 3, 0)).isNull();
        assertThat(ours(" \n ")).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "{\"a\": 1,}|expected a member name in double quotes, found '}' (line 1, column 9)",
        "[1, 2,]|expected a JSON value, found ']' (line 1, column 7)",
        "{\"a\" 1}|expected ':' after member name \"a\", found '1'",
        "{\"a\": 1 \"b\": 2}|expected ',' or '}' in an object, found '\"'",
        "[1 2]|expected ',' or ']' in an array, found '2'",
        "{\"a\": [1, 2}|expected ',' or ']' in an array, found '}'",
        "{\"a\": \"x|unterminated string (line 1, column 7)",
        "{\"a\": 1|expected ',' or '}' in an object, found the end of the document",
        "{\"a\": \"\\q\"}|unknown escape \\q",
        "{\"a\": \"\\u12G4\"}|\\u must be followed by four hexadecimal digits",
        "{\"a\": 01}|leading zeros are not allowed in a number",
        "{\"a\": 1.}|expected a digit after the decimal point, found '}'",
        "{\"a\": .5}|expected a JSON value, found '.'",
        "{\"a\": 1e}|expected a digit in the exponent, found '}'",
        "{\"a\": +1}|Unrecognized token '+1': expected a JSON value",
        "{\"a\": -}|Unrecognized token '-': expected a digit after '-'",
        "{\"a\": NaN}|Non-standard token 'NaN'",
        "{\"a\": Infinity}|Non-standard token 'Infinity'",
        "{\"a\": -Infinity}|Non-standard token '-Infinity'",
        "{\"a\": tru}|Unrecognized token 'tru': expected 'true'",
        "{\"a\": nul}|Unrecognized token 'nul': expected 'null'",
        "{\"a\": 'x'}|expected a JSON value, found '''",
        "{a: 1}|expected a member name in double quotes, found 'a'",
        "{\"a\": 1} {}|unexpected '{' after the top-level value (line 1, column 10)",
        "{\"a\": 1, \"b\": 2, \"a\": 3}|duplicate member name \"a\" (line 1, column 18)",
    })
    void malformedTextIsRefusedNamingWhatAndWhere(String text, String expected) {
        assertThat(messageOf(text)).startsWith("json: malformed JSON: ").contains(expected);
    }

    @Test
    void linesAndColumnsCountCharacters() {
        assertThat(messageOf("{\n  \"nodes\": [\n    {\"x\": ]\n  ]\n}"))
                .endsWith("expected a JSON value, found ']' (line 3, column 11)");
        assertThat(messageOf("{\"é中😀\": x}")).endsWith("Unrecognized token 'x': expected a JSON value (line 1, column 9)");
    }

    @Test
    void controlCharactersAndInvalidUtf8AreRefused() {
        assertThat(messageOf("{\"a\": \"x\ny\"}")).contains("control character 0xa in a string must be escaped");
        assertThat(messageOf("{\"a\tb\": 1}")).contains("control character 0x9 in a name must be escaped");
        String[] bad = {"\u00ff", "\u00c3\u0028", "\u00e2\u0082", "\u00c0\u00af", "\u00ed\u00a0\u0080",
            "\u00f4\u0090\u0080\u0080", "\u0080"};
        for (String b : bad) {
            byte[] inner = b.getBytes(StandardCharsets.ISO_8859_1);
            byte[] doc = new byte[inner.length + 9];
            byte[] open = "{\"a\": \"".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(open, 0, doc, 0, open.length);
            System.arraycopy(inner, 0, doc, open.length, inner.length);
            doc[doc.length - 2] = '"';
            doc[doc.length - 1] = '}';
            Throwable thrown = catchThrowable(() -> parsed(doc, 0, doc.length));
            assertThat(thrown).isInstanceOf(GltfException.class);
            assertThat(thrown.getMessage()).contains("json: malformed JSON: invalid UTF-8");
        }
    }

    @Test
    void limitsAreErrorsNamingTheLimit() {
        String deep = "[".repeat(Json.MAX_NESTING_DEPTH) + "]".repeat(Json.MAX_NESTING_DEPTH);
        assertThat(catchThrowable(() -> ours(deep))).isNull();
        String tooDeep = "{\"a\": " + "[".repeat(Json.MAX_NESTING_DEPTH) + "]".repeat(Json.MAX_NESTING_DEPTH) + "}";
        assertThat(messageOf(tooDeep)).startsWith("json: limit exceeded: nesting depth 1001 exceeds the limit of 1000");
        String longNumber = "[" + "1".repeat(Json.MAX_NUMBER_LENGTH + 1) + "]";
        assertThat(messageOf(longNumber)).startsWith("json: limit exceeded: number length 101 exceeds the limit");
        assertThat(catchThrowable(() -> ours("[" + "1".repeat(Json.MAX_NUMBER_LENGTH) + "]"))).isNull();
        String longName = "{\"" + "n".repeat(Json.MAX_NAME_LENGTH + 1) + "\": 1}";
        assertThat(messageOf(longName)).startsWith("json: limit exceeded: name length 4097 exceeds the limit");
        String longEscapedName = "{\"" + "\\u00e9".repeat(Json.MAX_NAME_LENGTH + 1) + "\": 1}";
        assertThat(messageOf(longEscapedName)).startsWith("json: limit exceeded: name length");
        assertThat(catchThrowable(() -> ours("{\"" + "n".repeat(Json.MAX_NAME_LENGTH) + "\": 1}"))).isNull();
        assertThat(catchThrowable(() -> ours("{\"s\": \"" + "x".repeat(1 << 20) + "\"}"))).isNull();
    }

    @Test
    void seededAsciiMutationsAreRefusedExactlyWhenJacksonRefusesThem() throws Exception {
        Random random = new Random(99);
        String alphabet = "{}[]:,\"\\ 0123456789.-+eEtrufalsn\nx";
        byte[] base = Files.readAllBytes(SampleModels.model("BoxAnimated"));
        if (Glb.hasMagic(java.nio.ByteBuffer.wrap(base))) {
            Glb glb = Glb.parse(java.nio.ByteBuffer.wrap(base));
            base = java.util.Arrays.copyOfRange(base, glb.jsonOffset, glb.jsonOffset + glb.jsonLength);
        }
        int refused = 0;
        for (int trial = 0; trial < 2000; trial++) {
            byte[] doc = base.clone();
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits; e++) {
                doc[random.nextInt(doc.length)] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            JsonNode expected;
            try {
                expected = JACKSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(doc);
            } catch (Exception e) {
                expected = null;
            }
            JsonNode actual;
            try {
                actual = parsed(doc, 0, doc.length);
            } catch (GltfException e) {
                assertThat(e.getMessage()).startsWith("json: malformed JSON: ");
                actual = null;
                refused++;
            }
            if (expected == null || expected.isMissingNode()) {
                assertThat(actual).as(new String(doc, StandardCharsets.UTF_8)).isNull();
            } else {
                assertThat(actual).as(new String(doc, StandardCharsets.UTF_8)).isNotNull();
                assertSameTree(actual, expected);
            }
        }
        assertThat(refused).isGreaterThan(200);
    }
}
