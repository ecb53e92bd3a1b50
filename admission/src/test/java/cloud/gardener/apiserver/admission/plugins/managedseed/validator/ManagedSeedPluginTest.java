package cloud.gardener.apiserver.admission.plugins.managedseed.validator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ManagedSeedPluginTest {

    private static final GroupVersionKind KIND =
            new GroupVersionKind("seedmanagement.gardener.cloud", "v1alpha1", "ManagedSeed");
    private static final GroupResource MANAGED_SEEDS =
            new GroupResource("seedmanagement.gardener.cloud", "managedseeds");
    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");
    private static final String INVALID = "ManagedSeed.seedmanagement.gardener.cloud \"ms\" is invalid: ";

    private static final String SHOOT = """
            metadata: {name: soil, namespace: garden}
            spec:
              seedName: parent
              region: eu-1
              dns: {domain: soil.example.com, providers: [{type: aws-route53, primary: true,
                credentialsRef: {apiVersion: v1, kind: Secret, name: dns}}]}
              kubernetes: {verticalPodAutoscaler: {enabled: true}}
              networking: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12, services: 100.96.0.0/13}
              provider: {type: aws, workers: [{name: w, zones: [eu-1b, eu-1a]}]}
            """;

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(SHOOTS, SHOOT)
            .put(
                    SHOOTS,
                    SHOOT.replace("name: soil", "name: unfit")
                            .replace(
                                    "kubernetes: {verticalPodAutoscaler: {enabled: true}}",
                                    "addons: {nginxIngress: {enabled: true}}")
                            .replace(", workers: [{name: w, zones: [eu-1b, eu-1a]}]", ""))
            .put(SHOOTS, SHOOT.replace("name: soil", "name: taken"))
            .put(MANAGED_SEEDS, "metadata: {name: first, namespace: garden}\nspec: {shoot: {name: taken}}")
            .put(
                    new GroupResource("core.gardener.cloud", "secretbindings"),
                    "metadata: {name: sb, namespace: garden}\nprovider: {type: aws}\nsecretRef: {name: dns-sb, namespace: garden}")
            .put(
                    new GroupResource("security.gardener.cloud", "credentialsbindings"),
                    "metadata: {name: cb, namespace: garden}\nprovider: {type: aws}\n"
                            + "credentialsRef: {apiVersion: v1, kind: Secret, name: dns-cb, namespace: garden}");
    private final ManagedSeedPlugin plugin =
            new ManagedSeedPlugin(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static Attributes create(ObjectNode managedSeed) {
        return Requests.create(KIND, MANAGED_SEEDS, managedSeed);
    }

    private static Attributes update(ObjectNode managedSeed, ObjectNode old) {
        return Requests.update(KIND, MANAGED_SEEDS, managedSeed, old);
    }

    private static ObjectNode managedSeed(String namespace, String shoot, String seedSpec) {
        return Requests.object("""
                apiVersion: seedmanagement.gardener.cloud/v1alpha1
                kind: ManagedSeed
                metadata: {name: ms, namespace: %s}
                spec:
                  shoot: {name: %s}
                  gardenlet:
                    config:
                      apiVersion: gardenlet.config.gardener.cloud/v1alpha1
                      kind: GardenletConfiguration
                      seedConfig:
                        spec: %s
                """.formatted(namespace, shoot, seedSpec));
    }

    @Test
    void theSeedTemplateIsFilledFromTheShootAndLabelled() {
        ObjectNode ms = managedSeed("garden", "soil", "{backup: {}, dns: {internal: {domain: internal.example.com}}}");
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        assertThat(ms.at("/spec/gardenlet/config/seedConfig/spec")).isEqualTo(Requests.object("""
                backup: {provider: aws}
                dns:
                  internal: {domain: internal.example.com}
                  provider: {type: aws-route53, credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                ingress: {controller: {kind: nginx}, domain: ingress.soil.example.com}
                networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12, services: 100.96.0.0/13}
                provider: {type: aws, region: eu-1, zones: [eu-1a, eu-1b]}
                settings: {verticalPodAutoscaler: {enabled: false}}
                """));
        assertThat(ms.at("/metadata/labels")).isEqualTo(Requests.object("{name.seed.gardener.cloud/parent: 'true'}"));
        Outcome.ALLOWED.check(plugin.validate(create(ms)));
    }

    /** The shoot "bound": SHOOT with the binding line, its primary DNS provider without credentials of its own. */
    private static String boundShoot(String binding) {
        return SHOOT.replace("name: soil", "name: bound")
                .replace(
                        ", primary: true,\n    credentialsRef: {apiVersion: v1, kind: Secret, name: dns}}]}",
                        ", primary: true}]}")
                .replace("  seedName: parent\n", "  seedName: parent\n  " + binding + "\n");
    }

    /** (case, the shoot's binding field and name, the seed's DNS provider credentials). */
    static Stream<Arguments> bindingCredentials() {
        return Stream.of(
                arguments(
                        "a SecretBinding's secret",
                        "secretBindingName: legacy",
                        "{apiVersion: v1, kind: Secret, name: aws-account, namespace: garden}"),
                arguments(
                        "a CredentialsBinding's secret",
                        "credentialsBindingName: account",
                        "{apiVersion: v1, kind: Secret, name: aws-account, namespace: garden}"),
                arguments(
                        "a CredentialsBinding's WorkloadIdentity",
                        "credentialsBindingName: identity",
                        "{apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity, name: aws-identity, "
                                + "namespace: garden}"));
    }

    /** A primary DNS provider without credentials of its own uses the shoot's cloud credentials, whatever binds them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("bindingCredentials")
    void thePrimaryDnsProviderWithoutCredentialsTakesTheBindings(String name, String binding, String credentials) {
        objects.put(SHOOTS, boundShoot(binding))
                .put(new GroupResource("core.gardener.cloud", "secretbindings"), """
                        apiVersion: core.gardener.cloud/v1beta1
                        kind: SecretBinding
                        metadata: {name: legacy, namespace: garden}
                        provider: {type: aws}
                        secretRef: {name: aws-account, namespace: garden}
                        """)
                .put(new GroupResource("security.gardener.cloud", "credentialsbindings"), """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: account, namespace: garden}
                        provider: {type: aws}
                        credentialsRef: {apiVersion: v1, kind: Secret, name: aws-account, namespace: garden}
                        """)
                .put(new GroupResource("security.gardener.cloud", "credentialsbindings"), """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: identity, namespace: garden}
                        provider: {type: aws}
                        credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity,
                          name: aws-identity, namespace: garden}
                        """);
        ObjectNode ms = managedSeed("garden", "bound", "{backup: {}, dns: {internal: {domain: internal.example.com}}}");
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        assertThat(ms.at("/spec/gardenlet/config/seedConfig/spec/dns/provider"))
                .isEqualTo(Requests.object("{type: aws-route53, credentialsRef: " + credentials + "}"));
    }

    /** (the shoot's binding field, the field error's message). */
    static Stream<Arguments> missingBindings() {
        return Stream.of(
                arguments("secretBindingName", "secret binding garden/gone not found"),
                arguments("credentialsBindingName", "credentials binding garden/gone not found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("missingBindings")
    void aMissingBindingOfTheShootIsAFieldError(String field, String message) {
        objects.put(SHOOTS, boundShoot(field + ": gone"));
        ObjectNode ms = managedSeed("garden", "bound", "{backup: {}, dns: {internal: {domain: internal.example.com}}}");
        Future<Mutation> result = plugin.admit(create(ms));
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .startsWith(INVALID + "spec.gardenlet.config.seedConfig.spec.ingress: Invalid value: ")
                .endsWith(": " + message);
    }

    static Stream<Arguments> cases() {
        String fitting =
                "{ingress: {domain: ingress.soil.example.com}, networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12,"
                        + " services: 100.96.0.0/13}, provider: {type: aws, region: eu-1, zones: [eu-1a]}}";
        return Stream.of(
                arguments(
                        "outside the garden namespace",
                        managedSeed("garden-dev", "soil", fitting),
                        Outcome.rejected(
                                422,
                                INVALID
                                        + "metadata.namespace: Invalid value: \"garden-dev\": namespace must be garden")),
                arguments(
                        "a missing shoot",
                        managedSeed("garden", "nope", fitting),
                        Outcome.rejected(
                                422,
                                INVALID + "spec.shoot.name: Invalid value: \"nope\": shoot garden/nope not found")),
                arguments("a seed spec that fits the shoot", managedSeed("garden", "soil", fitting), Outcome.ALLOWED),
                arguments(
                        "a shoot with the nginx addon, no VPA and no workers",
                        managedSeed("garden", "unfit", fitting.replace("zones: [eu-1a]", "zones: []")),
                        Outcome.rejected(
                                422,
                                INVALID + "["
                                        + "spec.shoot.name: Invalid value: \"unfit\": shoot ingress addon is not supported for managed seeds - use "
                                        + "the managed seed ingress controller, spec.shoot.name: Invalid value: \"unfit\": shoot VPA has to be "
                                        + "enabled for managed seeds, spec.shoot.name: Invalid value: \"unfit\": workerless shoot cannot be used "
                                        + "to create managed seed]")),
                arguments(
                        "a shoot another managed seed uses",
                        managedSeed("garden", "taken", fitting),
                        Outcome.rejected(
                                422,
                                INVALID
                                        + "spec.shoot.name: Invalid value: \"taken\": shoot garden/taken already registered as seed by "
                                        + "managed seed garden/first")),
                arguments(
                        "a seed spec off the shoot",
                        managedSeed(
                                "garden",
                                "soil",
                                "{ingress: {domain: other.example.com},"
                                        + " networks: {nodes: 10.1.0.0/16, pods: 100.64.0.0/12, services: 100.96.0.0/13},"
                                        + " provider: {type: gcp, region: eu-2, zones: [eu-1c]}, settings: {verticalPodAutoscaler: {enabled: true}}}"),
                        Outcome.rejected(
                                422,
                                INVALID + "["
                                        + "spec.gardenlet.config.seedConfig.spec.ingress.domain: Invalid value: \"other.example.com\": seed "
                                        + "ingress domain must be equal to shoot DNS domain ingress.soil.example.com, "
                                        + "spec.gardenlet.config.seedConfig.spec.networks.nodes: Invalid value: \"10.1.0.0/16\": seed nodes "
                                        + "CIDR must be equal to shoot nodes CIDR 10.0.0.0/16, "
                                        + "spec.gardenlet.config.seedConfig.spec.provider.type: Invalid value: \"gcp\": seed provider type "
                                        + "must be equal to shoot provider type aws, "
                                        + "spec.gardenlet.config.seedConfig.spec.provider.region: Invalid value: \"eu-2\": seed provider "
                                        + "region must be equal to shoot region eu-1, "
                                        + "spec.gardenlet.config.seedConfig.spec.settings.verticalPodAutoscaler.enabled: Invalid value: "
                                        + "true: seed VPA is not supported for managed seeds - use the shoot VPA, "
                                        + "spec.gardenlet.config.seedConfig.spec.provider.zones: Invalid value: [eu-1c]: cannot "
                                        + "use zone in seed provider that is not available in referenced shoot]")));
    }

    /**
     * The shoot reference in both phases: a missing one (or one naming an object of another kind) is 422 on
     * {@code spec.shoot.name}; an empty one is left to the strategy's validation (Gardener's early exit).
     */
    static Stream<Arguments> shootReferences() {
        String fitting =
                "{ingress: {domain: ingress.soil.example.com}, networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12,"
                        + " services: 100.96.0.0/13}, provider: {type: aws, region: eu-1, zones: [eu-1a]}}";
        return Stream.of(
                arguments("an existing shoot", managedSeed("garden", "soil", fitting), Outcome.ALLOWED),
                arguments(
                        "a missing shoot",
                        managedSeed("garden", "nope", fitting),
                        Outcome.rejected(
                                422,
                                INVALID + "spec.shoot.name: Invalid value: \"nope\": shoot garden/nope not found")),
                arguments(
                        "a ManagedSeed named as shoot",
                        managedSeed("garden", "first", fitting),
                        Outcome.rejected(
                                422,
                                INVALID + "spec.shoot.name: Invalid value: \"first\": shoot garden/first not found")),
                arguments("an empty shoot name", managedSeed("garden", "''", fitting), Outcome.ALLOWED));
    }

    /**
     * The shoot's binding, read for the seed's DNS provider when the shoot's primary provider names no credentials:
     * a missing, empty or wrong-kind binding is Gardener's plain error, reported on the seed's ingress as it stands
     * once defaulted.
     */
    static Stream<Arguments> bindingReferences() {
        String ingress = INVALID
                + "spec.gardenlet.config.seedConfig.spec.ingress: Invalid value: core.Ingress{Domain:\"ingress.soil.example.com\", "
                + "Controller:core.IngressController{Kind:\"nginx\", ProviderConfig:(*runtime.RawExtension)(nil)}}: ";
        return Stream.of(
                arguments("secretBindingName", "sb", Outcome.ALLOWED, "dns-sb"),
                arguments(
                        "secretBindingName",
                        "nope",
                        Outcome.rejected(422, ingress + "secret binding garden/nope not found"),
                        ""),
                arguments(
                        "secretBindingName",
                        "''",
                        Outcome.rejected(422, ingress + "secret binding garden/ not found"),
                        ""),
                arguments(
                        "secretBindingName",
                        "cb",
                        Outcome.rejected(422, ingress + "secret binding garden/cb not found"),
                        ""),
                arguments("credentialsBindingName", "cb", Outcome.ALLOWED, "dns-cb"),
                arguments(
                        "credentialsBindingName",
                        "nope",
                        Outcome.rejected(422, ingress + "credentials binding garden/nope not found"),
                        ""),
                arguments(
                        "credentialsBindingName",
                        "''",
                        Outcome.rejected(422, ingress + "credentials binding garden/ not found"),
                        ""),
                arguments(
                        "credentialsBindingName",
                        "sb",
                        Outcome.rejected(422, ingress + "credentials binding garden/sb not found"),
                        ""));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("bindingReferences")
    void readsTheShootsBindingForTheDnsProvider(String field, String binding, Outcome expected, String credentials) {
        objects.put(
                SHOOTS,
                SHOOT.replace("name: soil", "name: bound")
                        .replace(",\n    credentialsRef: {apiVersion: v1, kind: Secret," + " name: dns}", "")
                        .replace("  seedName: parent\n", "  seedName: parent\n  " + field + ": " + binding + "\n"));
        ObjectNode ms = managedSeed("garden", "bound", "{}");
        expected.check(plugin.admit(create(ms)));
        if (!credentials.isEmpty()) {
            assertThat(ms.at("/spec/gardenlet/config/seedConfig/spec/dns/provider/credentialsRef/name")
                            .asText())
                    .isEqualTo(credentials);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shootReferences")
    void readsTheShootInBothPhases(String name, ObjectNode managedSeed, Outcome expected) {
        expected.check(plugin.admit(create(managedSeed.deepCopy())));
        expected.check(plugin.validate(create(managedSeed)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatesCreate(String name, ObjectNode managedSeed, Outcome expected) {
        expected.check(plugin.validate(create(managedSeed)));
    }

    @Test
    void anUpdateMayNotRemoveZonesWhileShootsRunOnTheSeed() {
        objects.put(SHOOTS, "metadata: {name: tenant, namespace: garden-dev}\nspec: {seedName: ms}");
        String spec =
                "{ingress: {domain: ingress.soil.example.com}, networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12,"
                        + " services: 100.96.0.0/13}, provider: {type: aws, region: eu-1, zones: [%s]}}";
        Attributes update = update(
                managedSeed("garden", "soil", spec.formatted("eu-1a")),
                managedSeed("garden", "soil", spec.formatted("eu-1a, eu-1b")));
        Outcome.rejected(
                        422,
                        INVALID + "spec.gardenlet.config.seedConfig.spec.provider.zones: Forbidden: zones must not be "
                                + "removed while shoots are still scheduled onto seed")
                .check(plugin.validate(update));
    }

    private static final GroupResource SEEDS = new GroupResource("core.gardener.cloud", "seeds");
    private static final GroupResource SECRETS = new GroupResource("", "secrets");

    /** A ManagedSeed on the shoot "soil" whose gardenlet part is {@code gardenlet} (YAML flow). */
    private static ObjectNode managedSeedWithGardenlet(String gardenlet) {
        return Requests.object("""
                apiVersion: seedmanagement.gardener.cloud/v1alpha1
                kind: ManagedSeed
                metadata: {name: ms, namespace: garden}
                spec:
                  shoot: {name: soil}
                  gardenlet: %s
                """.formatted(gardenlet));
    }

    /** (case, the gardenlet part of the ManagedSeed: a seed template without a spec). */
    static Stream<Arguments> templatesWithoutSpec() {
        return Stream.of(
                arguments("spec absent", "{config: {seedConfig: {}}}"),
                arguments("spec null", "{config: {seedConfig: {spec: null}}}"),
                arguments("spec empty", "{config: {seedConfig: {spec: {}}}}"));
    }

    /** A seed template without a spec is filled as a whole from the shoot, as Go fills its zero-valued spec. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("templatesWithoutSpec")
    void aSeedTemplateWithoutSpecIsFilledFromTheShoot(String name, String gardenlet) {
        ObjectNode ms = managedSeedWithGardenlet(gardenlet);
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        assertThat(ms.at("/spec/gardenlet/config/seedConfig/spec")).isEqualTo(Requests.object("""
                dns:
                  provider: {type: aws-route53, credentialsRef: {apiVersion: v1, kind: Secret, name: dns, namespace: garden}}
                ingress: {controller: {kind: nginx}, domain: ingress.soil.example.com}
                networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12, services: 100.96.0.0/13}
                provider: {type: aws, region: eu-1, zones: [eu-1a, eu-1b]}
                settings: {verticalPodAutoscaler: {enabled: false}}
                """));
        Outcome.ALLOWED.check(plugin.validate(create(ms)));
    }

    /** (case, the gardenlet part of the ManagedSeed: no seed template). */
    static Stream<Arguments> gardenletsWithoutSeedTemplate() {
        return Stream.of(
                arguments("gardenlet empty", "{}"),
                arguments("config null", "{config: null}"),
                arguments("config without seedConfig", "{config: {kind: GardenletConfiguration}}"),
                arguments("seedConfig null", "{config: {seedConfig: null}}"));
    }

    /** Without a seed template there is nothing to fill or to match: only the seed-name labels are kept. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("gardenletsWithoutSeedTemplate")
    void withoutSeedTemplateOnlyTheLabelsChange(String name, String gardenlet) {
        ObjectNode ms = managedSeedWithGardenlet(gardenlet);
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        ObjectNode expected = managedSeedWithGardenlet(gardenlet);
        expected.withObjectProperty("metadata")
                .set("labels", Requests.object("{name.seed.gardener.cloud/parent: 'true'}"));
        assertThat(ms).isEqualTo(expected);
        Outcome.ALLOWED.check(plugin.validate(create(ms)));
    }

    /** A shoot spec without the optional sections: no domain, addons, VPA, networking or workers. */
    @Test
    void aShootWithoutOptionalSectionsIsUnfitAndFillsNothing() {
        objects.put(SHOOTS, "metadata: {name: bare, namespace: garden}\nspec: {provider: {type: aws}, region: eu-1}");
        ObjectNode ms = managedSeed("garden", "bare", "{dns: {provider: {type: aws-route53}}}");
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        assertThat(ms.at("/spec/gardenlet/config/seedConfig/spec")).isEqualTo(Requests.object("""
                dns: {provider: {type: aws-route53}}
                ingress: {controller: {kind: nginx}, domain: ingress.}
                networks: {}
                provider: {type: aws, region: eu-1}
                settings: {verticalPodAutoscaler: {enabled: false}}
                """));
        Outcome.rejected(
                        422,
                        INVALID + "["
                                + "spec.shoot.name: Invalid value: \"bare\": shoot garden/bare does not specify a domain, "
                                + "spec.shoot.name: Invalid value: \"bare\": shoot VPA has to be enabled for managed seeds, "
                                + "spec.shoot.name: Invalid value: \"bare\": workerless shoot cannot be used to create managed "
                                + "seed]")
                .check(plugin.validate(create(ms)));
    }

    /** The shoot "custom" on the seed "parent" with a domain of its own and no DNS providers. */
    private void shootWithoutDnsProviders(String domain) {
        objects.put(
                SHOOTS,
                SHOOT.replace("name: soil", "name: custom")
                        .replace(
                                "dns: {domain: soil.example.com, providers: [{type: aws-route53, primary: true,\n"
                                        + "    credentialsRef: {apiVersion: v1, kind: Secret, name: dns}}]}",
                                "dns: {domain: " + domain + "}"));
    }

    private ObjectNode admittedDnsProvider() {
        ObjectNode ms = managedSeed("garden", "custom", "{}");
        Outcome.ALLOWED.check(plugin.admit(create(ms)));
        return (ObjectNode) ms.at("/spec/gardenlet/config/seedConfig/spec/dns/provider");
    }

    /** Without a primary provider, the shoot's seed's default domains answer: the one the shoot's domain is under. */
    @Test
    void aDefaultDomainOfTheShootsSeedGivesTheProvider() {
        shootWithoutDnsProviders("soil.seed.example.com");
        objects.put(SEEDS, """
                metadata: {name: parent}
                spec:
                  dns:
                    defaults:
                    - {type: other, domain: elsewhere.com, credentialsRef: {apiVersion: v1, kind: Secret, name: x, namespace: garden}}
                    - {type: gcp-dns, domain: seed.example.com, credentialsRef: {apiVersion: v1, kind: Secret, name: seed-dns,
                       namespace: garden}}
                """);
        assertThat(admittedDnsProvider())
                .isEqualTo(
                        Requests.object(
                                "{type: gcp-dns, credentialsRef: {apiVersion: v1, kind: Secret, name: seed-dns, namespace: garden}}"));
    }

    /** A seed whose default domains miss the shoot's domain answers alone: no provider, the garden's are not asked. */
    @Test
    void aSeedWithDefaultsNoneMatchingGivesNoProvider() {
        shootWithoutDnsProviders("soil.garden.example.com");
        objects.put(SEEDS, """
                metadata: {name: parent}
                spec: {dns: {defaults: [{type: gcp-dns, domain: seed.example.com, credentialsRef: {name: s}}]}}
                """).put(SECRETS, defaultDomainSecret("garden.example.com"));
        Future<Mutation> result = plugin.admit(create(managedSeed("garden", "custom", "{}")));
        assertThat(result.failed()).as("rejected").isTrue();
        assertThat(result.cause().getMessage())
                .endsWith(": domain of shoot garden/custom is neither a custom domain nor a default domain");
    }

    private static String defaultDomainSecret(String domain) {
        return """
                metadata:
                  name: default-domain
                  namespace: garden
                  labels: {gardener.cloud/role: default-domain}
                  annotations: {dns.gardener.cloud/domain: %s, dns.gardener.cloud/provider: aws-route53}
                """.formatted(domain);
    }

    /** (case, the shoot's seed: without spec, dns or defaults). */
    static Stream<Arguments> seedsWithoutDefaults() {
        return Stream.of(
                arguments("no spec", "metadata: {name: parent}"),
                arguments("no dns", "metadata: {name: parent}\nspec: {provider: {type: aws}}"),
                arguments("dns without defaults", "metadata: {name: parent}\nspec: {dns: {}}"),
                arguments("defaults empty", "metadata: {name: parent}\nspec: {dns: {defaults: []}}"));
    }

    /** A seed without default domains leaves it to the garden's default-domain secrets. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("seedsWithoutDefaults")
    void withoutSeedDefaultsTheGardensDefaultDomainGivesTheProvider(String name, String seed) {
        shootWithoutDnsProviders("soil.garden.example.com");
        objects.put(SEEDS, seed)
                .put(SECRETS, "metadata: {name: unrelated, namespace: garden, labels: {gardener.cloud/role: other}}")
                .put(SECRETS, defaultDomainSecret("garden.example.com"));
        assertThat(admittedDnsProvider())
                .isEqualTo(Requests.object("{type: aws-route53, credentialsRef: "
                        + "{apiVersion: v1, kind: Secret, name: default-domain, namespace: garden}}"));
    }

    @Test
    void aMissingSeedOfTheShootIsInternal() {
        shootWithoutDnsProviders("soil.garden.example.com");
        Future<Mutation> result = plugin.admit(create(managedSeed("garden", "custom", "{}")));
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage()).contains("could not get seed parent");
    }

    @Test
    void aDefaultDomainSecretWithoutProviderIsInternal() {
        shootWithoutDnsProviders("soil.garden.example.com");
        objects.put(SEEDS, "metadata: {name: parent}")
                .put(
                        SECRETS,
                        defaultDomainSecret("garden.example.com")
                                .replace(", dns.gardener.cloud/provider: aws-route53", ""));
        Future<Mutation> result = plugin.admit(create(managedSeed("garden", "custom", "{}")));
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage()).contains("missing dns provider annotation on domain secret");
    }

    /** An update from a ManagedSeed whose seed template had no spec: every zone is new and must be the shoot's. */
    @Test
    void anUpdateFromATemplateWithoutSpecChecksAllZonesAsAdded() {
        String spec =
                "{ingress: {domain: ingress.soil.example.com}, networks: {nodes: 10.0.0.0/16, pods: 100.64.0.0/12,"
                        + " services: 100.96.0.0/13}, provider: {type: aws, region: eu-1, zones: [eu-1a, eu-1c]}}";
        Attributes update =
                update(managedSeed("garden", "soil", spec), managedSeedWithGardenlet("{config: {seedConfig: {}}}"));
        Outcome.rejected(
                        422,
                        INVALID
                                + "spec.gardenlet.config.seedConfig.spec.provider.zones: Invalid value: [eu-1a, eu-1c]: added"
                                + " zones must match zone names configured for workers in the referenced shoot cluster")
                .check(plugin.validate(update));
    }
}
