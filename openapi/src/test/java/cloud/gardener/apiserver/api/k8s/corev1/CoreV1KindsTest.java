package cloud.gardener.apiserver.api.k8s.corev1;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.FieldModel;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.RecordModel;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The standalone core/v1 kinds encode as kube-apiserver does and know their fields. */
class CoreV1KindsTest {

    @Test
    void namespaceRoundTripsWithSpecAndStatusAlwaysWritten() throws Exception {
        JsonNode in = Json.MAPPER.readTree("""
                {"kind":"Namespace","apiVersion":"v1","metadata":{"name":"garden","labels":{"a":"b"}},
                 "spec":{"finalizers":["kubernetes"]},
                 "status":{"phase":"Terminating","conditions":[{"type":"NamespaceContentRemaining","status":"True",
                   "lastTransitionTime":"2024-01-02T03:04:05Z","reason":"SomeResourcesRemain","message":"m"}]}}
                """);
        Decoded<Namespace> decoded = ModelCodec.decode(in, Namespace.class);
        assertThat(decoded.problems()).isEmpty();
        assertThat(ModelCodec.encode(decoded.value())).isEqualTo(in);

        JsonNode bare =
                Json.MAPPER.readTree("{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\"}}");
        JsonNode canonical = ModelCodec.canonical(bare, Namespace.class);
        // Go never omits a struct: an empty spec and status are written as {}
        assertThat(canonical.get("spec")).isEqualTo(Json.MAPPER.createObjectNode());
        assertThat(canonical.get("status")).isEqualTo(Json.MAPPER.createObjectNode());
    }

    @Test
    void secretDataIsBase64AndUnknownFieldsAreReported() throws Exception {
        JsonNode in = Json.MAPPER.readTree("""
                {"kind":"Secret","apiVersion":"v1","metadata":{"name":"s","namespace":"n"},"immutable":true,
                 "data":{"k":"dmFsdWU="},"type":"Opaque"}
                """);
        Decoded<Secret> decoded = ModelCodec.decode(in, Secret.class);
        assertThat(decoded.problems()).isEmpty();
        assertThat(ModelCodec.encode(decoded.value())).isEqualTo(in);
        assertThat(new String(decoded.value().data().get("k").bytes(), UTF_8)).isEqualTo("value");

        JsonNode unknown = Json.MAPPER.readTree(
                "{\"kind\":\"Secret\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"s\"}," + "\"datum\":{}}");
        assertThat(ModelCodec.decode(unknown, Secret.class).unknownFields()).containsExactly("datum");
    }

    @Test
    void configMapRoundTrips() throws Exception {
        JsonNode in = Json.MAPPER.readTree("""
                {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","namespace":"n"},
                 "data":{"a":"1"},"binaryData":{"b":"AAE="}}
                """);
        Decoded<ConfigMap> decoded = ModelCodec.decode(in, ConfigMap.class);
        assertThat(decoded.problems()).isEmpty();
        assertThat(ModelCodec.encode(decoded.value())).isEqualTo(in);
    }

    @Test
    void namespaceConditionsMergeByType() {
        FieldModel conditions = RecordModel.of(NamespaceStatus.class).field("conditions");
        assertThat(conditions.patch().key()).isEqualTo("type");
        assertThat(conditions.patch().strategy()).isEqualTo("merge");
        assertThat(RecordModel.of(NamespaceSpec.class).field("finalizers").patch())
                .isNull();
        assertThat(RecordModel.of(NamespaceList.class).field("items")).isNotNull();
        assertThat(RecordModel.of(SecretList.class).field("items")).isNotNull();
        assertThat(RecordModel.of(ConfigMapList.class).field("items")).isNotNull();
    }
}
