package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.TypeRef;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a record as the bytes Go's gogo-generated {@code Marshal} gives for the struct it mirrors: fields in number
 * order; non-pointer strings, numbers, booleans and structs always (empty or zero included); pointers when not nil;
 * slices and maps when not empty, each element its own field (proto2: repeated scalars are not packed); map entries
 * sorted by key; {@code []byte} when not nil. The value types write their own messages as apimachinery does:
 * {@code Quantity {string string = 1}}, {@code Time} and {@code MicroTime} as {@code Timestamp {seconds = 1,
 * nanos = 2}} (nothing for the zero time), {@code Duration {int64 duration = 1}} in nanoseconds, {@code IntOrString
 * {type = 1, intVal = 2, strVal = 3}}, raw JSON ({@code RawExtension}, {@code JSON}, {@code FieldsV1}) as
 * {@code {bytes raw = 1}}, {@code MachineImageFlavor} as {@code {map<string, CapabilityValues> capabilities = 1}}. A slice
 * map value, and a list whose Go type is a named slice ({@code ProtoTag.itemsMessage}), is the message
 * {@code {repeated T items = 1}}.
 */
final class MessageWriter {

    /** {@code CapabilityValues}, the value type of {@code MachineImageFlavor}'s map: a list of strings. */
    static final TypeRef CAPABILITY_VALUES = new TypeRef(
            TypeRef.Shape.LIST, List.class, new TypeRef(TypeRef.Shape.STRING, String.class, null, false), false);

    private MessageWriter() {}

    /** The message bytes of a record. */
    static byte[] write(Object record) {
        return message(record, MessageModel.of(record.getClass())).toByteArray();
    }

    private static ByteString message(Object record, MessageModel model) {
        ByteString.Output bytes = ByteString.newOutput();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        try {
            for (MessageModel.Field f : model.fields()) {
                field(out, f, f.model().get(record));
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // writes to memory only
        }
        return bytes.toByteString();
    }

    private static void field(CodedOutputStream out, MessageModel.Field f, Object v) throws IOException {
        TypeRef t = f.type();
        int n = f.number();
        switch (t.shape()) {
            case LIST -> {
                if (v != null && f.itemsMessage()) {
                    out.writeBytes(n, items(t.element(), (List<?>) v)); // a named slice: even an empty one is sent
                } else if (v != null) {
                    for (Object item : (List<?>) v) {
                        element(out, n, t.element(), item);
                    }
                }
            }
            case MAP -> {
                if (v != null) {
                    map(out, n, t.element(), (Map<?, ?>) v);
                }
            }
            default -> {
                if (v == null && (f.model().pointer() || t.shape() == TypeRef.Shape.BYTES)) {
                    return; // nil pointers and nil []byte are not written
                }
                element(out, n, t, v);
            }
        }
    }

    /** One value of a non-pointer field or element: null is Go's zero value. */
    private static void element(CodedOutputStream out, int n, TypeRef t, Object v) throws IOException {
        switch (t.shape()) {
            case STRING -> out.writeString(n, v == null ? "" : (String) v);
            case BOOL -> out.writeBool(n, v != null && (Boolean) v);
            case INT32 -> out.writeInt32(n, v == null ? 0 : (Integer) v);
            case INT64 -> out.writeInt64(n, v == null ? 0L : (Long) v);
            case FLOAT64 -> out.writeDouble(n, v == null ? 0.0 : (Double) v);
            case BYTES -> {
                Base64Bytes b = (Base64Bytes) v;
                if (b != null && !b.isNil()) {
                    out.writeByteArray(n, b.bytes());
                }
            }
            case RAW -> out.writeBytes(n, raw((JsonNode) v));
            case RECORD -> {
                MessageModel model = MessageModel.of(t.raw());
                out.writeBytes(n, message(v == null ? model.record().zero() : v, model));
            }
            case VALUE -> out.writeBytes(n, value(t.raw(), v));
            case LIST, MAP -> throw new IllegalStateException("nested collection " + t.goName());
            default -> throw new IllegalStateException("unhandled " + t.goName());
        }
    }

    /** A map field: one entry message per key, sorted by key as Go's generated marshaller writes them. */
    private static void map(CodedOutputStream out, int n, TypeRef valueType, Map<?, ?> map) throws IOException {
        for (Map.Entry<?, ?> e : new TreeMap<>(map).entrySet()) {
            out.writeBytes(n, mapEntry((String) e.getKey(), valueType, e.getValue()));
        }
    }

    /** A map entry {key = 1, value = 2}; a nil {@code []byte} value leaves the value out, as Go does. */
    private static ByteString mapEntry(String key, TypeRef valueType, Object value) throws IOException {
        ByteString.Output bytes = ByteString.newOutput();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        out.writeString(1, key);
        if (valueType.shape() == TypeRef.Shape.LIST) {
            // go-to-protobuf wraps a slice map value in a message of one repeated field (ExtraValue {items = 1})
            out.writeBytes(2, items(valueType.element(), value == null ? List.of() : (List<?>) value));
        } else {
            element(out, 2, valueType, value);
        }
        out.flush();
        return bytes.toByteString();
    }

    /** A named slice type's message {@code { repeated T items = 1 }} ({@code CapabilityValues}, {@code ExtraValue}). */
    private static ByteString items(TypeRef element, List<?> list) throws IOException {
        ByteString.Output bytes = ByteString.newOutput();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        for (Object item : list) {
            element(out, 1, element, item);
        }
        out.flush();
        return bytes.toByteString();
    }

    /** {@code RawExtension}, {@code JSON}, {@code FieldsV1}: the JSON bytes in field 1, none for nil. */
    private static ByteString raw(JsonNode node) throws IOException {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return ByteString.EMPTY;
        }
        ByteString.Output bytes = ByteString.newOutput();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        out.writeByteArray(1, Json.toBytes(node));
        out.flush();
        return bytes.toByteString();
    }

    private static ByteString value(Class<?> type, Object v) throws IOException {
        ByteString.Output bytes = ByteString.newOutput();
        CodedOutputStream out = CodedOutputStream.newInstance(bytes);
        if (type == Quantity.class) {
            // Quantity's own Marshal writes its canonical string, also for the zero quantity ("0")
            out.writeString(1, (v == null ? Quantity.zero() : (Quantity) v).toString());
        } else if (type == Time.class) {
            Time time = (Time) v;
            if (time != null && !time.isZero()) {
                out.writeInt64(1, time.epochSecond());
                out.writeInt32(2, 0); // Time carries whole seconds on the wire, as in its JSON
            }
        } else if (type == MicroTime.class) {
            MicroTime time = (MicroTime) v;
            if (time != null && !time.isZero()) {
                // seconds and the nanoseconds within them, to the microsecond: Go's {Unix(), Nanosecond()}
                Instant instant = time.instant().truncatedTo(ChronoUnit.MICROS);
                out.writeInt64(1, instant.getEpochSecond());
                out.writeInt32(2, instant.get(ChronoField.NANO_OF_SECOND));
            }
        } else if (type == Duration.class) {
            out.writeInt64(1, v == null ? 0L : ((Duration) v).nanos());
        } else if (type == IntOrString.class) {
            IntOrString i = v == null ? IntOrString.zero() : (IntOrString) v;
            out.writeInt64(1, i.isInt() ? 0 : 1);
            out.writeInt32(2, i.isInt() ? i.intValue() : 0);
            out.writeString(3, i.stringValue());
        } else if (type == MachineImageFlavor.class) {
            // {map<string, CapabilityValues> capabilities = 1}: the Go struct around the map its JSON is
            MachineImageFlavor flavor = (MachineImageFlavor) v;
            if (flavor != null && flavor.capabilities() != null) {
                map(out, 1, CAPABILITY_VALUES, flavor.capabilities());
            }
        } else {
            throw new IllegalStateException("no protobuf form for " + type.getName());
        }
        out.flush();
        return bytes.toByteString();
    }
}
