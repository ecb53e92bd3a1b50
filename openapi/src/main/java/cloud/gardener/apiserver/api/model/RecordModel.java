package cloud.gardener.apiserver.api.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A record read as a Go struct: its fields in declaration order (the order Go encodes them in), how to
 * build one, and its zero value. Built once per class by reflection and cached.
 */
public final class RecordModel {

    private static final Map<Class<?>, RecordModel> CACHE = new ConcurrentHashMap<>();

    private final Class<?> type;
    private final List<FieldModel> fields;
    private final Map<String, FieldModel> byJsonName = new LinkedHashMap<>();
    private final MethodHandle constructor;
    private final String doc;
    private volatile Object zero;

    private RecordModel(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type + " is not a record");
        }
        this.type = type;
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            RecordComponent[] components = type.getRecordComponents();
            List<FieldModel> list = new ArrayList<>();
            Class<?>[] params = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                params[i] = components[i].getType();
                list.add(FieldModel.of(components[i], lookup.unreflect(components[i].getAccessor())));
            }
            Constructor<?> ctor = type.getDeclaredConstructor(params);
            MethodHandle exact = lookup.unreflectConstructor(ctor);
            // (Object[])Object once here: invokeWithArguments built this spreader again on every construct
            this.constructor = exact.asType(exact.type().generic()).asSpreader(Object[].class, components.length);
            this.fields = List.copyOf(list);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot model " + type.getName() + " (records must be public)", e);
        }
        for (FieldModel f : fields) {
            if (!f.inline()) {
                byJsonName.put(f.jsonName(), f);
            }
        }
        Doc d = type.getAnnotation(Doc.class);
        this.doc = d == null ? "" : d.value();
    }

    public static RecordModel of(Class<?> type) {
        return CACHE.computeIfAbsent(type, RecordModel::new);
    }

    public Class<?> type() {
        return type;
    }

    public String doc() {
        return doc;
    }

    /** The fields in Go's encoding order, inline ones included as themselves. */
    public List<FieldModel> fields() {
        return fields;
    }

    /** A direct (non-inline) field by JSON name, or null. */
    public FieldModel field(String jsonName) {
        return byJsonName.get(jsonName);
    }

    /** Builds a record from values in component order. */
    public Object construct(Object[] values) {
        try {
            return (Object) constructor.invokeExact(values);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("constructing " + type.getName(), t);
        }
    }

    /** The Go zero value: every field nil, zero or empty. */
    public Object zero() {
        Object z = zero;
        if (z == null) {
            Object[] values = new Object[fields.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = zeroOf(fields.get(i).type().raw());
            }
            zero = z = construct(values);
        }
        return z;
    }

    /** The value a field of type {@code c} holds when absent: a primitive's zero, else null. */
    public static Object zeroOf(Class<?> c) {
        if (c == int.class) {
            return 0;
        }
        if (c == long.class) {
            return 0L;
        }
        if (c == boolean.class) {
            return false;
        }
        if (c == double.class) {
            return 0.0;
        }
        return null;
    }
}
