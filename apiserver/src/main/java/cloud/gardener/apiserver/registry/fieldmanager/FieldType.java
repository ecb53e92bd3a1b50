package cloud.gardener.apiserver.registry.fieldmanager;

import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.model.StructType;
import cloud.gardener.apiserver.api.model.TypeRef;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * How server-side apply sees a value ({@code schema.Atom}), read from the typed model as kube-openapi's
 * schema conversion reads the OpenAPI extensions: a scalar; a list that is atomic or associative (keyed by
 * {@code @ListType(keys)} or a {@code @Patch} merge key, a set when it has no keys); a struct or map,
 * granular unless {@code atomic}; or untyped (raw JSON and kinds without a model), where objects are
 * granular and lists atomic as for {@code x-kubernetes-preserve-unknown-fields}.
 */
final class FieldType {

    enum Form {
        SCALAR,
        LIST,
        MAP,
        UNTYPED
    }

    static final FieldType SCALAR = new FieldType(Form.SCALAR, true, List.of(), null, null, null);
    static final FieldType UNTYPED = new FieldType(Form.UNTYPED, false, List.of(), null, null, null);
    /** An untyped object: a granular map of untyped values. */
    static final FieldType DEDUCED_MAP = new FieldType(Form.MAP, false, List.of(), () -> UNTYPED, null, null);
    /** An untyped list: atomic. */
    static final FieldType DEDUCED_LIST = new FieldType(Form.LIST, true, List.of(), () -> UNTYPED, null, null);

    private static final Map<Class<?>, FieldType> STRUCTS = new ConcurrentHashMap<>();

    private final Form form;
    private final boolean atomic;
    private final List<String> keys;
    private final Supplier<FieldType> element;
    /** Struct fields by JSON name (inline records flattened), resolved on first use; null for Go maps. */
    private final Supplier<Map<String, FieldType>> fieldsSupplier;

    private volatile Map<String, FieldType> fields;
    private final Class<?> struct;

    private FieldType(
            Form form,
            boolean atomic,
            List<String> keys,
            Supplier<FieldType> element,
            Supplier<Map<String, FieldType>> fields,
            Class<?> struct) {
        this.form = form;
        this.atomic = atomic;
        this.keys = keys;
        this.element = element;
        this.fieldsSupplier = fields;
        this.struct = struct;
    }

    /** The type of a kind's model record. */
    static FieldType ofRecord(Class<?> record) {
        FieldType t = STRUCTS.get(record);
        if (t == null) {
            StructType st = record.getAnnotation(StructType.class);
            t = new FieldType(
                    Form.MAP,
                    st != null && st.value().equals("atomic"),
                    List.of(),
                    () -> UNTYPED,
                    () -> structFields(record),
                    record);
            FieldType raced = STRUCTS.putIfAbsent(record, t);
            t = raced == null ? t : raced;
        }
        return t;
    }

    private static Map<String, FieldType> structFields(Class<?> record) {
        Map<String, FieldType> out = new LinkedHashMap<>();
        for (FieldModel f : RecordModel.of(record).fields()) {
            if (f.inline()) {
                out.putAll(ofRecord(f.type().raw()).fields());
            } else {
                out.put(f.jsonName(), ofField(f));
            }
        }
        return Map.copyOf(out);
    }

    private static FieldType ofField(FieldModel f) {
        TypeRef t = f.type();
        return switch (t.shape()) {
            case LIST -> list(f.listType(), f.patch(), t.element());
            case MAP ->
                new FieldType(
                        Form.MAP,
                        f.mapType() != null && f.mapType().value().equals("atomic"),
                        List.of(),
                        () -> ofType(t.element()),
                        null,
                        null);
            case RECORD ->
                f.mapType() != null && f.mapType().value().equals("atomic")
                        ? new FieldType(
                                Form.MAP,
                                true,
                                List.of(),
                                () -> UNTYPED,
                                () -> ofRecord(t.raw()).fields(),
                                t.raw())
                        : ofRecord(t.raw());
            default -> ofType(t);
        };
    }

    /** A list's relationship: its {@code listType}, else a {@code merge} patch strategy (keyed or a set), else atomic. */
    private static FieldType list(ListType listType, Patch patch, TypeRef element) {
        boolean scalarItems = element.shape() != TypeRef.Shape.RECORD
                && element.shape() != TypeRef.Shape.MAP
                && element.shape() != TypeRef.Shape.LIST
                && element.shape() != TypeRef.Shape.RAW;
        boolean associative = false;
        List<String> keys = List.of();
        if (listType != null) {
            associative = !listType.value().equals("atomic");
            keys = listType.value().equals("map") ? List.of(listType.keys()) : List.of();
        } else if (patch != null && patch.strategy().contains("merge")) {
            associative = true;
            keys = patch.key().isEmpty() ? List.of() : List.of(patch.key());
        }
        if (associative && keys.isEmpty() && !scalarItems) {
            associative = false; // a set holds scalars only
        }
        return new FieldType(Form.LIST, !associative, keys, () -> ofType(element), null, null);
    }

    /** The type of a value of a Java type (lists without annotations are atomic, maps granular). */
    static FieldType ofType(TypeRef t) {
        return switch (t.shape()) {
            case LIST -> list(null, null, t.element());
            case MAP -> new FieldType(Form.MAP, false, List.of(), () -> ofType(t.element()), null, null);
            case RECORD -> ofRecord(t.raw());
            case RAW -> UNTYPED;
            default -> SCALAR;
        };
    }

    Form form() {
        return form;
    }

    boolean isMap() {
        return form == Form.MAP;
    }

    boolean isList() {
        return form == Form.LIST;
    }

    boolean atomic() {
        return atomic;
    }

    /** The key fields of an associative list; empty for sets. */
    List<String> keys() {
        return keys;
    }

    FieldType element() {
        return element == null ? UNTYPED : element.get();
    }

    private Map<String, FieldType> fields() {
        Map<String, FieldType> f = fields;
        if (f == null && fieldsSupplier != null) {
            fields = f = fieldsSupplier.get();
        }
        return f == null ? Map.of() : f;
    }

    /** Whether {@code name} is a declared struct field (not a map key). */
    boolean declares(String name) {
        return form == Form.MAP && fields().containsKey(name);
    }

    /** The type of the value under {@code name}: the struct field's, else the map's element type. */
    FieldType fieldType(String name) {
        if (form == Form.UNTYPED) {
            return UNTYPED;
        }
        FieldType f = fields().get(name);
        return f != null ? f : element();
    }

    /** Whether this is a struct (has declared fields), so that unknown fields can be told apart. */
    boolean isStruct() {
        return struct != null;
    }

    @Override
    public String toString() {
        return form
                + (atomic ? "(atomic)" : "")
                + (keys.isEmpty() ? "" : keys)
                + (struct == null ? "" : " " + struct.getSimpleName());
    }
}
