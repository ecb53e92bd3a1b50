package cloud.gardener.apiserver.api.operator.v1alpha1;

import static cloud.gardener.apiserver.api.core.ModelConformance.assertKindSchema;
import static cloud.gardener.apiserver.api.core.ModelConformance.assertRoundTrips;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.Decoded;
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

/** operator.gardener.cloud/v1alpha1 Garden (and Extension): the sample manifest, embedding and schemas. */
class GardenTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.operator.v1alpha1.";

    @Test
    void gardenExampleRoundTrips() throws IOException {
        List<JsonNode> gardens = GardenerExamples.documents("operator/20-garden.yaml").stream()
                .filter(d -> "operator.gardener.cloud/v1alpha1"
                        .equals(d.path("apiVersion").asText()))
                .toList();
        assertThat(gardens).hasSize(1);
        JsonNode doc = gardens.get(0);
        assertThat(doc.path("kind").asText()).isEqualTo("Garden");
        ObjectNode encoded = assertRoundTrips(doc, Garden.class, "operator/20-garden.yaml");

        Garden garden = ModelCodec.decode(encoded, Garden.class).value();
        assertThat(garden.spec().virtualCluster().gardener()).isNotNull();
        assertThat(garden.spec().runtimeCluster().networking()).isNotNull();
    }

    @Test
    void embeddedKubernetesConfigsSitInTheirParents() throws IOException {
        JsonNode doc = Json.YAML.readTree("""
                apiVersion: operator.gardener.cloud/v1alpha1
                kind: Garden
                metadata: {name: garden}
                spec:
                  runtimeCluster:
                    ingress: {controller: {kind: nginx}}
                    networking: {pods: [10.1.0.0/16], services: [10.2.0.0/16]}
                  virtualCluster:
                    dns: {domains: [{name: virtual-garden.local.gardener.cloud}]}
                    gardener:
                      clusterIdentity: local
                      gardenerAPIServer:
                        featureGates: {Foo: true}
                        admissionPlugins: [{name: ShootVPAEnabledByDefault}]
                    kubernetes:
                      version: 1.33.0
                      kubeAPIServer:
                        featureGates: {Bar: false}
                        requests: {maxNonMutatingInflight: 400}
                        sni: {secretName: s, domainPatterns: [a.example.com]}
                      kubeControllerManager:
                        nodeCIDRMaskSize: 24
                        certificateSigningDuration: 48h
                    maintenance: {timeWindow: {begin: 220000+0100, end: 230000+0100}}
                    networking: {services: [100.64.0.0/13]}
                    controlPlane: {highAvailability: {}}
                """);
        ObjectNode encoded = assertRoundTrips(doc, Garden.class, "inline manifest");
        Garden garden = ModelCodec.decode(doc, Garden.class).value();
        KubeAPIServerConfig apiServer =
                garden.spec().virtualCluster().kubernetes().kubeAPIServer();
        assertThat(apiServer.kubeAPIServerConfig().requests().maxNonMutatingInflight())
                .isEqualTo(400);
        assertThat(apiServer.kubeAPIServerConfig().kubernetesConfig().featureGates())
                .containsEntry("Bar", false);
        assertThat(apiServer.sni().domainPatterns()).containsExactly("a.example.com");
        assertThat(encoded.path("spec")
                        .path("virtualCluster")
                        .path("kubernetes")
                        .path("kubeControllerManager")
                        .path("certificateSigningDuration")
                        .asText())
                .isEqualTo("48h0m0s");
        assertThat(encoded.path("spec")
                        .path("virtualCluster")
                        .path("controlPlane")
                        .path("highAvailability")
                        .isObject())
                .isTrue();
    }

    @Test
    void unknownFieldsAreReported() throws IOException {
        JsonNode doc = Json.MAPPER.readTree("{\"apiVersion\":\"operator.gardener.cloud/v1alpha1\",\"kind\":\"Garden\","
                + "\"spec\":{\"virtualCluster\":{\"kubernetes\":{\"kubeAPIServer\":{\"nope\":1}}},\"bogus\":[]}}");
        Decoded<Garden> decoded = ModelCodec.decode(doc, Garden.class);
        assertThat(decoded.unknownFields())
                .containsExactlyInAnyOrder("spec.virtualCluster.kubernetes.kubeAPIServer.nope", "spec.bogus");
    }

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void schemasAreNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        for (Class<?> kind : List.of(GardenList.class, Extension.class, ExtensionList.class)) {
            assertKindSchema(kind, PREFIX, dialect);
        }
        Map<String, ObjectNode> defs = assertKindSchema(Garden.class, PREFIX, dialect);
        assertThat(defs.get(PREFIX + "GardenSpec").path("required").toString())
                .isEqualTo("[\"runtimeCluster\",\"virtualCluster\"]");
        // KubeAPIServerConfig embeds core v1beta1's KubeAPIServerConfig, which embeds KubernetesConfig.
        assertThat(defs.get(PREFIX + "KubeAPIServerConfig").path("properties").fieldNames())
                .toIterable()
                .contains("featureGates", "admissionPlugins", "auditWebhook", "sni")
                .doesNotContain("kubeAPIServerConfig", "kubernetesConfig");
        assertThat(defs)
                .containsKeys(
                        PREFIX + "ETCDMain",
                        PREFIX + "GardenerDashboardConfig",
                        "com.github.gardener.gardener.pkg.apis.core.v1beta1.AdmissionPlugin",
                        "io.k8s.api.core.v1.ResourceQuota",
                        "io.k8s.api.rbac.v1.Subject");
    }
}
