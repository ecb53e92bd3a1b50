package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ShootQuotaValidator on the variants real objects come in: shoots bound through a SecretBinding or a
 * CredentialsBinding charged to the same quota, project and credentials scoped quotas, shoots priced from a
 * NamespacedCloudProfile, and bodies whose optional sections (addons, volumes, workers, annotations, quota metrics)
 * are absent, null or empty.
 */
class ShootQuotaValidatorVariantsTest {

    private static final String FORBIDDEN = "shoots.core.gardener.cloud \"crazy\" is forbidden: ";

    /** m5.large: 2 CPUs, 8Gi (ShootFixtures' profile); gp3: standard volumes. */
    private final InMemoryObjects objects = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.CLOUD_PROFILES, """
                    metadata: {name: stored}
                    spec:
                      type: local
                      machineTypes:
                      - {name: m5.large, cpu: "2", gpu: "0", memory: 8Gi, storage: {class: premium, type: ssd, size: 50Gi}}
                      volumeTypes:
                      - {name: gp3, class: standard}
                    """)
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, """
                    metadata: {name: custom, namespace: garden-dev}
                    spec: {parent: {kind: CloudProfile, name: profile}}
                    status:
                      cloudProfileSpec:
                        type: local
                        machineTypes:
                        - {name: m5.large, cpu: "4", gpu: "1", memory: 16Gi}
                        volumeTypes:
                        - {name: gp3, class: standard}
                    """)
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, """
                    metadata: {name: fresh, namespace: garden-dev}
                    spec: {parent: {kind: CloudProfile, name: profile}}
                    """)
            // a project quota listed by a binding of each kind, and bindings without it
            .put(GardenObjects.QUOTAS, quota("trial", "garden-dev", "core.gardener.cloud/v1beta1", "Project", "8"))
            .put(
                    GardenObjects.SECRET_BINDINGS,
                    binding("sb", "garden-dev", "quotas: [{name: trial, namespace: garden-dev}]"))
            .put(
                    GardenObjects.CREDENTIALS_BINDINGS,
                    binding("cb", "garden-dev", "quotas: [{name: trial, namespace: garden-dev}]"))
            .put(GardenObjects.SECRET_BINDINGS, binding("sb-free", "garden-dev", ""))
            .put(GardenObjects.CREDENTIALS_BINDINGS, binding("cb-free", "garden-dev", "quotas: null"))
            .put(GardenObjects.CREDENTIALS_BINDINGS, binding("cb-empty", "garden-dev", "quotas: []"))
            .put(GardenObjects.SHOOTS, shoot("by-sb", "garden-dev", "secretBindingName", "sb", 2))
            .put(GardenObjects.SHOOTS, shoot("by-cb", "garden-dev", "credentialsBindingName", "cb", 1))
            .put(GardenObjects.SHOOTS, shoot("by-free", "garden-dev", "credentialsBindingName", "cb-free", 50))
            .put(GardenObjects.SHOOTS, shoot("by-empty", "garden-dev", "secretBindingName", "sb-free", 50));

    private final ShootQuotaValidatorPlugin plugin =
            new ShootQuotaValidatorPlugin(new PluginContext(objects, null, null, CLOCK));

    private static String quota(String name, String namespace, String apiVersion, String kind, String cpu) {
        return "metadata: {name: " + name + ", namespace: " + namespace + "}\n"
                + "spec:\n  scope: {apiVersion: " + apiVersion + ", kind: " + kind + "}\n  metrics: {cpu: \""
                + cpu + "\"}\n";
    }

    private static String binding(String name, String namespace, String quotas) {
        return "metadata: {name: " + name + ", namespace: " + namespace + "}\nprovider: {type: local}\n" + quotas;
    }

    /** A shoot of m5.large workers with 20Gi gp3 volumes, bound through {@code field}. */
    private static ObjectNode shoot(String name, String namespace, String field, String binding, int maximum) {
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("metadata").put("name", name).put("namespace", namespace);
        spec(shoot).put(field, binding);
        worker(shoot).put("maximum", maximum);
        return shoot;
    }

    private static ObjectNode spec(ObjectNode shoot) {
        return (ObjectNode) shoot.get("spec");
    }

    private static ObjectNode worker(ObjectNode shoot) {
        return (ObjectNode) shoot.at("/spec/provider/workers/0");
    }

    private static JsonNode yaml(String yaml) {
        try {
            return Json.YAML.readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Outcome exceeded(String metrics) {
        return Outcome.rejected(403, FORBIDDEN + "quota limits exceeded. Unable to allocate further " + metrics);
    }

    private static Outcome internal(String message) {
        return Outcome.rejected(500, "Internal error occurred: " + message);
    }

    private Future<Void> create(ObjectNode shoot) {
        return plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot));
    }

    private Future<Void> update(ObjectNode shoot, ObjectNode old) {
        return plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old));
    }

    /**
     * (case, the new shoot's binding field and binding, its maximum, outcome). Charged already: by-sb 4 CPUs (through
     * the SecretBinding) and by-cb 2 CPUs (through the CredentialsBinding) of 8; by-free and by-empty, bound to
     * bindings without the quota, are not.
     */
    static Stream<Arguments> bothBindingKinds() {
        return Stream.of(
                arguments("through the SecretBinding, within", "secretBindingName", "sb", 1, Outcome.ALLOWED),
                // without by-cb (charged through the CredentialsBinding) 8 CPUs would fit
                arguments("through the SecretBinding, beyond", "secretBindingName", "sb", 2, exceeded("cpu ")),
                arguments("through the CredentialsBinding, within", "credentialsBindingName", "cb", 1, Outcome.ALLOWED),
                // without by-sb (charged through the SecretBinding) 6 CPUs would fit
                arguments(
                        "through the CredentialsBinding, beyond", "credentialsBindingName", "cb", 2, exceeded("cpu ")),
                arguments("a SecretBinding without quotas", "secretBindingName", "sb-free", 99, Outcome.ALLOWED),
                arguments(
                        "a CredentialsBinding with null quotas",
                        "credentialsBindingName",
                        "cb-free",
                        99,
                        Outcome.ALLOWED),
                arguments(
                        "a CredentialsBinding with no quotas",
                        "credentialsBindingName",
                        "cb-empty",
                        99,
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothBindingKinds")
    void shootsOfBothBindingKindsAreChargedToTheQuota(
            String name, String field, String binding, int maximum, Outcome expected) {
        expected.check(create(shoot("crazy", "garden-dev", field, binding, maximum)));
    }

    @Test
    void aShootWithoutBindingIsNotCharged() {
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 99);
        spec(shoot).remove("secretBindingName");
        Outcome.ALLOWED.check(create(shoot));
        spec(shoot).putNull("secretBindingName").putNull("credentialsBindingName");
        Outcome.ALLOWED.check(create(shoot));
    }

    /**
     * A credentials quota (scope Secret or WorkloadIdentity) is charged by every binding listing it, in all
     * namespaces: here a SecretBinding's shoot in garden-other (4 CPUs) and the new shoot of a CredentialsBinding in
     * garden-dev, against 6 CPUs.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"v1/Secret", "security.gardener.cloud/v1alpha1/WorkloadIdentity"})
    void aCredentialsQuotaIsChargedAcrossNamespaces(String scope) {
        int kind = scope.lastIndexOf('/');
        objects.put(
                        GardenObjects.QUOTAS,
                        quota("shared", "garden", scope.substring(0, kind), scope.substring(kind + 1), "6"))
                .put(
                        GardenObjects.SECRET_BINDINGS,
                        binding("sb-o", "garden-other", "quotas: [{name: shared, namespace: garden}]"))
                .put(
                        GardenObjects.CREDENTIALS_BINDINGS,
                        binding("cb-s", "garden-dev", "quotas: [{name: shared, namespace: garden}]"))
                .put(GardenObjects.SHOOTS, shoot("x", "garden-other", "secretBindingName", "sb-o", 2));
        Outcome.ALLOWED.check(create(shoot("crazy", "garden-dev", "credentialsBindingName", "cb-s", 1)));
        exceeded("cpu ").check(create(shoot("crazy", "garden-dev", "credentialsBindingName", "cb-s", 2)));
    }

    @Test
    void aProjectQuotaIsChargedInTheShootsNamespaceOnly() {
        objects.put(
                        GardenObjects.SECRET_BINDINGS,
                        binding("sb", "garden-other", "quotas: [{name: trial, namespace: garden-dev}]"))
                .put(GardenObjects.SHOOTS, shoot("x", "garden-other", "secretBindingName", "sb", 50));
        Outcome.ALLOWED.check(create(shoot("crazy", "garden-dev", "secretBindingName", "sb", 1)));
    }

    @Test
    void aQuotaOfAnUnknownScopeIsAnInternalError() {
        objects.put(GardenObjects.QUOTAS, quota("trial", "garden-dev", "core.gardener.cloud/v1", "Project", "8"));
        internal("unknown quota scope").check(create(shoot("crazy", "garden-dev", "secretBindingName", "sb", 1)));
    }

    @Test
    void aQuotaWithoutMetricsIsNeverExceeded() {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                """);
        Outcome.ALLOWED.check(create(shoot("crazy", "garden-dev", "secretBindingName", "sb", 99)));
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {}
                """);
        Outcome.ALLOWED.check(create(shoot("crazy", "garden-dev", "secretBindingName", "sb", 99)));
    }

    /** The NamespacedCloudProfile's status spec prices the shoot: 4 CPUs and a GPU per m5.large. */
    @Test
    void aNamespacedCloudProfilePricesTheShoot() {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {cpu: "13", gpu: "1"}
                """);
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        spec(shoot).set("cloudProfile", yaml("{kind: NamespacedCloudProfile, name: custom}"));
        Outcome.ALLOWED.check(create(shoot));
        worker(shoot).put("maximum", 2);
        exceeded("cpu gpu ").check(create(shoot));
    }

    /**
     * Go prices against a NamespacedCloudProfile's status spec even before it has one (the zero spec): a
     * workerless shoot needs only its load balancer, a worker's machine type is not found.
     */
    @Test
    void aNamespacedCloudProfileWithoutStatusHasNoTypes() {
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        spec(shoot).set("cloudProfile", yaml("{kind: NamespacedCloudProfile, name: fresh}"));
        internal("machineType m5.large not found in CloudProfile").check(create(shoot));
        ((ObjectNode) spec(shoot).get("provider")).remove("workers");
        Outcome.ALLOWED.check(create(shoot));
    }

    @Test
    void aShootWithoutOrWithAMissingProfileIsAnInternalError() {
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        spec(shoot).remove("cloudProfile");
        internal("no cloudprofile reference has been provided").check(create(shoot));
        spec(shoot).set("cloudProfile", yaml("{kind: NamespacedCloudProfile, name: gone}"));
        internal("Internal error occurred: could not find referenced cloud profile: "
                        + "namespacedcloudprofile.core.gardener.cloud \"gone\" not found")
                .check(create(shoot));
    }

    /** The load balancers: one, and a second only where nginx-ingress is enabled, whatever else the body holds. */
    static Stream<Arguments> addons() {
        return Stream.of(
                arguments("addons absent", null, Outcome.ALLOWED),
                arguments("addons null", "null", Outcome.ALLOWED),
                arguments("addons empty", "{}", Outcome.ALLOWED),
                arguments("nginx-ingress null", "{nginxIngress: null}", Outcome.ALLOWED),
                arguments("nginx-ingress empty", "{nginxIngress: {}}", Outcome.ALLOWED),
                arguments("nginx-ingress disabled", "{nginxIngress: {enabled: false}}", Outcome.ALLOWED),
                arguments("nginx-ingress enabled", "{nginxIngress: {enabled: true}}", exceeded("loadbalancer ")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("addons")
    void loadBalancers(String name, String addons, Outcome expected) {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {loadbalancer: "3"}
                """);
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        if (addons != null) {
            spec(shoot).set("addons", yaml(addons));
        }
        expected.check(create(shoot));
    }

    /**
     * (case, the profile, the worker's volume (absent: no member), outcome) against 99Gi of premium and 40Gi of
     * standard storage: a worker without volume takes the machine type's storage (50Gi premium on "stored").
     */
    static Stream<Arguments> volumes() {
        String notFound = "VolumeType m5.large not found in CloudProfile";
        return Stream.of(
                arguments("volume absent, the machine type's storage", "stored", null, 1, Outcome.ALLOWED),
                arguments(
                        "volume absent, twice the machine type's storage",
                        "stored",
                        null,
                        2,
                        exceeded("storage.premium ")),
                arguments("volume null, the machine type's storage", "stored", "null", 2, exceeded("storage.premium ")),
                arguments(
                        "a volume of a machine type with storage is of its class",
                        "stored",
                        "{type: gp3, size: 50Gi}",
                        2,
                        exceeded("storage.premium ")),
                arguments("a volume of its type's class", "profile", "{type: gp3, size: 20Gi}", 2, Outcome.ALLOWED),
                arguments(
                        "a volume beyond its type's class",
                        "profile",
                        "{type: gp3, size: 30Gi}",
                        2,
                        exceeded("storage.standard ")),
                arguments("volume absent, no machine type storage", "profile", null, 1, internal(notFound)),
                arguments("volume null, no machine type storage", "profile", "null", 1, internal(notFound)),
                arguments("a volume without type", "profile", "{size: 20Gi}", 1, internal(notFound)),
                arguments("a volume of an unknown type", "profile", "{type: gp9, size: 20Gi}", 1, internal(notFound)),
                arguments(
                        "a volume without size",
                        "profile",
                        "{type: gp3}",
                        1,
                        internal("quantities must match the regular expression "
                                + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("volumes")
    void volumes(String name, String profile, String volume, int maximum, Outcome expected) {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {storage.premium: 99Gi, storage.standard: 40Gi}
                """);
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", maximum);
        spec(shoot).set("cloudProfile", yaml("{kind: CloudProfile, name: " + profile + "}"));
        // the shoots charged already are priced as well: keep them on the profile that prices them
        objects.put(GardenObjects.SHOOTS, shoot("by-sb", "garden-dev", "secretBindingName", "sb-free", 1))
                .put(GardenObjects.SHOOTS, shoot("by-cb", "garden-dev", "credentialsBindingName", "cb-free", 1));
        worker(shoot).remove("volume");
        if (volume != null) {
            worker(shoot).set("volume", yaml(volume));
        }
        expected.check(create(shoot));
    }

    /** Workers absent, null or empty: a workerless shoot needs only its load balancer. */
    @ParameterizedTest(name = "workers {0}")
    @ValueSource(strings = {"absent", "null", "[]"})
    void workerlessShootsNeedOnlyALoadBalancer(String workers) {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {cpu: "6", loadbalancer: "3"}
                """);
        ObjectNode shoot = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        ObjectNode provider = (ObjectNode) spec(shoot).get("provider");
        provider.remove("workers");
        if (!workers.equals("absent")) {
            provider.set("workers", yaml(workers));
        }
        // the charged shoots take the 6 CPUs and 2 of the load balancers
        Outcome.ALLOWED.check(create(shoot));
    }

    @Test
    void anUpdateOfWorkersNotChangedInGosSenseIsNotCharged() {
        // unpriceable (no volume, no machine type storage) and beyond the quota: only admitted when not charged
        ObjectNode old = shoot("crazy", "garden-dev", "secretBindingName", "sb", 99);
        worker(old).remove("volume");
        ObjectNode labelled = old.deepCopy();
        labelled.withObjectProperty("metadata").withObjectProperty("labels").put("a", "b");
        Outcome.ALLOWED.check(update(labelled, old));
        // Go's semantic equality: a null volume is an absent one (the tree compare saw a change here)
        ObjectNode nullVolume = labelled.deepCopy();
        worker(nullVolume).putNull("volume");
        Outcome.ALLOWED.check(update(nullVolume, old));
        // addons null, empty or with nginx-ingress disabled turn nothing on
        for (String addons : new String[] {"null", "{}", "{nginxIngress: null}", "{nginxIngress: {enabled: false}}"}) {
            ObjectNode same = labelled.deepCopy();
            spec(same).set("addons", yaml(addons));
            Outcome.ALLOWED.check(update(same, old));
        }
    }

    @Test
    void anUpdateOfVolumesEqualInGosSenseIsNotCharged() {
        ObjectNode old = shoot("crazy", "garden-dev", "secretBindingName", "sb", 99);
        ObjectNode same = old.deepCopy();
        worker(same).withObjectProperty("volume").putNull("encrypted").putNull("name");
        Outcome.ALLOWED.check(update(same, old));
        ObjectNode encrypted = old.deepCopy();
        worker(encrypted).withObjectProperty("volume").put("encrypted", true);
        exceeded("cpu ").check(update(encrypted, old));
    }

    @Test
    void anUpdateAddingAWorkerOrTurningNginxOnIsCharged() {
        ObjectNode old = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        spec(old).putNull("addons");
        ObjectNode added = old.deepCopy();
        ((ObjectNode) spec(added).get("provider"))
                .withArray("workers")
                .add(worker(old).deepCopy().put("name", "more").put("maximum", 1));
        exceeded("cpu ").check(update(added, old));
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  metrics: {loadbalancer: "3"}
                """);
        ObjectNode nginx = old.deepCopy();
        spec(nginx).set("addons", yaml("{nginxIngress: {enabled: true}}"));
        exceeded("loadbalancer ").check(update(nginx, old));
    }

    /** Annotations absent or null on either side: the expiration is checked only when one is set. */
    @Test
    void expirationWithoutAnnotations() {
        objects.put(GardenObjects.QUOTAS, """
                metadata: {name: trial, namespace: garden-dev}
                spec:
                  scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                  clusterLifetimeDays: 7
                """);
        ObjectNode old = shoot("crazy", "garden-dev", "secretBindingName", "sb", 1);
        old.withObjectProperty("metadata").put("creationTimestamp", "2026-05-30T00:00:00Z");
        ObjectNode nullAnnotations = old.deepCopy();
        nullAnnotations.withObjectProperty("metadata").putNull("annotations");
        Outcome.ALLOWED.check(update(nullAnnotations, old));
        Outcome.ALLOWED.check(update(old, nullAnnotations));
        ObjectNode far = old.deepCopy();
        far.withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put(ShootQuotaValidatorPlugin.EXPIRATION, "2026-07-01T00:00:00Z");
        Future<Void> result = update(far, nullAnnotations);
        assertThat(((ApiException) result.cause()).getMessage())
                .isEqualTo(FORBIDDEN + "requested shoot expiration time is too long. Can only be extended by 7"
                        + " day(s)");
    }
}
