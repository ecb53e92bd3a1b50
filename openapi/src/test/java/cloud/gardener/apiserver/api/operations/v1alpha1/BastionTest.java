package cloud.gardener.apiserver.api.operations.v1alpha1;

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

/** operations.gardener.cloud/v1alpha1 Bastion: the sample manifest, status fields and schemas. */
class BastionTest {

    private static final String PREFIX = "com.github.gardener.gardener.pkg.apis.operations.v1alpha1.";

    @Test
    void exampleRoundTrips() throws IOException {
        List<JsonNode> docs = GardenerExamples.documents("100-bastion.yaml");
        assertThat(docs).hasSize(1);
        ObjectNode encoded = assertRoundTrips(docs.get(0), Bastion.class, "100-bastion.yaml");
        Bastion bastion = ModelCodec.decode(encoded, Bastion.class).value();
        assertThat(bastion.spec().shootRef().name()).isEqualTo("example-shoot");
        assertThat(bastion.spec().ingress().get(0).ipBlock().cidr()).isEqualTo("1.2.3.4/32");
    }

    @Test
    void statusRoundTrips() throws IOException {
        JsonNode doc = Json.YAML.readTree("""
                apiVersion: operations.gardener.cloud/v1alpha1
                kind: Bastion
                metadata: {name: b, namespace: garden-dev}
                spec:
                  shootRef: {name: s}
                  seedName: seed
                  providerType: local
                  sshPublicKey: ssh-rsa AAAA
                  ingress:
                  - ipBlock: {cidr: 10.0.0.0/8, except: [10.1.0.0/16]}
                status:
                  ingress:
                    ip: 1.2.3.4
                    hostname: bastion.example.com
                    ipMode: VIP
                    ports: [{port: 22, protocol: TCP}]
                  conditions:
                  - type: BastionReady
                    status: "True"
                    lastTransitionTime: "2024-01-02T03:04:05Z"
                    lastUpdateTime: "2024-01-02T03:04:05Z"
                    reason: Ready
                    message: ok
                  lastHeartbeatTimestamp: "2024-01-02T03:04:05Z"
                  expirationTimestamp: "2024-01-02T04:04:05Z"
                  observedGeneration: 1
                """);
        ObjectNode encoded = assertRoundTrips(doc, Bastion.class, "inline manifest");
        Bastion bastion = ModelCodec.decode(doc, Bastion.class).value();
        assertThat(bastion.status().ingress().ports().get(0).port()).isEqualTo(22);
        assertThat(bastion.spec().ingress().get(0).ipBlock().except()).containsExactly("10.1.0.0/16");
        assertThat(encoded.path("status").path("lastHeartbeatTimestamp").asText())
                .isEqualTo("2024-01-02T03:04:05Z");
    }

    @ParameterizedTest
    @EnumSource(ModelSchemas.Dialect.class)
    void schemasAreNamedAfterTheGoPackage(ModelSchemas.Dialect dialect) {
        assertKindSchema(BastionList.class, PREFIX, dialect);
        Map<String, ObjectNode> defs = assertKindSchema(Bastion.class, PREFIX, dialect);
        assertThat(defs.get(PREFIX + "BastionSpec").path("required").toString())
                .isEqualTo("[\"shootRef\",\"sshPublicKey\",\"ingress\"]");
        assertThat(defs.get(PREFIX + "BastionIngressPolicy").path("required").toString())
                .isEqualTo("[\"ipBlock\"]");
        assertThat(defs)
                .containsKeys(
                        "io.k8s.api.networking.v1.IPBlock",
                        "io.k8s.api.core.v1.LoadBalancerIngress",
                        "io.k8s.api.core.v1.PortStatus",
                        "io.k8s.api.core.v1.LocalObjectReference");
    }
}
