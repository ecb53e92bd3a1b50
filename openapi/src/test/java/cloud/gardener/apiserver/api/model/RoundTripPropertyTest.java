package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Randomly filled objects of every modelled kind, and of every record reachable from one, survive
 * JSON → object → JSON → object: the JSON text is the same the second time, the records decoded from it are
 * stable, and they hold the values generated (up to Go's zero values, which Java may spell as null).
 *
 * <p>Seeded: set {@code -Droundtrip.seed=N} to replay a failure; each failure prints the seed to use.
 * Values are generated the way Go's fuzzer would fill the Go structs (see {@link RandomRecords}), so that
 * "holds the values generated" is what Go would guarantee too.
 */
class RoundTripPropertyTest {

    private static final long SEED = Long.getLong("roundtrip.seed", new Random().nextLong());
    /**
     * Objects per kind: a short search in the fast loop; {@code bin/test} searches with 50 ({@code
     * -Droundtrip.objects=N}).
     */
    private static final int OBJECTS_PER_KIND = Integer.getInteger("roundtrip.objects", 10);

    private static final int OBJECTS_PER_RECORD = Math.max(1, OBJECTS_PER_KIND * 2 / 5);
    private static final int KIND_DEPTH = 6;
    private static final int RECORD_DEPTH = 3;

    @TestFactory
    Stream<DynamicTest> everyKindRoundTrips() {
        return kinds().entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(
                        e.getKey(), () -> roundTrips(e.getValue(), OBJECTS_PER_KIND, KIND_DEPTH)));
    }

    @TestFactory
    Stream<DynamicTest> everyReachableRecordRoundTrips() {
        return reachableRecords(kinds().values()).stream()
                .map(c -> DynamicTest.dynamicTest(c.getName(), () -> roundTrips(c, OBJECTS_PER_RECORD, RECORD_DEPTH)));
    }

    @Test
    void coversEveryServedKind() {
        assertThat(kinds())
                .containsKeys(
                        "core.gardener.cloud/v1beta1 Shoot",
                        "core.gardener.cloud/v1beta1 ShootList",
                        "core.gardener.cloud/v1 ControllerDeployment",
                        "operator.gardener.cloud/v1alpha1 Garden",
                        "security.gardener.cloud/v1alpha1 WorkloadIdentity");
        assertThat(reachableRecords(kinds().values())).hasSizeGreaterThan(100);
    }

    @Test
    void theGeneratorIsReproducible() {
        Class<?> shoot = kinds().get("core.gardener.cloud/v1beta1 Shoot");
        Object a = new RandomRecords(new Random(42), KIND_DEPTH).record(shoot);
        Object b = new RandomRecords(new Random(42), KIND_DEPTH).record(shoot);
        assertThat(a).isEqualTo(b);
        assertThat(ModelCodec.encode(a).at("/spec").size()).isPositive();
    }

    private static void roundTrips(Class<?> type, int count, int depth) {
        long seed = SEED ^ type.getName().hashCode();
        RandomRecords generator = new RandomRecords(new Random(seed), depth);
        for (int i = 0; i < count; i++) {
            Object x = generator.record(type);
            String where = type.getSimpleName() + " #" + i + " (re-run with -Droundtrip.seed=" + SEED + ")";
            try {
                roundTrip(x, type, where);
            } catch (DecodeException | IllegalArgumentException | IllegalStateException e) {
                throw new AssertionError(where + ": " + e + "\n" + Json.toJson(ModelCodec.encode(x)), e);
            }
        }
    }

    private static void roundTrip(Object x, Class<?> type, String where) {
        TypeRef ref = TypeRef.of(type);
        String first = Json.toJson(ModelCodec.encode(x));
        Decoded<?> decoded = decode(first, type);
        assertThat(decoded.unknownFields())
                .as("%s: the encoder wrote fields the decoder does not know", where)
                .isEmpty();
        Object y = decoded.value();
        String second = Json.toJson(ModelCodec.encode(y));
        assertThat(second)
                .as("%s: encode(decode(encode(x))) differs from encode(x)", where)
                .isEqualTo(first);
        Object z = decode(second, type).value();
        if (!z.equals(y)) {
            fail(where + ": decode(encode(y)) differs from y at " + firstDifference(y, z, ref, "") + "\n" + first);
        }
        Object expected = goValue(x, ref, false);
        Object actual = goValue(y, ref, false);
        if (!actual.equals(expected)) {
            fail(where + ": decode(encode(x)) differs from x at " + firstDifference(expected, actual, ref, "") + "\n"
                    + first);
        }
    }

    private static Decoded<?> decode(String json, Class<?> type) {
        return ModelCodec.decode(Json.readTree(json.getBytes(StandardCharsets.UTF_8)), type);
    }

    // ------------------------------------------------------------------------------------------ the kinds

    /** Every served kind that has a model, by "group/version Kind". */
    static Map<String, Class<?>> kinds() {
        Map<String, Class<?>> kinds = new LinkedHashMap<>();
        for (ResourceType type : ResourceRegistry.standard(true).resources()) {
            for (String version : type.versions()) {
                GroupVersionKind gvk = type.gvk(version);
                ResourceModels.of(gvk).ifPresent(c -> {
                    kinds.put(type.apiVersion(version) + " " + type.kind(), c);
                    listRecord(c).ifPresent(l -> kinds.put(type.apiVersion(version) + " " + type.listKind(), l));
                });
            }
        }
        return kinds;
    }

    /** The kind's list record ({@code ShootList} beside {@code Shoot}), if modelled. */
    private static java.util.Optional<Class<?>> listRecord(Class<?> kind) {
        try {
            Class<?> list = Class.forName(kind.getName() + "List");
            return list.isRecord() ? java.util.Optional.of(list) : java.util.Optional.empty();
        } catch (ClassNotFoundException e) {
            return java.util.Optional.empty();
        }
    }

    /** The records the kinds contain, transitively, kinds included. */
    static Set<Class<?>> reachableRecords(Iterable<Class<?>> roots) {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Deque<Class<?>> queue = new ArrayDeque<>();
        roots.forEach(queue::add);
        while (!queue.isEmpty()) {
            Class<?> c = queue.poll();
            if (!seen.add(c)) {
                continue;
            }
            for (FieldModel f : RecordModel.of(c).fields()) {
                TypeRef t = f.type();
                while (t.element() != null) {
                    t = t.element();
                }
                if (t.shape() == TypeRef.Shape.RECORD) {
                    queue.add(t.raw());
                }
            }
        }
        return seen;
    }

    // ------------------------------------------------------------------------------------------ Go equality

    /**
     * The value with every Java null that stands for a Go zero value (a non-pointer string, struct, time,
     * quantity, ...) replaced by that zero value, so records compare as the Go structs they model.
     * Nil slices and maps stay null: Go tells them from empty ones.
     */
    private static Object goValue(Object v, TypeRef t, boolean pointer) {
        if (v == null) {
            if (pointer) {
                return null;
            }
            return switch (t.shape()) {
                case STRING -> "";
                case RECORD -> goValue(RecordModel.of(t.raw()).zero(), t, false);
                case BYTES, VALUE -> zeroOfValueType(t.raw());
                default -> null;
            };
        }
        return switch (t.shape()) {
            case RECORD -> {
                RecordModel model = RecordModel.of(t.raw());
                Object[] values = new Object[model.fields().size()];
                for (int i = 0; i < values.length; i++) {
                    FieldModel f = model.fields().get(i);
                    values[i] = goValue(f.get(v), f.type(), f.pointer());
                }
                yield model.construct(values);
            }
            case LIST -> {
                List<Object> out = new ArrayList<>();
                for (Object item : (List<?>) v) {
                    out.add(goValue(item, t.element(), false));
                }
                yield out;
            }
            case MAP -> {
                Map<String, Object> out = new LinkedHashMap<>();
                ((Map<?, ?>) v).forEach((k, item) -> out.put((String) k, goValue(item, t.element(), false)));
                yield out;
            }
            default -> v;
        };
    }

    private static Object zeroOfValueType(Class<?> c) {
        if (c == MachineImageFlavor.class) {
            return new MachineImageFlavor(null);
        }
        try {
            return c.getMethod("zero").invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no zero value for " + c.getName(), e);
        }
    }

    /** The path of the first place two values of {@code t} differ, with both values, or null if none. */
    private static String firstDifference(Object a, Object b, TypeRef t, String path) {
        if (Objects.equals(a, b)) {
            return null;
        }
        if (a != null && b != null) {
            switch (t.shape()) {
                case RECORD -> {
                    for (FieldModel f : RecordModel.of(t.raw()).fields()) {
                        String d = firstDifference(f.get(a), f.get(b), f.type(), path + "." + f.jsonName());
                        if (d != null) {
                            return d;
                        }
                    }
                }
                case LIST -> {
                    List<?> la = (List<?>) a;
                    List<?> lb = (List<?>) b;
                    for (int i = 0; i < Math.min(la.size(), lb.size()); i++) {
                        String d = firstDifference(la.get(i), lb.get(i), t.element(), path + "[" + i + "]");
                        if (d != null) {
                            return d;
                        }
                    }
                }
                case MAP -> {
                    Map<?, ?> ma = (Map<?, ?>) a;
                    Map<?, ?> mb = (Map<?, ?>) b;
                    if (ma.keySet().equals(mb.keySet())) {
                        for (Object k : new TreeSet<>(ma.keySet())) {
                            String d = firstDifference(ma.get(k), mb.get(k), t.element(), path + "[" + k + "]");
                            if (d != null) {
                                return d;
                            }
                        }
                    }
                }
                default -> {}
            }
        }
        return (path.isEmpty() ? "." : path) + ": expected <" + a + "> but was <" + b + ">";
    }
}
