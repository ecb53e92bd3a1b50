package cloud.gardener.apiserver.e2e.conformance;

import static cloud.gardener.apiserver.e2e.admission.GardenFixtures.documents;
import static cloud.gardener.apiserver.e2e.admission.GardenFixtures.manifestText;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.resource.ResourceRegistry;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufCodec;
import cloud.gardener.apiserver.endpoints.protobuf.ProtobufDecodingException;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Conformance with Gardener's published sample manifests (the shared/ folder beside the repository): each
 * file, as its own test case, is created with {@code kubectl create -f} and again over HTTP, read back,
 * compared field by field with the manifest (plus what admission adds, {@link #ADMISSION_ADDS}), read in protobuf as
 * the same object (over HTTP), and deleted.
 * Every default admission plugin is on: namespaces the manifests live in and the secrets they reference are created
 * first, and what else a case's objects refer to exists while it runs (GardenFixtures.createReferencedBy). A
 * manifest with a bound Shoot (its own, or the Shoot a Bastion or ManagedSeed names) runs once per {@link BindingKind},
 * its Shoots bound that way as users of that kind write them (GardenFixtures.bound).
 */
@Tag("integration")
class GardenerExamplesTest {

    /** Kinds whose strategy never sets {@code metadata.generation} (gardener pkg/apiserver/registry). */
    private static final Set<String> WITHOUT_GENERATION = Set.of(
            "cloudprofiles",
            "exposureclasses",
            "internalsecrets",
            "quotas",
            "secretbindings",
            "credentialsbindings",
            "workloadidentities");

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    static final Path EXAMPLES = GardenFixtures.EXAMPLES;

    private static final ResourceRegistry REGISTRY = ResourceRegistry.standard(true);
    /** Metadata the server owns; a manifest would not set it and the server may change it. */
    private static final Set<String> SERVER_METADATA = Set.of(
            "uid",
            "resourceVersion",
            "generation",
            "creationTimestamp",
            "deletionTimestamp",
            "deletionGracePeriodSeconds",
            "managedFields",
            "selfLink");

    private static Kubectl kubectl;

    /** The manifests, as paths relative to the examples folder (the test case names). */
    static Stream<String> manifests() {
        return GardenFixtures.manifests().stream();
    }

    /** The manifests without a bound Shoot: the binding kind does not matter to them. */
    static Stream<String> manifestsWithoutBoundShoots() {
        return manifests().filter(file -> !bindsShoots(file));
    }

    /** Each manifest with a bound Shoot, once per binding kind. */
    static Stream<Arguments> manifestsWithBoundShoots() {
        return manifests()
                .filter(GardenerExamplesTest::bindsShoots)
                .flatMap(file -> Arrays.stream(BindingKind.values()).map(kind -> Arguments.of(file, kind)));
    }

    /**
     * Whether a manifest's case creates a bound Shoot: a Shoot naming a binding, or a Bastion or ManagedSeed (whose
     * Shoot the case creates); not the manifests refused as shipped, which create nothing.
     */
    private static boolean bindsShoots(String file) {
        return !REJECTED_AS_SHIPPED.containsKey(file)
                && documents(file).stream()
                        .anyMatch(doc -> switch (doc.path("kind").asText()) {
                            case "Bastion", "ManagedSeed" -> true;
                            case "Shoot" -> !BindingKind.bindingOf(doc).isEmpty();
                            default -> false;
                        });
    }

    /** The manifest's documents, their Shoots bound by the kind (none: as shipped). */
    private static List<ObjectNode> boundDocuments(String file, BindingKind bindingKind) {
        List<ObjectNode> docs = documents(file);
        if (bindingKind != null) {
            docs.forEach(doc -> GardenFixtures.bound(doc, bindingKind));
        }
        return docs;
    }

    /** The manifest's text, or the bound documents' where binding them changed them. */
    private static String text(String file, List<ObjectNode> docs) throws IOException {
        if (docs.equals(documents(file))) {
            return manifestText(file);
        }
        StringBuilder text = new StringBuilder();
        for (ObjectNode doc : docs) {
            text.append(Json.YAML.writeValueAsString(doc));
        }
        return text.toString();
    }

    @BeforeAll
    static void prerequisites() throws Exception {
        if (!Files.isDirectory(EXAMPLES)) {
            System.out.println("SKIPPED: no Gardener examples at " + EXAMPLES);
        }
        Assumptions.assumeTrue(Files.isDirectory(EXAMPLES), "no Gardener examples at " + EXAMPLES);
        kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        GardenFixtures.createExampleNamespacesAndSecrets(SERVER.admin());
        // What else a case's objects refer to exists only while the case runs (referencedGarden): other examples
        // define the same projects, CloudProfiles, bindings, seeds and registrations.
    }

    /**
     * Examples that gardener-apiserver's own validation rejects as shipped (a commented-out chart tag, seed
     * templates without internal DNS, a sketched shoot template): the faithful answer is 422 with these causes.
     */
    static final Map<String, List<String>> REJECTED_AS_SHIPPED = Map.of(
            "55-gardenlet.yaml",
            List.of("spec.deployment.helm.ociRepository"),
            "57-managedseedset.yaml",
            List.of("spec.template.spec.gardenlet.config.seedConfig.spec.dns.internal"),
            "provider-local/managedseedset/managedseedset.yaml",
            List.of("spec.template.spec.gardenlet.config.seedConfig.spec.dns.internal"));

    @Test
    void examplesArePresent() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(EXAMPLES), "no Gardener examples at " + EXAMPLES);
        assertThat(manifests().count()).isGreaterThanOrEqualTo(20);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifestsWithoutBoundShoots")
    void createdWithKubectlReadBackAndDeleted(String file) throws Exception {
        createdWithKubectlReadBackAndDeleted(file, null);
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("manifestsWithBoundShoots")
    void boundShootsCreatedWithKubectlReadBackAndDeleted(String file, BindingKind bindingKind) throws Exception {
        createdWithKubectlReadBackAndDeleted(file, bindingKind);
    }

    private static void createdWithKubectlReadBackAndDeleted(String file, BindingKind bindingKind) throws Exception {
        List<ObjectNode> docs = boundDocuments(file, bindingKind);
        List<String> garden = referencedGarden(docs, bindingKind);
        try {
            createWithKubectl(file, docs);
        } finally {
            removeLeftovers(docs);
            GardenFixtures.remove(SERVER.admin(), garden);
        }
    }

    /**
     * What the example refers to and does not define, as Gardener's admission requires it (GardenFixtures): the
     * garden of a Shoot, a Bastion's scheduled Shoot, a ManagedSeed's Shoot, a Seed's registered extensions... They
     * exist only while the case runs: other examples define the same objects.
     */
    private static List<String> referencedGarden(List<ObjectNode> docs, BindingKind bindingKind) {
        return GardenFixtures.createReferencedBy(SERVER.admin(), docs, bindingKind);
    }

    private static void createWithKubectl(String file, List<ObjectNode> docs) throws Exception {
        String text = text(file, docs);
        Kubectl.Result created = kubectl.runWithInput(text, "create", "-f", "-");
        if (REJECTED_AS_SHIPPED.containsKey(file)) {
            assertThat(created.exitCode())
                    .as("%s is invalid as shipped: %s", file, created.describe())
                    .isNotZero();
            assertThat(created.stderr()).contains("is invalid");
            REJECTED_AS_SHIPPED
                    .get(file)
                    .forEach(field -> assertThat(created.stderr()).contains(field));
            return;
        }
        assertThat(created.exitCode())
                .as("kubectl create -f %s: %s", file, created.describe())
                .isZero();
        assertThat(created.stdout().lines().filter(l -> l.endsWith(" created")).count())
                .isEqualTo(docs.size());

        for (ObjectNode doc : docs) {
            assertStoredMatches(file, doc);
        }
        JsonNode viaKubectl = Json.MAPPER.readTree(kubectl.okWithInput(text, "get", "-f", "-", "-o", "json"));
        JsonNode items = "List".equals(viaKubectl.path("kind").asText())
                ? viaKubectl.path("items")
                : Json.MAPPER.createArrayNode().add(viaKubectl);
        assertThat(items).hasSize(docs.size());
        for (int i = 0; i < docs.size(); i++) {
            assertAdmitted(file, docs.get(i), items.get(i), file + " (kubectl get -f)");
        }

        for (ObjectNode doc : docs) {
            if (needsDeletionConfirmation(doc)) {
                String name = type(doc).plural() + "." + type(doc).group() + "/"
                        + doc.path("metadata").path("name").asText();
                String ns = doc.path("metadata").path("namespace").asText("");
                kubectl.ok(
                        ns.isEmpty()
                                ? new String[] {"annotate", name, CONFIRMATION + "=true"}
                                : new String[] {"annotate", name, "-n", ns, CONFIRMATION + "=true"});
            }
        }
        Kubectl.Result deleted = kubectl.runWithInput(text, "delete", "-f", "-", "--timeout=30s");
        assertThat(deleted.exitCode())
                .as("kubectl delete -f %s: %s", file, deleted.describe())
                .isZero();
        for (ObjectNode doc : docs) {
            assertThat(SERVER.admin().get(path(doc, true)).status())
                    .as("%s after delete", path(doc, true))
                    .isEqualTo(404);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("manifestsWithoutBoundShoots")
    void createdOverHttpReadBackAndDeleted(String file) {
        createdOverHttpReadBackAndDeleted(file, null);
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("manifestsWithBoundShoots")
    void boundShootsCreatedOverHttpReadBackAndDeleted(String file, BindingKind bindingKind) {
        createdOverHttpReadBackAndDeleted(file, bindingKind);
    }

    private static void createdOverHttpReadBackAndDeleted(String file, BindingKind bindingKind) {
        List<ObjectNode> docs = boundDocuments(file, bindingKind);
        List<String> garden = referencedGarden(docs, bindingKind);
        try {
            createOverHttp(file, docs);
        } finally {
            removeLeftovers(docs);
            GardenFixtures.remove(SERVER.admin(), garden);
        }
    }

    private static void createOverHttp(String file, List<ObjectNode> docs) {
        TestClient admin = SERVER.admin();
        if (REJECTED_AS_SHIPPED.containsKey(file)) {
            TestClient.Response rejected = admin.post(path(docs.get(0), false), docs.get(0));
            assertThat(rejected.status())
                    .as("%s is invalid as shipped: %s", file, rejected.body())
                    .isEqualTo(422);
            List<String> fields = new ArrayList<>();
            rejected.json()
                    .path("details")
                    .path("causes")
                    .forEach(c -> fields.add(c.path("field").asText()));
            assertThat(fields).containsAll(REJECTED_AS_SHIPPED.get(file));
            return;
        }
        List<String> answers = new ArrayList<>();
        for (ObjectNode doc : docs) {
            TestClient.Response created = admin.post(path(doc, false), doc);
            assertThat(created.status())
                    .as("POST %s: %s", path(doc, false), created.body())
                    .isEqualTo(201);
            assertAdmitted(file, doc, created.json(), file + " (create response)");
            answers.add(created.body());
        }
        for (int i = 0; i < docs.size(); i++) {
            ObjectNode doc = docs.get(i);
            assertStoredMatches(file, doc);
            assertProtobufReadMatchesJson(doc);
            assertCompactJsonIsTheDecodedAnswer(doc);
            assertCreateAnswerIsTheReadAnswer(doc, answers.get(i));
            assertCompactUpdateAnswerIsTheEncodedOne(doc);
        }
        confirmDeletion(docs);
        for (ObjectNode doc : docs) {
            TestClient.Response deleted = admin.delete(path(doc, true));
            assertThat(deleted.status())
                    .as("DELETE %s: %s", path(doc, true), deleted.body())
                    .isIn(200, 202);
            assertThat(admin.get(path(doc, true)).status()).isEqualTo(404);
        }
    }

    /** What a user does before deleting a Garden: confirm it. */
    private static void confirmDeletion(List<ObjectNode> docs) {
        for (ObjectNode doc : docs) {
            if (needsDeletionConfirmation(doc)) {
                TestClient.Response confirmed =
                        SERVER.admin().patch(path(doc, true), "application/merge-patch+json", CONFIRM);
                assertThat(confirmed.status())
                        .as("confirm deletion of %s: %s", path(doc, true), confirmed.body())
                        .isEqualTo(200);
            }
        }
    }

    /** After a failure, so that the next case (which may reuse a name) starts clean. */
    private static void removeLeftovers(List<ObjectNode> docs) {
        for (ObjectNode doc : docs) {
            String path = path(doc, true);
            if (SERVER.admin().get(path).status() == 200) {
                SERVER.admin()
                        .patch(
                                path,
                                "application/merge-patch+json",
                                "{\"metadata\":{\"finalizers\":null," + "\"annotations\":{\"" + CONFIRMATION
                                        + "\":\"true\"}}}");
                SERVER.admin().delete(path);
            }
        }
    }

    // ---- what admission expects of a garden

    private static final String CONFIRMATION = "confirmation.gardener.cloud/deletion";
    private static final String CONFIRM = "{\"metadata\":{\"annotations\":{\"" + CONFIRMATION + "\":\"true\"}}}";

    /** DeletionConfirmation: these kinds are deleted only once annotated, as users do before deleting them. */
    /** Kinds whose deletion must be confirmed first with {@code confirmation.gardener.cloud/deletion=true}. */
    private static boolean needsDeletionConfirmation(JsonNode doc) {
        String kind = doc.path("kind").asText();
        return (type(doc).group().equals("core.gardener.cloud")
                        && Set.of("Shoot", "Project", "ShootState").contains(kind))
                || (type(doc).group().equals("operator.gardener.cloud") && kind.equals("Garden"));
    }

    // ---- comparison

    /**
     * What Gardener's default admission plugins (and the strategy, where noted) add to an example, in its garden
     * (GardenFixtures): objects merge in, lists are appended to. ExtensionLabels labels each object
     * {@code <kind>.extensions.gardener.cloud/<type>} for the extension types it uses (a Shoot's machine images count
     * only where the manifest names them: the image defaults come later in the chain); SeedMutator labels a Seed with
     * its name and ManagedSeed a ManagedSeed with its shoot's seed; the Seed strategy adds the provider and region
     * labels. ProjectMutator records the creator and makes the owner a member. ManagedSeed fills its seed template
     * from the shoot: the ingress under the shoot's domain, the DNS provider of that (default) domain, the shoot's
     * networks (pods and services as the seed's shoot defaults gave them), provider type and region. Labels are
     * compared exactly, so a plugin adding an undocumented label fails the test.
     */
    static final Map<String, String> ADMISSION_ADDS = Map.ofEntries(
            Map.entry("05-project-dev.yaml", """
                    spec:
                      createdBy: {apiGroup: rbac.authorization.k8s.io, kind: User, name: admin}
                      members:
                      - {apiGroup: rbac.authorization.k8s.io, kind: User, name: john.doe@example.com, role: admin,
                         roles: [owner]}
                    """),
            Map.entry("30-cloudprofile.yaml", providerLabel()),
            Map.entry("35-namespacedcloudprofile.yaml", providerLabel()),
            Map.entry("50-seed.yaml", """
                    metadata:
                      labels:
                        provider.extensions.gardener.cloud/local: "true"
                        dnsrecord.extensions.gardener.cloud/aws-route53: "true"
                        extensions.extensions.gardener.cloud/foobar: "true"
                        name.seed.gardener.cloud/my-seed: "true"
                        seed.gardener.cloud/provider: local
                        seed.gardener.cloud/region: europe-1
                    """),
            Map.entry(
                    "55-managedseed-gardenlet.yaml",
                    "metadata: {labels: {name.seed.gardener.cloud/my-seed: \"true\"}}"),
            Map.entry("70-workloadidentity-provider.yaml", providerLabel()),
            Map.entry("80-credentialsbinding.yaml", providerLabel()),
            Map.entry("80-secretbinding.yaml", providerLabel()),
            Map.entry("90-shoot.yaml", """
                    metadata:
                      labels:
                        provider.extensions.gardener.cloud/local: "true"
                        networking.extensions.gardener.cloud/calico: "true"
                        operatingsystemconfig.extensions.gardener.cloud/gardenlinux: "true"
                        extensions.extensions.gardener.cloud/foobar: "true"
                    """),
            Map.entry("provider-local/managedseeds/managedseed.yaml", managedSeedTemplate("""
                    {nodes: 10.0.0.0/16, pods: 10.3.0.0/16, services: 10.4.0.0/16}""")),
            Map.entry("provider-local/managedseeds/managedseed-ipv6.yaml", managedSeedTemplate("""
                    {nodes: "fd00:10:1:100::/56", pods: "fd00:10:3::/56", services: "fd00:10:4::/112"}""")),
            Map.entry("provider-local/managedseeds/shoot-managedseed.yaml", localShootLabels()),
            Map.entry("provider-local/managedseeds/shoot-managedseed-ipv6.yaml", localShootLabels()),
            Map.entry("provider-local/shoot.yaml", localShootLabels()),
            Map.entry("provider-local/shoot-ipv6.yaml", localShootLabels()),
            Map.entry("provider-local/shoot-workerless.yaml", providerLabel()));

    private static String providerLabel() {
        return "metadata: {labels: {provider.extensions.gardener.cloud/local: \"true\"}}";
    }

    private static String localShootLabels() {
        return """
                metadata:
                  labels: {provider.extensions.gardener.cloud/local: "true", networking.extensions.gardener.cloud/calico: "true"}
                """;
    }

    /** A provider-local ManagedSeed's additions: its shoot runs on Seed local, with the default domain there. */
    private static String managedSeedTemplate(String networks) {
        return """
                metadata: {labels: {name.seed.gardener.cloud/local: "true"}}
                spec:
                  gardenlet:
                    config:
                      seedConfig:
                        spec:
                          ingress: {controller: {kind: nginx}, domain: ingress.managedseed.garden.external.local.gardener.cloud}
                          dns:
                            provider:
                              type: local
                              credentialsRef: {apiVersion: v1, kind: Secret, name: default-domain-external-local-gardener-cloud,
                                namespace: garden}
                          networks: %s
                          provider: {type: local, region: local}
                """.formatted(networks);
    }

    /** The example as stored after admission: {@link #asStored} plus {@link #ADMISSION_ADDS}. */
    private static ObjectNode expected(String file, ObjectNode doc) {
        ObjectNode expected = asStored(doc).deepCopy();
        String adds = ADMISSION_ADDS.get(file);
        if (adds != null) {
            assertThat(documents(file))
                    .as("%s: additions are written for single-document manifests", file)
                    .hasSize(1);
            try {
                mergeAppending(expected, Json.YAML.readTree(adds));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return expected;
    }

    private static void mergeAppending(ObjectNode into, JsonNode adds) {
        adds.properties().forEach(e -> {
            JsonNode current = into.get(e.getKey());
            if (current instanceof ObjectNode object && e.getValue().isObject()) {
                mergeAppending(object, e.getValue());
            } else if (current instanceof ArrayNode array && e.getValue().isArray()) {
                array.addAll((ArrayNode) e.getValue());
            } else {
                into.set(e.getKey(), e.getValue());
            }
        });
    }

    /** The manifest's content with admission's additions is all there, and the labels are exactly those. */
    private static void assertAdmitted(String file, ObjectNode doc, JsonNode actual, String what) {
        ObjectNode expected = expected(file, doc);
        assertContains(expected, actual, "", what);
        assertThat(actual.has("stringData"))
                .as("%s: stringData is write-only", what)
                .isFalse();
        assertThat(labels(actual)).as("%s: labels", what).isEqualTo(labels(expected));
    }

    private static JsonNode labels(JsonNode object) {
        JsonNode labels = object.path("metadata").path("labels");
        return labels.isMissingNode() || labels.isNull() ? Json.MAPPER.createObjectNode() : labels;
    }

    /**
     * What a manifest looks like once stored, where Gardener's strategies drop content: a new CloudProfile or
     * NamespacedCloudProfile keeps no version whose expiration date has passed (dropInactiveVersions); a Secret's or
     * InternalSecret's write-only stringData is in data (base64 of its UTF-8).
     */
    private static ObjectNode asStored(ObjectNode doc) {
        String kind = doc.path("kind").asText();
        if ((kind.equals("Secret") || kind.equals("InternalSecret")) && doc.has("stringData")) {
            ObjectNode copy = doc.deepCopy();
            JsonNode stringData = copy.remove("stringData");
            ObjectNode data = copy.get("data") instanceof ObjectNode d ? d : copy.putObject("data");
            stringData
                    .properties()
                    .forEach(e -> data.put(
                            e.getKey(),
                            Base64.getEncoder()
                                    .encodeToString(e.getValue().asText().getBytes(StandardCharsets.UTF_8))));
            return copy;
        }
        if (!kind.equals("CloudProfile") && !kind.equals("NamespacedCloudProfile")) {
            return doc;
        }
        ObjectNode copy = doc.deepCopy();
        Instant now = Instant.now();
        dropExpired(copy.path("spec").path("kubernetes").path("versions"), now);
        copy.path("spec").path("machineImages").forEach(image -> dropExpired(image.path("versions"), now));
        return copy;
    }

    /**
     * What a protobuf client reads (Gardener's own clients default to protobuf) is the object a JSON client reads,
     * no field lost on the way; only gardener-operator's kinds, CRDs upstream, have no protobuf form.
     */
    private static void assertProtobufReadMatchesJson(ObjectNode doc) {
        GroupVersionKind gvk = ProtobufCodec.gvkOf(doc);
        boolean customResource = gvk.group().equals("operator.gardener.cloud");
        assertThat(ProtobufCodec.supports(gvk)).as("protobuf for %s", gvk).isEqualTo(!customResource);
        if (customResource) {
            return;
        }
        HttpResponse<byte[]> protobuf =
                SERVER.admin().getBytes(path(doc, true), Map.of("Accept", ProtobufCodec.MEDIA_TYPE));
        assertThat(protobuf.statusCode())
                .as("GET %s in protobuf", path(doc, true))
                .isEqualTo(200);
        assertThat(protobuf.headers().firstValue("Content-Type")).hasValue(ProtobufCodec.MEDIA_TYPE);
        JsonNode json = SERVER.admin().get(path(doc, true)).json();
        try {
            // through JSON text, as a client reads it: the codec's int64 fields are long nodes, a parser's int nodes
            JsonNode decoded = Json.MAPPER.readTree(Json.toBytes(ProtobufCodec.decode(protobuf.body(), gvk)));
            assertThat(decoded).as("%s in protobuf", path(doc, true)).isEqualTo(json);
        } catch (ProtobufDecodingException e) {
            throw new AssertionError("GET " + path(doc, true) + " in protobuf: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A compact JSON GET (made from the stored bytes where they already are the answer) is byte for byte what
     * encoding the decoded object gives: the pretty answer always takes the decoding path, and its tree written
     * compactly is what a compact answer was before it could be made from the stored bytes.
     */
    private static void assertCompactJsonIsTheDecodedAnswer(ObjectNode doc) {
        HttpResponse<byte[]> compact = SERVER.admin().getBytes(path(doc, true), Map.of());
        HttpResponse<byte[]> pretty = SERVER.admin().getBytes(path(doc, true) + "?pretty=true", Map.of());
        assertThat(compact.statusCode()).isEqualTo(200);
        assertThat(pretty.statusCode()).isEqualTo(200);
        assertThat(new String(pretty.body(), StandardCharsets.UTF_8)).contains("\n  ");
        assertThat(new String(compact.body(), StandardCharsets.UTF_8))
                .as("GET %s", path(doc, true))
                .isEqualTo(new String(Json.toBytes(Json.readTree(pretty.body())), StandardCharsets.UTF_8));
    }

    /**
     * A compact create answer (made from the bytes just stored) is byte for byte the compact GET of the same revision,
     * which the check above shows to be the encoded object: an object encoded for the answer had its resourceVersion
     * added last, as decoding adds it.
     */
    private static void assertCreateAnswerIsTheReadAnswer(ObjectNode doc, String createAnswer) {
        HttpResponse<byte[]> compact = SERVER.admin().getBytes(path(doc, true), Map.of());
        String read = new String(compact.body(), StandardCharsets.UTF_8);
        String revision =
                Json.readTree(compact.body()).at("/metadata/resourceVersion").asText();
        // a controller of the server may have written the object since
        if (revision.equals(Json.readTree(createAnswer.getBytes(StandardCharsets.UTF_8))
                .at("/metadata/resourceVersion")
                .asText())) {
            assertThat(createAnswer).as("create answer of %s", path(doc, true)).isEqualTo(read);
        }
    }

    /**
     * A compact update answer (made from the bytes just stored, the resourceVersion where the written object has it)
     * is byte for byte what the same kind of update answers when it is encoded from the object (a pretty answer,
     * written compactly), but for the values that differ between two updates: the label each sets, the
     * resourceVersion and the managed fields' times.
     */
    private static void assertCompactUpdateAnswerIsTheEncodedOne(ObjectNode doc) {
        TestClient admin = SERVER.admin();
        String compact = relabelled(doc, "first", "");
        String pretty = relabelled(doc, "second", "?pretty=true");
        assertThat(pretty).contains("\n  ");
        String encoded = new String(
                Json.toBytes(Json.readTree(pretty.getBytes(StandardCharsets.UTF_8))), StandardCharsets.UTF_8);
        assertThat(masked(compact))
                .as("update answer of %s", path(doc, true))
                .isEqualTo(masked(encoded).replace("\"second\"", "\"first\""));
        assertThat(admin.get(path(doc, true)).status()).isEqualTo(200);
    }

    /** The update answer of the object read and PUT back with the label {@code stored-answer} set to {@code value}. */
    private static String relabelled(ObjectNode doc, String value, String query) {
        TestClient admin = SERVER.admin();
        ObjectNode current = (ObjectNode) admin.get(path(doc, true)).json();
        current.withObjectProperty("metadata").withObjectProperty("labels").put("stored-answer", value);
        TestClient.Response updated = admin.put(path(doc, true) + query, current);
        assertThat(updated.status())
                .as("PUT %s: %s", path(doc, true), updated.body())
                .isEqualTo(200);
        return updated.body();
    }

    private static String masked(String answer) {
        return answer.replaceAll("\"resourceVersion\":\"[0-9]+\"", "\"resourceVersion\":\"\"")
                .replaceAll("\"time\":\"[^\"]*\"", "\"time\":\"\"");
    }

    private static void dropExpired(JsonNode versions, Instant now) {
        for (Iterator<JsonNode> it = versions.iterator(); it.hasNext(); ) {
            JsonNode expiration = it.next().path("expirationDate");
            if (expiration.isTextual() && Instant.parse(expiration.asText()).isBefore(now)) {
                it.remove();
            }
        }
    }

    private static void assertStoredMatches(String file, ObjectNode doc) {
        TestClient.Response got = SERVER.admin().get(path(doc, true));
        assertThat(got.status()).as("GET %s: %s", path(doc, true), got.body()).isEqualTo(200);
        JsonNode stored = got.json();
        assertAdmitted(file, doc, stored, path(doc, true));
        JsonNode meta = stored.path("metadata");
        assertThat(meta.path("uid").asText()).as("uid").isNotEmpty();
        assertThat(meta.path("creationTimestamp").asText())
                .as("creationTimestamp")
                .isNotEmpty();
        assertThat(meta.path("resourceVersion").asText()).as("resourceVersion").isNotEmpty();
        if (!type(doc).group().isEmpty()) {
            // 1 where Gardener's PrepareForCreate sets it; some kinds keep no generation at all
            assertThat(meta.path("generation").asLong())
                    .as("generation")
                    .isEqualTo(WITHOUT_GENERATION.contains(type(doc).plural()) ? 0 : 1);
        }
    }

    /**
     * Every member of {@code expected} is in {@code actual} with an equal value, recursively. Left out: status of
     * kinds with a status subresource (cleared on create) and server-owned metadata. A null, an empty list or an
     * empty map in the manifest may also be absent (Go's omitempty drops them in a typed round trip), and Go's
     * canonical forms of durations and quantities count as the same value.
     */
    private static void assertContains(JsonNode expected, JsonNode actual, String at, String what) {
        if (expected.isObject()) {
            assertThat(actual.isObject())
                    .as("%s: %s should be an object, is %s", what, at, actual)
                    .isTrue();
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            expected.properties().iterator();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String child = at + "." + e.getKey();
                if ((at.isEmpty() && e.getKey().equals("status"))
                        || (at.equals(".metadata") && SERVER_METADATA.contains(e.getKey()))) {
                    continue;
                }
                JsonNode value = actual.get(e.getKey());
                if (value == null || value.isNull()) {
                    assertThat(isEmptyish(e.getValue()))
                            .as("%s: %s missing (expected %s)", what, child, e.getValue())
                            .isTrue();
                    continue;
                }
                assertContains(e.getValue(), value, child, what);
            }
        } else if (expected.isArray()) {
            assertThat(actual.isArray())
                    .as("%s: %s should be a list, is %s", what, at, actual)
                    .isTrue();
            assertThat(actual.size()).as("%s: length of %s", what, at).isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                assertContains(expected.get(i), actual.get(i), at + "[" + i + "]", what);
            }
        } else if (expected.isNumber() && actual.isNumber()) {
            assertThat(actual.decimalValue()).as("%s: %s", what, at).isEqualByComparingTo(expected.decimalValue());
        } else if (expected.isNull()) {
            // null means "not set": the server may store the zero value or a default there
            return;
        } else if (expected.isTextual() && actual.isTextual() && !expected.equals(actual)) {
            assertThat(sameValueInGoForm(expected.asText(), actual.asText()))
                    .as("%s: %s is %s, expected %s", what, at, actual, expected)
                    .isTrue();
        } else {
            assertThat(actual).as("%s: %s", what, at).isEqualTo(expected);
        }
    }

    /**
     * Go stores durations and quantities in their canonical form ({@code 5m} as {@code 5m0s}, {@code 1000} as
     * {@code 1k}): a different text is the same value when both parse to equal durations or quantities.
     */
    private static boolean sameValueInGoForm(String expected, String actual) {
        try {
            return Duration.parse(expected).equals(Duration.parse(actual));
        } catch (IllegalArgumentException notDurations) {
            try {
                return Quantity.parse(expected).compareTo(Quantity.parse(actual)) == 0;
            } catch (IllegalArgumentException notQuantities) {
                return false;
            }
        }
    }

    private static boolean isEmptyish(JsonNode n) {
        return n.isNull() || (n.isContainerNode() && n.isEmpty());
    }

    // ---- manifests

    private static ResourceType type(JsonNode doc) {
        GroupVersionKind gvk = GroupVersionKind.of(
                doc.path("apiVersion").asText(), doc.path("kind").asText());
        return REGISTRY.find(gvk).orElseThrow(() -> new AssertionError("not served: " + gvk));
    }

    /** The object's URL in its manifest's version, or its collection's. */
    private static String path(JsonNode doc, boolean object) {
        ResourceType rt = type(doc);
        String apiVersion = doc.path("apiVersion").asText();
        StringBuilder p = new StringBuilder(rt.group().isEmpty() ? "/api/" : "/apis/").append(apiVersion);
        if (rt.namespaced()) {
            p.append("/namespaces/")
                    .append(doc.path("metadata").path("namespace").asText());
        }
        p.append('/').append(rt.plural());
        if (object) {
            p.append('/').append(doc.path("metadata").path("name").asText());
        }
        return p.toString();
    }
}
