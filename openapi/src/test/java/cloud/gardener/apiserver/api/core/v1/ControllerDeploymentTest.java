package cloud.gardener.apiserver.api.core.v1;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.core.JsonSubset;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ControllerDeploymentTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.core.v1.";

    @Test
    void exampleRoundTrips() throws IOException {
        List<JsonNode> docs = GardenerExamples.documents("25-controllerdeployment.yaml");
        assertThat(docs).isNotEmpty();
        for (JsonNode doc : docs) {
            assertThat(doc.path("apiVersion").asText()).isEqualTo("core.gardener.cloud/v1");
            Decoded<ControllerDeployment> decoded = ModelCodec.decode(doc, ControllerDeployment.class);
            assertThat(decoded.unknownFields()).isEmpty();
            ObjectNode encoded = ModelCodec.encode(decoded.value());
            assertThat(JsonSubset.missing(doc, encoded))
                    .as("round trip: %s", encoded)
                    .isEmpty();
        }
    }

    @Test
    void rawChartIsBase64AndValuesAreFreeForm() throws IOException {
        JsonNode in =
                Json.MAPPER.readTree("{\"apiVersion\":\"core.gardener.cloud/v1\",\"kind\":\"ControllerDeployment\","
                        + "\"metadata\":{\"name\":\"x\"},\"helm\":{\"rawChart\":\"aGVsbG8=\",\"values\":{\"a\":[1,{\"b\":null}]}},"
                        + "\"resources\":[{\"name\":\"r\",\"resourceRef\":{\"kind\":\"Secret\",\"name\":\"s\",\"apiVersion\":\"v1\","
                        + "\"bogus\":1}}]}");
        Decoded<ControllerDeployment> decoded = ModelCodec.decode(in, ControllerDeployment.class);
        assertThat(decoded.unknownFields()).containsExactly("resources[0].resourceRef.bogus");
        ObjectNode out = ModelCodec.encode(decoded.value());
        assertThat(out.path("helm").path("rawChart").asText()).isEqualTo("aGVsbG8=");
        assertThat(out.path("helm").path("values")).isEqualTo(in.path("helm").path("values"));
        assertThat(out.has("injectGardenKubeconfig")).isFalse();
        assertThat(out.path("resources").get(0).path("resourceRef").has("bogus"))
                .isFalse();
    }

    @Test
    void schemasAreNamedAfterTheGoPackage() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);
        assertThat(schemas.add(ControllerDeployment.class)).isEqualTo(PREFIX + "ControllerDeployment");
        assertThat(schemas.add(ControllerDeploymentList.class)).isEqualTo(PREFIX + "ControllerDeploymentList");
        assertThat(schemas.definitions())
                .containsKeys(
                        PREFIX + "HelmControllerDeployment",
                        PREFIX + "OCIRepository",
                        PREFIX + "NamedResourceReference",
                        "io.k8s.api.autoscaling.v1.CrossVersionObjectReference");
        JsonNode resources = schemas.definitions()
                .get(PREFIX + "ControllerDeployment")
                .path("properties")
                .path("resources");
        assertThat(resources.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("name");
        assertThat(resources.path("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
    }
}
