package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import static cloud.gardener.apiserver.api.core.ModelConformance.assertRoundTrips;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Gardener's seedmanagement.gardener.cloud/v1alpha1 sample manifests survive the typed model unchanged. */
class SeedManagementExamplesTest {

    private static final String API_VERSION = "seedmanagement.gardener.cloud/v1alpha1";

    private static final Map<String, Class<?>> KINDS = Map.of(
            "ManagedSeed", ManagedSeed.class,
            "ManagedSeedSet", ManagedSeedSet.class,
            "Gardenlet", Gardenlet.class);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "55-managedseed-gardenlet.yaml",
                "57-managedseedset.yaml",
                "provider-local/managedseeds/managedseed.yaml",
                "provider-local/managedseeds/managedseed-ipv6.yaml",
                "provider-local/managedseedset/managedseedset.yaml"
            })
    void examplesRoundTrip(String file) throws IOException {
        List<JsonNode> docs = GardenerExamples.documents(file).stream()
                .filter(d -> API_VERSION.equals(d.path("apiVersion").asText()))
                .toList();
        assertThat(docs).as("%s objects in %s", API_VERSION, file).isNotEmpty();
        for (JsonNode doc : docs) {
            Class<?> type = KINDS.get(doc.path("kind").asText());
            assertThat(type).as("record for kind %s", doc.path("kind").asText()).isNotNull();
            assertRoundTrips(doc, type, file);
        }
    }

    /** The Shoots that provider-local registers as managed seeds (core.gardener.cloud/v1beta1). */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "provider-local/managedseeds/shoot-managedseed.yaml",
                "provider-local/managedseeds/shoot-managedseed-ipv6.yaml"
            })
    void shootsOfManagedSeedsRoundTrip(String file) throws IOException {
        List<JsonNode> docs = GardenerExamples.documents(file);
        assertThat(docs).isNotEmpty();
        for (JsonNode doc : docs) {
            assertThat(doc.path("kind").asText()).isEqualTo("Shoot");
            assertRoundTrips(doc, cloud.gardener.apiserver.api.core.v1beta1.Shoot.class, file);
        }
    }

    /** 55-gardenlet.yaml is a template: fill in the seed name and drop the placeholder line of the config. */
    @Test
    void gardenletTemplateRoundTrips() throws IOException {
        Path path = GardenerExamples.DIR.resolve("55-gardenlet.yaml");
        Assumptions.assumeTrue(Files.isRegularFile(path), "no Gardener example " + path);
        String text = Files.readAllLines(path).stream()
                .filter(line -> !line.trim().startsWith("<See "))
                .map(line -> line.replace("<seed-name>", "my-seed"))
                .collect(Collectors.joining("\n"));
        JsonNode doc = Json.YAML.readTree(text);
        assertThat(doc.path("kind").asText()).isEqualTo("Gardenlet");

        ObjectNode encoded = assertRoundTrips(doc, Gardenlet.class, "55-gardenlet.yaml");
        Gardenlet gardenlet = ModelCodec.decode(doc, Gardenlet.class).value();
        assertThat(gardenlet.metadata().name()).isEqualTo("my-seed");
        // GardenletDeployment is embedded: its fields sit beside helm.
        assertThat(gardenlet.spec().deployment().gardenletDeployment().podLabels())
                .containsEntry("foo", "bar");
        assertThat(gardenlet.spec().deployment().helm().ociRepository()).isNotNull();
        assertThat(encoded.path("spec").path("deployment").has("gardenletDeployment"))
                .isFalse();
        // The GardenletConfiguration is a raw extension: kept as written.
        assertThat(encoded.path("spec").path("config"))
                .isEqualTo(doc.path("spec").path("config"));
    }

    @Test
    void gardenletDeploymentKeepsKubernetesPodFields() throws IOException {
        JsonNode doc = Json.YAML.readTree("""
                apiVersion: seedmanagement.gardener.cloud/v1alpha1
                kind: ManagedSeed
                metadata: {name: ms, namespace: garden}
                spec:
                  shoot: {name: ms}
                  gardenlet:
                    bootstrap: BootstrapToken
                    mergeWithParent: false
                    deployment:
                      replicaCount: 2
                      revisionHistoryLimit: 3
                      serviceAccountName: gardenlet
                      image: {repository: r, tag: t, pullPolicy: IfNotPresent}
                      resources:
                        requests: {cpu: 100m, memory: 100Mi}
                        limits: {memory: 1Gi}
                        claims: [{name: gpu, request: r1}]
                      additionalVolumes:
                      - name: v1
                        secret: {secretName: s, defaultMode: 420, items: [{key: k, path: p, mode: 256}]}
                      - name: v2
                        projected:
                          sources:
                          - serviceAccountToken: {audience: a, expirationSeconds: 3600, path: token}
                          - configMap: {name: cm, optional: true}
                      - name: v3
                        emptyDir: {medium: Memory, sizeLimit: 64Mi}
                      - name: v4
                        ephemeral:
                          volumeClaimTemplate:
                            metadata: {labels: {a: b}}
                            spec:
                              accessModes: [ReadWriteOnce]
                              resources: {requests: {storage: 1Gi}}
                      additionalVolumeMounts:
                      - {name: v1, mountPath: /etc/s, readOnly: true, subPath: x}
                      env:
                      - {name: A, value: b}
                      - name: C
                        valueFrom: {secretKeyRef: {name: s, key: k, optional: false}}
                      - name: D
                        valueFrom: {fieldRef: {fieldPath: metadata.name}}
                      - name: E
                        valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: 1Mi}}
                      tolerations:
                      - {key: k, operator: Exists, effect: NoSchedule}
                      enableHealthProbes: true
                status:
                  observedGeneration: 4
                  conditions:
                  - type: SeedRegistered
                    status: "True"
                    lastTransitionTime: "2024-01-02T03:04:05Z"
                    lastUpdateTime: "2024-01-02T03:04:05Z"
                    reason: Registered
                    message: ok
                """);
        ObjectNode encoded = assertRoundTrips(doc, ManagedSeed.class, "inline manifest");
        ManagedSeed seed = ModelCodec.decode(doc, ManagedSeed.class).value();
        GardenletDeployment deployment = seed.spec().gardenlet().deployment();
        assertThat(deployment.resources().requests().get("cpu").toString()).isEqualTo("100m");
        assertThat(deployment.additionalVolumes().get(0).volumeSource().secret().defaultMode())
                .isEqualTo(420);
        assertThat(deployment.env().get(1).valueFrom().secretKeyRef().key()).isEqualTo("k");
        assertThat(seed.spec().gardenlet().bootstrap()).isEqualTo("BootstrapToken");
        assertThat(seed.spec().gardenlet().mergeWithParent()).isFalse();
        // Go encodes a nil RawExtension as null: config is not omitted.
        assertThat(encoded.path("spec").path("gardenlet").get("config").isNull())
                .isTrue();
        // A volume's source is embedded in the volume.
        assertThat(encoded.path("spec")
                        .path("gardenlet")
                        .path("deployment")
                        .path("additionalVolumes")
                        .get(2)
                        .path("emptyDir")
                        .path("sizeLimit")
                        .asText())
                .isEqualTo("64Mi");
    }

    @Test
    void managedSeedSetStatusRoundTrips() throws IOException {
        JsonNode doc = Json.YAML.readTree("""
                apiVersion: seedmanagement.gardener.cloud/v1alpha1
                kind: ManagedSeedSet
                metadata: {name: mss, namespace: garden}
                spec:
                  replicas: 2
                  revisionHistoryLimit: 10
                  updateStrategy:
                    type: RollingUpdate
                    rollingUpdate: {partition: 1}
                  selector: {matchLabels: {a: b}}
                  template:
                    metadata: {labels: {a: b}}
                    spec: {gardenlet: {bootstrap: BootstrapToken}}
                  shootTemplate:
                    metadata: {labels: {a: b}}
                    spec: {region: r}
                status:
                  observedGeneration: 3
                  replicas: 2
                  readyReplicas: 1
                  nextReplicaNumber: 2
                  currentReplicas: 1
                  updatedReplicas: 1
                  currentRevision: mss-1
                  updateRevision: mss-2
                  collisionCount: 0
                  pendingReplica:
                    name: mss-1
                    reason: ShootReconciling
                    since: "2024-01-02T03:04:05Z"
                    retries: 2
                """);
        ObjectNode encoded = assertRoundTrips(doc, ManagedSeedSet.class, "inline manifest");
        ManagedSeedSet set = ModelCodec.decode(doc, ManagedSeedSet.class).value();
        assertThat(set.status().pendingReplica().retries()).isEqualTo(2);
        assertThat(set.spec().updateStrategy().rollingUpdate().partition()).isEqualTo(1);
        // collisionCount is a pointer: an explicit 0 is kept.
        assertThat(encoded.path("status").path("collisionCount").isInt()).isTrue();
    }

    @Test
    void replicasIsAlwaysWrittenInManagedSeedSetStatus() throws IOException {
        JsonNode doc = Json.MAPPER.readTree("{\"apiVersion\":\"" + API_VERSION + "\",\"kind\":\"ManagedSeedSet\","
                + "\"metadata\":{\"name\":\"x\"},\"status\":{\"readyReplicas\":0}}");
        ObjectNode encoded =
                ModelCodec.encode(ModelCodec.decode(doc, ManagedSeedSet.class).value());
        // replicas has no omitempty; readyReplicas has.
        assertThat(encoded.path("status").path("replicas").asInt(-1)).isZero();
        assertThat(encoded.path("status").has("readyReplicas")).isFalse();
    }

    @Test
    void unknownFieldsAreReportedWithTheirPaths() throws IOException {
        JsonNode doc = Json.MAPPER.readTree("{\"apiVersion\":\"" + API_VERSION + "\",\"kind\":\"ManagedSeed\","
                + "\"metadata\":{\"name\":\"x\"},\"spec\":{\"shoot\":{\"name\":\"s\",\"bogus\":1},"
                + "\"seedTemplate\":{},\"gardenlet\":{\"deployment\":{\"env\":[{\"name\":\"a\",\"nope\":true}]},"
                + "\"config\":{\"anything\":\"goes\"}}}}");
        Decoded<ManagedSeed> decoded = ModelCodec.decode(doc, ManagedSeed.class);
        assertThat(decoded.unknownFields())
                .containsExactlyInAnyOrder(
                        "spec.shoot.bogus", "spec.seedTemplate", "spec.gardenlet.deployment.env[0].nope");
        assertThat(decoded.value().spec().gardenlet().config().path("anything").asText())
                .isEqualTo("goes");
    }
}
