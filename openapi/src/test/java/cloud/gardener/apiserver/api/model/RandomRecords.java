package cloud.gardener.apiserver.api.model;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Fills records with random values, driven by {@link RecordModel} and {@link TypeRef}, the way Go's fuzzer
 * fills Go structs: pointers are nil or set, omitempty slices and maps are nil or hold 1-3 items (an empty
 * one would legitimately come back nil), other slices and maps hold 0-3 items, structs nest to a bounded
 * depth, and the value types get random valid values. Deterministic for a given {@link Random}.
 */
final class RandomRecords {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] QUANTITY_SUFFIXES = {
        "", "", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"
    };
    private static final String[] STRING_PIECES = {
        "a", "Z", "0", "-", ".", "/", " ", "\"", "\\", "\n", "\t", "\u0001", "<", ">", "&", "é", "日本", "😀", "\u2028",
        "%", "{}", "null"
    };
    /** Year 1 to year 9999, the range RFC 3339 can print. */
    private static final long MIN_SECOND = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();

    private static final long MAX_SECOND = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();

    private final Random random;
    private final int maxDepth;

    RandomRecords(Random random, int maxDepth) {
        this.random = random;
        this.maxDepth = maxDepth;
    }

    /** A random record of {@code type}. */
    Object record(Class<?> type) {
        return record(RecordModel.of(type), 0);
    }

    private Object record(RecordModel model, int depth) {
        Object[] values = new Object[model.fields().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = field(model.fields().get(i), depth);
        }
        return model.construct(values);
    }

    private Object field(FieldModel f, int depth) {
        TypeRef t = f.type();
        if (f.inline()) {
            return record(RecordModel.of(t.raw()), depth);
        }
        boolean deep = depth >= maxDepth;
        if (f.pointer() && (deep || random.nextInt(3) == 0)) {
            return null; // nil pointer (always at the depth limit, so recursion ends)
        }
        return value(t, f.omitEmpty(), f.pointer(), depth);
    }

    /** A value of {@code t}; {@code pointer} says nil would be a distinct value (so zero time is not generated). */
    private Object value(TypeRef t, boolean omitEmpty, boolean pointer, int depth) {
        boolean deep = depth >= maxDepth;
        return switch (t.shape()) {
            case STRING -> string();
            case BOOL -> random.nextBoolean();
            case INT32 -> (int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE);
            case INT64 -> integer(Long.MIN_VALUE, Long.MAX_VALUE);
            case FLOAT64 -> float64();
            case BYTES -> bytes(omitEmpty);
            case RAW -> pointer || random.nextInt(4) != 0 ? rawJson(2) : null;
            case RECORD -> deep ? RecordModel.of(t.raw()).zero() : record(RecordModel.of(t.raw()), depth + 1);
            case LIST -> {
                Integer n = count(omitEmpty, deep);
                if (n == null) {
                    yield null;
                }
                List<Object> list = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    list.add(value(t.element(), false, false, depth + 1));
                }
                yield list;
            }
            case MAP -> {
                Integer n = count(omitEmpty, deep);
                if (n == null) {
                    yield null;
                }
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    map.put(string(), value(t.element(), false, false, depth + 1));
                }
                yield map;
            }
            case VALUE -> valueType(t.raw(), pointer);
        };
    }

    /** nil (null), or how many items; never empty-but-non-nil where omitempty would turn that into nil. */
    private Integer count(boolean omitEmpty, boolean deep) {
        if (deep || random.nextInt(4) == 0) {
            return null;
        }
        return omitEmpty ? 1 + random.nextInt(3) : random.nextInt(4);
    }

    private Object valueType(Class<?> c, boolean pointer) {
        if (c == Quantity.class) {
            return quantity();
        }
        if (c == Duration.class) {
            return Duration.ofNanos(
                    random.nextInt(3) == 0
                            ? random.nextLong()
                            : integer(-1_000_000_000_000_000L, 1_000_000_000_000_000L)
                                    / pick(1L, 1_000L, 1_000_000L, 1_000_000_000L));
        }
        if (c == Time.class) {
            // A pointer to the zero time encodes as null and decodes as nil, in Go too: only values may be zero.
            return !pointer && random.nextInt(5) == 0 ? Time.zero() : Time.ofEpochSecond(epochSecond());
        }
        if (c == MicroTime.class) {
            return !pointer && random.nextInt(5) == 0
                    ? MicroTime.zero()
                    : MicroTime.of(Instant.ofEpochSecond(epochSecond(), random.nextInt(1_000_000) * 1_000L));
        }
        if (c == IntOrString.class) {
            return random.nextBoolean()
                    ? IntOrString.ofInt((int) integer(Integer.MIN_VALUE, Integer.MAX_VALUE))
                    : IntOrString.ofString(random.nextBoolean() ? string() : integer(-100, 100) + "%");
        }
        if (c == MachineImageFlavor.class) {
            Map<String, List<String>> capabilities = new LinkedHashMap<>();
            int n = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                List<String> values = new ArrayList<>();
                int m = random.nextInt(3);
                for (int j = 0; j < m; j++) {
                    values.add(string());
                }
                capabilities.put(string(), random.nextInt(4) == 0 ? null : values);
            }
            return new MachineImageFlavor(random.nextInt(4) == 0 ? null : capabilities);
        }
        throw new IllegalStateException("no generator for value type " + c.getName());
    }

    private long epochSecond() {
        return MIN_SECOND + (long) (random.nextDouble() * (MAX_SECOND - MIN_SECOND));
    }

    /**
     * A random valid quantity in one of Go's notations (plain, decimal SI, binary SI, exponent), one that Go
     * itself can round-trip: Go prints a DecimalSI value of 1000E or more with no suffix at all ({@code 96000E}
     * prints {@code 96}), which {@link Quantity} reproduces; Kubernetes' own fuzzer avoids such values too.
     */
    private Quantity quantity() {
        while (true) {
            Quantity q = anyQuantity();
            if (Quantity.parse(q.toString()).equals(q)) {
                return q;
            }
        }
    }

    private Quantity anyQuantity() {
        StringBuilder s = new StringBuilder();
        switch (random.nextInt(8)) {
            case 0 -> s.append('-');
            case 1 -> s.append('+');
            default -> {}
        }
        s.append(
                random.nextInt(5) == 0
                        ? Long.toString(random.nextLong(Long.MAX_VALUE))
                        : Integer.toString(random.nextInt(random.nextBoolean() ? 10 : 100_000)));
        if (random.nextInt(3) == 0) {
            s.append('.').append(random.nextInt(1_000_000));
        }
        if (random.nextInt(6) == 0) {
            s.append(random.nextBoolean() ? 'e' : 'E').append(integer(-12, 20));
        } else {
            s.append(QUANTITY_SUFFIXES[random.nextInt(QUANTITY_SUFFIXES.length)]);
        }
        return Quantity.parse(s.toString());
    }

    /** Random text: empty, plain, or with quotes, escapes, control characters and multi-byte characters. */
    private String string() {
        int n = random.nextInt(6) == 0 ? 0 : 1 + random.nextInt(8);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(
                    random.nextInt(3) == 0
                            ? STRING_PIECES[random.nextInt(STRING_PIECES.length)]
                            : (char) ('a' + random.nextInt(26)));
        }
        return s.toString();
    }

    /** Mostly small numbers, sometimes the edges of the range. */
    private long integer(long min, long max) {
        return switch (random.nextInt(6)) {
            case 0 -> min;
            case 1 -> max;
            case 2 -> 0;
            case 3 -> Math.max(min, Math.min(max, random.nextLong()));
            default -> Math.max(min, Math.min(max, random.nextInt(2001) - 1000));
        };
    }

    private double float64() {
        return switch (random.nextInt(6)) {
            case 0 -> random.nextInt(201) - 100;
            case 1 -> random.nextDouble();
            case 2 -> (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(60) - 30);
            case 3 -> pick(1e-7, 1e21, 1e20, 123456789.125, -0.000001, Double.MAX_VALUE, Double.MIN_VALUE, 0.1);
            default -> Math.round(random.nextDouble() * 10_000) / 100.0;
        };
    }

    private Base64Bytes bytes(boolean omitEmpty) {
        int kind = random.nextInt(4);
        if (kind == 0) {
            return Base64Bytes.NIL;
        }
        if (kind == 1 && !omitEmpty) {
            return Base64Bytes.EMPTY; // an empty omitempty []byte would come back nil, as in Go
        }
        byte[] b = new byte[1 + random.nextInt(16)];
        random.nextBytes(b);
        return Base64Bytes.of(b);
    }

    /** Any JSON but a top-level null (which a RawExtension cannot hold). */
    private JsonNode rawJson(int depth) {
        int kind = depth <= 0 ? 2 + random.nextInt(4) : random.nextInt(6);
        switch (kind) {
            case 0 -> {
                ObjectNode o = NODES.objectNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    o.set(string(), random.nextInt(6) == 0 ? NODES.nullNode() : rawJson(depth - 1));
                }
                return o;
            }
            case 1 -> {
                ArrayNode a = NODES.arrayNode();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    a.add(random.nextInt(6) == 0 ? NODES.nullNode() : rawJson(depth - 1));
                }
                return a;
            }
            case 2 -> {
                return NODES.textNode(string());
            }
            case 3 -> {
                // the node types Jackson reads back: int, long, and decimals as BigDecimal
                return random.nextBoolean() ? NODES.numberNode(random.nextInt()) : decimal();
            }
            case 4 -> {
                return NODES.numberNode(
                        random.nextBoolean()
                                ? Long.MAX_VALUE - random.nextInt(1000)
                                : Long.MIN_VALUE + random.nextInt(1000));
            }
            default -> {
                return NODES.booleanNode(random.nextBoolean());
            }
        }
    }

    /**
     * A decimal as Jackson's trees hold it after reading: trailing zeros stripped (a known difference from Go's
     * RawExtension, which keeps the bytes as sent: {@code 1.50} is stored as {@code 1.5}).
     */
    private JsonNode decimal() {
        BigDecimal d = new BigDecimal(random.nextInt(200_000) - 100_000)
                .movePointLeft(random.nextInt(4) + 1)
                .stripTrailingZeros();
        return d.scale() <= 0 ? NODES.numberNode(d.intValueExact()) : NODES.numberNode(d);
    }

    private long pick(long... options) {
        return options[random.nextInt(options.length)];
    }

    private double pick(double... options) {
        return options[random.nextInt(options.length)];
    }
}
