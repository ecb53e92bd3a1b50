package cloud.gardener.apiserver.endpoints.protobuf;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.model.TypeRef;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A record read as the protobuf message Go's {@code go-to-protobuf} makes of the struct it mirrors: each component's
 * field number from {@link ProtoTag}, in number order (the order Go's generated {@code Marshal} writes). An inline
 * component with a number is a nested message (Go embeds it under that number); the inline {@code TypeMeta}, which has
 * none, is not on the wire (the envelope carries the kind).
 */
final class MessageModel {

    /**
     * One field on the wire.
     *
     * @param itemsMessage a list sent as the message {@code { repeated T items = 1 }} of a named Go slice type
     *                     ({@link ProtoTag#itemsMessage()}): a nil list is no field, an empty one an empty message
     */
    record Field(int number, int index, FieldModel model, boolean itemsMessage) {
        TypeRef type() {
            return model.type();
        }

        String name() {
            return model.jsonName();
        }

        /**
         * The Go field's name, as Go's generated {@code Unmarshal} errors print it: an embedded struct is named for
         * its type, any other field is its JSON name with the first letter upper-cased.
         */
        String goName() {
            if (model.inline()) {
                return model.type().raw().getSimpleName();
            }
            String n = model.jsonName();
            return n.isEmpty() ? n : n.substring(0, 1).toUpperCase(Locale.ROOT) + n.substring(1);
        }
    }

    private static final Map<Class<?>, MessageModel> CACHE = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Optional<String>> GAPS = new ConcurrentHashMap<>();
    /** Value types with a protobuf form of their own (see {@link MessageWriter}). */
    private static final Set<Class<?>> VALUE_MESSAGES = Set.of(
            Quantity.class, Time.class, MicroTime.class, Duration.class, IntOrString.class, MachineImageFlavor.class);

    private final RecordModel record;
    private final List<Field> fields;
    private final Map<Integer, Field> byNumber = new HashMap<>();
    private final int typeMetaIndex;

    private MessageModel(Class<?> type) {
        this.record = RecordModel.of(type);
        RecordComponent[] components = type.getRecordComponents();
        List<Field> list = new ArrayList<>();
        int typeMeta = -1;
        for (int i = 0; i < components.length; i++) {
            ProtoTag tag = components[i].getAnnotation(ProtoTag.class);
            FieldModel f = record.fields().get(i);
            if (tag != null) {
                if (tag.itemsMessage() && f.type().shape() != TypeRef.Shape.LIST) {
                    throw new IllegalStateException(
                            type.getSimpleName() + "." + components[i].getName() + ": itemsMessage needs a list");
                }
                list.add(new Field(tag.value(), i, f, tag.itemsMessage()));
            } else if (f.inline() && f.type().raw() == TypeMeta.class) {
                typeMeta = i;
            }
        }
        list.sort(Comparator.comparingInt(Field::number));
        this.fields = List.copyOf(list);
        fields.forEach(f -> byNumber.put(f.number(), f));
        this.typeMetaIndex = typeMeta;
    }

    static MessageModel of(Class<?> type) {
        return CACHE.computeIfAbsent(type, MessageModel::new);
    }

    RecordModel record() {
        return record;
    }

    /** The fields in number order. */
    List<Field> fields() {
        return fields;
    }

    /** The field with this number, or null for one the model does not know (skipped, as Go skips it). */
    Field field(int number) {
        return byNumber.get(number);
    }

    /** The index of the inline {@code TypeMeta} component, or -1. */
    int typeMetaIndex() {
        return typeMetaIndex;
    }

    String name() {
        return record.type().getSimpleName();
    }

    /**
     * Why this record has no complete protobuf form yet, or empty when it has one: every component but the inline
     * TypeMeta carries a field number, and so does every record it reaches. A kind whose records are not all
     * numbered is served as JSON and YAML only.
     */
    static Optional<String> gap(Class<?> type) {
        Optional<String> known = GAPS.get(type);
        if (known != null) {
            return known;
        }
        Optional<String> found = Optional.ofNullable(findGap(type, new HashSet<>()));
        GAPS.put(type, found);
        return found;
    }

    private static String findGap(Class<?> type, Set<Class<?>> seen) {
        if (!seen.add(type)) {
            return null;
        }
        RecordComponent[] components = type.getRecordComponents();
        RecordModel model = RecordModel.of(type);
        for (int i = 0; i < components.length; i++) {
            FieldModel f = model.fields().get(i);
            if (components[i].getAnnotation(ProtoTag.class) == null) {
                if (f.inline() && f.type().raw() == TypeMeta.class) {
                    continue;
                }
                return type.getSimpleName() + "." + components[i].getName() + " has no @ProtoTag";
            }
            String inner = typeGap(f.type(), seen);
            if (inner != null) {
                return inner;
            }
        }
        return null;
    }

    private static String typeGap(TypeRef t, Set<Class<?>> seen) {
        return switch (t.shape()) {
            case RECORD -> findGap(t.raw(), seen);
            case LIST ->
                t.element().shape() == TypeRef.Shape.LIST || t.element().shape() == TypeRef.Shape.MAP
                        ? "nested list " + t.goName() + " has no protobuf form"
                        : typeGap(t.element(), seen);
            case MAP ->
                t.element().shape() == TypeRef.Shape.MAP
                        ? "nested map " + t.goName() + " has no protobuf form"
                        : typeGap(t.element(), seen);
            case VALUE -> VALUE_MESSAGES.contains(t.raw()) ? null : t.raw().getSimpleName() + " has no protobuf form";
            default -> null;
        };
    }
}
