package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link DecodedMessage} as the JSON the Go type would marshal to: fields in struct order, empty
 * {@code omitempty} fields left out, {@code []byte} as base64, times as RFC 3339 in UTC to the second.
 */
final class JsonRenderer {

    private static final JsonNodeFactory NODES = Json.MAPPER.getNodeFactory();
    private static final DateTimeFormatter RFC3339 =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    /** Go's zero time.Time, 0001-01-01T00:00:00Z, as Unix seconds; it also counts as zero. */
    private static final long GO_ZERO_TIME_SECONDS = -62135596800L;

    private JsonRenderer() {
    }

    static ObjectNode render(DecodedMessage msg) throws ProtobufDecodingException {
        ObjectNode out = NODES.objectNode();
        for (FieldSpec field : msg.spec().fields()) {
            JsonNode value = field(msg, field);
            if (value != null) {
                out.set(field.jsonName(), value);
            }
        }
        return out;
    }

    /** The field's JSON value, or null when it is left out. */
    private static JsonNode field(DecodedMessage msg, FieldSpec field) throws ProtobufDecodingException {
        if (field.repeated()) {
            List<Object> items = msg.items(field.number());
            if (items.isEmpty()) {
                return null;
            }
            ArrayNode array = NODES.arrayNode();
            for (Object item : items) {
                array.add(value(field, item));
            }
            return array;
        }
        if (!msg.has(field.number())) {
            return field.presence() == JsonPresence.ALWAYS ? zero(field) : null;
        }
        Object raw = msg.get(field.number());
        if (field.presence() == JsonPresence.OMIT_EMPTY && isEmpty(field, raw)) {
            return null;
        }
        return value(field, raw);
    }

    private static JsonNode value(FieldSpec field, Object raw) throws ProtobufDecodingException {
        return switch (field.type()) {
            case STRING -> NODES.textNode((String) raw);
            case BYTES -> NODES.textNode(base64((byte[]) raw));
            case INT64 -> NODES.numberNode((Long) raw);
            case INT32 -> NODES.numberNode((Integer) raw);
            case BOOL -> NODES.booleanNode((Boolean) raw);
            case MESSAGE -> render((DecodedMessage) raw);
            case TIME -> time((DecodedMessage) raw);
            case RAW_JSON -> rawJson((DecodedMessage) raw, field);
            case STRING_MAP, BYTES_MAP, STRING_LIST_MAP -> map(field, raw);
        };
    }

    /** An absent field without omitempty: the Go zero value's JSON. */
    private static JsonNode zero(FieldSpec field) throws ProtobufDecodingException {
        return switch (field.type()) {
            case STRING -> NODES.textNode("");
            case INT64, INT32 -> NODES.numberNode(0);
            case BOOL -> NODES.booleanNode(false);
            case MESSAGE -> render(new DecodedMessage(field.message()));
            case BYTES, TIME, RAW_JSON, STRING_MAP, BYTES_MAP, STRING_LIST_MAP -> NODES.nullNode();
        };
    }

    private static boolean isEmpty(FieldSpec field, Object raw) {
        return switch (field.type()) {
            case STRING -> ((String) raw).isEmpty();
            case BYTES -> ((byte[]) raw).length == 0;
            case INT64 -> (Long) raw == 0L;
            case INT32 -> (Integer) raw == 0;
            case BOOL -> !(Boolean) raw;
            case TIME -> isZeroTime((DecodedMessage) raw);
            case STRING_MAP, BYTES_MAP, STRING_LIST_MAP -> ((Map<?, ?>) raw).isEmpty();
            // omitempty never drops a struct; FieldsV1 is only ever a pointer
            case MESSAGE, RAW_JSON -> false;
        };
    }

    @SuppressWarnings("unchecked")
    private static JsonNode map(FieldSpec field, Object raw) {
        ObjectNode out = NODES.objectNode();
        for (Map.Entry<String, Object> e : ((Map<String, Object>) raw).entrySet()) {
            switch (field.type()) {
                case BYTES_MAP -> out.put(e.getKey(), base64((byte[]) e.getValue()));
                case STRING_LIST_MAP -> {
                    // a nil ExtraValue marshals as null
                    List<String> items = (List<String>) e.getValue();
                    if (items.isEmpty()) {
                        out.putNull(e.getKey());
                    } else {
                        ArrayNode array = out.putArray(e.getKey());
                        items.forEach(array::add);
                    }
                }
                default -> out.put(e.getKey(), (String) e.getValue());
            }
        }
        return out;
    }

    /** Go's {@code Time.Unmarshal} reads {0, 0} as the zero time, which marshals as null. */
    private static JsonNode time(DecodedMessage ts) throws ProtobufDecodingException {
        if (isZeroTime(ts)) {
            return NODES.nullNode();
        }
        try {
            return NODES.textNode(RFC3339.format(Instant.ofEpochSecond(ts.int64(1), ts.int32(2))));
        } catch (DateTimeException | ArithmeticException e) {
            throw new ProtobufDecodingException("time out of range: seconds " + ts.int64(1) + ", nanos " + ts.int32(2));
        }
    }

    private static boolean isZeroTime(DecodedMessage ts) {
        long seconds = ts.int64(1);
        return ts.int32(2) == 0 && (seconds == 0 || seconds == GO_ZERO_TIME_SECONDS);
    }

    /** FieldsV1 marshals as its raw JSON, or null when it has none. */
    private static JsonNode rawJson(DecodedMessage fields, FieldSpec field) throws ProtobufDecodingException {
        byte[] raw = fields.bytes(1);
        if (raw.length == 0) {
            return NODES.nullNode();
        }
        try {
            JsonNode node = Json.MAPPER.readTree(raw);
            if (node == null || node.isMissingNode()) {
                throw new ProtobufDecodingException(field.jsonName() + ": no JSON in raw bytes");
            }
            return node;
        } catch (IOException e) {
            throw new ProtobufDecodingException(field.jsonName() + ": invalid JSON in raw bytes: "
                    + firstLine(e.getMessage()));
        }
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static String firstLine(String s) {
        String m = String.valueOf(s);
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
