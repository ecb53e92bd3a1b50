package cloud.gardener.apiserver.api.model;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.resource.ResourceModels;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every record of the model carries the protobuf field numbers of the Go type it mirrors: the numbers, and the
 * wire types the Java types give (see {@link ProtoTag}), are those of {@code protobuf-fields.tsv}, a table derived
 * from the published {@code generated.proto} files of Gardener and Kubernetes.
 */
class ProtoTagTableTest {

    private static final String API_PACKAGE = "cloud.gardener.apiserver.api";
    private static final String META = "k8s.io/apimachinery/pkg/apis/meta/v1";
    private static final String CORE_V1BETA1 = "github.com/gardener/gardener/pkg/apis/core/v1beta1";

    /** Gardener serves operator.gardener.cloud as CustomResourceDefinitions: JSON only, no generated.proto. */
    private static final Set<String> NOT_ON_THE_WIRE =
            Set.of("github.com/gardener/gardener/pkg/apis/operator/v1alpha1");

    /** Fields of mirrored messages the model leaves out on purpose. */
    private static final Set<String> LEFT_OUT = Set.of(
            // k8s 1.36 alpha (feature gate ShardedListAndWatch): only set on sharded lists, which we do not serve.
            META + ":ListMeta.shardInfo");

    /** Messages the model spells as a value type, not as a record. */
    private static final Map<String, Class<?>> VALUE_MESSAGES = Map.of(
            META + ":Time",
            Time.class,
            META + ":MicroTime",
            MicroTime.class,
            META + ":Duration",
            Duration.class,
            "k8s.io/apimachinery/pkg/api/resource:Quantity",
            Quantity.class,
            "k8s.io/apimachinery/pkg/util/intstr:IntOrString",
            IntOrString.class,
            CORE_V1BETA1 + ":MachineImageFlavor",
            MachineImageFlavor.class);

    /** Go's raw JSON holders: a message with field 1 of bytes, a {@code JsonNode} in the model. */
    private static final Set<String> RAW_MESSAGES = Set.of(
            "k8s.io/apimachinery/pkg/runtime:RawExtension",
            "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1:JSON",
            META + ":FieldsV1");

    /** Named slice types, which go-to-protobuf wraps in a message of one repeated field items = 1. */
    private static final Set<String> ITEMS_MESSAGES = Set.of(
            CORE_V1BETA1 + ":CapabilityValues",
            "k8s.io/api/authentication/v1:ExtraValue",
            "k8s.io/api/authorization/v1:ExtraValue");

    private static final Map<String, Map<String, Row>> TABLE = readTable();
    private static final List<Class<?>> RECORDS = modelRecords();

    /** One field of the table. */
    record Row(String message, String field, int number, String label, String type) {}

    @TestFactory
    Stream<DynamicTest> everyComponentHasTheNumberOfItsProtobufField() {
        return wireRecords()
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName() + " (" + GoPackages.of(c) + ")", () -> {
                    Map<String, Row> fields = message(c);
                    for (RecordComponent rc : c.getRecordComponents()) {
                        ProtoTag tag = rc.getAnnotation(ProtoTag.class);
                        if (isTypeMeta(rc)) {
                            assertThat(tag)
                                    .as("%s.%s: TypeMeta is not on the protobuf wire", c.getSimpleName(), rc.getName())
                                    .isNull();
                            continue;
                        }
                        assertThat(tag)
                                .as("%s.%s has no @ProtoTag", c.getSimpleName(), rc.getName())
                                .isNotNull();
                        Row row = fields.get(protoName(rc));
                        assertThat(row)
                                .as(
                                        "%s.%s: message %s has no field %s",
                                        c.getSimpleName(), rc.getName(), c.getSimpleName(), protoName(rc))
                                .isNotNull();
                        assertThat(tag.value())
                                .as("%s.%s", c.getSimpleName(), rc.getName())
                                .isEqualTo(row.number());
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> theJavaTypeGivesTheWireTypeOfTheField() {
        return wireRecords()
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName() + " (" + GoPackages.of(c) + ")", () -> {
                    Map<String, Row> fields = message(c);
                    for (RecordComponent rc : c.getRecordComponents()) {
                        if (isTypeMeta(rc)) {
                            continue;
                        }
                        Row row = fields.get(protoName(rc));
                        assertThat(row)
                                .as("%s.%s", c.getSimpleName(), rc.getName())
                                .isNotNull();
                        assertThat(wireType(rc))
                                .as("%s.%s: label and type", c.getSimpleName(), rc.getName())
                                .isEqualTo(row.label() + " " + shape(row.type()));
                    }
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyFieldOfAMirroredMessageIsInTheModel() {
        return wireRecords()
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName() + " (" + GoPackages.of(c) + ")", () -> {
                    Set<String> modelled = Stream.of(c.getRecordComponents())
                            .filter(rc -> !isTypeMeta(rc))
                            .map(ProtoTagTableTest::protoName)
                            .collect(Collectors.toSet());
                    Set<String> missing = new TreeSet<>(message(c).keySet());
                    missing.removeAll(modelled);
                    missing.removeIf(f -> LEFT_OUT.contains(GoPackages.of(c) + ":" + c.getSimpleName() + "." + f));
                    assertThat(missing)
                            .as("protobuf fields of %s the record lacks", c.getSimpleName())
                            .isEmpty();
                }));
    }

    @Test
    void everyMessageOfTheTableHasAModel() {
        Set<String> modelled = RECORDS.stream().map(ProtoTagTableTest::key).collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>(TABLE.keySet());
        missing.removeAll(modelled);
        missing.removeAll(VALUE_MESSAGES.keySet());
        missing.removeIf(ProtoTagTableTest::isRawMessage);
        missing.removeIf(ProtoTagTableTest::isItemsMessage);
        // reached only through the fields left out
        missing.remove(META + ":ShardInfo");
        assertThat(missing).isEmpty();
    }

    @Test
    void everyServedKindAndItsListIsAMessageOfTheTable() {
        List<String> kinds = new ArrayList<>();
        for (ResourceType type : ResourceRegistry.standard(true).resources()) {
            for (String version : type.versions()) {
                ResourceModels.of(type.gvk(version))
                        .filter(c -> !NOT_ON_THE_WIRE.contains(GoPackages.of(c)))
                        .ifPresent(c -> {
                            kinds.add(key(c));
                            if (type.supportsVerb("list")) { // a review has no list kind
                                kinds.add(GoPackages.of(c) + ":" + type.listKind());
                            }
                        });
            }
        }
        assertThat(kinds)
                .contains(
                        CORE_V1BETA1 + ":Shoot",
                        CORE_V1BETA1 + ":ShootList",
                        "github.com/gardener/gardener/pkg/apis/core/v1:ControllerDeployment",
                        "github.com/gardener/gardener/pkg/apis/security/v1alpha1:WorkloadIdentity",
                        "github.com/gardener/gardener/pkg/apis/seedmanagement/v1alpha1:ManagedSeedSet",
                        "github.com/gardener/gardener/pkg/apis/operations/v1alpha1:Bastion");
        assertThat(TABLE.keySet()).containsAll(kinds);
    }

    @Test
    void recordsServedAsCustomResourcesHaveNoTags() {
        List<String> tagged = RECORDS.stream()
                .filter(c -> NOT_ON_THE_WIRE.contains(GoPackages.of(c)))
                .flatMap(c -> Stream.of(c.getRecordComponents()))
                .filter(rc -> rc.isAnnotationPresent(ProtoTag.class))
                .map(rc -> rc.getDeclaringRecord().getSimpleName() + "." + rc.getName())
                .toList();
        assertThat(tagged).isEmpty();
        assertThat(RECORDS).anyMatch(c -> NOT_ON_THE_WIRE.contains(GoPackages.of(c)));
    }

    @Test
    void valueMessagesHaveTheFieldsTheirJavaTypesStandFor() {
        assertThat(fieldsOf(META + ":Time")).containsExactly("seconds 1 optional int64", "nanos 2 optional int32");
        assertThat(fieldsOf(META + ":MicroTime")).containsExactly("seconds 1 optional int64", "nanos 2 optional int32");
        assertThat(fieldsOf(META + ":Duration")).containsExactly("duration 1 optional int64");
        assertThat(fieldsOf("k8s.io/apimachinery/pkg/api/resource:Quantity"))
                .containsExactly("string 1 optional string");
        assertThat(fieldsOf("k8s.io/apimachinery/pkg/util/intstr:IntOrString"))
                .containsExactly("type 1 optional int64", "intVal 2 optional int32", "strVal 3 optional string");
        assertThat(fieldsOf(CORE_V1BETA1 + ":MachineImageFlavor"))
                .containsExactly("capabilities 1 map " + CORE_V1BETA1 + ":CapabilityValues");
        assertThat(fieldsOf(CORE_V1BETA1 + ":CapabilityValues")).containsExactly("items 1 repeated string");
        assertThat(fieldsOf("k8s.io/apimachinery/pkg/runtime:RawExtension")).containsExactly("raw 1 optional bytes");
        assertThat(fieldsOf(META + ":FieldsV1")).containsExactly("Raw 1 optional bytes");
    }

    // ------------------------------------------------------------------------------------------ wire types

    /** "label type" as the table would spell it, derived from the Java type by the rules of {@link ProtoTag}. */
    private static String wireType(RecordComponent rc) {
        TypeRef t = TypeRef.of(rc.getGenericType());
        ProtoTag tag = Objects.requireNonNull(rc.getAnnotation(ProtoTag.class), rc.toString());
        return switch (t.shape()) {
            case LIST ->
                tag.itemsMessage()
                        ? "optional {items: repeated " + type(t.element()) + "}"
                        : "repeated " + type(t.element());
            case MAP ->
                "map "
                        + (t.element().shape() == TypeRef.Shape.LIST
                                ? "{items: repeated " + type(t.element().element()) + "}"
                                : type(t.element()));
            default -> "optional " + type(t);
        };
    }

    private static String type(TypeRef t) {
        return switch (t.shape()) {
            case STRING -> "string";
            case BOOL -> "bool";
            case INT32 -> "int32";
            case INT64 -> "int64";
            case FLOAT64 -> "double";
            case BYTES -> "bytes";
            case RAW -> "{raw bytes}";
            case RECORD -> key(t.raw());
            case VALUE ->
                VALUE_MESSAGES.entrySet().stream()
                        .filter(e -> e.getValue() == t.raw())
                        .map(Map.Entry::getKey)
                        .findFirst()
                        .orElse("no message for " + t.raw().getName());
            case LIST, MAP -> "nested " + t;
        };
    }

    /** The table's type, with the messages whose form the Java type does not name written as their form. */
    private static String shape(String type) {
        if (isRawMessage(type)) {
            return "{raw bytes}";
        }
        if (isItemsMessage(type)) {
            return "{items: repeated " + TABLE.get(type).get("items").type() + "}";
        }
        return type;
    }

    /** A message of one field 1 of bytes: RawExtension, apiextensions JSON, FieldsV1. */
    private static boolean isRawMessage(String key) {
        return RAW_MESSAGES.contains(key)
                && fieldsOf(key).size() == 1
                && fieldsOf(key).get(0).equalsIgnoreCase("raw 1 optional bytes");
    }

    /** A named slice type: {@code { repeated T items = 1 }}. */
    private static boolean isItemsMessage(String key) {
        return ITEMS_MESSAGES.contains(key)
                && fieldsOf(key).size() == 1
                && fieldsOf(key).get(0).startsWith("items 1 repeated ");
    }

    // ------------------------------------------------------------------------------------------ the model

    private static Stream<Class<?>> wireRecords() {
        return RECORDS.stream().filter(c -> !NOT_ON_THE_WIRE.contains(GoPackages.of(c)));
    }

    private static Map<String, Row> message(Class<?> c) {
        Map<String, Row> fields = TABLE.get(key(c));
        assertThat(fields).as("the table has no message %s", key(c)).isNotNull();
        return fields;
    }

    private static String key(Class<?> c) {
        return GoPackages.of(c) + ":" + c.getSimpleName();
    }

    private static boolean isTypeMeta(RecordComponent rc) {
        return rc.getType() == TypeMeta.class && rc.isAnnotationPresent(Inline.class);
    }

    private static String protoName(RecordComponent rc) {
        ProtoTag tag = rc.getAnnotation(ProtoTag.class);
        if (tag != null && !tag.name().isEmpty()) {
            return tag.name();
        }
        JsonName json = rc.getAnnotation(JsonName.class);
        return json == null ? rc.getName() : json.value();
    }

    /** Every record in a package that mirrors a Go package, found on the class path of the main classes. */
    private static List<Class<?>> modelRecords() {
        try {
            Path root = Path.of(ProtoTag.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path api = root.resolve(API_PACKAGE.replace('.', '/'));
            List<Class<?>> records = new ArrayList<>();
            try (Stream<Path> files = Files.walk(api)) {
                for (Path f : files.filter(p ->
                                p.toString().endsWith(".class") && !p.toString().contains("$"))
                        .sorted()
                        .toList()) {
                    String name =
                            root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    Class<?> c = Class.forName(name);
                    if (c.isRecord() && c.getPackage().isAnnotationPresent(GoPackage.class)) {
                        records.add(c);
                    }
                }
            }
            assertThat(records).as("model records under %s", api).hasSizeGreaterThan(300);
            return records;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------------------------------ the table

    private static List<String> fieldsOf(String message) {
        return TABLE.getOrDefault(message, Map.of()).values().stream()
                .map(r -> r.field() + " " + r.number() + " " + r.label() + " " + r.type())
                .toList();
    }

    /** "package:Message" → field name → row, in the table's order. */
    private static Map<String, Map<String, Row>> readTable() {
        Map<String, Map<String, Row>> table = new TreeMap<>();
        try (InputStream in = ProtoTagTableTest.class.getResourceAsStream("protobuf-fields.tsv");
                BufferedReader r = new BufferedReader(new InputStreamReader(
                        Objects.requireNonNull(in, "protobuf-fields.tsv"), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split("\t", -1);
                if (cols.length != 6) {
                    throw new IllegalStateException("bad table line: " + line);
                }
                String message = cols[0] + ":" + cols[1];
                if (cols[2].equals("-")) { // a message without fields
                    table.computeIfAbsent(message, k -> new LinkedHashMap<>());
                    continue;
                }
                Row row = new Row(message, cols[2], Integer.parseInt(cols[3]), cols[4], cols[5]);
                Row previous = table.computeIfAbsent(message, k -> new LinkedHashMap<>())
                        .put(row.field(), row);
                if (previous != null) {
                    throw new IllegalStateException("field twice in the table: " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return table;
    }
}
