package dev.arbor.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonValue}, the parsed tree the reader works on: member lookup in small objects (searched in order) and
 * large ones (through a hash map), elements, kinds, and numbers exactly as Jackson reads them (integers by size,
 * doubles bit for bit), seeded.
 */
class JsonValueTest {
    private static JsonValue parse(String text) throws GltfException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return JsonTreeParser.parse(bytes, 0, bytes.length);
    }

    /** {"m0": 0, "m1": 1, ...} with {@code n} members. */
    private static String objectOf(int n) {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < n; i++) {
            text.append(i == 0 ? "" : ", ").append("\"m").append(i).append("\": ").append(i);
        }
        return text.append('}').toString();
    }

    @Test
    void membersAreFoundByNameInSmallAndLargeObjects() throws Exception {
        for (int n = 0; n <= 40; n++) {
            JsonValue object = parse(objectOf(n));
            assertThat(object.isObject()).isTrue();
            assertThat(object.size()).isEqualTo(n);
            for (int i = 0; i < n; i++) {
                assertThat(object.name(i)).isEqualTo("m" + i);
                assertThat(object.value(i).longValue()).isEqualTo(i);
                assertThat(object.get("m" + i).longValue()).as("n=%d i=%d", n, i).isEqualTo(i);
                assertThat(object.has("m" + i)).isTrue();
            }
            assertThat(object.get("m" + n)).isNull();
            assertThat(object.get("m")).isNull();
            assertThat(object.has("x")).isFalse();
            assertThat(object.get(0)).as("an object has no elements").isNull();
        }
    }

    @Test
    void duplicateNamesAreRefusedAtTheSecondOccurrenceInSmallAndLargeObjects() {
        for (int n = 1; n <= 30; n++) {
            for (int first : new int[] {0, n / 2, n - 1}) {
                String text = objectOf(n);
                String duplicate = ", \"m" + first + "\": 7}";
                String doc = text.substring(0, text.length() - 1) + duplicate;
                int column = text.length() + 2; // after "{...", the space: the quote of the second name
                Throwable thrown = catchThrowable(() -> parse(doc));
                assertThat(thrown).as(doc).isInstanceOf(GltfException.class);
                assertThat(thrown.getMessage()).isEqualTo("json: malformed JSON: duplicate member name \"m" + first
                        + "\" (line 1, column " + column + ")");
            }
        }
    }

    @Test
    void elementsKindsAndMissingValuesAnswerAsJacksonsTreeDoes() throws Exception {
        JsonValue root = parse("{\"a\": [1, -2.5, \"x\", true, false, null, {}, []], \"n\": null}");
        JsonValue a = root.get("a");
        assertThat(a.isArray()).isTrue();
        assertThat(a.size()).isEqualTo(8);
        assertThat(a.get(8)).isNull();
        assertThat(a.get(-1)).isNull();
        assertThat(a.get("x")).as("an array has no members").isNull();
        assertThat(a.get(0).kind()).isEqualTo(JsonValue.INTEGER);
        assertThat(a.get(0).isIntegral()).isTrue();
        assertThat(a.get(1).kind()).isEqualTo(JsonValue.DOUBLE);
        assertThat(a.get(1).isIntegral()).isFalse();
        assertThat(a.get(1).isNumber()).isTrue();
        assertThat(a.get(1).doubleValue()).isEqualTo(-2.5);
        assertThat(a.get(2).isString()).isTrue();
        assertThat(a.get(2).textValue()).isEqualTo("x");
        assertThat(a.get(1).textValue()).isNull();
        assertThat(a.get(3).isBoolean() && a.get(3).booleanValue()).isTrue();
        assertThat(a.get(4).isBoolean() && !a.get(4).booleanValue()).isTrue();
        assertThat(a.get(5).kind()).isEqualTo(JsonValue.NULL);
        assertThat(a.get(5).size()).isZero();
        assertThat(a.get(6).isObject()).isTrue();
        assertThat(a.get(7).isArray()).isTrue();
        assertThat(root.has("n")).as("a member whose value is null is present").isTrue();
        assertThat(root.get("n").kind()).isEqualTo(JsonValue.NULL);
        assertThat(root.toString()).isEqualTo("{\"a\":[1,-2.5,\"x\",true,false,null,{},[]],\"n\":null}");
    }

    @Test
    void descriptionsAreTheCompactTextCutAfterSixtyCharacters() throws Exception {
        JsonValue big = parse("[" + "1234567890, ".repeat(1000) + "0]");
        String full = big.toString();
        assertThat(Json.describe(big)).isEqualTo(full.substring(0, 60) + "…");
        assertThat(Json.describe(parse("{\"a\": \"b\\n\"}"))).isEqualTo("{\"a\":\"b\\n\"}");
        assertThat(Json.describe(null)).isEqualTo("(missing)");
        assertThat(Json.describe(parse("[1e400]").get(0))).isEqualTo("\"Infinity\"");
    }

    /** A number literal in JSON's grammar: any sign, zero or more digits, fractions, exponents of either case. */
    private static String randomNumber(Random random) {
        StringBuilder s = new StringBuilder();
        if (random.nextInt(3) == 0) {
            s.append('-');
        }
        int integerDigits = random.nextInt(4) == 0 ? 1 : 1 + random.nextInt(40);
        if (random.nextInt(5) == 0) {
            s.append('0');
        } else {
            s.append((char) ('1' + random.nextInt(9)));
            for (int i = 1; i < integerDigits; i++) {
                s.append((char) ('0' + random.nextInt(10)));
            }
        }
        if (random.nextBoolean()) {
            s.append('.');
            int fraction = 1 + random.nextInt(30);
            for (int i = 0; i < fraction; i++) {
                s.append(random.nextInt(4) == 0 ? '0' : (char) ('0' + random.nextInt(10)));
            }
        }
        if (random.nextInt(3) == 0) {
            s.append(random.nextBoolean() ? 'e' : 'E');
            int sign = random.nextInt(3);
            s.append(sign == 0 ? "" : sign == 1 ? "+" : "-");
            s.append(random.nextInt(4) == 0 ? random.nextInt(400) : random.nextInt(30));
        }
        return s.toString();
    }

    @Test
    void seededRandomNumbersReadAsJacksonReadsThem() throws Exception {
        Random random = new Random(1126);
        int count = 20_000;
        String[] literals = new String[count];
        StringBuilder text = new StringBuilder("[-0, -0.0, 0e0, -0E-5, 9223372036854775807, -9223372036854775808, "
                + "9223372036854775808, -9223372036854775809, 18446744073709551616, 1e-400, -1e400");
        for (int i = 0; i < count; i++) {
            literals[i] = randomNumber(random);
            text.append(", ").append(literals[i]);
        }
        text.append(']');
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        JsonValue ours = JsonTreeParser.parse(bytes, 0, bytes.length);
        JsonNode jackson = JacksonTree.mapper().readTree(bytes);
        assertThat(ours.size()).isEqualTo(jackson.size());
        for (int i = 0; i < ours.size(); i++) {
            JsonValue n = ours.get(i);
            JsonNode expected = jackson.get(i);
            String what = expected.toString();
            if (expected.isBigInteger()) {
                BigInteger big = expected.bigIntegerValue();
                assertThat(n.kind()).as(what).isEqualTo(JsonValue.BIG_INTEGER);
                assertThat(n.bigIntegerDigits()).as(what).isEqualTo(big.toString());
                assertThat(Double.doubleToRawLongBits(n.doubleValue())).as(what)
                        .isEqualTo(Double.doubleToRawLongBits(big.doubleValue()));
            } else if (expected.isIntegralNumber()) {
                assertThat(n.kind()).as(what).isEqualTo(JsonValue.INTEGER);
                assertThat(n.longValue()).as(what).isEqualTo(expected.longValue());
                assertThat(n.doubleValue()).as(what).isEqualTo(expected.doubleValue());
            } else {
                assertThat(n.kind()).as(what).isEqualTo(JsonValue.DOUBLE);
                assertThat(Double.doubleToRawLongBits(n.doubleValue())).as(what)
                        .isEqualTo(Double.doubleToRawLongBits(expected.doubleValue()));
                assertThat((float) n.doubleValue()).as(what).isEqualTo((float) expected.doubleValue());
            }
            assertThat(n.numberText()).as(what).isEqualTo(expected.asText());
        }
    }
}
