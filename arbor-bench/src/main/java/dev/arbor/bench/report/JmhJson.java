package dev.arbor.bench.report;

import dev.arbor.bench.workloads.BenchMethods;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result files ({@code -rf json}) into {@link Result}s. A small recursive-descent parser for the
 * subset of JSON JMH writes (objects, arrays, strings, numbers, booleans, null), to keep the module free of a JSON
 * library.
 */
public final class JmhJson {
    private final String text;
    private int pos;

    private JmhJson(String text) {
        this.text = text;
    }

    /**
     * Reads one JMH JSON result file.
     *
     * @param file the file
     * @return one result per benchmark and parameter set
     * @throws IOException if the file cannot be read or is not JMH JSON
     */
    public static List<Result> read(Path file) throws IOException {
        Object root;
        try {
            root = new JmhJson(Files.readString(file, StandardCharsets.UTF_8)).parseDocument();
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        if (!(root instanceof List)) {
            throw new IOException(file + ": expected a JSON array of JMH results");
        }
        List<Result> results = new ArrayList<>();
        for (Object entry : (List<?>) root) {
            Map<?, ?> run = (Map<?, ?>) entry;
            String benchmark = (String) run.get("benchmark");
            Map<?, ?> params = (Map<?, ?>) run.get("params");
            Map<?, ?> metric = (Map<?, ?>) run.get("primaryMetric");
            if (params == null || metric == null) {
                throw new IOException(file + ": result without params or primaryMetric: benchmark=" + benchmark);
            }
            String scene = (String) params.get("scene");
            double score = ((Number) metric.get("score")).doubleValue();
            Object error = metric.get("scoreError");
            double scoreError = error instanceof Number ? ((Number) error).doubleValue() : Double.NaN;
            results.add(new Result(scene, BenchMethods.workloadOf(benchmark).id(), (String) params.get("impl"),
                    score, scoreError, SceneSizes.of(scene)));
        }
        return results;
    }

    private Object parseDocument() {
        Object value = parseValue();
        skipSpace();
        if (pos != text.length()) {
            throw error("trailing characters");
        }
        return value;
    }

    private Object parseValue() {
        skipSpace();
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{': return parseObject();
            case '[': return parseArray();
            case '"': return parseString();
            case 't': return literal("true", Boolean.TRUE);
            case 'f': return literal("false", Boolean.FALSE);
            case 'n': return literal("null", null);
            default: return parseNumber();
        }
    }

    private Map<String, Object> parseObject() {
        Map<String, Object> map = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return map;
        }
        while (true) {
            skipSpace();
            String key = parseString();
            skipSpace();
            expect(':');
            map.put(key, parseValue());
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> parseArray() {
        List<Object> list = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return list;
        }
        while (true) {
            list.add(parseValue());
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String parseString() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = text.charAt(pos++);
            switch (e) {
                case 'n': sb.append('\n'); break;
                case 't': sb.append('\t'); break;
                case 'r': sb.append('\r'); break;
                case 'b': sb.append('\b'); break;
                case 'f': sb.append('\f'); break;
                case 'u':
                    sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                    break;
                default: sb.append(e);
            }
        }
    }

    private Object parseNumber() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            // JMH writes "NaN" as a string, but be lenient with bare NaN/Infinity
            for (String word : new String[] {"NaN", "Infinity", "-Infinity"}) {
                if (text.startsWith(word, pos)) {
                    pos += word.length();
                    return Double.valueOf(word);
                }
            }
            throw error("unexpected character '" + text.charAt(pos) + "'");
        }
        return Double.valueOf(text.substring(start, pos));
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected " + word);
        }
        pos += word.length();
        return value;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at offset " + pos);
    }
}
