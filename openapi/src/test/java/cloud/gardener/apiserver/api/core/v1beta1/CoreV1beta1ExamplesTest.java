package cloud.gardener.apiserver.api.core.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.core.JsonSubset;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Gardener's sample manifests of core.gardener.cloud/v1beta1 decode into the records without unknown fields, and
 * encoding the records gives back every key and value of the manifest.
 */
class CoreV1beta1ExamplesTest {

    private static final Map<String, Class<?>> KINDS = Map.ofEntries(
            Map.entry("Project", Project.class),
            Map.entry("InternalSecret", InternalSecret.class),
            Map.entry("ControllerInstallation", ControllerInstallation.class),
            Map.entry("ControllerRegistration", ControllerRegistration.class),
            Map.entry("ControllerDeployment", ControllerDeployment.class),
            Map.entry("CloudProfile", CloudProfile.class),
            Map.entry("NamespacedCloudProfile", NamespacedCloudProfile.class),
            Map.entry("Seed", Seed.class),
            Map.entry("Quota", Quota.class),
            Map.entry("SecretBinding", SecretBinding.class),
            Map.entry("ExposureClass", ExposureClass.class));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "05-project-dev.yaml",
                "11-internal-secret.yaml",
                "25-controllerinstallation.yaml",
                "25-controllerregistration.yaml",
                "30-cloudprofile.yaml",
                "35-namespacedcloudprofile.yaml",
                "50-seed.yaml",
                "60-quota.yaml",
                "80-secretbinding.yaml",
                "81-exposureclass.yaml"
            })
    void examplesRoundTrip(String file) throws IOException {
        List<JsonNode> docs = GardenerExamples.documents(file).stream()
                .filter(d -> "core.gardener.cloud/v1beta1"
                        .equals(d.path("apiVersion").asText()))
                .toList();
        assertThat(docs).as("core.gardener.cloud/v1beta1 objects in %s", file).isNotEmpty();
        for (JsonNode doc : docs) {
            String kind = doc.path("kind").asText();
            Class<?> type = KINDS.get(kind);
            assertThat(type).as("record for kind %s", kind).isNotNull();

            Decoded<?> decoded = ModelCodec.decode(doc, type);
            assertThat(decoded.unknownFields())
                    .as("unknown fields of %s in %s", kind, file)
                    .isEmpty();

            ObjectNode encoded = ModelCodec.encode(decoded.value());
            assertThat(JsonSubset.missing(doc, encoded))
                    .as("%s in %s after a round trip: %s", kind, file, encoded)
                    .isEmpty();
            assertThat(ModelCodec.canonical(encoded, type))
                    .as("canonical form is stable")
                    .isEqualTo(encoded);
        }
    }
}
