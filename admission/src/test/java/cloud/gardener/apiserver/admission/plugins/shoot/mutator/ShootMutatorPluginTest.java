package cloud.gardener.apiserver.admission.plugins.shoot.mutator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Mutation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootMutatorPluginTest {

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.SEEDS, ShootFixtures.SEED);
    private final ShootMutatorPlugin plugin = new ShootMutatorPlugin(new PluginContext(objects, null, null, CLOCK));

    private static ObjectNode worker(ObjectNode shoot) {
        return (ObjectNode) shoot.at("/spec/provider/workers/0");
    }

    /** (case, change to the sent shoot, expected field, expected value). */
    static Stream<Arguments> defaults() {
        return Stream.of(
                Arguments.of(
                        "major.minor becomes the latest supported patch",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.35"),
                        "/spec/kubernetes/version",
                        "1.35.4"),
                Arguments.of(
                        "major only becomes the latest supported version, preview left out",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1"),
                        "/spec/kubernetes/version",
                        "1.35.4"),
                Arguments.of(
                        "no version becomes the latest supported version",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).remove("version"),
                        "/spec/kubernetes/version",
                        "1.35.4"),
                Arguments.of(
                        "a full version stays, even one the profile lacks",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.99.0"),
                        "/spec/kubernetes/version",
                        "1.99.0"),
                Arguments.of(
                        "a worker's major.minor is defaulted too",
                        (Consumer<ObjectNode>)
                                s -> worker(s).putObject("kubernetes").put("version", "1.34"),
                        "/spec/provider/workers/0/kubernetes/version",
                        "1.34.7"),
                Arguments.of(
                        "image without version: latest non-preview version",
                        (Consumer<ObjectNode>)
                                s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine/image")).remove("version"),
                        "/spec/provider/workers/0/machine/image/version",
                        "15.4.20220818"),
                Arguments.of(
                        "no image: the first image with the worker's architecture",
                        (Consumer<ObjectNode>)
                                s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine")).remove("image"),
                        "/spec/provider/workers/0/machine/image/name",
                        "gardenlinux"),
                Arguments.of(
                        "the architecture comes from the machine type",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine"))
                                .put("type", "a1.large")
                                .remove(java.util.List.of("image", "architecture")),
                        "/spec/provider/workers/0/machine/architecture",
                        "arm64"),
                Arguments.of(
                        "the image version fits the architecture",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine"))
                                .put("type", "a1.large")
                                .remove(java.util.List.of("image", "architecture")),
                        "/spec/provider/workers/0/machine/image/version",
                        "14.0.0"),
                Arguments.of(
                        "an unknown machine type is amd64",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine"))
                                .put("type", "zz")
                                .remove("architecture"),
                        "/spec/provider/workers/0/machine/architecture",
                        "amd64"),
                Arguments.of(
                        "created-by is the requesting user",
                        (Consumer<ObjectNode>) s -> {},
                        "/metadata/annotations/gardener.cloud~1created-by",
                        "alice"),
                Arguments.of(
                        "creation asks for infrastructure and DNS records",
                        (Consumer<ObjectNode>) s -> {},
                        "/metadata/annotations/shoot.gardener.cloud~1tasks",
                        "deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress"),
                Arguments.of(
                        "the etcd encryption key rotates every 28 days",
                        (Consumer<ObjectNode>) s -> {},
                        "/spec/maintenance/autoRotation/credentials/etcdEncryptionKey/rotationPeriod",
                        "672h0m0s"),
                Arguments.of(
                        "a set rotation period stays",
                        (Consumer<ObjectNode>) s -> s.withObjectProperty("spec")
                                .withObjectProperty("maintenance")
                                .withObjectProperty("autoRotation")
                                .withObjectProperty("credentials")
                                .putObject("etcdEncryptionKey")
                                .put("rotationPeriod", "24h0m0s"),
                        "/spec/maintenance/autoRotation/credentials/etcdEncryptionKey/rotationPeriod",
                        "24h0m0s"),
                Arguments.of(
                        "pods come from the seed's shoot defaults",
                        (Consumer<ObjectNode>) s -> {
                            ((ObjectNode) s.get("spec")).put("seedName", "seed");
                            ((ObjectNode) s.at("/spec/networking")).remove("pods");
                        },
                        "/spec/networking/pods",
                        "100.96.0.0/11"),
                Arguments.of(
                        "services come from the seed's shoot defaults",
                        (Consumer<ObjectNode>) s -> {
                            ((ObjectNode) s.get("spec")).put("seedName", "seed");
                            ((ObjectNode) s.at("/spec/networking")).remove("services");
                        },
                        "/spec/networking/services",
                        "100.64.0.0/13"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("defaults")
    void createIsMutated(String name, Consumer<ObjectNode> change, String field, String expected) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        ObjectNode before = shoot.deepCopy();
        Future<Mutation> result = plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot));
        // it writes only where it says it does
        Outcomes.acceptedAnsweringItsWrites(result, before, shoot);
        assertThat(shoot.at(field).asText()).isEqualTo(expected);
    }

    /** (case, change, expected 403 message after the "is forbidden: " prefix). */
    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of(
                        "no supported version of that minor",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.36"),
                        "spec.kubernetes.version: Invalid value: \"1.36\": couldn't find a suitable version for 1.36. "
                                + "Suitable versions have a non-expired expiration date and are no 'preview' versions. "
                                + "'Preview'-classified versions have to be selected explicitly"),
                Arguments.of(
                        "a version part that is no number",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.x"),
                        "spec.kubernetes.version: Invalid value: \"x\": must be a semantic version"),
                Arguments.of(
                        "an image the profile lacks",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine/image"))
                                .put("name", "suse")
                                .remove("version"),
                        "spec.provider.workers[0]: Invalid value: \"suse\": image is not supported"),
                Arguments.of(
                        "no image version of that major",
                        (Consumer<ObjectNode>)
                                s -> ((ObjectNode) s.at("/spec/provider/workers/0/machine/image")).put("version", "99"),
                        "spec.provider.workers[0]: Invalid value: \"gardenlinux@99\": failed to determine latest "
                                + "machine image from cloud profile: unable to determine latest expirable version"),
                Arguments.of(
                        "several errors are aggregated",
                        (Consumer<ObjectNode>) s -> {
                            ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.x");
                            ((ObjectNode) s.at("/spec/provider/workers/0/machine/image")).put("name", "suse");
                        },
                        "[spec.kubernetes.version: Invalid value: \"x\": must be a semantic version, "
                                + "spec.provider.workers[0]: Invalid value: \"suse\": image is not supported]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void createIsRefused(String name, Consumer<ObjectNode> change, String message) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        ApiException e = rejection(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo("shoots.core.gardener.cloud \"crazy\" is forbidden: " + message);
    }

    @Test
    void anUpdateKeepsTheStoredImageAndAddsNoCreationMarks() {
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.at("/spec/provider/workers/0/machine/image")).put("version", "15.4.20220620");
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.at("/spec/provider/workers/0/machine")).remove("image");
        Attributes update = Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old);
        assertThat(plugin.admit(update).succeeded()).isTrue();
        assertThat(shoot.at("/spec/provider/workers/0/machine/image/version").asText())
                .isEqualTo("15.4.20220620");
        assertThat(shoot.at("/metadata/annotations/gardener.cloud~1created-by").isMissingNode())
                .isTrue();
        assertThat(shoot.at("/metadata/annotations/shoot.gardener.cloud~1tasks").isMissingNode())
                .isTrue();
    }

    @Test
    void aNamespacedCloudProfileWithoutStatusIsMutatedAgainstTheZeroSpec() {
        // GetCloudProfileSpec answers the zero status spec (not nil) before the controller fills it: Go mutates on
        objects.put(GardenObjects.NAMESPACED_CLOUD_PROFILES, """
                metadata: {name: fresh, namespace: garden-dev}
                spec: {parent: {kind: CloudProfile, name: profile}}
                """);
        ObjectNode shoot = ShootFixtures.shoot();
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.putObject("cloudProfile").put("kind", "NamespacedCloudProfile").put("name", "fresh");
        ((ObjectNode) spec.get("provider")).remove("workers");
        assertThat(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/metadata/annotations/gardener.cloud~1created-by").asText())
                .isEqualTo(Requests.ALICE.name());
    }

    @Test
    void aCreateWithoutOptionalSectionsIsDefaulted() {
        ObjectNode shoot = ShootFixtures.shoot();
        ObjectNode spec = (ObjectNode) shoot.get("spec");
        spec.remove(java.util.List.of("networking", "maintenance", "kubernetes"));
        ((ObjectNode) spec.get("provider")).remove("workers");
        assertThat(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/spec/kubernetes/version").asText()).isEqualTo("1.35.4");
        assertThat(shoot.at("/spec/maintenance/autoRotation/credentials/etcdEncryptionKey/rotationPeriod")
                        .asText())
                .isEqualTo("672h0m0s");
        assertThat(shoot.at("/metadata/annotations/shoot.gardener.cloud~1tasks").asText())
                .isEqualTo(
                        "deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress");
    }

    @Test
    void anUpdateOfTheImageWithoutVersionKeepsTheStoredVersionAndTakesTheNewProviderConfig() {
        ObjectNode old = ShootFixtures.shoot();
        ((ObjectNode) old.at("/spec/provider/workers/0/machine/image"))
                .put("version", "15.4.20220620")
                .putObject("providerConfig")
                .put("old", true);
        ObjectNode shoot = ShootFixtures.shoot();
        ObjectNode image = (ObjectNode) shoot.at("/spec/provider/workers/0/machine/image");
        image.remove("version");
        image.putObject("providerConfig").put("new", true);
        assertThat(plugin.admit(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/spec/provider/workers/0/machine/image").toString())
                .isEqualTo(
                        "{\"name\":\"gardenlinux\",\"providerConfig\":{\"new\":true},\"version\":\"15.4.20220620\"}");
    }

    @Test
    void wakingUpAndChangingDnsAskForTheirTasks() {
        ObjectNode old = ShootFixtures.shoot();
        old.withObjectProperty("spec").putObject("hibernation").put("enabled", true);
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("spec").putObject("hibernation").put("enabled", false);
        assertThat(plugin.admit(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/metadata/annotations/shoot.gardener.cloud~1tasks").asText())
                .isEqualTo(
                        "deployInfrastructure,deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress");

        ObjectNode renamed = ShootFixtures.shoot();
        renamed.withObjectProperty("spec").putObject("dns").put("domain", "new.example.com");
        assertThat(plugin.admit(Requests.update(SHOOT, GardenObjects.SHOOTS, renamed, ShootFixtures.shoot()))
                        .succeeded())
                .isTrue();
        assertThat(renamed.at("/metadata/annotations/shoot.gardener.cloud~1tasks")
                        .asText())
                .isEqualTo("deployDNSRecordInternal,deployDNSRecordExternal,deployDNSRecordIngress");
    }

    @Test
    void aFailedShootWithConfinedRolloutIsMarkedForRetryOnSpecChange() {
        ObjectNode old = ShootFixtures.shoot();
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("spec").putObject("maintenance").put("confineSpecUpdateRollout", true);
        shoot.putObject("status")
                .putObject("lastOperation")
                .put("state", "Failed")
                .put("type", "Reconcile");
        assertThat(plugin.admit(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/metadata/annotations/maintenance.shoot.gardener.cloud~1needs-retry-operation")
                        .asText())
                .isEqualTo("true");
    }

    @Test
    void bothCloudProfileFieldsOnCreateAreAnError() {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put("cloudProfileName", "profile");
        ApiException e = rejection(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("new shoot can only specify either cloudProfileName or cloudProfile reference");
    }

    @Test
    void aMissingCloudProfileIsAnInternalError() {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.at("/spec/cloudProfile")).put("name", "gone");
        ApiException e = rejection(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage())
                .isEqualTo("Internal error occurred: could not find referenced cloud profile: "
                        + "cloudprofile.core.gardener.cloud \"gone\" not found");
    }

    @Test
    void withoutCloudProfileNothingIsDefaulted() {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).remove("cloudProfile");
        ((ObjectNode) shoot.at("/spec/kubernetes")).remove("version");
        assertThat(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot))
                        .succeeded())
                .isTrue();
        assertThat(shoot.at("/spec/kubernetes/version").isMissingNode()).isTrue();
        assertThat(shoot.at("/metadata/annotations").isMissingNode()).isTrue();
    }

    @Test
    void notReadyIsForbidden() {
        ShootMutatorPlugin waiting =
                new ShootMutatorPlugin(new PluginContext(new InMemoryObjects().notReady(), null, null, CLOCK));
        ApiException e = rejection(waiting.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, ShootFixtures.shoot())));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).endsWith("is forbidden: not yet ready to handle request");
    }

    private static ApiException rejection(Future<?> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        return (ApiException) result.cause();
    }
}
