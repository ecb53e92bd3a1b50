package cloud.gardener.apiserver.endpoints.patch;

import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.model.TypeRef;
import cloud.gardener.apiserver.api.validation.GoQuote;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Patch metadata read from the typed model, as {@code PatchMetaFromStruct} reads Go struct tags: a record's fields
 * carry the {@link Patch} strategy and merge key (none: lists are replaced, objects merge); maps merge entry by
 * entry with the metadata of their value type; raw-extension fields ({@code JsonNode}) are plain JSON.
 */
final class ModelPatchMeta {

    private static final Map<Class<?>, PatchMeta> RECORDS = new ConcurrentHashMap<>();

    private ModelPatchMeta() {}

    static PatchMeta ofRecord(Class<?> type) {
        PatchMeta meta = RECORDS.get(type);
        if (meta == null) {
            // built outside computeIfAbsent: RecordModel.of may itself populate a cache
            meta = new RecordMeta(RecordModel.of(type));
            PatchMeta raced = RECORDS.putIfAbsent(type, meta);
            meta = raced == null ? meta : raced;
        }
        return meta;
    }

    /** The metadata of a value of the given type. */
    static PatchMeta ofType(TypeRef type) {
        return switch (type.shape()) {
            case RECORD -> ofRecord(type.raw());
            case MAP -> new MapMeta(type.element());
            case RAW -> PatchMeta.none();
            case LIST, BYTES -> new NotStruct("slice");
            case STRING -> new NotStruct("string");
            case BOOL -> new NotStruct("bool");
            case INT32 -> new NotStruct("int32");
            case INT64 -> new NotStruct("int64");
            case FLOAT64 -> new NotStruct("float64");
            case VALUE -> new OpaqueStruct(type.raw().getSimpleName());
        };
    }

    private static FieldPatchMeta field(FieldModel f, PatchMeta valueMeta) {
        Patch patch = f.patch();
        if (patch == null) {
            return FieldPatchMeta.plain(valueMeta);
        }
        List<String> strategies = patch.strategy().isEmpty()
                ? List.of()
                : Arrays.asList(patch.strategy().split(","));
        return new FieldPatchMeta(strategies, patch.key(), valueMeta);
    }

    /** A record: its fields by JSON name, inline records' fields included, as Go's JSON field lookup finds them. */
    private record RecordMeta(RecordModel model) implements PatchMeta {

        @Override
        public FieldPatchMeta lookupForStruct(String key) {
            FieldModel f = find(key);
            return field(f, ofType(f.type()));
        }

        @Override
        public FieldPatchMeta lookupForSlice(String key) {
            FieldModel f = find(key);
            TypeRef type = f.type();
            if (type.shape() == TypeRef.Shape.BYTES) {
                return field(f, new NotStruct("uint8"));
            }
            if (type.shape() != TypeRef.Shape.LIST) {
                throw SmpErrors.other("expected slice or array type, but got: struct");
            }
            if (type.element().shape() == TypeRef.Shape.LIST || type.element().shape() == TypeRef.Shape.BYTES) {
                throw SmpErrors.other("unexpected slice of slice");
            }
            return field(f, ofType(type.element()));
        }

        @Override
        public String name() {
            return "struct";
        }

        private FieldModel find(String key) {
            FieldModel exact = exact(model, key);
            if (exact != null) {
                return exact;
            }
            // encoding/json falls back to a case-insensitive match
            FieldModel folded = folded(model, key);
            if (folded != null) {
                return folded;
            }
            throw SmpErrors.other("unable to find api field in struct "
                    + model.type().getSimpleName() + " for the json field " + GoQuote.quote(key));
        }

        private static FieldModel exact(RecordModel model, String key) {
            FieldModel direct = model.field(key);
            if (direct != null) {
                return direct;
            }
            for (FieldModel f : model.fields()) {
                if (f.inline()) {
                    FieldModel nested = exact(RecordModel.of(f.type().raw()), key);
                    if (nested != null) {
                        return nested;
                    }
                }
            }
            return null;
        }

        private static FieldModel folded(RecordModel model, String key) {
            for (FieldModel f : model.fields()) {
                if (f.inline()) {
                    FieldModel nested = folded(RecordModel.of(f.type().raw()), key);
                    if (nested != null) {
                        return nested;
                    }
                } else if (f.jsonName().equalsIgnoreCase(key)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** A {@code map[string]T}: every key is known and plain, its value described by T's metadata. */
    private record MapMeta(TypeRef element) implements PatchMeta {

        @Override
        public FieldPatchMeta lookupForStruct(String key) {
            return FieldPatchMeta.plain(ofType(element));
        }

        @Override
        public FieldPatchMeta lookupForSlice(String key) {
            if (element.shape() != TypeRef.Shape.LIST) {
                throw SmpErrors.other("expected slice or array type, but got: map");
            }
            return FieldPatchMeta.plain(ofType(element.element()));
        }

        @Override
        public String name() {
            return "map";
        }
    }

    /** A scalar or list type where an object was found: Go's lookup refuses to descend. */
    private record NotStruct(String kind) implements PatchMeta {

        @Override
        public FieldPatchMeta lookupForStruct(String key) {
            throw SmpErrors.other("merging an object in json but data type is not struct, instead is: " + kind);
        }

        @Override
        public FieldPatchMeta lookupForSlice(String key) {
            return lookupForStruct(key);
        }

        @Override
        public String name() {
            return kind;
        }
    }

    /** A value type that Go writes as a struct with its own JSON form (Quantity, Time): it has no JSON fields. */
    private record OpaqueStruct(String typeName) implements PatchMeta {

        @Override
        public FieldPatchMeta lookupForStruct(String key) {
            throw SmpErrors.other(
                    "unable to find api field in struct " + typeName + " for the json field " + GoQuote.quote(key));
        }

        @Override
        public FieldPatchMeta lookupForSlice(String key) {
            return lookupForStruct(key);
        }

        @Override
        public String name() {
            return "struct";
        }
    }
}
