package cloud.gardener.apiserver.api.model;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * A record component's accessor as a functional interface implemented by a class {@link LambdaMetafactory} generates
 * once: a call is an interface call to the accessor, without a method handle's type checks or reflection. Should the
 * factory refuse (it does not for public records), the interface adapts the method handle instead.
 */
final class Accessors {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();

    private Accessors() {}

    /** Reads a component of any type, boxing a primitive. */
    @SuppressWarnings("unchecked")
    static Function<Object, Object> function(MethodHandle accessor) {
        Object f = generate(accessor, Function.class, "apply", MethodType.methodType(Object.class, Object.class));
        if (f != null) {
            return (Function<Object, Object>) f;
        }
        MethodHandle generic = accessor.asType(MethodType.methodType(Object.class, Object.class));
        return record -> {
            try {
                return (Object) generic.invokeExact(record);
            } catch (Throwable t) {
                throw rethrown(t);
            }
        };
    }

    /** Reads an {@code int} component. */
    @SuppressWarnings("unchecked")
    static ToIntFunction<Object> toInt(MethodHandle accessor) {
        Object f =
                generate(accessor, ToIntFunction.class, "applyAsInt", MethodType.methodType(int.class, Object.class));
        if (f != null) {
            return (ToIntFunction<Object>) f;
        }
        MethodHandle generic = accessor.asType(MethodType.methodType(int.class, Object.class));
        return record -> {
            try {
                return (int) generic.invokeExact(record);
            } catch (Throwable t) {
                throw rethrown(t);
            }
        };
    }

    /** Reads a {@code long} component. */
    @SuppressWarnings("unchecked")
    static ToLongFunction<Object> toLong(MethodHandle accessor) {
        Object f = generate(
                accessor, ToLongFunction.class, "applyAsLong", MethodType.methodType(long.class, Object.class));
        if (f != null) {
            return (ToLongFunction<Object>) f;
        }
        MethodHandle generic = accessor.asType(MethodType.methodType(long.class, Object.class));
        return record -> {
            try {
                return (long) generic.invokeExact(record);
            } catch (Throwable t) {
                throw rethrown(t);
            }
        };
    }

    /** Reads a {@code boolean} component. */
    @SuppressWarnings("unchecked")
    static Predicate<Object> predicate(MethodHandle accessor) {
        Object f = generate(accessor, Predicate.class, "test", MethodType.methodType(boolean.class, Object.class));
        if (f != null) {
            return (Predicate<Object>) f;
        }
        MethodHandle generic = accessor.asType(MethodType.methodType(boolean.class, Object.class));
        return record -> {
            try {
                return (boolean) generic.invokeExact(record);
            } catch (Throwable t) {
                throw rethrown(t);
            }
        };
    }

    /** Reads a {@code double} component. */
    @SuppressWarnings("unchecked")
    static ToDoubleFunction<Object> toDouble(MethodHandle accessor) {
        Object f = generate(
                accessor, ToDoubleFunction.class, "applyAsDouble", MethodType.methodType(double.class, Object.class));
        if (f != null) {
            return (ToDoubleFunction<Object>) f;
        }
        MethodHandle generic = accessor.asType(MethodType.methodType(double.class, Object.class));
        return record -> {
            try {
                return (double) generic.invokeExact(record);
            } catch (Throwable t) {
                throw rethrown(t);
            }
        };
    }

    /** An instance of {@code iface} whose method {@code name} of type {@code erased} calls the accessor, or null. */
    private static Object generate(MethodHandle accessor, Class<?> iface, String name, MethodType erased) {
        try {
            MethodType instantiated = erased.returnType().isPrimitive()
                    ? accessor.type()
                    : accessor.type()
                            .wrap()
                            .changeParameterType(0, accessor.type().parameterType(0));
            CallSite site = LambdaMetafactory.metafactory(
                    LOOKUP, name, MethodType.methodType(iface), erased, accessor, instantiated);
            return site.getTarget().invoke();
        } catch (Throwable t) {
            return null;
        }
    }

    private static RuntimeException rethrown(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
