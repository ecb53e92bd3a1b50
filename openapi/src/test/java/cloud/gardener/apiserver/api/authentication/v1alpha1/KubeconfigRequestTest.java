package cloud.gardener.apiserver.api.authentication.v1alpha1;

import static cloud.gardener.apiserver.api.core.ModelConformance.assertKindSchema;
import static cloud.gardener.apiserver.api.core.ModelConformance.assertRoundTrips;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** authentication.gardener.cloud/v1alpha1 request kinds of shoots/adminkubeconfig and shoots/viewerkubeconfig. */
class KubeconfigRequestTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.authentication.v1alpha1.";

    @ParameterizedTest
    @ValueSource(classes = {AdminKubeconfigRequest.class, ViewerKubeconfigRequest.class})
    void requestAndResponseRoundTrip(Class<?> kind) throws IOException {
        JsonNode request = Json.MAPPER.readTree("{\"apiVersion\":\"authentication.gardener.cloud/v1alpha1\","
                + "\"kind\":\"" + kind.getSimpleName() + "\",\"spec\":{\"expirationSeconds\":600}}");
        ObjectNode encoded = assertRoundTrips(request, kind, "request");
        // Go writes the status of a request too: kubeconfig nil is null, the zero time is null.
        assertThat(encoded.path("status").get("kubeconfig").isNull()).isTrue();
        assertThat(encoded.path("status").get("expirationTimestamp").isNull()).isTrue();

        JsonNode response = Json.MAPPER.readTree("{\"apiVersion\":\"authentication.gardener.cloud/v1alpha1\","
                + "\"kind\":\"" + kind.getSimpleName() + "\","
                + "\"metadata\":{\"name\":\"s\",\"namespace\":\"garden-dev\"},"
                + "\"spec\":{\"expirationSeconds\":600},\"status\":{\"kubeconfig\":\"YXBpVmVyc2lvbjogdjE=\","
                + "\"expirationTimestamp\":\"2024-01-02T03:14:05Z\"}}");
        ObjectNode out = assertRoundTrips(response, kind, "response");
        assertThat(out.path("status").path("kubeconfig").asText()).isEqualTo("YXBpVmVyc2lvbjogdjE=");
    }

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void schemasAreNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        assertKindSchema(AdminKubeconfigRequest.class, PREFIX, dialect);
        Map<String, ObjectNode> defs = assertKindSchema(ViewerKubeconfigRequest.class, PREFIX, dialect);
        JsonNode kubeconfig = defs.get(PREFIX + "ViewerKubeconfigRequestStatus")
                .path("properties")
                .path("kubeconfig");
        assertThat(kubeconfig.path("type").asText()).isEqualTo("string");
        assertThat(kubeconfig.path("format").asText()).isEqualTo("byte");
        assertThat(defs.get(PREFIX + "ViewerKubeconfigRequestStatus")
                        .path("required")
                        .toString())
                .isEqualTo("[\"kubeconfig\",\"expirationTimestamp\"]");
    }
}
