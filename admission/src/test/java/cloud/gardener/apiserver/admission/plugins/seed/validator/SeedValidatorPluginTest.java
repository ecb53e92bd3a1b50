package cloud.gardener.apiserver.admission.plugins.seed.validator;

import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SeedValidatorPluginTest {

    private static final GroupVersionKind SEED = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Seed");
    private static final GroupResource SEEDS = new GroupResource("core.gardener.cloud", "seeds");
    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");
    private static final String BASE =
            "provider: {type: aws, zones: [a, b]}, dns: {internal: {domain: internal.example.com},"
                    + " defaults: [{domain: dev.example.com}]}";

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(
                    SHOOTS,
                    "metadata: {name: s1, namespace: garden-dev}\nspec: {seedName: busy, dns: {domain: s1.dev.example.com}}")
            // created a moment ago: the cache has yet to see it scheduled onto the seed
            .put(SHOOTS, "metadata: {name: s2, namespace: garden-dev}\nspec: {seedName: fresh}")
            .staleInCache(SHOOTS, "metadata: {name: s2, namespace: garden-dev}\nspec: {}")
            .put(
                    new GroupResource("security.gardener.cloud", "workloadidentities"),
                    "metadata: {name: aws-id, namespace: garden}\nspec: {targetSystem: {type: aws}}")
            .put(
                    new GroupResource("", "secrets"),
                    "metadata: {name: domain, namespace: garden, labels: {gardener.cloud/role:"
                            + " default-domain}, annotations: {dns.gardener.cloud/domain: dev.example.com, dns.gardener.cloud/provider: aws}}");
    private final SeedValidatorPlugin plugin =
            new SeedValidatorPlugin(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static String seed(String name, String spec) {
        return "metadata: {name: " + name + "}\nspec: {" + spec + "}";
    }

    static Stream<Arguments> cases() {
        String forbiddenPrefix = "Seed.core.gardener.cloud";
        return Stream.of(
                arguments("delete of an unused seed", Operation.DELETE, null, seed("idle", BASE), Outcome.ALLOWED),
                arguments(
                        "delete of a seed shoots use",
                        Operation.DELETE,
                        null,
                        seed("busy", BASE),
                        Outcome.forbidden(
                                "seeds.core.gardener.cloud",
                                "busy",
                                "cannot delete seed busy since it is still used by shoot(s)")),
                arguments(
                        "delete of a seed a shoot uses that the cache has not seen yet",
                        Operation.DELETE,
                        null,
                        seed("fresh", BASE),
                        Outcome.forbidden(
                                "seeds.core.gardener.cloud",
                                "fresh",
                                "cannot delete seed fresh since it is still used by shoot(s)")),
                arguments(
                        "removing a zone of a used seed",
                        Operation.UPDATE,
                        seed("busy", BASE.replace("zones: [a, b]", "zones: [a]")),
                        seed("busy", BASE),
                        Outcome.forbidden(
                                forbiddenPrefix,
                                "busy",
                                "cannot remove zones [b] from Seed busy as there are Shoots "
                                        + "scheduled to this Seed")),
                arguments(
                        "removing a zone of an unused seed",
                        Operation.UPDATE,
                        seed("idle", BASE.replace("zones: [a, b]", "zones: [a]")),
                        seed("idle", BASE),
                        Outcome.ALLOWED),
                arguments(
                        "changing the internal domain of a used seed",
                        Operation.UPDATE,
                        seed("busy", BASE.replace("internal.example", "other.example")),
                        seed("busy", BASE),
                        Outcome.forbidden(
                                forbiddenPrefix,
                                "busy",
                                "cannot change internal domain as the Seed \"busy\" is " + "still in use by shoots")),
                arguments(
                        "removing a default domain shoots use",
                        Operation.UPDATE,
                        seed(
                                "busy",
                                BASE.replace(
                                        "defaults: [{domain: dev.example.com}]",
                                        "defaults: [{domain: x.example.com}]")),
                        seed("busy", BASE),
                        Outcome.forbidden(
                                forbiddenPrefix,
                                "busy",
                                "cannot remove default domains "
                                        + "[dev.example.com] from Seed \"busy\" as they are still being used by shoots")),
                arguments(
                        "explicit default domains must keep the global ones shoots use",
                        Operation.UPDATE,
                        seed("busy", BASE.replace("dev.example.com", "x.example.com")),
                        seed("busy", BASE.replace(", defaults: [{domain: dev.example.com}]", "")),
                        Outcome.forbidden(
                                forbiddenPrefix,
                                "busy",
                                "cannot configure explicit default domains for Seed \"busy\" "
                                        + "without including domains [dev.example.com] that are currently being used by shoots")),
                arguments(
                        "the self-hosted label cannot be removed",
                        Operation.UPDATE,
                        seed("idle", BASE),
                        "metadata: {name: idle, labels: {seed.gardener.cloud/self-hosted-shoot-cluster: 'true'}}\nspec: {"
                                + BASE + "}",
                        Outcome.forbidden(
                                "seeds.core.gardener.cloud",
                                "idle",
                                "label \"seed.gardener.cloud/self-hosted-shoot-cluster\""
                                        + " cannot be removed from a Seed")),
                arguments(
                        "backup with a WorkloadIdentity of another provider",
                        Operation.CREATE,
                        seed(
                                "new",
                                BASE
                                        + ", backup: {provider: gcp, credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                        + " kind: WorkloadIdentity, namespace: garden, name: aws-id}}"),
                        null,
                        Outcome.forbidden(
                                "seeds.core.gardener.cloud",
                                "new",
                                "seed using backup of type \"gcp\" cannot use " + "WorkloadIdentity of type \"aws\"")),
                arguments(
                        "backup with a WorkloadIdentity of its provider",
                        Operation.CREATE,
                        seed(
                                "new",
                                BASE
                                        + ", backup: {provider: aws, credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                        + " kind: WorkloadIdentity, namespace: garden, name: aws-id}}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "backup with a missing WorkloadIdentity",
                        Operation.CREATE,
                        seed(
                                "new",
                                BASE
                                        + ", backup: {provider: aws, credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                        + " kind: WorkloadIdentity, namespace: garden, name: nope}}"),
                        null,
                        Outcome.rejected(
                                500,
                                "Internal error occurred: workloadidentity.security.gardener.cloud \"nope\" not found")),
                arguments(
                        "backup with a WorkloadIdentity of an empty name",
                        Operation.CREATE,
                        seed(
                                "new",
                                BASE
                                        + ", backup: {provider: aws, credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                        + " kind: WorkloadIdentity, namespace: garden, name: ''}}"),
                        null,
                        Outcome.rejected(
                                500,
                                "Internal error occurred: workloadidentity.security.gardener.cloud \"\" not found")),
                arguments(
                        "backup with a Secret named like a WorkloadIdentity is not checked",
                        Operation.CREATE,
                        seed(
                                "new",
                                BASE + ", backup: {provider: gcp, credentialsRef: {apiVersion: v1, kind: Secret,"
                                        + " namespace: garden, name: aws-id}}"),
                        null,
                        Outcome.ALLOWED),
                arguments(
                        "a used seed whose dns and zones were never set may gain them",
                        Operation.UPDATE,
                        seed("busy", BASE),
                        seed("busy", "provider: {type: aws}"),
                        Outcome.ALLOWED),
                arguments(
                        "a used seed dropping its dns section keeps no internal domain to compare",
                        Operation.UPDATE,
                        seed("busy", "provider: {type: aws, zones: [a, b]}"),
                        seed("busy", "provider: {type: aws, zones: [a, b]}, dns: {internal: {domain: i.example.com}}"),
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, Operation op, String object, String old, Outcome expected) {
        Attributes a = Requests.of(
                SEED,
                SEEDS,
                "",
                op,
                object == null ? null : Requests.object(object),
                old == null ? null : Requests.object(old),
                Requests.ALICE);
        expected.check(plugin.validate(a));
    }
}
