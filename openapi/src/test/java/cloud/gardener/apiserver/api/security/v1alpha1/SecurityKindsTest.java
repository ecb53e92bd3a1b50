package cloud.gardener.apiserver.api.security.v1alpha1;

import static cloud.gardener.apiserver.api.core.ModelConformance.assertKindSchema;
import static cloud.gardener.apiserver.api.core.ModelConformance.assertRoundTrips;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** security.gardener.cloud/v1alpha1: CredentialsBinding, WorkloadIdentity and the TokenRequest subresource. */
class SecurityKindsTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.security.v1alpha1.";

    @Test
    void credentialsBindingExampleRoundTrips() throws IOException {
        List<JsonNode> docs = GardenerExamples.documents("80-credentialsbinding.yaml");
        assertThat(docs).hasSize(1);
        assertRoundTrips(docs.get(0), CredentialsBinding.class, "80-credentialsbinding.yaml");
        CredentialsBinding binding =
                ModelCodec.decode(docs.get(0), CredentialsBinding.class).value();
        assertThat(binding.credentialsRef().kind()).isEqualTo("WorkloadIdentity");
        assertThat(binding.provider().type()).isEqualTo("<some-provider-name>");
    }

    @Test
    void workloadIdentityExampleRoundTripsWithFreeFormProviderConfig() throws IOException {
        List<JsonNode> docs = GardenerExamples.documents("70-workloadidentity-provider.yaml");
        assertThat(docs).hasSize(1);
        ObjectNode encoded = assertRoundTrips(docs.get(0), WorkloadIdentity.class, "70-workloadidentity-provider.yaml");
        assertThat(encoded.path("spec").path("targetSystem").path("providerConfig"))
                .isEqualTo(docs.get(0).path("spec").path("targetSystem").path("providerConfig"));
    }

    @Test
    void workloadIdentityStatusAndTokenRequestRoundTrip() throws IOException {
        JsonNode identity = Json.YAML.readTree("""
                apiVersion: security.gardener.cloud/v1alpha1
                kind: WorkloadIdentity
                metadata: {name: w, namespace: garden-dev, uid: "1234"}
                spec:
                  audiences: [a, b]
                  targetSystem: {type: aws}
                status:
                  sub: gardener.cloud:workloadidentity:garden-dev:w:1234
                """);
        ObjectNode encoded = assertRoundTrips(identity, WorkloadIdentity.class, "inline manifest");
        assertThat(encoded.path("spec").path("targetSystem").has("providerConfig"))
                .isFalse();

        JsonNode request = Json.YAML.readTree("""
                apiVersion: security.gardener.cloud/v1alpha1
                kind: TokenRequest
                metadata: {name: w, namespace: garden-dev}
                spec:
                  contextObject: {kind: Shoot, apiVersion: core.gardener.cloud/v1beta1, name: s, namespace: n, uid: u}
                  expirationSeconds: 3600
                status:
                  token: eyJ
                  expirationTimestamp: "2024-01-02T03:04:05Z"
                """);
        assertRoundTrips(request, TokenRequest.class, "inline manifest");
        TokenRequest decoded = ModelCodec.decode(request, TokenRequest.class).value();
        assertThat(decoded.spec().expirationSeconds()).isEqualTo(3600L);
        assertThat(decoded.spec().contextObject().namespace()).isEqualTo("n");
    }

    @Test
    void emptyTokenRequestStatusIsWrittenAsGoWritesIt() throws IOException {
        JsonNode request = Json.MAPPER.readTree(
                "{\"apiVersion\":\"security.gardener.cloud/v1alpha1\"," + "\"kind\":\"TokenRequest\",\"spec\":{}}");
        ObjectNode out =
                ModelCodec.encode(ModelCodec.decode(request, TokenRequest.class).value());
        // token and expirationTimestamp have no omitempty: Go writes "" and null.
        assertThat(out.path("status").path("token").asText("x")).isEmpty();
        assertThat(out.path("status").get("expirationTimestamp").isNull()).isTrue();
        assertThat(out.path("spec").has("expirationSeconds")).isFalse();
    }

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void schemasAreNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        for (Class<?> kind : List.of(
                CredentialsBinding.class,
                CredentialsBindingList.class,
                WorkloadIdentity.class,
                WorkloadIdentityList.class,
                TokenRequest.class)) {
            assertKindSchema(kind, PREFIX, dialect);
        }
        Map<String, ObjectNode> defs = assertKindSchema(CredentialsBinding.class, PREFIX, dialect);
        assertThat(defs.get(PREFIX + "CredentialsBinding").path("required").toString())
                .isEqualTo("[\"provider\",\"credentialsRef\"]");
        assertThat(defs).containsKey("io.k8s.api.core.v1.ObjectReference");
    }
}
