package cloud.gardener.apiserver.e2e.admission;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The garden Gardener's admission plugins check objects against, built from Gardener's published example manifests
 * (the shared {@code gardener-examples} folder), for the admission and conformance tests (protocol tests turn those
 * plugins off instead, {@code Fixtures.withoutShootGardenChecks}). {@link #create} builds a garden with fresh names
 * (namespace and secrets, Project, CloudProfile, a binding of the {@link BindingKind} asked for, registered
 * extensions, Seed), so test classes and cases do not collide, and {@link #shoot} a Shoot that fits it, bound by
 * it; {@link #createReferencedBy} builds, under the examples' own names, what one example manifest refers to, its
 * Shoots bound by the kind asked for, and {@link #remove} removes that again. The provider type of the examples'
 * placeholders is {@code local}.
 */
public final class GardenFixtures {

    public static final String CORE = "/apis/core.gardener.cloud/v1beta1";
    public static final String SECURITY = "/apis/security.gardener.cloud/v1alpha1";
    public static final String PROVIDER = "local";
    public static final Path EXAMPLES = Examples.DIR;

    private static final AtomicInteger SEQ = new AtomicInteger();

    /** The latest Kubernetes version of 30-cloudprofile.yaml that a SecretBinding-bound Shoot may have (below 1.34). */
    public static final String SECRET_BINDING_KUBERNETES_VERSION = "1.33.11";
    /** The version admission defaults a Shoot of 30-cloudprofile.yaml to: the latest supported one. */
    public static final String DEFAULT_KUBERNETES_VERSION = "1.35.4";

    /** The Kubernetes version a garden's Shoot from {@link #shoot} has once admitted. */
    public static String kubernetesVersion(Garden g) {
        return g.bindingKind().refusedFromKubernetes134()
                ? SECRET_BINDING_KUBERNETES_VERSION
                : DEFAULT_KUBERNETES_VERSION;
    }

    private GardenFixtures() {}

    /**
     * One garden's names.
     *
     * @param project      the Project's name (short: Gardener limits project plus shoot name to 21 characters)
     * @param namespace    the project namespace, {@code garden-<project>}
     * @param cloudProfile the CloudProfile (30-cloudprofile.yaml)
     * @param binding      the binding in the namespace, of provider type {@code local}
     * @param bindingKind  what kind of binding that is, and how the garden's Shoots name it; null in a garden
     *                     without binding
     * @param seed         the Seed (50-seed.yaml)
     */
    public record Garden(
            String project,
            String namespace,
            String cloudProfile,
            String binding,
            BindingKind bindingKind,
            String seed) {

        public String shoots() {
            return CORE + "/namespaces/" + namespace + "/shoots";
        }

        public String shoot(String name) {
            return shoots() + "/" + name;
        }
    }

    /** Whether the shared examples are there (tests assume it). */
    public static boolean examplesPresent() {
        return Files.isDirectory(EXAMPLES);
    }

    /** The example manifests, as paths relative to the examples folder, sorted; none when the folder is missing. */
    public static List<String> manifests() {
        if (!examplesPresent()) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(EXAMPLES)) {
            return files.filter(
                            p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .map(p -> EXAMPLES.relativize(p).toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A manifest's text as sent to the server. Gardener ships 55-gardenlet.yaml as a template with
     * placeholders ({@code <seed-name>} as the object name, a {@code <See ...>} line in place of the gardenlet
     * configuration) that make it invalid YAML, and 90-shoot.yaml names its provider and network types as
     * {@code <some-provider-name>} placeholders that Gardener's validation rejects, as does 50-seed.yaml's
     * {@code <provider-name>} and its topology-aware routing with a single zone (Gardener requires at least
     * two); those are filled in for provider {@code local} (a second zone added), and 90-shoot.yaml's machine image
     * placeholders name the image of 30-cloudprofile.yaml (admission checks it against the CloudProfile); nothing
     * else is touched.
     */
    public static String manifestText(String file) {
        try {
            return Files.readString(EXAMPLES.resolve(file))
                    .replace("<seed-name>", "my-seed")
                    .replace("type: <some-provider-name>", "type: " + PROVIDER)
                    .replace("type: <some-network-extension-name>", "type: calico")
                    .replace("<provider-name>", PROVIDER)
                    .replace("name: <some-image-name>", "name: gardenlinux")
                    .replace("version: <some-image-version>", "version: 15.4.20220818")
                    .replace("    zones:\n    - europe-1a\n", "    zones:\n    - europe-1a\n    - europe-1b\n")
                    .replaceAll("(?m)^[ \\t]*<See [^>]*>[ \\t]*\\n", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The documents of a manifest (placeholders filled); an empty YAML value is null, as in Go's YAML. */
    public static List<ObjectNode> documents(String file) {
        List<ObjectNode> docs = new ArrayList<>();
        try (MappingIterator<JsonNode> it = Json.YAML
                .readerFor(JsonNode.class)
                .with(YAMLParser.Feature.EMPTY_STRING_AS_NULL)
                .readValues(manifestText(file))) {
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && doc.isObject() && !doc.isEmpty()) {
                    docs.add((ObjectNode) doc);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return docs;
    }

    /** The first document of a manifest. */
    public static ObjectNode example(String file) {
        return documents(file).get(0);
    }

    /**
     * Creates a garden with fresh names whose Shoots are bound by a binding of the given kind and answers them; fails
     * the test on any refusal.
     */
    public static Garden create(TestClient admin, BindingKind bindingKind) {
        return newGarden(admin, Objects.requireNonNull(bindingKind, "bindingKind"));
    }

    /** A garden per binding kind ({@link #create}), for test classes whose Shoot scenarios run once per kind. */
    public static Map<BindingKind, Garden> createForEachBindingKind(TestClient admin) {
        Map<BindingKind, Garden> gardens = new EnumMap<>(BindingKind.class);
        for (BindingKind kind : BindingKind.values()) {
            gardens.put(kind, create(admin, kind));
        }
        return gardens;
    }

    /**
     * A garden without binding, for tests of what lives beside Shoots (projects, profiles, seeds): {@link #shoot} refuses
     * it, so that every Shoot scenario names its binding kind.
     */
    public static Garden createWithoutBinding(TestClient admin) {
        return newGarden(admin, null);
    }

    private static Garden newGarden(TestClient admin, BindingKind bindingKind) {
        int n = SEQ.incrementAndGet();
        Garden g = new Garden(
                "adm" + n, "garden-adm" + n, "cloudprofile-adm" + n, "account-adm" + n, bindingKind, "seed-adm" + n);
        createNamespace(admin, "garden");
        createNamespace(admin, g.namespace());
        for (String secret : List.of("backup-secret", "ingress-secret", "internal-domain-secret")) {
            createSecret(admin, "garden", secret);
        }

        ObjectNode project = example("05-project-dev.yaml");
        meta(project).put("name", g.project());
        ((ObjectNode) project.get("spec")).put("namespace", g.namespace());
        created(admin, CORE + "/projects", project);

        ObjectNode cloudProfile = example("30-cloudprofile.yaml");
        meta(cloudProfile).put("name", g.cloudProfile());
        created(admin, CORE + "/cloudprofiles", cloudProfile);

        if (bindingKind != null) {
            bindingKind.create(admin, g.namespace(), g.binding(), PROVIDER);
        }

        registerExtensions(admin);
        ObjectNode seed = example("50-seed.yaml");
        meta(seed).put("name", g.seed());
        ((ObjectNode) seed.at("/spec/dns/internal")).put("domain", "internal." + g.project() + ".example.com");
        ((ObjectNode) seed.at("/spec/ingress")).put("domain", "ingress." + g.project() + ".example.com");
        created(admin, CORE + "/seeds", seed);
        return g;
    }

    /**
     * A ControllerRegistration for every extension type the gardens' Seeds and Shoots use (ExtensionValidator admits
     * only registered types): provider {@code local}, the DNS providers {@code aws-route53} (50-seed.yaml) and
     * {@code local}, networking {@code calico}, the operating systems {@code gardenlinux} (30-cloudprofile.yaml) and
     * {@code local} (the local CloudProfile) and the Extension {@code foobar} (50-seed.yaml, 90-shoot.yaml). Created
     * once per server; answers its path when this call created it, for {@link #remove}, else nothing.
     */
    static List<String> registerExtensions(TestClient admin) {
        ObjectNode registration = Json.MAPPER.createObjectNode();
        registration
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "ControllerRegistration")
                .putObject("metadata")
                .put("name", "garden-fixtures");
        ArrayNode resources = registration.putObject("spec").putArray("resources");
        String[][] types = {
            {"ControlPlane", PROVIDER},
            {"Infrastructure", PROVIDER},
            {"Worker", PROVIDER},
            {"BackupBucket", PROVIDER},
            {"BackupEntry", PROVIDER},
            {"DNSRecord", "aws-route53"},
            {"DNSRecord", PROVIDER},
            {"Network", "calico"},
            {"OperatingSystemConfig", "gardenlinux"},
            {"OperatingSystemConfig", PROVIDER},
            {"Extension", "foobar"}
        };
        for (String[] type : types) {
            ObjectNode resource = resources.addObject().put("kind", type[0]).put("type", type[1]);
            if (type[0].equals("Extension")) {
                resource.putArray("clusterCompatibility").add("shoot").add("seed");
            }
        }
        String collection = CORE + "/controllerregistrations";
        TestClient.Response resp = admin.post(collection, registration);
        assertThat(resp.status()).as(resp.body()).isIn(201, 409);
        if (resp.status() != 201) {
            return List.of();
        }
        // ExtensionValidator lists registrations from the server's watch-fed cache, as Gardener's plugins read their
        // informers: give the watch a moment before the first Seed or Shoot of these types arrives.
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return List.of(collection + "/garden-fixtures");
    }

    /**
     * 90-shoot.yaml placed in the garden: its CloudProfile, binding and a domain of its own; the machine image
     * named without a version and no Kubernetes version, so that admission defaults both; the worker volume of a
     * type the CloudProfile offers (the example names {@code gp2}, which its CloudProfile does not list). A Shoot
     * bound by a SecretBinding names the latest version below 1.34 instead ({@link #kubernetesVersion}).
     */
    public static ObjectNode shoot(Garden g, String name) {
        if (g.bindingKind() == null) {
            throw new IllegalStateException("garden " + g.project() + " has no binding: create it with a BindingKind");
        }
        ObjectNode shoot = example("90-shoot.yaml");
        meta(shoot).put("name", name).put("namespace", g.namespace());
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        g.bindingKind().bind(shoot, g.binding());
        spec.putObject("cloudProfile").put("kind", "CloudProfile").put("name", g.cloudProfile());
        ObjectNode kubernetes = spec.putObject("kubernetes");
        if (g.bindingKind().refusedFromKubernetes134()) {
            kubernetes.put("version", SECRET_BINDING_KUBERNETES_VERSION);
        }
        ((ObjectNode) spec.get("dns")).put("domain", name + "." + g.project() + ".example.com");
        ObjectNode worker = (ObjectNode) ((ArrayNode) spec.at("/provider/workers")).get(0);
        ObjectNode machine = (ObjectNode) worker.get("machine");
        machine.putObject("image").put("name", "gardenlinux");
        ((ObjectNode) worker.get("volume")).put("type", "gp3");
        return shoot;
    }

    /**
     * Provider-local's CloudProfile {@code local} (Gardener's dev-setup), which the provider-local example Shoots
     * name: region, machine type and machine image {@code local}.
     */
    static final String LOCAL_CLOUD_PROFILE = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: CloudProfile
            metadata:
              name: local
            spec:
              type: local
              regions:
              - name: local
              kubernetes:
                versions:
                - version: 1.36.0
                - version: 1.35.4
                - version: 1.34.3
                - version: 1.33.11
              machineTypes:
              - {name: local, cpu: "1", gpu: "0", memory: 8Gi}
              machineImages:
              - name: local
                versions:
                - version: 1.0.0
                  cri: [{name: containerd}]
            """;

    /**
     * Gardener's dev-setup Seed {@code local} (dev-setup/gardenlet/base/gardenlet.yaml, without its seed extension):
     * the seed provider-local's Shoots run on, with the default domain {@code external.local.gardener.cloud} that
     * ShootDNS gives a scheduled Shoot without a domain of its own. IPv4; {@link #localSeed} makes the IPv6 one.
     */
    static final String LOCAL_SEED = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Seed
            metadata:
              name: local
            spec:
              backup:
                provider: local
                region: local
                credentialsRef: {apiVersion: v1, kind: Secret, name: backup-local, namespace: garden}
              provider:
                type: local
                region: local
                zones: ["0"]
              dns:
                provider:
                  type: local
                  credentialsRef: {apiVersion: v1, kind: Secret, name: internal-domain-internal-local-gardener-cloud,
                    namespace: garden}
                internal:
                  type: local
                  domain: internal.local.gardener.cloud
                  credentialsRef: {apiVersion: v1, kind: Secret, name: internal-domain-internal-local-gardener-cloud,
                    namespace: garden}
                defaults:
                - type: local
                  domain: external.local.gardener.cloud
                  credentialsRef: {apiVersion: v1, kind: Secret, name: default-domain-external-local-gardener-cloud,
                    namespace: garden}
              ingress:
                domain: ingress.local.seed.local.gardener.cloud
                controller: {kind: nginx}
              networks:
                ipFamilies: [IPv4]
                nodes: 172.18.0.0/24
                pods: 10.1.0.0/16
                services: 10.2.0.0/16
                shootDefaults: {pods: 10.3.0.0/16, services: 10.4.0.0/16}
              settings:
                excessCapacityReservation: {enabled: false}
                scheduling: {visible: true}
                verticalPodAutoscaler: {enabled: false}
            """;

    /**
     * What every example needs and no example defines: the namespaces the examples live in (and {@code garden}) and
     * the Secrets they reference; created once per server, kept.
     */
    public static void createExampleNamespacesAndSecrets(TestClient admin) {
        Set<String> namespaces = new LinkedHashSet<>(List.of("garden"));
        Set<String> definedSecrets = new LinkedHashSet<>();
        Set<String> referencedSecrets = new LinkedHashSet<>();
        exampleDocuments().forEach(doc -> {
            String ns = doc.path("metadata").path("namespace").asText("");
            if (!ns.isEmpty()) {
                namespaces.add(ns);
            }
            if ("Secret".equals(doc.path("kind").asText())
                    && "v1".equals(doc.path("apiVersion").asText())) {
                definedSecrets.add(ns + "/" + doc.path("metadata").path("name").asText());
            }
            collectSecretRefs(doc, ns.isEmpty() ? "garden" : ns, referencedSecrets);
        });
        referencedSecrets.removeAll(definedSecrets);
        namespaces.forEach(ns -> createNamespace(admin, ns));
        for (String ref : referencedSecrets) {
            String[] parts = ref.split("/", 2);
            createNamespace(admin, parts[0]);
            createSecret(admin, parts[0], parts[1]);
        }
    }

    /** Secret references: {@code secretRef}, {@code *SecretRef} and {@code credentialsRef} of kind Secret. */
    private static void collectSecretRefs(JsonNode node, String defaultNamespace, Set<String> into) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                JsonNode v = e.getValue();
                boolean secretRef = e.getKey().equals("secretRef")
                        || e.getKey().endsWith("SecretRef")
                        || (e.getKey().equals("credentialsRef")
                                && "Secret".equals(v.path("kind").asText()));
                if (secretRef && v.isObject() && v.hasNonNull("name")) {
                    into.add(v.path("namespace").asText(defaultNamespace) + "/"
                            + v.path("name").asText());
                }
                collectSecretRefs(v, defaultNamespace, into);
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectSecretRefs(n, defaultNamespace, into));
        }
    }

    /**
     * What the objects of one example manifest refer to and do not define themselves, as Gardener's admission
     * requires it, created in order: for Shoots the example garden ({@link #addExampleGarden}), for a Bastion
     * its scheduled Shoot, for a ManagedSeed the Shoot it names, for Seeds the registered extensions, for a
     * ControllerRegistration its ControllerDeployments, for a CredentialsBinding its WorkloadIdentity, for a
     * NamespacedCloudProfile its parent. The Shoots it creates, and the bindings of the example garden, are of the given
     * kind ({@link #bound}; null for manifests without bound Shoots: then none). Answers the created objects' paths, for {@link #remove}; on a refusal removes what it
     * created and fails the test.
     */
    public static List<String> createReferencedBy(TestClient admin, List<ObjectNode> docs, BindingKind bindingKind) {
        List<String> paths = new ArrayList<>();
        try {
            Set<String> kinds = new HashSet<>();
            docs.forEach(d -> kinds.add(d.path("kind").asText()));
            if (kinds.contains("Bastion")) {
                addBastionGarden(admin, paths, bindingKind);
            } else if (kinds.contains("ManagedSeed")) {
                addExampleGarden(admin, paths, bindingKind);
                for (ObjectNode doc : docs) {
                    if (doc.path("kind").asText().equals("ManagedSeed")) {
                        addManagedSeedShoot(admin, doc, paths, bindingKind);
                    }
                }
            } else if (kinds.contains("Shoot")) {
                addExampleGarden(admin, paths, bindingKind);
            }
            for (ObjectNode doc : docs) {
                switch (doc.path("kind").asText()) {
                    case "Seed" -> paths.addAll(registerExtensions(admin));
                    case "ControllerRegistration" ->
                        doc.at("/spec/deployment/deploymentRefs")
                                .forEach(ref -> paths.add(createdPath(
                                        admin,
                                        "/apis/core.gardener.cloud/v1/controllerdeployments",
                                        exampleNamed(
                                                "ControllerDeployment",
                                                ref.path("name").asText()))));
                    case "CredentialsBinding" -> {
                        if (doc.at("/credentialsRef/kind").asText().equals("WorkloadIdentity")) {
                            addWorkloadIdentity(admin, doc, paths);
                        }
                    }
                    case "NamespacedCloudProfile" ->
                        paths.add(createdPath(
                                admin,
                                CORE + "/cloudprofiles",
                                localCloudProfile(doc.at("/spec/parent/name").asText())));
                    default -> {}
                }
            }
            return paths;
        } catch (RuntimeException | AssertionError e) {
            remove(admin, paths);
            throw e;
        }
    }

    /**
     * What Gardener's example Shoots (90-shoot.yaml and provider-local's) reference, as the examples define it where
     * they do: the registered extensions, the projects of their namespaces, their CloudProfiles, their bindings
     * ({@code my-provider-account} in garden-dev, {@code local} in garden-local and garden) of the kind asked for, and
     * the managed service account issuer's secret. 30-cloudprofile.yaml gets the volume type {@code gp2} that 90-shoot.yaml's worker uses
     * and the example profile does not list. The examples that define these objects themselves must not run while
     * they exist.
     */
    private static void addExampleGarden(TestClient admin, List<String> paths, BindingKind bindingKind) {
        paths.addAll(registerExtensions(admin));
        createNamespace(admin, "garden");
        createNamespace(admin, "garden-dev");
        createNamespace(admin, "garden-local");
        paths.add(createdPath(admin, CORE + "/projects", example("05-project-dev.yaml")));
        for (String[] project : new String[][] {{"local", "garden-local"}, {"garden", "garden"}}) {
            ObjectNode p = example("05-project-dev.yaml");
            meta(p).put("name", project[0]);
            ((ObjectNode) p.get("spec")).put("namespace", project[1]);
            paths.add(createdPath(admin, CORE + "/projects", p));
        }
        ObjectNode cloudProfile1 = example("30-cloudprofile.yaml");
        ((ArrayNode) cloudProfile1.at("/spec/volumeTypes"))
                .addObject()
                .put("name", "gp2")
                .put("class", "standard")
                .put("usable", true);
        paths.add(createdPath(admin, CORE + "/cloudprofiles", cloudProfile1));
        paths.add(createdPath(admin, CORE + "/cloudprofiles", localCloudProfile("local")));
        if (bindingKind != null) {
            paths.addAll(bindingKind.create(admin, "garden-dev", "my-provider-account", PROVIDER));
            for (String namespace : List.of("garden-local", "garden")) {
                paths.addAll(bindingKind.create(admin, namespace, "local", PROVIDER));
            }
        }
        ObjectNode issuer = secret("garden", "shoot-service-account-issuer");
        ((ObjectNode) issuer.get("metadata"))
                .putObject("labels")
                .put("gardener.cloud/role", "shoot-service-account-issuer");
        issuer.putObject("data").put("hostname", "aXNzdWVyLmV4YW1wbGUuY29t");
        paths.add(createdPath(admin, "/api/v1/namespaces/garden/secrets", issuer));
    }

    /**
     * The WorkloadIdentity a CredentialsBinding names: 70-workloadidentity-provider.yaml, named and placed as the
     * binding's reference says.
     */
    private static void addWorkloadIdentity(TestClient admin, ObjectNode binding, List<String> paths) {
        ObjectNode identity = example("70-workloadidentity-provider.yaml");
        String namespace = binding.at("/credentialsRef/namespace")
                .asText(binding.at("/metadata/namespace").asText());
        meta(identity).put("name", binding.at("/credentialsRef/name").asText()).put("namespace", namespace);
        paths.add(createdPath(admin, SECURITY + "/namespaces/" + namespace + "/workloadidentities", identity));
    }

    /**
     * The example garden plus what 100-bastion.yaml refers to: its Shoot {@code example-shoot} in garden-dev, scheduled
     * on 50-seed.yaml's seed (the Bastion plugin binds a Bastion to its shoot's seed). The shoot is 90-shoot.yaml
     * renamed, without its DNS domain (another example uses it) and confirmed for deletion.
     */
    private static void addBastionGarden(TestClient admin, List<String> paths, BindingKind bindingKind) {
        addExampleGarden(admin, paths, bindingKind);
        paths.add(createdPath(admin, CORE + "/seeds", example("50-seed.yaml")));
        ObjectNode shoot = example("90-shoot.yaml");
        meta(shoot)
                .put("name", "example-shoot")
                .putObject("annotations")
                .put("confirmation.gardener.cloud/deletion", "true");
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.remove("dns");
        spec.put("seedName", "my-seed");
        paths.add(createdPath(admin, CORE + "/namespaces/garden-dev/shoots", bound(shoot, bindingKind)));
    }

    /**
     * The Shoot a ManagedSeed turns into a seed, as Gardener requires it (ManagedSeed plugin): the example Shoot of
     * that name (of the template's IP family) in the garden namespace, running on a seed, with a DNS domain and the
     * shoot VPA on. A provider-local Shoot runs on the dev-setup's Seed {@code local} and gets its default domain
     * there; 90-shoot.yaml (whose custom domain is its own) runs on 50-seed.yaml's seed with the garden project's
     * binding.
     */
    private static void addManagedSeedShoot(
            TestClient admin, ObjectNode managedSeed, List<String> paths, BindingKind bindingKind) {
        String name = managedSeed.at("/spec/shoot/name").asText();
        String family = managedSeed
                .at("/spec/gardenlet/config/seedConfig/spec/networks/ipFamilies/0")
                .asText("IPv4");
        ObjectNode shoot = exampleShoot(name, family);
        meta(shoot).put("namespace", "garden");
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        if (spec.at("/provider/type").asText().equals(PROVIDER)
                && spec.path("dns").path("domain").isMissingNode()
                && spec.path("cloudProfile").path("name").asText().equals("local")) {
            createDomainSecrets(admin, paths);
            paths.add(createdPath(admin, "/api/v1/namespaces/garden/secrets", secret("garden", "backup-local")));
            paths.add(createdPath(admin, CORE + "/seeds", localSeed(family)));
            spec.put("seedName", "local");
        } else {
            paths.add(createdPath(admin, CORE + "/seeds", example("50-seed.yaml")));
            spec.put("seedName", "my-seed");
            bindingKind.bind(shoot, "local");
        }
        if (!spec.path("kubernetes").isObject()) {
            spec.putObject("kubernetes");
        }
        ((ObjectNode) spec.get("kubernetes")).putObject("verticalPodAutoscaler").put("enabled", true);
        paths.add(createdPath(admin, CORE + "/namespaces/garden/shoots", bound(shoot, bindingKind)));
    }

    /**
     * An example Shoot as a user of that binding kind writes it: a Shoot naming a binding names the example garden's
     * binding of that name and kind; one bound by a SecretBinding also names the latest Kubernetes version below 1.34
     * that its CloudProfiles offer (examples name none: admission would default a version that refuses the field).
     * Answers the Shoot, changed in place.
     */
    public static ObjectNode bound(ObjectNode shoot, BindingKind bindingKind) {
        JsonNode spec = shoot.path("spec");
        String binding = BindingKind.bindingOf(shoot);
        if (bindingKind == null || !"Shoot".equals(shoot.path("kind").asText()) || binding.isEmpty()) {
            return shoot;
        }
        bindingKind.bind(shoot, binding);
        if (bindingKind.refusedFromKubernetes134()) {
            ObjectNode kubernetes = spec.path("kubernetes").isObject()
                    ? (ObjectNode) spec.get("kubernetes")
                    : ((ObjectNode) spec).putObject("kubernetes");
            kubernetes.put("version", SECRET_BINDING_KUBERNETES_VERSION);
        }
        return shoot;
    }

    /** The Seed {@code local} of an IP family: for IPv6 with the networks of dev-setup's ipv6 component. */
    private static ObjectNode localSeed(String family) {
        ObjectNode seed = yaml(LOCAL_SEED);
        if (family.equals("IPv6")) {
            ((ObjectNode) seed.at("/spec")).set("networks", yaml("""
                    ipFamilies: [IPv6]
                    nodes: fd00:10::/64
                    pods: fd00:10:1::/56
                    services: fd00:10:2::/112
                    shootDefaults: {pods: fd00:10:3::/56, services: fd00:10:4::/112}
                    """));
        }
        return seed;
    }

    /** The dev-setup's internal and default domain secrets in the garden namespace (the first may exist already). */
    private static void createDomainSecrets(TestClient admin, List<String> paths) {
        for (String[] domain : new String[][] {
            {"internal-domain", "internal.local.gardener.cloud"}, {"default-domain", "external.local.gardener.cloud"}
        }) {
            ObjectNode secret = secret("garden", domain[0] + "-" + domain[1].replace('.', '-'));
            ObjectNode meta = (ObjectNode) secret.get("metadata");
            meta.putObject("labels").put("gardener.cloud/role", domain[0]);
            meta.putObject("annotations")
                    .put("dns.gardener.cloud/provider", PROVIDER)
                    .put("dns.gardener.cloud/domain", domain[1]);
            TestClient.Response resp = admin.post("/api/v1/namespaces/garden/secrets", secret);
            assertThat(resp.status()).as(resp.body()).isIn(201, 409);
            if (resp.status() == 201) {
                paths.add(
                        "/api/v1/namespaces/garden/secrets/" + meta.path("name").asText());
            }
        }
    }

    /** The example Shoot of this name whose networking has the IP family (none given counts as IPv4). */
    private static ObjectNode exampleShoot(String name, String family) {
        return exampleDocuments()
                .filter(d -> d.path("kind").asText().equals("Shoot")
                        && d.at("/metadata/name").asText().equals(name)
                        && d.at("/spec/networking/ipFamilies/0").asText("IPv4").equals(family))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no example Shoot " + name + " of " + family));
    }

    /** The example object of this kind and name, e.g. 25-controllerdeployment.yaml's ControllerDeployment. */
    private static ObjectNode exampleNamed(String kind, String name) {
        return exampleDocuments()
                .filter(d -> d.path("kind").asText().equals(kind)
                        && d.at("/metadata/name").asText().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no example " + kind + " " + name));
    }

    /** Every document of every example manifest. */
    private static Stream<ObjectNode> exampleDocuments() {
        return manifests().stream().flatMap(f -> documents(f).stream());
    }

    /** Provider-local's CloudProfile under a name: what a NamespacedCloudProfile of provider-local names as parent. */
    private static ObjectNode localCloudProfile(String name) {
        ObjectNode profile = yaml(LOCAL_CLOUD_PROFILE);
        meta(profile).put("name", name);
        return profile;
    }

    private static ObjectNode yaml(String text) {
        try {
            return (ObjectNode) Json.YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes what {@link #createReferencedBy} created, newest first, waiting until each is gone. */
    public static void remove(TestClient admin, List<String> paths) {
        for (int i = paths.size() - 1; i >= 0; i--) {
            String path = paths.get(i);
            // projects and shoots are only deleted when confirmed (DeletionConfirmation)
            admin.patch(
                    path,
                    "application/merge-patch+json",
                    "{\"metadata\":{\"finalizers\":null,"
                            + "\"annotations\":{\"confirmation.gardener.cloud/deletion\":\"true\"}}}");
            admin.delete(path);
            // a delete refused while the admission cache still lists what was removed just before (a Seed's Shoots,
            // on a busy machine) is sent again, once a second, for up to 15 s
            for (int tries = 1; tries <= 150 && admin.get(path).status() == 200; tries++) {
                if (tries % 10 == 0) {
                    admin.delete(path);
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static String createdPath(TestClient admin, String collection, JsonNode body) {
        JsonNode created = created(admin, collection, body);
        return collection + "/" + created.path("metadata").path("name").asText();
    }

    /** POSTs and answers the stored object; fails unless 201. */
    public static JsonNode created(TestClient admin, String collection, JsonNode body) {
        TestClient.Response resp = admin.post(collection, body);
        assertThat(resp.status()).as("POST %s: %s", collection, resp.body()).isEqualTo(201);
        return resp.json();
    }

    private static void createNamespace(TestClient admin, String name) {
        ObjectNode ns = Json.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1")
                .put("kind", "Namespace")
                .putObject("metadata")
                .put("name", name);
        int status = admin.post("/api/v1/namespaces", ns).status();
        assertThat(status).as("namespace %s", name).isIn(201, 409);
    }

    private static void createSecret(TestClient admin, String namespace, String name) {
        ObjectNode secret = secret(namespace, name);
        int status = admin.post("/api/v1/namespaces/" + namespace + "/secrets", secret)
                .status();
        assertThat(status).as("secret %s/%s", namespace, name).isIn(201, 409);
    }

    /** An Opaque secret with one key. */
    private static ObjectNode secret(String namespace, String name) {
        ObjectNode secret = Json.MAPPER.createObjectNode();
        secret.put("apiVersion", "v1").put("kind", "Secret").put("type", "Opaque");
        secret.putObject("metadata").put("name", name).put("namespace", namespace);
        secret.putObject("data").put("key", "dmFsdWU=");
        return secret;
    }

    private static ObjectNode meta(ObjectNode obj) {
        return (ObjectNode) obj.get("metadata");
    }
}
