package cloud.gardener.apiserver.audit;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** {@code --audit-*-truncate-*}: large events lose their objects, and are dropped when that is not enough. */
class TruncationTest {

    private static ObjectNode event(int objectBytes, int annotationBytes) {
        ObjectNode ev = Json.MAPPER.createObjectNode().put("kind", "Event").put("auditID", "a");
        ev.putObject("requestObject").put("data", "x".repeat(objectBytes));
        ev.putObject("annotations").put("note", "y".repeat(annotationBytes));
        return ev;
    }

    @Test
    void smallEventsPassAndLargeOnesLoseTheirObjectsOrAreDropped() throws Exception {
        AuditCounters counters = new AuditCounters();
        Truncation truncation = new Truncation(true, 10_000, 1_000);

        ObjectNode small = event(100, 10);
        byte[] smallBytes = Json.MAPPER.writeValueAsBytes(small);
        assertThat(truncation.fit(small, smallBytes, counters)).isSameAs(smallBytes);

        ObjectNode large = event(5_000, 10);
        JsonNode truncated =
                Json.MAPPER.readTree(truncation.fit(large, Json.MAPPER.writeValueAsBytes(large), counters));
        assertThat(truncated.has("requestObject")).isFalse();
        assertThat(truncated.get("annotations").get("audit.k8s.io/truncated").asText())
                .isEqualTo("true");
        assertThat(truncated.get("annotations").get("note").asText()).hasSize(10);
        assertThat(large.has("requestObject"))
                .as("the event other backends get is untouched")
                .isTrue();

        ObjectNode hopeless = event(10, 5_000);
        assertThat(truncation.fit(hopeless, Json.MAPPER.writeValueAsBytes(hopeless), counters))
                .isNull();
        assertThat(counters.auditErrorsTotal("truncate")).isEqualTo(1);

        assertThat(Truncation.OFF.fit(hopeless, new byte[20_000], counters)).hasSize(20_000);
    }
}
