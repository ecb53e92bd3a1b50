package cloud.gardener.apiserver.api.model;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.RecordComponent;

/**
 * One record component read as a Go struct field: its JSON name, type and tags.
 *
 * @param jsonName  the JSON name (component name unless {@link JsonName} says otherwise)
 * @param type      the type
 * @param omitEmpty Go's omitempty
 * @param omitZero  Go's omitzero
 * @param pointer   a Go pointer: {@link Ptr}, or a boxed scalar
 * @param inline    Go's inline embedding
 * @param optional  not required in the schema (omitempty or {@link Optional})
 * @param doc       the description, or empty
 * @param patch     patch strategy and merge key, or null
 * @param listType  list type and map keys, or null
 * @param mapType   map type, or null
 * @param format    an explicit OpenAPI format, or null
 * @param accessor  reads the component
 */
public record FieldModel(
        String jsonName,
        TypeRef type,
        boolean omitEmpty,
        boolean omitZero,
        boolean pointer,
        boolean inline,
        boolean optional,
        String doc,
        Patch patch,
        ListType listType,
        MapType mapType,
        String format,
        MethodHandle accessor) {

    static FieldModel of(RecordComponent component, MethodHandle accessor) {
        JsonName name = component.getAnnotation(JsonName.class);
        TypeRef type = TypeRef.of(component.getGenericType());
        boolean omitEmpty = component.isAnnotationPresent(OmitEmpty.class);
        boolean omitZero = component.isAnnotationPresent(OmitZero.class);
        boolean pointer = component.isAnnotationPresent(Ptr.class) || type.boxed();
        Doc doc = component.getAnnotation(Doc.class);
        Format format = component.getAnnotation(Format.class);
        boolean inline = component.isAnnotationPresent(Inline.class);
        if (inline && type.shape() != TypeRef.Shape.RECORD) {
            throw new IllegalArgumentException("@Inline needs a record: " + component);
        }
        return new FieldModel(
                name == null ? component.getName() : name.value(),
                type,
                omitEmpty,
                omitZero,
                pointer,
                inline,
                omitEmpty || omitZero || component.isAnnotationPresent(Optional.class),
                doc == null ? "" : doc.value(),
                component.getAnnotation(Patch.class),
                component.getAnnotation(ListType.class),
                component.getAnnotation(MapType.class),
                format == null ? null : format.value(),
                accessor);
    }

    /** Reads this field of a record. */
    public Object get(Object record) {
        try {
            return accessor.invoke(record);
        } catch (Throwable t) {
            throw new IllegalStateException("reading " + jsonName, t);
        }
    }
}
