package cloud.gardener.apiserver.api.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;

/**
 * What a Java type stands for in Go's JSON model: a scalar, a slice, a map, a struct (a record), raw JSON
 * ({@code runtime.RawExtension}, {@code apiextensionsv1.JSON}) or a value type with its own JSON form
 * (Quantity, Duration, Time, IntOrString: bound by Jackson).
 *
 * @param shape   the shape
 * @param raw     the Java class (element class for lists and maps)
 * @param element the element type for lists and maps, else null
 * @param boxed   whether a scalar is boxed ({@code Integer}, {@code Boolean}): a Go pointer
 */
public record TypeRef(Shape shape, Class<?> raw, TypeRef element, boolean boxed) {

    /** The shapes of Go's JSON model. */
    public enum Shape {
        STRING,
        BOOL,
        INT32,
        INT64,
        FLOAT64,
        BYTES,
        LIST,
        MAP,
        RECORD,
        RAW,
        VALUE
    }

    /** Value types live here; they are never structs, even when written as records. */
    private static final String VALUES_PACKAGE = "cloud.gardener.apiserver.api.model.values";

    public static TypeRef of(Type type) {
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            Type[] args = p.getActualTypeArguments();
            if (List.class.isAssignableFrom(raw)) {
                return new TypeRef(Shape.LIST, raw, of(args[0]), false);
            }
            if (Map.class.isAssignableFrom(raw)) {
                if (args[0] != String.class) {
                    throw new IllegalArgumentException("map keys must be strings: " + type);
                }
                return new TypeRef(Shape.MAP, raw, of(args[1]), false);
            }
            throw new IllegalArgumentException("unsupported generic type " + type);
        }
        Class<?> c = (Class<?>) type;
        if (c == String.class) {
            return new TypeRef(Shape.STRING, c, null, false);
        }
        if (c == boolean.class || c == Boolean.class) {
            return new TypeRef(Shape.BOOL, c, null, c == Boolean.class);
        }
        if (c == int.class || c == Integer.class) {
            return new TypeRef(Shape.INT32, c, null, c == Integer.class);
        }
        if (c == long.class || c == Long.class) {
            return new TypeRef(Shape.INT64, c, null, c == Long.class);
        }
        if (c == double.class || c == Double.class) {
            return new TypeRef(Shape.FLOAT64, c, null, c == Double.class);
        }
        if (JsonNode.class.isAssignableFrom(c)) {
            return new TypeRef(Shape.RAW, c, null, false);
        }
        if (c.getPackageName().equals(VALUES_PACKAGE)) {
            return new TypeRef(c.getSimpleName().equals("Base64Bytes") ? Shape.BYTES : Shape.VALUE, c, null, false);
        }
        if (c.isRecord()) {
            return new TypeRef(Shape.RECORD, c, null, false);
        }
        if (c.isPrimitive() || c.isArray() || c.isInterface()) {
            throw new IllegalArgumentException("unsupported type " + c);
        }
        return new TypeRef(Shape.VALUE, c, null, false);
    }

    /** The Go spelling of the type, as Go's JSON errors print it (e.g. {@code []v1beta1.Worker}). */
    public String goName() {
        return switch (shape) {
            case STRING -> "string";
            case BOOL -> "bool";
            case INT32 -> "int32";
            case INT64 -> "int64";
            case FLOAT64 -> "float64";
            case BYTES -> "[]uint8";
            case LIST -> "[]" + element.goName();
            case MAP -> "map[string]" + element.goName();
            case RAW -> "runtime.RawExtension";
            case RECORD, VALUE -> GoPackages.shortName(raw) + "." + raw.getSimpleName();
        };
    }
}
