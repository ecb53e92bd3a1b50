package cloud.gardener.apiserver.api.k8s.autoscalingv1;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** autoscaling/v1 Scale, the body of the managedseedsets/scale subresource. */
class ScaleTest {

    @Test
    void scaleRoundTripsAndAlwaysWritesReplicas() throws IOException {
        JsonNode in = Json.MAPPER.readTree("{\"kind\":\"Scale\",\"apiVersion\":\"autoscaling/v1\","
                + "\"metadata\":{\"name\":\"mss\",\"namespace\":\"garden\"},\"spec\":{},"
                + "\"status\":{\"replicas\":3,\"selector\":\"a=b\"}}");
        Decoded<Scale> decoded = ModelCodec.decode(in, Scale.class);
        assertThat(decoded.unknownFields()).isEmpty();
        assertThat(decoded.value().status().replicas()).isEqualTo(3);
        ObjectNode out = ModelCodec.encode(decoded.value());
        // spec.replicas is omitempty; status.replicas is not.
        assertThat(out.path("spec").has("replicas")).isFalse();
        assertThat(out.path("status").path("replicas").asInt()).isEqualTo(3);
        assertThat(out.path("status").path("selector").asText()).isEqualTo("a=b");
        assertThat(out.path("apiVersion").asText()).isEqualTo("autoscaling/v1");
    }
}
