package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authz.Decision;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootValidatorPluginTest {

    private static final String FORBIDDEN = "shoots.core.gardener.cloud \"crazy\" is forbidden: ";

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.SEEDS, ShootFixtures.SEED)
            .put(
                    GardenObjects.SEEDS,
                    ShootFixtures.SEED
                            .replace("name: seed,", "name: tainted,")
                            .replace("spec:\n", "spec:\n  taints: [{key: dedicated}]\n"))
            .put(
                    GardenObjects.SEEDS,
                    ShootFixtures.SEED
                            .replace("name: seed,", "name: full,")
                            .concat("status: {allocatable: {shoots: \"1\"}}\n"))
            .put(GardenObjects.PROJECTS, ShootFixtures.PROJECT);

    /** Only "admin" may use shoots/binding. */
    private final ShootValidatorPlugin plugin = new ShootValidatorPlugin(new PluginContext(
            objects,
            attrs -> Future.succeededFuture(
                    "admin".equals(attrs.user().name()) && "binding".equals(attrs.subresource())
                            ? Decision.allow()
                            : Decision.noOpinion()),
            null,
            CLOCK));

    private static ObjectNode at(ObjectNode shoot, String pointer) {
        return (ObjectNode) shoot.at(pointer);
    }

    @Test
    void aShootThatFitsItsCloudProfileIsAdmitted() {
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, ShootFixtures.shoot()))
                        .succeeded())
                .isTrue();
    }

    /** (case, change, the 403 message after the prefix). */
    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(
                        "a Kubernetes version the profile lacks",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/kubernetes").put("version", "1.99.0"),
                        "spec.kubernetes.version: Unsupported value: \"1.99.0\": supported values: \"1.35.4\", \"1.35.0\", "
                                + "\"1.36.0 (preview)\", \"1.34.7\""),
                Arguments.of(
                        "an expired Kubernetes version on creation",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/kubernetes").put("version", "1.33.11"),
                        "spec.kubernetes.version: Unsupported value: \"1.33.11\": supported values: \"1.35.4\", \"1.35.0\", "
                                + "\"1.36.0 (preview)\", \"1.34.7\""),
                Arguments.of(
                        "a region the profile lacks",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.get("spec")).put("region", "mars"),
                        "spec.region: Unsupported value: \"mars\": supported values: \"europe-central-1\", \"us-east-1\""),
                Arguments.of(
                        "another provider type",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider").put("type", "aws"),
                        "spec.provider.type: Invalid value: \"aws\": provider type in shoot must equal provider type of "
                                + "referenced CloudProfile: \"local\""),
                Arguments.of(
                        "a machine type the profile lacks",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0/machine").put("type", "m9.huge"),
                        "spec.provider.workers[0].machine.type: Unsupported value: \"m9.huge\": supported values: \"m5.large\""),
                Arguments.of(
                        "an unusable machine type",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0/machine").put("type", "old.large"),
                        "spec.provider.workers[0].machine.type: Invalid value: \"old.large\": machine type \"old.large\" "
                                + "is unusable, supported types are [m5.large]"),
                Arguments.of(
                        "a machine type of another architecture",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0/machine")
                                .put("type", "a1.large")
                                .put("architecture", "amd64"),
                        "spec.provider.workers[0].machine.type: Invalid value: \"a1.large\": machine type \"a1.large\" "
                                + "does not support CPU architecture \"amd64\", supported types are [m5.large]"),
                Arguments.of(
                        "a machine type unavailable in one of the worker's zones",
                        (Consumer<ObjectNode>) s -> {
                            at(s, "/spec/provider/workers/0/machine")
                                    .put("type", "a1.large")
                                    .put("architecture", "arm64");
                            ObjectNode worker = at(s, "/spec/provider/workers/0");
                            worker.remove("volume"); // gp3 is unavailable in europe-central-1b too
                            worker.putArray("zones").add("europe-central-1a").add("europe-central-1b");
                        },
                        "spec.provider.workers[0].machine.type: Invalid value: \"a1.large\": machine type \"a1.large\" "
                                + "is unavailable in at least one zone, supported types are []"),
                Arguments.of(
                        "an image version the profile lacks",
                        (Consumer<ObjectNode>) s ->
                                at(s, "/spec/provider/workers/0/machine/image").put("version", "1.0.0"),
                        "spec.provider.workers[0].machine.image.version: Unsupported value: \"1.0.0\": supported values: "
                                + "\"gardenlinux:15.4.20220818\", \"gardenlinux:16.1.0\""),
                Arguments.of(
                        "an expired image version",
                        (Consumer<ObjectNode>) s ->
                                at(s, "/spec/provider/workers/0/machine/image").put("version", "15.4.20220620"),
                        "spec.provider.workers[0].machine.image: Invalid value: {\"name\":\"gardenlinux\",\"version\":"
                                + "\"15.4.20220620\"}: machine image version 'gardenlinux:15.4.20220620' is expired, supported "
                                + "machine image versions are: [gardenlinux:15.4.20220818 gardenlinux:16.1.0]"),
                Arguments.of(
                        "an image version without in-place updates for an in-place pool",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0").put("updateStrategy", "AutoInPlaceUpdate"),
                        "spec.provider.workers[0].machine.image: Invalid value: {\"name\":\"gardenlinux\",\"version\":"
                                + "\"15.4.20220818\"}: machine image version 'gardenlinux:15.4.20220818' does not support "
                                + "in-place updates, supported machine image versions are: []"),
                Arguments.of(
                        "an image version of another architecture",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0/machine")
                                .put("type", "a1.large")
                                .put("architecture", "arm64"),
                        "spec.provider.workers[0].machine.image: Invalid value: {\"name\":\"gardenlinux\",\"version\":"
                                + "\"15.4.20220818\"}: machine image version 'gardenlinux:15.4.20220818' does not support "
                                + "CPU architecture \"arm64\", supported machine image versions are: [gardenlinux:14.0.0]"),
                Arguments.of(
                        "a CRI the image lacks",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0")
                                .putObject("cri")
                                .put("name", "docker"),
                        "spec.provider.workers[0].cri.name: Invalid value: \"docker\": machine image "
                                + "'gardenlinux@15.4.20220818' does not support CRI 'docker', supported values: [containerd]"),
                Arguments.of(
                        "a volume type the profile lacks",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0/volume").put("type", "gp9"),
                        "spec.provider.workers[0].volume.type: Unsupported value: \"gp9\": supported values: \"gp3\""),
                Arguments.of(
                        "an unusable volume type",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0/volume").put("type", "io1"),
                        "spec.provider.workers[0].volume.type: Invalid value: \"io1\": volume type \"io1\" is unusable, "
                                + "supported types are [gp3]"),
                Arguments.of(
                        "a volume below the type's minimum size",
                        (Consumer<ObjectNode>)
                                s -> at(s, "/spec/provider/workers/0/volume").put("size", "10Gi"),
                        "spec.provider.workers[0].volume.size: Invalid value: \"10Gi\": size must be >= 20Gi"),
                Arguments.of(
                        "a zone the region lacks",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0")
                                .putArray("zones")
                                .add("europe-central-1z"),
                        "spec.provider.workers[0].zones[0]: Unsupported value: \"europe-central-1z\": supported values: "
                                + "\"europe-central-1a\", \"europe-central-1b\""),
                Arguments.of(
                        "a volume type unavailable in the worker's zone",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0")
                                .putArray("zones")
                                .add("europe-central-1b"),
                        "spec.provider.workers[0].volume.type: Invalid value: \"gp3\": volume type \"gp3\" is unavailable "
                                + "in at least one zone, supported types are []"),
                Arguments.of(
                        "kubeReserved as large as the machine",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0")
                                .putObject("kubernetes")
                                .putObject("kubelet")
                                .putObject("kubeReserved")
                                .put("cpu", "2"),
                        "spec.provider.workers[0].kubernetes.kubelet: Invalid value: \"kubeReserved CPU: 2\": total reserved "
                                + "CPU (kubeReserved) cannot be more than the Node's CPU capacity '2'"),
                Arguments.of(
                        "more minimum nodes than the profile allows",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/provider/workers/0")
                                .put("minimum", 11)
                                .put("maximum", 12),
                        "spec.provider.workers: Forbidden: the total minimum node count of all worker pools must not exceed "
                                + "the limit of 10 configured in the CloudProfile"),
                Arguments.of(
                        "shoot networks that overlap",
                        (Consumer<ObjectNode>) s -> at(s, "/spec/networking").put("services", "100.96.0.0/13"),
                        "spec.networking.services: Invalid value: \"100.96.0.0/13\": shoot pod network intersects with "
                                + "shoot service network"),
                Arguments.of(
                        "a live migration while the feature gate is off",
                        (Consumer<ObjectNode>) s -> s.withObjectProperty("metadata")
                                .withObjectProperty("annotations")
                                .put("migration.gardener.cloud/live-migrate", "true"),
                        "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: the "
                                + "\"LiveControlPlaneMigration\" feature gate is disabled in gardener-apiserver"),
                Arguments.of(
                        "a managed issuer the installation does not offer",
                        (Consumer<ObjectNode>) s -> s.withObjectProperty("metadata")
                                .withObjectProperty("annotations")
                                .put("authentication.gardener.cloud/issuer", "managed"),
                        "cannot enable managed service account issuer as it is not supported in this Gardener installation"),
                Arguments.of(
                        "a seed without permission for shoots/binding",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.get("spec")).put("seedName", "seed"),
                        "user \"alice\" is not allowed to set .spec.seedName for \"shoots\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void creationIsRefused(String name, Consumer<ObjectNode> change, String message) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(FORBIDDEN + message);
    }

    /** (case, change): optional sections absent, null or empty, as real users' shoots come. */
    static Stream<Arguments> optionalSections() {
        return Stream.of(
                Arguments.of("no networking", (Consumer<ObjectNode>) s -> spec(s).remove("networking")),
                Arguments.of("networking null", (Consumer<ObjectNode>) s -> spec(s).putNull("networking")),
                Arguments.of("status null", (Consumer<ObjectNode>) s -> s.putNull("status")),
                Arguments.of("status empty", (Consumer<ObjectNode>) s -> s.putObject("status")),
                Arguments.of("status with null and empty members", (Consumer<ObjectNode>) s -> s.putObject("status")
                        .putNull("lastOperation")
                        .putNull("constraints")
                        .put("seedName", "seed")
                        .putObject("networking")),
                Arguments.of("annotations and labels null", (Consumer<ObjectNode>) s ->
                        ((ObjectNode) s.get("metadata")).putNull("annotations").putNull("labels")),
                Arguments.of("annotations empty", (Consumer<ObjectNode>)
                        s -> ((ObjectNode) s.get("metadata")).putObject("annotations")),
                Arguments.of("empty and null spec sections", (Consumer<ObjectNode>) s -> spec(s).putNull("dns")
                        .putNull("hibernation")
                        .putNull("controlPlane")
                        .putNull("accessRestrictions")
                        .putNull("tolerations")
                        .putNull("resources")
                        .putNull("seedSelector")),
                Arguments.of("empty spec objects", (Consumer<ObjectNode>) s -> {
                    spec(s).putObject("dns");
                    spec(s).putObject("hibernation").putNull("enabled");
                    spec(s).putObject("controlPlane");
                    spec(s).putArray("accessRestrictions");
                    spec(s).putArray("tolerations");
                    spec(s).putArray("resources");
                    at(s, "/spec/kubernetes").putObject("kubeAPIServer").putNull("admissionPlugins");
                }),
                Arguments.of("a worker without volume, cri and zones", (Consumer<ObjectNode>)
                        s -> at(s, "/spec/provider/workers/0")
                                .putNull("cri")
                                .putNull("zones")
                                .remove("volume")),
                Arguments.of("a worker with empty sections", (Consumer<ObjectNode>) s -> {
                    ObjectNode worker = at(s, "/spec/provider/workers/0");
                    worker.putObject("kubernetes");
                    worker.putNull("volume");
                    worker.putArray("zones");
                    worker.putNull("providerConfig");
                }),
                Arguments.of("a worker in a zone where its machine and volume types are available", (Consumer<
                                ObjectNode>)
                        s -> at(s, "/spec/provider/workers/0").putArray("zones").add("europe-central-1a")),
                Arguments.of("no workers", (Consumer<ObjectNode>)
                        s -> at(s, "/spec/provider").remove("workers")));
    }

    private static ObjectNode spec(ObjectNode shoot) {
        return (ObjectNode) shoot.get("spec");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("optionalSections")
    void shootsWithoutOptionalSectionsAreAdmitted(String name, Consumer<ObjectNode> change) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot))
                        .succeeded())
                .isTrue();
        // scheduled on a seed, stored with the same sections: an update judges them against the seed too
        ObjectNode stored = shoot.deepCopy();
        spec(stored).put("seedName", "seed");
        ObjectNode changed = stored.deepCopy();
        ((ObjectNode) changed.get("metadata")).put("generation", 2);
        spec(changed).put("purpose", "development");
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, changed, stored))
                        .succeeded())
                .isTrue();
        assertThat(plugin.validate(Requests.delete(SHOOT, GardenObjects.SHOOTS, stored))
                        .succeeded())
                .isTrue();
    }

    /**
     * The bindings of garden-dev as users write them: SecretBindings of one type, of a comma-separated list of types
     * and without provider, CredentialsBindings to a Secret (one the SecretBinding {@code local-account} names, one
     * another) and one to a WorkloadIdentity.
     */
    private void putBindings() {
        objects.put(GardenObjects.SECRET_BINDINGS, """
                        apiVersion: core.gardener.cloud/v1beta1
                        kind: SecretBinding
                        metadata: {name: local-account, namespace: garden-dev}
                        provider: {type: local}
                        secretRef: {name: local-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.SECRET_BINDINGS, """
                        apiVersion: core.gardener.cloud/v1beta1
                        kind: SecretBinding
                        metadata: {name: shared-account, namespace: garden-dev}
                        provider: {type: "aws,local"}
                        secretRef: {name: shared-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.SECRET_BINDINGS, """
                        apiVersion: core.gardener.cloud/v1beta1
                        kind: SecretBinding
                        metadata: {name: aws-account, namespace: garden-dev}
                        provider: {type: aws}
                        secretRef: {name: aws-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.SECRET_BINDINGS, """
                        apiVersion: core.gardener.cloud/v1beta1
                        kind: SecretBinding
                        metadata: {name: untyped-account, namespace: garden-dev}
                        secretRef: {name: untyped-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.CREDENTIALS_BINDINGS, """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: local-account, namespace: garden-dev}
                        provider: {type: local}
                        credentialsRef: {apiVersion: v1, kind: Secret, name: local-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.CREDENTIALS_BINDINGS, """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: local-identity, namespace: garden-dev}
                        provider: {type: local}
                        credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1, kind: WorkloadIdentity,
                          name: local-identity, namespace: garden-dev}
                        """)
                .put(GardenObjects.CREDENTIALS_BINDINGS, """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: other-account, namespace: garden-dev}
                        provider: {type: local}
                        credentialsRef: {apiVersion: v1, kind: Secret, name: other-account, namespace: garden-dev}
                        """)
                .put(GardenObjects.CREDENTIALS_BINDINGS, """
                        apiVersion: security.gardener.cloud/v1alpha1
                        kind: CredentialsBinding
                        metadata: {name: aws-account, namespace: garden-dev}
                        provider: {type: aws}
                        credentialsRef: {apiVersion: v1, kind: Secret, name: aws-account, namespace: garden-dev}
                        """);
    }

    /** (case, binding field, binding name). */
    static Stream<Arguments> bindingsOfTheShootsType() {
        return Stream.of(
                Arguments.of("a SecretBinding of the shoot's type", "secretBindingName", "local-account"),
                Arguments.of(
                        "a SecretBinding whose type list holds the shoot's type",
                        "secretBindingName",
                        "shared-account"),
                Arguments.of("a CredentialsBinding to a Secret", "credentialsBindingName", "local-account"),
                Arguments.of("a CredentialsBinding to a WorkloadIdentity", "credentialsBindingName", "local-identity"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bindingsOfTheShootsType")
    void aShootBoundToABindingOfItsTypeIsAdmittedOnCreateAndUpdate(String name, String field, String binding) {
        putBindings();
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put(field, binding);
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot))
                        .succeeded())
                .isTrue();
        ObjectNode changed = shoot.deepCopy();
        at(changed, "/spec/provider/workers/0").put("maximum", 3);
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, changed, shoot))
                        .succeeded())
                .isTrue();
    }

    /** (case, binding field, binding name, Gardener's message after the prefix). */
    static Stream<Arguments> bindingsOfAnotherType() {
        String message =
                "spec.provider.type: Invalid value: \"local\": provider type in shoot must match provider type of ";
        return Stream.of(
                Arguments.of(
                        "a SecretBinding of another type",
                        "secretBindingName",
                        "aws-account",
                        message + "referenced SecretBinding: \"aws\""),
                Arguments.of(
                        "a SecretBinding without provider",
                        "secretBindingName",
                        "untyped-account",
                        message + "referenced SecretBinding: \"\""),
                Arguments.of(
                        "a CredentialsBinding of another type",
                        "credentialsBindingName",
                        "aws-account",
                        message + "referenced CredentialsBinding: \"aws\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bindingsOfAnotherType")
    void aShootBoundToABindingOfAnotherTypeIsForbidden(String name, String field, String binding, String message) {
        putBindings();
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put(field, binding);
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(FORBIDDEN + message);
    }

    /** (case, the CredentialsBinding a SecretBinding-bound shoot migrates to, the 403 message or null). */
    static Stream<Arguments> migrations() {
        String changed = "it is not allowed to change the referenced Secret when migrating from SecretBindingName to "
                + "CredentialsBindingName";
        return Stream.of(
                Arguments.of("to a CredentialsBinding of the same Secret", "local-account", null),
                Arguments.of("to a CredentialsBinding of another Secret", "other-account", changed),
                Arguments.of("to a CredentialsBinding of a WorkloadIdentity", "local-identity", changed));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("migrations")
    void aMigrationFromSecretBindingToCredentialsBindingKeepsTheSecret(
            String name, String credentialsBinding, String message) {
        putBindings();
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.get("spec")).put("secretBindingName", "local-account");
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put("credentialsBindingName", credentialsBinding);
        Future<Void> result = plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old));
        if (message == null) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
        } else {
            ApiException e = rejection(result);
            assertThat(e.code()).isEqualTo(403);
            assertThat(e.getMessage()).isEqualTo(FORBIDDEN + message);
        }
    }

    @Test
    void aMigrationFromAMissingSecretBindingIsAnInternalError() {
        putBindings();
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.get("spec")).put("secretBindingName", "gone");
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put("credentialsBindingName", "local-account");
        ApiException e = rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("Internal error occurred: could not retrieve previously referenced secret "
                        + "binding: secretbinding.core.gardener.cloud \"gone\" not found");
    }

    /** (binding field, Gardener's internal error). */
    static Stream<Arguments> missingBindings() {
        return Stream.of(
                Arguments.of(
                        "secretBindingName",
                        "could not find referenced secret binding: "
                                + "secretbinding.core.gardener.cloud \"gone\" not found"),
                Arguments.of(
                        "credentialsBindingName",
                        "could not find referenced credentials binding: "
                                + "credentialsbinding.security.gardener.cloud \"gone\" not found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("missingBindings")
    void aMissingBindingIsAnInternalError(String field, String message) {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put(field, "gone");
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage()).isEqualTo("Internal error occurred: " + message);
    }

    @Test
    void fieldErrorsAreAggregated() {
        ObjectNode shoot = ShootFixtures.shoot();
        at(shoot, "/spec/kubernetes").put("version", "1.99.0");
        ((ObjectNode) shoot.get("spec")).put("region", "us-east-1");
        ((ObjectNode) shoot.get("spec")).put("region", "mars");
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.getMessage())
                .startsWith(FORBIDDEN + "[spec.kubernetes.version: Unsupported value: \"1.99.0\"")
                .contains(", spec.region: Unsupported value: \"mars\"")
                .endsWith("]");
    }

    @Test
    void onlyChangedFieldsAreJudgedOnUpdate() {
        ObjectNode old = ShootFixtures.shoot();
        at(old, "/spec/kubernetes").put("version", "1.33.11"); // expired since, but already in use
        ObjectNode shoot = old.deepCopy();
        shoot.withObjectProperty("metadata").withObjectProperty("labels").put("team", "a");
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old))
                        .succeeded())
                .isTrue();
    }

    @Test
    void aTooLongNameWithTheProjectIsInvalid() {
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("metadata").put("name", "a-very-long-shoot-nam");
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .isEqualTo("Shoot.core.gardener.cloud \"a-very-long-shoot-nam\" is invalid: name: Invalid "
                        + "value: \"a-very-long-shoot-nam\": the length of the shoot name and the project name must not exceed 21 "
                        + "characters (project: dev; shoot: a-very-long-shoot-nam)");
    }

    @Test
    void aTooLongGenerateNameWithTheProjectIsInvalid() {
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("metadata").remove("name");
        shoot.withObjectProperty("metadata").put("generateName", "fourteen-chars");
        Attributes create = new Attributes(
                SHOOT,
                GardenObjects.SHOOTS,
                "",
                "garden-dev",
                "",
                Operation.CREATE,
                shoot,
                null,
                Requests.ALICE,
                false);
        ApiException e = rejection(plugin.validate(create));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .endsWith("the length of the shoot generateName and the project name must not exceed 16 "
                        + "characters (project: dev; shoot with generateName: fourteen-chars)");
    }

    @Test
    void aProjectInDeletionTakesNoNewShoots() {
        objects.put(
                GardenObjects.PROJECTS,
                ShootFixtures.PROJECT.replace(
                        "metadata: {name: dev}", "metadata: {name: dev, deletionTimestamp: \"2026-01-01T00:00:00Z\"}"));
        ApiException e =
                rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, ShootFixtures.shoot())));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "cannot create shoot 'crazy' in project 'dev' that is already "
                        + "marked for deletion");
    }

    @Test
    void aNamespaceWithoutProjectIsAnInternalError() {
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("metadata").put("namespace", "elsewhere");
        ApiException e = rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("Internal error occurred: could not find referenced project: "
                        + "Project.core.gardener.cloud \"<unknown>\" not found");
    }

    @Test
    void aUserWithBindingPermissionMaySetTheSeedOnCreation() {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put("seedName", "seed");
        Attributes create = Requests.of(
                SHOOT,
                GardenObjects.SHOOTS,
                "",
                Operation.CREATE,
                shoot,
                null,
                cloud.gardener.apiserver.authn.UserInfo.of("admin", java.util.List.of()));
        assertThat(plugin.validate(create).succeeded())
                .as(String.valueOf(plugin.validate(create).cause()))
                .isTrue();
    }

    /** (case, subresource, old seed, new seed, expected code, expected message). */
    static Stream<Arguments> seedChanges() {
        return Stream.of(
                Arguments.of("scheduling through binding", "binding", null, "seed", 0, ""),
                Arguments.of(
                        "scheduling by patching the shoot",
                        "",
                        null,
                        "seed",
                        403,
                        FORBIDDEN
                                + "spec.seedName 'nil' cannot be changed to 'seed' by patching the shoot, please use the "
                                + "shoots/binding subresource"),
                Arguments.of(
                        "moving by patching the shoot",
                        "",
                        "seed",
                        "full",
                        403,
                        FORBIDDEN
                                + "spec.seedName 'seed' cannot be changed to 'full' by patching the shoot, please use the "
                                + "shoots/binding subresource"),
                Arguments.of(
                        "unscheduling",
                        "",
                        "seed",
                        null,
                        403,
                        FORBIDDEN + "spec.seedName is already set to 'seed' and cannot be changed to 'nil'"),
                Arguments.of(
                        "binding to the same seed",
                        "binding",
                        "seed",
                        "seed",
                        500,
                        "update of binding rejected, shoot is already assigned to the same seed"),
                Arguments.of(
                        "binding to a seed whose taints are not tolerated",
                        "binding",
                        null,
                        "tainted",
                        403,
                        FORBIDDEN + "forbidden to use a seed whose taints are not tolerated by the shoot"),
                Arguments.of(
                        "binding to a full seed",
                        "binding",
                        null,
                        "full",
                        403,
                        FORBIDDEN
                                + "cannot schedule shoot 'crazy' on seed 'full' that already has the maximum number of "
                                + "shoots scheduled on it (1)"),
                Arguments.of(
                        "moving without backups",
                        "binding",
                        "seed",
                        "full",
                        403,
                        FORBIDDEN + "cannot change seed name because backup is not configured for old seed \"seed\""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seedChanges")
    void seedNameChanges(String name, String subresource, String oldSeed, String newSeed, int code, String message) {
        objects.put(GardenObjects.SHOOTS, "{metadata: {name: other, namespace: garden-dev}, spec: {seedName: full}}");
        ObjectNode old = ShootFixtures.shoot();
        if (oldSeed != null) {
            ((ObjectNode) old.get("spec")).put("seedName", oldSeed);
        }
        ObjectNode shoot = ShootFixtures.shoot();
        if (newSeed != null) {
            ((ObjectNode) shoot.get("spec")).put("seedName", newSeed);
        }
        if ("full".equals(newSeed) && oldSeed != null) {
            objects.put(GardenObjects.SHOOTS, "{metadata: {name: other, namespace: garden-dev}, spec: {}}");
        }
        Future<Void> result = plugin.validate(
                Requests.of(SHOOT, GardenObjects.SHOOTS, subresource, Operation.UPDATE, shoot, old, Requests.ALICE));
        if (code == 0) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.getMessage()).isEqualTo(message);
    }

    /** The stored shoot holds its integers as longs, the patched one as ints: that is no change of the spec. */
    @Test
    void reschedulingThroughBindingComparesNumbersByValue() {
        String withBackup = ShootFixtures.SEED.replace("spec:\n", "spec:\n  backup: {provider: local}\n");
        objects.put(GardenObjects.SEEDS, withBackup);
        objects.put(GardenObjects.SEEDS, withBackup.replace("name: seed,", "name: other,"));
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.get("spec")).put("seedName", "seed");
        at(old, "/spec/kubernetes").putObject("kubeAPIServer").put("defaultNotReadyTolerationSeconds", 300L);
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put("seedName", "other");
        at(shoot, "/spec/kubernetes").putObject("kubeAPIServer").put("defaultNotReadyTolerationSeconds", 300);
        Future<Void> moved = plugin.validate(
                Requests.of(SHOOT, GardenObjects.SHOOTS, "binding", Operation.UPDATE, shoot, old, Requests.ALICE));
        assertThat(moved.succeeded()).as(String.valueOf(moved.cause())).isTrue();

        at(shoot, "/spec/kubernetes/kubeAPIServer").put("defaultNotReadyTolerationSeconds", 301);
        ApiException e = rejection(plugin.validate(
                Requests.of(SHOOT, GardenObjects.SHOOTS, "binding", Operation.UPDATE, shoot, old, Requests.ALICE)));
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "only spec.seedName can be changed using the binding subresource "
                        + "when the shoot is being rescheduled to a new seed");
    }

    /** On a seed in deletion only the deletion confirmation may change among the annotations; none and {} are alike. */
    @Test
    void aShootOnASeedInDeletionKeepsItsAnnotations() {
        objects.put(
                GardenObjects.SEEDS,
                ShootFixtures.SEED.replace(
                        "metadata: {name: seed,",
                        "metadata: {name: seed, deletionTimestamp: \"2026-01-01T00:00:00Z\","));
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.get("spec")).put("seedName", "seed");
        ObjectNode labelled = old.deepCopy();
        labelled.withObjectProperty("metadata").putObject("annotations");
        labelled.withObjectProperty("metadata").withObjectProperty("labels").put("team", "a");
        Future<Void> result = plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, labelled, old));
        assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();

        ObjectNode emptied = labelled.deepCopy();
        emptied.withObjectProperty("metadata").remove("annotations");
        emptied.withObjectProperty("metadata").withObjectProperty("labels").put("team", "b");
        Future<Void> fromEmpty = plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, emptied, labelled));
        assertThat(fromEmpty.succeeded()).as(String.valueOf(fromEmpty.cause())).isTrue();

        ObjectNode confirmed = old.deepCopy();
        confirmed
                .withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put("confirmation.gardener.cloud/deletion", "true");
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, confirmed, old))
                        .succeeded())
                .isTrue();

        ObjectNode annotated = old.deepCopy();
        annotated
                .withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put("team", "a");
        assertThat(rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, annotated, old)))
                        .getMessage())
                .isEqualTo(FORBIDDEN + "cannot update annotations of shoot 'crazy' on seed 'seed' already marked for "
                        + "deletion: only the 'confirmation.gardener.cloud/deletion' annotation can be changed");
    }

    @Test
    void deletionDuringMigrationIsForbidden() {
        ObjectNode old = ShootFixtures.shoot();
        old.putObject("status")
                .putObject("lastOperation")
                .put("type", "Migrate")
                .put("state", "Processing");
        ApiException e = rejection(plugin.validate(Requests.delete(SHOOT, GardenObjects.SHOOTS, old)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "cannot mark shoot for deletion during Migrate operation that is "
                        + "in state Processing");
        ObjectNode restored = ShootFixtures.shoot();
        restored.putObject("status")
                .putObject("lastOperation")
                .put("type", "Restore")
                .put("state", "Succeeded");
        assertThat(plugin.validate(Requests.delete(SHOOT, GardenObjects.SHOOTS, restored))
                        .succeeded())
                .isTrue();
    }

    @Test
    void specChangesDuringRestoreAreForbidden() {
        ObjectNode old = ShootFixtures.shoot();
        old.putObject("status")
                .putObject("lastOperation")
                .put("type", "Restore")
                .put("state", "Processing");
        ObjectNode shoot = old.deepCopy();
        at(shoot, "/spec/provider/workers/0").put("maximum", 3);
        ApiException e = rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old)));
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "cannot change shoot spec during Restore operation that is in "
                        + "state Processing");
    }

    @Test
    void hibernationNeedsTheConstraintToAllowIt() {
        ObjectNode old = ShootFixtures.shoot();
        old.putObject("status")
                .putArray("constraints")
                .addObject()
                .put("type", "HibernationPossible")
                .put("status", "False")
                .put("message", "webhooks would block waking up");
        ObjectNode shoot = old.deepCopy();
        shoot.withObjectProperty("spec").putObject("hibernation").put("enabled", true);
        ApiException e = rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old)));
        assertThat(e.getMessage())
                .isEqualTo(
                        FORBIDDEN + "'HibernationPossible' constraint is 'False': webhooks would " + "block waking up");
    }

    @Test
    void aDomainOfAnotherShootIsRefused() {
        objects.put(
                GardenObjects.SHOOTS,
                "{metadata: {name: other, namespace: garden-x}, spec: {dns: {domain: a.example.com}}}");
        ObjectNode same = ShootFixtures.shoot();
        same.withObjectProperty("spec").putObject("dns").put("domain", "a.example.com");
        assertThat(rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, same)))
                        .getMessage())
                .isEqualTo(FORBIDDEN + "spec.dns.domain: Duplicate value: \"a.example.com\"");
        ObjectNode sub = ShootFixtures.shoot();
        sub.withObjectProperty("spec").putObject("dns").put("domain", "b.a.example.com");
        assertThat(rejection(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, sub)))
                        .getMessage())
                .isEqualTo(
                        FORBIDDEN + "spec.dns.domain: Forbidden: the domain is already used by another shoot or it is "
                                + "a subdomain of an already used domain");
        ObjectNode own = ShootFixtures.shoot();
        own.withObjectProperty("spec").putObject("dns").put("domain", "xa.example.com");
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, own))
                        .succeeded())
                .isTrue();
    }

    @Test
    void otherSubresourcesAndKindsAreIgnored() {
        ObjectNode shoot = ShootFixtures.shoot();
        at(shoot, "/spec/kubernetes").put("version", "1.99.0");
        assertThat(plugin.validate(Requests.of(
                                SHOOT,
                                GardenObjects.SHOOTS,
                                "status",
                                Operation.UPDATE,
                                shoot,
                                ShootFixtures.shoot(),
                                Requests.ALICE))
                        .succeeded())
                .isTrue();
        assertThat(plugin.validate(Requests.create(
                                new cloud.gardener.apiserver.api.meta.GroupVersionKind(
                                        "core.gardener.cloud", "v1beta1", "Seed"),
                                GardenObjects.SEEDS,
                                shoot))
                        .succeeded())
                .isTrue();
    }

    @Test
    void notReadyIsForbidden() {
        ShootValidatorPlugin waiting =
                new ShootValidatorPlugin(new PluginContext(new InMemoryObjects().notReady(), null, null, CLOCK));
        ApiException e =
                rejection(waiting.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, ShootFixtures.shoot())));
        assertThat(e.getMessage()).isEqualTo(FORBIDDEN + "not yet ready to handle request");
    }

    private static ApiException rejection(Future<Void> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        return (ApiException) result.cause();
    }
}
