package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The wire form of one event, and the legacy line format, as upstream writes them. */
class AuditEventTest {

    private static final Instant RECEIVED = Instant.parse("2026-11-27T07:00:00.123456789Z");

    static AuditEvent event(
            Level level,
            Stage stage,
            String verb,
            int code,
            String requestBody,
            String responseBody,
            boolean omitManagedFields) {
        return new AuditEvent(
                level,
                "5b4f5c1e-8f27-4d6e-a5c0-0d3f2e3c8f10",
                stage,
                "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots",
                verb,
                new UserInfo("alice", "42", List.of("devs", "system:authenticated"), Map.of("scope", List.of("x"))),
                UserInfo.of("bob", List.of("ops")),
                List.of("10.0.0.1", "127.0.0.1"),
                "kubectl/v1.33",
                new AuditEvent.ObjectRef("shoots", "garden-dev", "", "core.gardener.cloud", "v1beta1", ""),
                code,
                null,
                requestBody == null ? null : Buffer.buffer(requestBody),
                responseBody == null ? null : Buffer.buffer(responseBody),
                omitManagedFields,
                RECEIVED,
                RECEIVED.plusMillis(5),
                Map.of("authorization.k8s.io/decision", "allow"));
    }

    @Test
    void fieldsAreUpstreamsAndObjectsFollowTheLevel() {
        String shoot =
                "{\"kind\":\"Shoot\",\"metadata\":{\"name\":\"crazy\",\"managedFields\":[{\"manager\":\"kubectl\"}]}}";
        JsonNode ev = event(Level.REQUEST, Stage.RESPONSE_COMPLETE, "create", 201, shoot, shoot, true)
                .toJson();
        assertThat(AuditEventSchema.problems(ev)).isEmpty();
        assertThat(ev.get("requestReceivedTimestamp").asText()).isEqualTo("2026-11-27T07:00:00.123456Z");
        assertThat(ev.get("stageTimestamp").asText()).isEqualTo("2026-11-27T07:00:00.128456Z");
        assertThat(ev.get("objectRef").get("name").asText())
                .as("completed from the created object")
                .isEqualTo("crazy");
        assertThat(ev.get("requestObject").get("metadata").has("managedFields")).isFalse();
        assertThat(ev.has("responseObject")).as("Request level").isFalse();
        assertThat(ev.get("impersonatedUser").get("username").asText()).isEqualTo("bob");
        assertThat(ev.get("user").get("extra").get("scope").get(0).asText()).isEqualTo("x");
        assertThat(ev.get("responseStatus").toString()).isEqualTo("{\"metadata\":{},\"code\":201}");

        JsonNode metadata = event(Level.METADATA, Stage.RESPONSE_COMPLETE, "create", 201, shoot, shoot, false)
                .toJson();
        assertThat(metadata.has("requestObject")).isFalse();
        assertThat(metadata.has("responseObject")).isFalse();

        JsonNode list = event(
                        Level.REQUEST_RESPONSE,
                        Stage.RESPONSE_COMPLETE,
                        "list",
                        200,
                        null,
                        "{\"kind\":\"ShootList\",\"items\":[" + shoot + "]}",
                        true)
                .toJson();
        assertThat(list.get("responseObject")
                        .get("items")
                        .get(0)
                        .get("metadata")
                        .has("managedFields"))
                .isFalse();
        assertThat(list.get("objectRef").has("name")).isFalse();

        JsonNode received = event(Level.REQUEST_RESPONSE, Stage.REQUEST_RECEIVED, "list", 0, null, null, false)
                .toJson();
        assertThat(received.has("responseStatus")).isFalse();
        assertThat(AuditEventSchema.problems(received)).isEmpty();
    }

    @Test
    void legacyLinesAreUpstreamsEventString() {
        assertThat(LogBackend.legacy(event(Level.METADATA, Stage.RESPONSE_COMPLETE, "get", 200, null, null, false)))
                .isEqualTo("2026-11-27T07:00:00.123456789Z AUDIT: id=\"5b4f5c1e-8f27-4d6e-a5c0-0d3f2e3c8f10\" "
                        + "stage=\"ResponseComplete\" ip=\"10.0.0.1\" method=\"get\" user=\"alice\" "
                        + "groups=\"\\\"devs\\\",\\\"system:authenticated\\\"\" as=\"bob\" asgroups=\"\\\"ops\\\"\" "
                        + "user-agent=\"kubectl/v1.33\" namespace=\"garden-dev\" "
                        + "uri=\"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots\" response=\"200\"");
    }

    @Test
    void sourceIpsAreLiteralAddressesInGosForm() {
        assertThat(SourceIps.parse("10.0.0.1")).isEqualTo("10.0.0.1");
        assertThat(SourceIps.parse("010.000.000.001")).isEqualTo("10.0.0.1");
        assertThat(SourceIps.parse("300.0.0.1")).isNull();
        assertThat(SourceIps.parse("example.com")).isNull();
        assertThat(SourceIps.parse("::1")).isEqualTo("::1");
        assertThat(SourceIps.parse("2001:DB8:0:0:0:0:0:1")).isEqualTo("2001:db8::1");
        assertThat(SourceIps.parse("fe80:0:0:1:0:0:0:2")).isEqualTo("fe80:0:0:1::2");
    }
}
