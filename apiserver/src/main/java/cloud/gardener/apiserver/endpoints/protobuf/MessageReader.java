package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.model.TypeRef;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads protobuf bytes into a record as Go's generated {@code Unmarshal} fills the struct it mirrors: unknown fields
 * are skipped; a known field with the wrong wire type is an error; a singular message sent twice merges into the
 * first, repeated fields append, maps keep the last value of a key; the value types replace ({@code Time} ignores
 * the nanoseconds and reads an empty message as the zero time, {@code MicroTime} keeps microseconds). Repeated
 * numbers are read packed or not, as Go's reader accepts both.
 */
final class MessageReader {

    /** The instants Go's JSON can write: years 0 to 9999 (a seconds value of Unix time). */
    private static final long MIN_JSON_SECONDS =
            Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();

    private static final long MAX_JSON_SECONDS =
            Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();

    private MessageReader() {}

    /** Reads a message of {@code type}; {@code typeMeta}, when not null, fills the record's inline TypeMeta. */
    static Object read(Class<?> type, byte[] bytes, Object typeMeta) throws ProtobufDecodingException {
        try {
            Builder b = new Builder(MessageModel.of(type));
            b.merge(CodedInputStream.newInstance(bytes));
            if (typeMeta != null && b.model.typeMetaIndex() >= 0) {
                b.values[b.model.typeMetaIndex()] = typeMeta;
            }
            return b.build();
        } catch (ProtobufDecodingException e) {
            throw e;
        } catch (InvalidProtocolBufferException e) {
            throw new ProtobufDecodingException(goMessage(e));
        } catch (IOException e) {
            throw new ProtobufDecodingException("proto: " + e.getMessage());
        }
    }

    /** A message being read: values by component index (lists, maps and nested builders while open). */
    private static final class Builder {
        private final MessageModel model;
        private final Object[] values;

        Builder(MessageModel model) {
            this.model = model;
            this.values = new Object[model.record().fields().size()];
        }

        void merge(CodedInputStream in) throws IOException {
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                MessageModel.Field f = model.field(WireFormat.getTagFieldNumber(tag));
                if (f == null) {
                    skip(in, tag);
                } else {
                    read(in, f, WireFormat.getTagWireType(tag));
                }
            }
        }

        @SuppressWarnings("unchecked")
        private void read(CodedInputStream in, MessageModel.Field f, int wireType) throws IOException {
            TypeRef t = f.type();
            int i = f.index();
            switch (t.shape()) {
                case LIST -> {
                    if (values[i] == null) {
                        values[i] = new ArrayList<>();
                    }
                    List<Object> list = (List<Object>) values[i];
                    TypeRef e = t.element();
                    if (f.itemsMessage()) {
                        // a named slice's message {items = 1}: present, even empty, is a non-nil list; Go appends
                        expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                        list.addAll(items(CodedInputStream.newInstance(in.readByteArray()), e, f));
                    } else if (isNumeric(e) && wireType == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                        CodedInputStream packed = CodedInputStream.newInstance(in.readByteArray());
                        while (!packed.isAtEnd()) {
                            list.add(scalar(packed, e));
                        }
                    } else {
                        expect(wireType, e, f);
                        list.add(element(in, e, f));
                    }
                }
                case MAP -> {
                    expect(wireType, t, f);
                    if (values[i] == null) {
                        values[i] = new LinkedHashMap<>();
                    }
                    Map<String, Object> map = (Map<String, Object>) values[i];
                    mapEntry(CodedInputStream.newInstance(in.readByteArray()), t.element(), f, map);
                }
                case RECORD -> {
                    expect(wireType, t, f);
                    if (!(values[i] instanceof Builder)) {
                        values[i] = new Builder(MessageModel.of(t.raw()));
                    }
                    ((Builder) values[i]).merge(CodedInputStream.newInstance(in.readByteArray()));
                }
                default -> {
                    expect(wireType, t, f);
                    values[i] = element(in, t, f);
                }
            }
        }

        Object build() {
            Object[] out = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                Object v = values[i];
                if (v instanceof Builder b) {
                    out[i] = b.build();
                } else if (v instanceof List<?> l) {
                    List<Object> list = new ArrayList<>(l.size());
                    l.forEach(item -> list.add(built(item)));
                    out[i] = java.util.Collections.unmodifiableList(list);
                } else if (v instanceof Map<?, ?> m) {
                    Map<String, Object> map = new LinkedHashMap<>();
                    m.forEach((k, item) -> map.put((String) k, built(item)));
                    out[i] = java.util.Collections.unmodifiableMap(map);
                } else if (v == null) {
                    out[i] = RecordModel.zeroOf(
                            model.record().fields().get(i).type().raw());
                } else {
                    out[i] = v;
                }
            }
            return model.record().construct(out);
        }

        private static Object built(Object v) {
            return v instanceof Builder b ? b.build() : v;
        }
    }

    /** One value of a non-repeated field, list element or map value; the wire type was checked. */
    private static Object element(CodedInputStream in, TypeRef t, MessageModel.Field f) throws IOException {
        return switch (t.shape()) {
            case STRING -> string(in.readByteArray());
            case BYTES -> Base64Bytes.of(in.readByteArray());
            case RAW -> raw(in.readByteArray(), f);
            case RECORD -> {
                Builder b = new Builder(MessageModel.of(t.raw()));
                b.merge(CodedInputStream.newInstance(in.readByteArray()));
                yield b;
            }
            case VALUE -> value(t.raw(), in.readByteArray(), f);
            case BOOL, INT32, INT64, FLOAT64 -> scalar(in, t);
            case LIST, MAP -> throw new IllegalStateException("nested collection " + t.goName());
        };
    }

    private static Object scalar(CodedInputStream in, TypeRef t) throws IOException {
        return switch (t.shape()) {
            case BOOL -> in.readRawVarint64() != 0;
            case INT32 -> in.readInt32();
            case INT64 -> in.readInt64();
            case FLOAT64 -> {
                double d = in.readDouble();
                if (!Double.isFinite(d)) {
                    // Go reads it, then cannot write it as JSON
                    throw new ProtobufDecodingException("json: unsupported value: " + goFloat(d));
                }
                yield d;
            }
            default -> throw new IllegalStateException("not a number: " + t.goName());
        };
    }

    private static String goFloat(double d) {
        return Double.isNaN(d) ? "NaN" : d > 0 ? "+Inf" : "-Inf";
    }

    /** One entry {key = 1, value = 2}; a missing key or value is the zero value, as in Go. */
    private static void mapEntry(
            CodedInputStream entry, TypeRef valueType, MessageModel.Field f, Map<String, Object> map)
            throws IOException {
        String key = "";
        Object value = null;
        for (int tag = entry.readTag(); tag != 0; tag = entry.readTag()) {
            int number = WireFormat.getTagFieldNumber(tag);
            int wireType = WireFormat.getTagWireType(tag);
            if (number == 1) {
                expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                key = string(entry.readByteArray());
            } else if (number == 2 && valueType.shape() == TypeRef.Shape.LIST) {
                expect(wireType, WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                // Go unmarshals a repeated value field into the same slice: the items add up
                List<Object> items = items(CodedInputStream.newInstance(entry.readByteArray()), valueType.element(), f);
                if (value != null) {
                    items.addAll(0, (List<?>) value);
                }
                value = items;
            } else if (number == 2) {
                expect(wireType, valueType, f);
                value = element(entry, valueType, f);
            } else {
                skip(entry, tag);
            }
        }
        if (value == null) {
            value = switch (valueType.shape()) {
                case STRING -> "";
                case BYTES -> Base64Bytes.NIL;
                case RECORD -> new Builder(MessageModel.of(valueType.raw()));
                case LIST -> List.of();
                default -> RecordModel.zeroOf(valueType.raw());
            };
        }
        map.put(key, value);
    }

    /** The wrapper go-to-protobuf makes for a slice map value ({@code ExtraValue}): its repeated field 1. */
    private static List<Object> items(CodedInputStream in, TypeRef element, MessageModel.Field f) throws IOException {
        List<Object> items = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != 1) {
                skip(in, tag);
                continue;
            }
            expect(WireFormat.getTagWireType(tag), element, f);
            items.add(element(in, element, f));
        }
        return items;
    }

    private static JsonNode raw(byte[] message, MessageModel.Field f) throws IOException {
        byte[] raw = null;
        CodedInputStream in = CodedInputStream.newInstance(message);
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) == 1) {
                expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                raw = in.readByteArray();
            } else {
                skip(in, tag);
            }
        }
        if (raw == null || raw.length == 0) {
            return NullNode.getInstance(); // present but empty: Go marshals it as null
        }
        try {
            JsonNode node = Json.MAPPER.readTree(raw);
            if (node == null || node.isMissingNode()) {
                throw new ProtobufDecodingException(f.name() + ": no JSON in raw bytes");
            }
            return node;
        } catch (ProtobufDecodingException e) {
            throw e;
        } catch (IOException e) {
            throw new ProtobufDecodingException(f.name() + ": invalid JSON in raw bytes: " + firstLine(e.getMessage()));
        }
    }

    private static Object value(Class<?> type, byte[] message, MessageModel.Field f) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(message);
        if (type == Time.class || type == MicroTime.class) {
            if (message.length == 0) {
                return type == Time.class ? Time.zero() : MicroTime.zero();
            }
            long seconds = 0;
            int nanos = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1 -> {
                        expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, f);
                        seconds = in.readInt64();
                    }
                    case 2 -> {
                        expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, f);
                        nanos = in.readInt32();
                    }
                    default -> skip(in, tag);
                }
            }
            if (seconds < MIN_JSON_SECONDS || seconds > MAX_JSON_SECONDS) {
                // Go reads it, then cannot write it as JSON
                throw new ProtobufDecodingException(
                        type.getSimpleName() + ".MarshalJSON: year outside of range [0,9999]");
            }
            try {
                // Go: Time keeps whole seconds (time.Unix(seconds, 0)); MicroTime truncates nanos to microseconds
                return type == Time.class
                        ? Time.ofEpochSecond(seconds)
                        : MicroTime.of(Instant.ofEpochSecond(seconds, nanos - nanos % 1000));
            } catch (DateTimeException | ArithmeticException e) {
                throw new ProtobufDecodingException("time out of range: seconds " + seconds);
            }
        }
        if (type == Quantity.class) {
            Quantity q = Quantity.zero();
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == 1) {
                    expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                    try {
                        q = Quantity.parse(string(in.readByteArray()));
                    } catch (IllegalArgumentException | ArithmeticException e) {
                        throw new ProtobufDecodingException(String.valueOf(e.getMessage()));
                    }
                } else {
                    skip(in, tag);
                }
            }
            return q;
        }
        if (type == Duration.class) {
            long nanos = 0;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == 1) {
                    expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, f);
                    nanos = in.readInt64();
                } else {
                    skip(in, tag);
                }
            }
            return Duration.ofNanos(nanos);
        }
        if (type == IntOrString.class) {
            long kind = 0;
            int intVal = 0;
            String strVal = "";
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1 -> {
                        expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, f);
                        kind = in.readInt64();
                    }
                    case 2 -> {
                        expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_VARINT, f);
                        intVal = in.readInt32();
                    }
                    case 3 -> {
                        expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                        strVal = string(in.readByteArray());
                    }
                    default -> skip(in, tag);
                }
            }
            if (kind != 0 && kind != 1) {
                // Go reads it, then cannot write it as JSON
                throw new ProtobufDecodingException("impossible IntOrString.Type");
            }
            return kind == 0 ? IntOrString.ofInt(intVal) : IntOrString.ofString(strVal);
        }
        if (type == MachineImageFlavor.class) {
            // {map<string, CapabilityValues> capabilities = 1}; Go makes the map on its first entry, so none is nil
            Map<String, Object> capabilities = null;
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (WireFormat.getTagFieldNumber(tag) == 1) {
                    expect(WireFormat.getTagWireType(tag), WireFormat.WIRETYPE_LENGTH_DELIMITED, f);
                    if (capabilities == null) {
                        capabilities = new LinkedHashMap<>();
                    }
                    mapEntry(
                            CodedInputStream.newInstance(in.readByteArray()),
                            MessageWriter.CAPABILITY_VALUES,
                            f,
                            capabilities);
                } else {
                    skip(in, tag);
                }
            }
            return new MachineImageFlavor(capabilities == null ? null : castValues(capabilities));
        }
        throw new IllegalStateException("no protobuf form for " + type.getName());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, List<String>> castValues(Map<String, Object> capabilities) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        capabilities.forEach((k, v) -> out.put(k, (List<String>) v));
        return out;
    }

    private static boolean isNumeric(TypeRef t) {
        return switch (t.shape()) {
            case BOOL, INT32, INT64, FLOAT64 -> true;
            default -> false;
        };
    }

    private static int wireType(TypeRef t) {
        return switch (t.shape()) {
            case BOOL, INT32, INT64 -> WireFormat.WIRETYPE_VARINT;
            case FLOAT64 -> WireFormat.WIRETYPE_FIXED64;
            default -> WireFormat.WIRETYPE_LENGTH_DELIMITED;
        };
    }

    private static void expect(int wireType, TypeRef t, MessageModel.Field f) throws ProtobufDecodingException {
        expect(wireType, wireType(t), f);
    }

    private static void expect(int wireType, int expected, MessageModel.Field f) throws ProtobufDecodingException {
        if (wireType != expected) {
            throw new ProtobufDecodingException("proto: wrong wireType = " + wireType + " for field " + f.goName());
        }
    }

    /** Skips a field this model does not know, groups included (counted, not recursed into). */
    static void skip(CodedInputStream in, int firstTag) throws IOException {
        int depth = 0;
        int tag = firstTag;
        while (true) {
            int wireType = WireFormat.getTagWireType(tag);
            switch (wireType) {
                case WireFormat.WIRETYPE_VARINT -> in.readRawVarint64();
                case WireFormat.WIRETYPE_FIXED64 -> in.readRawLittleEndian64();
                case WireFormat.WIRETYPE_LENGTH_DELIMITED -> {
                    int length = in.readRawVarint32();
                    if (length < 0) {
                        throw new ProtobufDecodingException("proto: negative length found during unmarshaling");
                    }
                    in.skipRawBytes(length);
                }
                case WireFormat.WIRETYPE_FIXED32 -> in.readRawLittleEndian32();
                case WireFormat.WIRETYPE_START_GROUP -> depth++;
                case WireFormat.WIRETYPE_END_GROUP -> {
                    if (depth == 0) {
                        throw new ProtobufDecodingException("proto: unexpected end of group");
                    }
                    depth--;
                }
                default -> throw new ProtobufDecodingException("proto: illegal wireType " + wireType);
            }
            if (depth == 0) {
                return;
            }
            tag = in.readTag();
            if (tag == 0) {
                throw new ProtobufDecodingException("unexpected EOF");
            }
        }
    }

    // Go's encoding/json writes invalid UTF-8 as U+FFFD, which is what decoding with replacement gives.
    static String string(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Go's wording for the common failures (a cut-off message is io.ErrUnexpectedEOF there). */
    static String goMessage(InvalidProtocolBufferException e) {
        String m = String.valueOf(e.getMessage());
        if (m.contains("input ended unexpectedly") || m.contains("truncated")) {
            return "unexpected EOF";
        }
        if (m.contains("negative size")) {
            return "proto: negative length found during unmarshaling";
        }
        return "proto: " + m;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
