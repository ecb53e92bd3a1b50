package cloud.gardener.apiserver.endpoints.protobuf;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.MachineImageFlavor;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import cloud.gardener.apiserver.api.model.TypeRef;
import cloud.gardener.apiserver.api.model.values.Base64Bytes;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.resource.Subresource;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JSON → protobuf → JSON for every kind this server serves, its list, the subresource kinds and the meta kinds: an
 * object with every field set (each record the kind reaches, every value type) and the empty object come back
 * exactly, through the field numbers on the records.
 */
class ProtobufRoundTripTest {

    /** Kinds served from CRDs upstream: no generated.proto, so never protobuf. */
    private static final Set<String> WITHOUT_PROTOBUF =
            Set.of("operator.gardener.cloud/v1alpha1/Garden", "operator.gardener.cloud/v1alpha1/Extension");

    private static final Instant INSTANT = Instant.parse("2023-11-14T22:13:20.123456789Z");

    static Stream<GroupVersionKind> servedKinds() {
        Set<GroupVersionKind> kinds = new LinkedHashSet<>();
        List<ResourceType> types = new ArrayList<>(StandardResources.gardener());
        types.addAll(StandardResources.coreV1());
        types.add(StandardResources.eventsV1());
        for (ResourceType type : types) {
            for (String version : type.versions()) {
                kinds.add(type.gvk(version));
                kinds.add(new GroupVersionKind(type.group(), version, type.listKind()));
            }
            type.subresources().stream()
                    .map(Subresource::responseKind)
                    .filter(k -> k != null)
                    .forEach(kinds::add);
        }
        for (ResourceType type : StandardResources.kubernetesReviews()) {
            type.versions().forEach(v -> kinds.add(type.gvk(v)));
        }
        kinds.add(new GroupVersionKind("", "v1", "Status"));
        kinds.add(new GroupVersionKind("meta.k8s.io", "v1", "DeleteOptions"));
        kinds.add(new GroupVersionKind("meta.k8s.io", "v1", "PartialObjectMetadata"));
        kinds.add(new GroupVersionKind("meta.k8s.io", "v1", "PartialObjectMetadataList"));
        return kinds.stream();
    }

    private static String key(GroupVersionKind gvk) {
        String kind = gvk.kind().endsWith("List") && !gvk.kind().equals("PartialObjectMetadataList")
                ? gvk.kind().substring(0, gvk.kind().length() - 4)
                : gvk.kind();
        return gvk.apiVersion() + "/" + kind;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servedKinds")
    void everyFieldOfEveryKindSurvivesTheRoundTrip(GroupVersionKind gvk) throws Exception {
        String key = key(gvk);
        Optional<Class<?>> model = ProtobufKinds.model(gvk);
        if (WITHOUT_PROTOBUF.contains(key)) {
            assertThat(model).as("%s has no protobuf form upstream", gvk).isEmpty();
            assertThat(ProtobufCodec.supports(gvk)).isFalse();
            return;
        }
        assertThat(model).as("the record of %s", gvk).isPresent();
        assertThat(MessageModel.gap(model.get())).as("field numbers of %s", gvk).isEmpty();
        assertThat(ProtobufCodec.supports(gvk)).isTrue();

        ObjectNode full = ModelCodec.encode(sample(model.get(), gvk, 0));
        assertThat(ProtobufCodec.decode(ProtobufCodec.encode(full, gvk), gvk)).isEqualTo(full);

        ObjectNode empty = ModelCodec.encode(withTypeMeta(RecordModel.of(model.get()), gvk, null));
        assertThat(ProtobufCodec.decode(ProtobufCodec.encode(empty, gvk), gvk)).isEqualTo(empty);
    }

    @Test
    void theSampleSetsNestedRecordsListsMapsAndValueTypes() {
        // a guard for the generator below: the sample really sets nested records, lists, maps and value types
        ObjectNode full = ModelCodec.encode(sample(
                cloud.gardener.apiserver.api.core.v1beta1.ExposureClass.class,
                new GroupVersionKind("core.gardener.cloud", "v1beta1", "ExposureClass"),
                0));
        assertThat(full.at("/metadata/labels").size()).isEqualTo(2);
        assertThat(full.at("/metadata/creationTimestamp").asText()).isEqualTo("2023-11-14T22:13:20Z");
        assertThat(full.at("/metadata/managedFields/0/fieldsV1").isObject()).isTrue();
        assertThat(full.at("/scheduling/seedSelector/matchExpressions/0/values/1")
                        .asText())
                .isNotEmpty();
        assertThat(full.at("/scheduling/tolerations/0/value").asText()).isNotEmpty();
    }

    /** A record with every field set: two map entries (out of order), two list items, non-zero values. */
    private static Object sample(Class<?> type, GroupVersionKind gvk, int depth) {
        RecordModel model = RecordModel.of(type);
        Object[] values = new Object[model.fields().size()];
        for (int i = 0; i < values.length; i++) {
            FieldModel f = model.fields().get(i);
            values[i] = f.inline() && f.type().raw() == TypeMeta.class ? null : value(f.type(), f.jsonName(), depth);
        }
        Object record = model.construct(values);
        return gvk == null ? record : withTypeMeta(model, gvk, record);
    }

    private static Object withTypeMeta(RecordModel model, GroupVersionKind gvk, Object record) {
        Object[] values = new Object[model.fields().size()];
        for (int i = 0; i < values.length; i++) {
            FieldModel f = model.fields().get(i);
            if (f.inline() && f.type().raw() == TypeMeta.class) {
                values[i] = new TypeMeta(gvk.kind(), gvk.apiVersion());
            } else {
                values[i] = record == null ? zero(f.type().raw()) : f.get(record);
            }
        }
        return model.construct(values);
    }

    private static Object zero(Class<?> c) {
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

    private static Object value(TypeRef t, String name, int depth) {
        return switch (t.shape()) {
            case STRING -> "s-" + name;
            case BOOL -> true;
            case INT32 -> -7; // negative numbers take ten bytes on the wire, as in Go
            case INT64 -> 1L << 40;
            case FLOAT64 -> 0.25;
            case BYTES -> Base64Bytes.of(new byte[] {0, (byte) 0xff, (byte) name.length()});
            case RAW ->
                JsonNodeFactory.instance
                        .objectNode()
                        .put("f:" + name, 1)
                        .set("nested", JsonNodeFactory.instance.arrayNode().add("x"));
            case RECORD -> depth > 8 ? null : sample(t.raw(), null, depth + 1);
            // past the depth limit a nil list, as Go reads it back (an empty one is no field on the wire either)
            case LIST ->
                t.element().shape() == TypeRef.Shape.RECORD && depth > 8
                        ? null
                        : List.of(value(t.element(), name + "0", depth), value(t.element(), name + "1", depth));
            case MAP -> {
                Map<String, Object> map = new LinkedHashMap<>();
                map.put("z-" + name, value(t.element(), name + "z", depth));
                map.put("a-" + name, value(t.element(), name + "a", depth));
                yield map;
            }
            case VALUE -> valueType(t.raw(), name);
        };
    }

    private static Object valueType(Class<?> type, String name) {
        if (type == Quantity.class) {
            return Quantity.parse("1536Mi");
        }
        if (type == Time.class) {
            return Time.of(INSTANT);
        }
        if (type == MicroTime.class) {
            return MicroTime.of(INSTANT);
        }
        if (type == Duration.class) {
            return Duration.parse("1h2m3.5s");
        }
        if (type == IntOrString.class) {
            return name.length() % 2 == 0 ? IntOrString.ofString("25%") : IntOrString.ofInt(-3);
        }
        if (type == MachineImageFlavor.class) {
            Map<String, List<String>> capabilities = new LinkedHashMap<>();
            capabilities.put("architecture", List.of("arm64", "amd64"));
            capabilities.put("a-" + name, List.of());
            return new MachineImageFlavor(capabilities);
        }
        throw new IllegalArgumentException("no sample for value type " + type.getName());
    }
}
