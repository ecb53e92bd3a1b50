package cloud.gardener.apiserver.api.core.v1beta1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.core.GardenerExamples;
import cloud.gardener.apiserver.api.core.JsonSubset;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.model.DecodeException;
import cloud.gardener.apiserver.api.model.Decoded;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.model.ModelSchemas;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Shoot records read and write Gardener's Shoot manifests as gardener-apiserver does: no field of a real manifest
 * is unknown or lost, values come out in Go's canonical form, and the schema carries the patch metadata.
 */
class ShootModelTest {

    private static final String SHOOT = "com.github.gardener.gardener.pkg.apis.core.v1beta1.";

    /**
     * YAML read as kubectl reads it: an empty value ({@code kubernetes:}) is null. {@code Json.YAML} builds its
     * factory with {@code YAMLFactory.builder()}, which starts without {@code EMPTY_STRING_AS_NULL} and reads "".
     */
    private static final ObjectMapper YAML = yamlAsKubectlReadsIt();

    @ParameterizedTest
    @ValueSource(
            strings = {
                "90-shoot.yaml",
                "provider-local/shoot.yaml",
                "provider-local/shoot-ipv6.yaml",
                "provider-local/shoot-workerless.yaml",
                "provider-local/managedseeds/shoot-managedseed.yaml",
                "provider-local/managedseeds/shoot-managedseed-ipv6.yaml"
            })
    void gardenerExamplesRoundTrip(String file) throws IOException {
        JsonNode doc = example(file);
        assertThat(doc.path("kind").asText()).isEqualTo("Shoot");
        assertRoundTrips(doc, file);
    }

    @Test
    void everyFieldDocumentedInTheExampleRoundTrips() throws IOException {
        ObjectNode encoded = assertRoundTrips(resource("shoot-all-fields.yaml"), "shoot-all-fields.yaml");
        JsonNode worker = encoded.at("/spec/provider/workers/0");

        // Go re-formats quantities and durations canonically; strings that merely look like them stay as written.
        JsonNode kubelet = worker.at("/kubernetes/kubelet");
        assertThat(kubelet.at("/kubeReserved/pid").textValue()).isEqualTo("1k");
        assertThat(kubelet.at("/kubeReserved/cpu").textValue()).isEqualTo("100m");
        assertThat(kubelet.at("/evictionMinimumReclaim/memoryAvailable").textValue())
                .isEqualTo("0");
        assertThat(kubelet.at("/evictionHard/memoryAvailable").textValue()).isEqualTo("100Mi");
        assertThat(kubelet.at("/evictionSoftGracePeriod/memoryAvailable").textValue())
                .isEqualTo("1m30s");
        assertThat(kubelet.at("/streamingConnectionIdleTimeout").textValue()).isEqualTo("5m0s");
        assertThat(encoded.at("/spec/kubernetes/verticalPodAutoscaler/maxAllowed/cpu")
                        .textValue())
                .isEqualTo("8");
        assertThat(encoded.at("/spec/kubernetes/verticalPodAutoscaler/cpuHistogramDecayHalfLife")
                        .textValue())
                .isEqualTo("24h0m0s");
        assertThat(encoded.at("/spec/kubernetes/clusterAutoscaler/expander").textValue())
                .isEqualTo("priority,least-waste");

        // IntOrString keeps its kind; a pointer to zero is not empty.
        assertThat(worker.get("maxSurge").isInt()).isTrue();
        assertThat(worker.get("maxUnavailable").intValue()).isZero();
        assertThat(worker.at("/machineControllerManager/autoPreserveFailedMachineMax")
                        .intValue())
                .isZero();
        // The empty DNSExposure struct behind a pointer is kept as {}.
        assertThat(worker.at("/controlPlane/exposure/dns").isObject()).isTrue();
        // Inline structs: Addon's enabled and KubernetesConfig's featureGates sit beside the outer fields.
        assertThat(encoded.at("/spec/kubernetes/kubeAPIServer/featureGates/SomeKubernetesFeature")
                        .booleanValue())
                .isTrue();
        assertThat(encoded.at("/spec/seedSelector/matchLabels/foo").textValue()).isEqualTo("bar");
        assertThat(encoded.at("/spec/accessRestrictions/0/name").textValue()).isEqualTo("eu-access-only");
    }

    @Test
    void statusRoundTripsWithTimesInUtc() throws IOException {
        ObjectNode encoded = assertRoundTrips(resource("shoot-status.yaml"), "shoot-status.yaml");

        assertThat(encoded.at("/status/conditions/0/lastUpdateTime").textValue())
                .isEqualTo("2025-01-01T10:05:00Z");
        assertThat(encoded.at("/status/hibernated").isBoolean()).isTrue();
        assertThat(encoded.at("/status/credentials/rotation/etcdEncryptionKey/autoCompleteAfterPrepared")
                        .booleanValue())
                .isTrue();
        assertThat(encoded.at("/status/liveMigration/conditions/0/type").textValue())
                .isEqualTo("SourceEtcdPreparedForPeerJoin");
    }

    @Test
    void encodesAsGoDoesNullsAndEmptyStructs() throws IOException {
        JsonNode doc = example("90-shoot.yaml");
        assertThat(doc.at("/spec/kubernetes").isNull())
                .as("the example leaves spec.kubernetes null")
                .isTrue();

        ObjectNode encoded = ModelCodec.canonical(doc, Shoot.class);

        // Non-pointer structs are never omitted: kubernetes comes back as {}, and the empty status as Go writes it.
        assertThat(encoded.at("/spec/kubernetes")).isEqualTo(Json.MAPPER.createObjectNode());
        assertThat(encoded.get("status"))
                .isEqualTo(json(
                        "{'gardener':{'id':'','name':'','version':''},'hibernated':false,'technicalID':'','uid':''}"));
        // Provider-specific raw configuration is kept as whatever JSON it was, even a bare string.
        assertThat(encoded.at("/spec/provider/infrastructureConfig").textValue())
                .isEqualTo("<some-provider-specific-infrastructure-config>");
        // Pointers left nil and empty omitempty fields do not appear.
        assertThat(encoded.at("/spec").has("seedName")).isFalse();
        assertThat(encoded.at("/spec").has("tolerations")).isFalse();
        assertThat(encoded.at("/spec/provider/workers/0").has("zones")).isFalse();
        // Non-omitempty scalars do.
        assertThat(encoded.at("/spec/provider/workers/0/minimum").intValue()).isEqualTo(3);
    }

    @Test
    void reportsUnknownFieldsWithTheirPaths() {
        JsonNode doc = json("{'apiVersion':'core.gardener.cloud/v1beta1','kind':'Shoot','metadata':{'name':'a'},"
                + "'spec':{'region':'r','provider':{'type':'local','workers':[{'name':'w','machine':{'type':'m',"
                + "'flavor':'x'},'minimum':1,'maximum':2,'colour':'red'}]},'kubernetes':{'kubelet':{'maxPods':110,"
                + "'featureGates':{'A':true},'maxPodz':1},'kubeAPIServer':{'oidcConfig':{}}},"
                + "'addons':{'nginxIngress':{'enabled':true,'loadBalancerSourceRanges':['0.0.0.0/0']}}},"
                + "'status':{'encryptedResources':['configmaps']},'extra':1}");

        Decoded<Shoot> decoded = ModelCodec.decode(doc, Shoot.class);

        assertThat(decoded.unknownFields())
                .containsExactlyInAnyOrder(
                        "spec.provider.workers[0].machine.flavor",
                        "spec.provider.workers[0].colour",
                        "spec.kubernetes.kubelet.maxPodz",
                        "spec.kubernetes.kubeAPIServer.oidcConfig",
                        "status.encryptedResources",
                        "extra");
        Shoot shoot = decoded.value();
        assertThat(shoot.spec().provider().workers().get(0).machine().type()).isEqualTo("m");
        assertThat(shoot.spec().kubernetes().kubelet().maxPods()).isEqualTo(110);
        assertThat(shoot.spec().kubernetes().kubelet().kubernetesConfig().featureGates())
                .containsEntry("A", true);
        assertThat(shoot.spec().addons().nginxIngress().addon().enabled()).isTrue();
    }

    @Test
    void rejectsValuesOfTheWrongGoType() {
        JsonNode doc = json("{'spec':{'provider':{'workers':[{'name':'w','minimum':'three'}]}}}");

        assertThatThrownBy(() -> ModelCodec.decode(doc, Shoot.class))
                .isInstanceOf(DecodeException.class)
                .hasMessageStartingWith("json: cannot unmarshal string into Go struct field Worker.")
                .hasMessageEndingWith(" of type int32");
    }

    @Test
    void schemaCarriesDescriptionsRequiredFieldsAndPatchMetadata() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V3);

        assertThat(schemas.add(Shoot.class)).isEqualTo(SHOOT + "Shoot");
        Map<String, ObjectNode> defs = schemas.definitions();

        ObjectNode provider = defs.get(SHOOT + "Provider");
        JsonNode workers = provider.at("/properties/workers");
        assertThat(workers.get("x-kubernetes-patch-merge-key").asText()).isEqualTo("name");
        assertThat(workers.get("x-kubernetes-patch-strategy").asText()).isEqualTo("merge");
        assertThat(workers.at("/items/allOf/0/$ref").asText()).isEqualTo("#/components/schemas/" + SHOOT + "Worker");
        assertThat(provider.get("required")).isEqualTo(json("['type']"));

        JsonNode spec = defs.get(SHOOT + "ShootSpec");
        assertThat(spec.get("required")).isEqualTo(json("['kubernetes','provider','region']"));
        assertThat(spec.at("/properties/tolerations/x-kubernetes-patch-merge-key")
                        .asText())
                .isEqualTo("key");
        assertThat(spec.at("/properties/region/description").asText())
                .isEqualTo("Region is a name of a region. This field is immutable.");
        JsonNode status = defs.get(SHOOT + "ShootStatus");
        assertThat(status.get("required")).isEqualTo(json("['gardener','hibernated','technicalID','uid']"));
        assertThat(status.at("/properties/conditions/x-kubernetes-patch-merge-key")
                        .asText())
                .isEqualTo("type");
        assertThat(status.at("/properties/advertisedAddresses/x-kubernetes-patch-merge-key")
                        .asText())
                .isEqualTo("name");
        assertThat(defs.get(SHOOT + "KubeAPIServerConfig")
                        .at("/properties/admissionPlugins/x-kubernetes-patch-merge-key")
                        .asText())
                .isEqualTo("name");

        // Inline embedding flattens the embedded fields; a Java keyword keeps its JSON name.
        assertThat(defs.get(SHOOT + "KubeletConfig")
                        .at("/properties/featureGates/additionalProperties/type")
                        .asText())
                .isEqualTo("boolean");
        assertThat(defs.get(SHOOT + "KubernetesDashboard")
                        .at("/properties/enabled/type")
                        .asText())
                .isEqualTo("boolean");
        assertThat(defs.get(SHOOT + "WatchCacheSizes")
                        .at("/properties/default/format")
                        .asText())
                .isEqualTo("int32");
        assertThat(defs.get(SHOOT + "ResourceWatchCacheSize").get("required")).isEqualTo(json("['resource','size']"));
        assertThat(defs.get(SHOOT + "VerticalPodAutoscaler")
                        .at("/properties/evictionRateLimit/format")
                        .asText())
                .isEqualTo("double");

        // Kubernetes types referenced by the Shoot are named after their own Go packages.
        assertThat(defs)
                .containsKeys(
                        "io.k8s.api.core.v1.Taint",
                        "io.k8s.api.core.v1.ObjectReference",
                        "io.k8s.api.autoscaling.v1.CrossVersionObjectReference",
                        "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
                        SHOOT + "DNSExposure",
                        SHOOT + "Condition",
                        SHOOT + "ShootCredentialsRotation",
                        SHOOT + "LiveMigration");
        assertThat(defs.get(SHOOT + "Worker")
                        .at("/properties/taints/items/allOf/0/$ref")
                        .asText())
                .endsWith("io.k8s.api.core.v1.Taint");
    }

    @Test
    void shootListAndTemplateHaveSchemasToo() {
        ModelSchemas schemas = new ModelSchemas(ModelSchemas.Dialect.V2);
        schemas.add(ShootList.class);
        schemas.add(ShootTemplate.class);

        assertThat(schemas.definitions().get(SHOOT + "ShootList").get("required"))
                .isEqualTo(json("['items']"));
        assertThat(schemas.definitions()
                        .get(SHOOT + "ShootTemplate")
                        .at("/properties/spec/allOf/0/$ref")
                        .asText())
                .isEqualTo("#/definitions/" + SHOOT + "ShootSpec");
    }

    /** Decodes without unknown fields, encodes back every key and value, and the result is a fixed point. */
    private static ObjectNode assertRoundTrips(JsonNode doc, String source) {
        Decoded<Shoot> decoded = ModelCodec.decode(doc, Shoot.class);
        assertThat(decoded.unknownFields()).as("unknown fields in %s", source).isEmpty();

        ObjectNode encoded = ModelCodec.encode(decoded.value());
        assertThat(JsonSubset.missing(doc, encoded))
                .as("%s after a round trip: %s", source, encoded)
                .isEmpty();
        assertThat(ModelCodec.canonical(encoded, Shoot.class))
                .as("canonical form of %s is stable", source)
                .isEqualTo(encoded);
        return encoded;
    }

    /** The one document of a Gardener example file; skips the test if the shared data is absent. */
    private static JsonNode example(String file) throws IOException {
        Path path = GardenerExamples.DIR.resolve(file);
        Assumptions.assumeTrue(Files.isRegularFile(path), "no Gardener example " + path);
        return YAML.readTree(path.toFile());
    }

    private static JsonNode resource(String name) throws IOException {
        try (InputStream in = ShootModelTest.class.getResourceAsStream(name)) {
            assertThat(in).as("test resource %s", name).isNotNull();
            return YAML.readTree(in);
        }
    }

    private static ObjectMapper yamlAsKubectlReadsIt() {
        ObjectMapper yaml = Json.YAML.copy();
        ((YAMLFactory) yaml.getFactory()).enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL);
        return yaml;
    }

    private static JsonNode json(String singleQuoted) {
        try {
            return Json.MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
