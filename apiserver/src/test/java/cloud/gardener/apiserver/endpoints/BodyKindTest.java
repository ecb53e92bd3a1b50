package cloud.gardener.apiserver.endpoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code gvkWithDefaults} and the decoder's answers for bodies that name something else. */
class BodyKindTest {

    private static final GroupVersionKind SHOOT = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Shoot");
    private static final GroupVersionKind NAMESPACE = new GroupVersionKind("", "v1", "Namespace");

    private static ObjectNode body(String apiVersion, String kind) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        if (!apiVersion.equals("-")) {
            body.put("apiVersion", apiVersion);
        }
        if (!kind.equals("-")) {
            body.put("kind", kind);
        }
        return body;
    }

    private static GroupVersionKind gvk(String s) {
        String[] parts = s.split(":", -1);
        return new GroupVersionKind(parts[0], parts[1], parts[2]);
    }

    @ParameterizedTest(name = "apiVersion {0}, kind {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "-                           | -     | core.gardener.cloud:v1beta1:Shoot",
                "''                          | ''    | core.gardener.cloud:v1beta1:Shoot",
                "core.gardener.cloud/v1beta1 | -     | core.gardener.cloud:v1beta1:Shoot",
                "-                           | Shoot | core.gardener.cloud:v1beta1:Shoot",
                "-                           | Seed  | core.gardener.cloud:v1beta1:Seed",
                "v1beta1                     | -     | :v1beta1:Shoot",
                "core.gardener.cloud/        | -     | core.gardener.cloud:v1beta1:Shoot",
                "other.group/                | -     | other.group::Shoot",
                "a/b/c                       | -     | core.gardener.cloud:v1beta1:Shoot",
            })
    void defaultsWhatTheBodyLeavesOut(String apiVersion, String kind, String expected) {
        assertThat(BodyKind.withDefaults(BodyKind.declared(body(apiVersion, kind)), SHOOT))
                .isEqualTo(gvk(expected));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "-|-",
                "v1|-",
                "-|Namespace",
            })
    void aBodyThatLeavesThemOutIsStampedWithTheEndpointKind(String apiVersion, String kind) {
        ObjectNode body = body(apiVersion, kind);
        BodyKind.resolve(body, NAMESPACE);
        assertThat(body.path("apiVersion").asText()).isEqualTo("v1");
        assertThat(body.path("kind").asText()).isEqualTo("Namespace");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "v1        | Secret    | Secret in version \"v1\" cannot be handled as a Namespace: converting "
                        + "(k8s.io/api/core/v1) Secret to (k8s.io/kubernetes/pkg/apis/core) Namespace: unknown conversion",
                "v1        | Pod       | Pod in version \"v1\" cannot be handled as a Namespace: no kind \"Pod\" is "
                        + "registered for version \"v1\" in scheme \"pkg/api/legacyscheme/scheme.go:30\"",
                "v2        | -         | Namespace in version \"v2\" cannot be handled as a Namespace: no kind "
                        + "\"Namespace\" is registered for version \"v2\" in scheme \"pkg/api/legacyscheme/scheme.go:30\"",
                "core.gardener.cloud/v1beta1 | Shoot | Shoot in version \"v1beta1\" cannot be handled as a Namespace: "
                        + "no kind \"Shoot\" is registered for version \"core.gardener.cloud/v1beta1\" in scheme "
                        + "\"pkg/api/legacyscheme/scheme.go:30\"",
                "v1        | NamespaceList | NamespaceList in version \"v1\" cannot be handled as a Namespace: converting "
                        + "(k8s.io/api/core/v1) NamespaceList to (k8s.io/kubernetes/pkg/apis/core) Namespace: unknown "
                        + "conversion",
                "other.group/ | -      | Namespace in version \"\" cannot be handled as a Namespace: Object 'apiVersion' "
                        + "is missing in '{\"apiVersion\":\"other.group/\"}'",
            })
    void aBodyThatNamesAnotherKindGetsTheDecodersAnswer(String apiVersion, String kind, String message) {
        assertThatThrownBy(() -> BodyKind.resolve(body(apiVersion, kind), NAMESPACE))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "core.gardener.cloud/v1      | core.gardener.cloud/v1beta1",
                "core.gardener.cloud/v1beta1 | core.gardener.cloud/v1",
            })
    void theKindInAnotherServedVersionFailsTheGroupVersionCheck(String sent, String endpoint) {
        GroupVersionKind expected = new GroupVersionKind(
                "core.gardener.cloud", endpoint.substring(endpoint.indexOf('/') + 1), "ControllerDeployment");
        assertThatThrownBy(() -> BodyKind.resolve(body(sent, "ControllerDeployment"), expected))
                .hasMessage("the API version in the data (" + sent + ") does not match the expected API version ("
                        + endpoint + ")");
    }
}
