package cloud.gardener.apiserver.endpoints.protobuf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fields of one decoded message, keyed by number: scalars ({@code String}, {@code byte[]}, {@code Long},
 * {@code Integer}, {@code Boolean}), nested messages, lists for repeated fields and sorted maps for map fields.
 * An absent field was not on the wire.
 */
final class DecodedMessage {

    private final MessageSpec spec;
    private final Map<Integer, Object> values = new HashMap<>();

    DecodedMessage(MessageSpec spec) {
        this.spec = spec;
    }

    MessageSpec spec() {
        return spec;
    }

    boolean has(int number) {
        return values.containsKey(number);
    }

    Object get(int number) {
        return values.get(number);
    }

    void set(int number, Object value) {
        values.put(number, value);
    }

    /** The string in a field, empty when absent. */
    String string(int number) {
        Object v = values.get(number);
        return v instanceof String s ? s : "";
    }

    /** The bytes in a field, empty when absent. */
    byte[] bytes(int number) {
        Object v = values.get(number);
        return v instanceof byte[] b ? b : new byte[0];
    }

    long int64(int number) {
        Object v = values.get(number);
        return v instanceof Long l ? l : 0L;
    }

    int int32(int number) {
        Object v = values.get(number);
        return v instanceof Integer i ? i : 0;
    }

    /** The nested message in a singular message field, empty when absent. */
    DecodedMessage message(int number) {
        Object v = values.get(number);
        return v instanceof DecodedMessage m ? m : new DecodedMessage(spec.field(number).message());
    }

    /** A singular message field's value for merging into: created on first use. */
    DecodedMessage messageForMerge(FieldSpec field) {
        return (DecodedMessage) values.computeIfAbsent(field.number(), n -> new DecodedMessage(field.message()));
    }

    /** A repeated field's items as read, empty when none were. */
    @SuppressWarnings("unchecked")
    List<Object> items(int number) {
        Object v = values.get(number);
        return v == null ? List.of() : (List<Object>) v;
    }

    /** A repeated field's items for appending to: created on first use. */
    @SuppressWarnings("unchecked")
    List<Object> list(FieldSpec field) {
        return (List<Object>) values.computeIfAbsent(field.number(), n -> new ArrayList<>());
    }

    /** A map field; keys sorted, as Go's encoding/json writes them. */
    @SuppressWarnings("unchecked")
    Map<String, Object> map(FieldSpec field) {
        return (Map<String, Object>) values.computeIfAbsent(field.number(), n -> new TreeMap<>());
    }
}
