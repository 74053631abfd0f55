package dev.arbor.gltf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;

/**
 * The writer's JSON: Jackson's mutable tree, which {@link GltfWriter} edits and writes with Jackson's generator, and
 * the copy of a read document ({@link JsonValue}) into it. Reading never loads this class, so a read in a fresh JVM
 * loads none of Jackson.
 */
final class JacksonTree {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JacksonTree() {
    }

    /**
     * The mapper for writing, made on first use (thread-safe once configured), with the reader's limits and duplicate
     * names refused when it reads (tests and tools read the writer's output back with it).
     */
    private static final class Writing {
        static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(Json.MAX_NESTING_DEPTH)
                        .maxNumberLength(Json.MAX_NUMBER_LENGTH)
                        .maxNameLength(Json.MAX_NAME_LENGTH)
                        // strings (data: URIs) are bounded by the document itself, which is bounded by the file
                        .maxStringLength(Integer.MAX_VALUE)
                        .build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build());
    }

    /** The shared mapper, for writing. */
    static ObjectMapper mapper() {
        return Writing.MAPPER;
    }

    /** @return a new empty array node */
    static ArrayNode arrayNode() {
        return NODES.arrayNode();
    }

    /** @return a new empty object node */
    static ObjectNode objectNode() {
        return NODES.objectNode();
    }

    /**
     * A new Jackson tree equal to {@code value}: the nodes Jackson's own parser makes for the same text (integers as
     * int, long or big integer nodes by size, other numbers as double nodes, members in document order). Recursive:
     * the depth is bounded by {@link Json#MAX_NESTING_DEPTH}.
     */
    static JsonNode copy(JsonValue value) {
        switch (value.kind()) {
            case JsonValue.OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (int i = 0; i < value.size(); i++) {
                    object.set(value.name(i), copy(value.value(i)));
                }
                return object;
            }
            case JsonValue.ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (int i = 0; i < value.size(); i++) {
                    array.add(copy(value.get(i)));
                }
                return array;
            }
            case JsonValue.STRING:
                return NODES.textNode(value.textValue());
            case JsonValue.INTEGER: {
                long v = value.longValue();
                return v == (int) v ? NODES.numberNode((int) v) : NODES.numberNode(v);
            }
            case JsonValue.BIG_INTEGER:
                return NODES.numberNode(new BigInteger(value.bigIntegerDigits()));
            case JsonValue.DOUBLE:
                return NODES.numberNode(value.doubleValue());
            case JsonValue.TRUE:
                return NODES.booleanNode(true);
            case JsonValue.FALSE:
                return NODES.booleanNode(false);
            default:
                return NODES.nullNode();
        }
    }

    /** @return {@link #copy} of an object, as an object node */
    static ObjectNode copyObject(JsonValue object) {
        return (ObjectNode) copy(object);
    }
}
