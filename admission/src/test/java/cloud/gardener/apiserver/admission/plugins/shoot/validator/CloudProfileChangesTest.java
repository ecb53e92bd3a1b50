package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Changing a shoot's cloud profile reference, as Gardener's {@code ValidateCloudProfileChanges} cases: CloudProfile
 * "profile" with the NamespacedCloudProfiles "ns-profile" and "ns-profile-2" below it (both offering a few extras),
 * "ns-empty" below it whose status the controller has not filled yet, and the unrelated hierarchy "other"/"ns-other".
 */
class CloudProfileChangesTest {

    private static final String SAME_HIERARCHY = ". The cloud profile reference must remain within the same hierarchy";

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE.replace("name: profile", "name: other"))
            .put(GardenObjects.PROJECTS, ShootFixtures.PROJECT)
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, namespaced("ns-profile", "profile", true))
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, namespaced("ns-profile-2", "profile", true))
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, namespaced("ns-empty", "profile", false))
            .put(GardenObjects.NAMESPACED_CLOUD_PROFILES, namespaced("ns-other", "other", true));

    private final ShootValidatorPlugin plugin = new ShootValidatorPlugin(new PluginContext(objects, null, null, CLOCK));

    /** A NamespacedCloudProfile whose status holds the parent's spec plus a machine type, volume type and image version. */
    private static ObjectNode namespaced(String name, String parent, boolean withStatus) {
        ObjectNode ncp = Requests.object("""
                apiVersion: core.gardener.cloud/v1beta1
                kind: NamespacedCloudProfile
                metadata: {name: NAME, namespace: garden-dev}
                spec: {parent: {kind: CloudProfile, name: PARENT}}
                """.replace("NAME", name).replace("PARENT", parent));
        if (withStatus) {
            ObjectNode spec = (ObjectNode)
                    Requests.object(ShootFixtures.CLOUD_PROFILE).get("spec").deepCopy();
            spec.withArray("machineTypes")
                    .addObject()
                    .put("name", "special.large")
                    .put("cpu", "2")
                    .put("gpu", "0")
                    .put("memory", "8Gi")
                    .put("usable", true)
                    .put("architecture", "amd64");
            spec.withArray("volumeTypes")
                    .addObject()
                    .put("name", "special-volume")
                    .put("class", "standard")
                    .put("usable", true);
            ((ObjectNode) spec.withArray("machineImages").get(0))
                    .withArray("versions")
                    .addObject()
                    .put("version", "1592.1.0-dev")
                    .putArray("architectures")
                    .add("amd64");
            ncp.putObject("status").set("cloudProfileSpec", spec);
        }
        return ncp;
    }

    private static Consumer<ObjectNode> ref(String kind, String name) {
        return s -> {
            s.withObjectProperty("spec").remove("cloudProfileName");
            ObjectNode ref =
                    s.withObjectProperty("spec").putObject("cloudProfile").put("name", name);
            if (kind != null) {
                ref.put("kind", kind);
            }
        };
    }

    private static Consumer<ObjectNode> name(String name) {
        return s -> {
            s.withObjectProperty("spec").remove("cloudProfile");
            s.withObjectProperty("spec").put("cloudProfileName", name);
        };
    }

    @SuppressWarnings("UnnecessaryLambda") // a named no-op edit, as data in the parameter table
    private static final Consumer<ObjectNode> SAME_WORKERS = s -> {};

    /** (case, old reference, new reference, the workers of both shoots, 0 when admitted or the code, message). */
    static Stream<Arguments> changes() {
        return Stream.of(
                Arguments.of(
                        "cloudProfileName to cloudProfile without kind",
                        name("profile"),
                        ref(null, "profile"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "cloudProfile to cloudProfileName",
                        ref("CloudProfile", "profile"),
                        name("profile"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "cloudProfileName to a descendant NamespacedCloudProfile",
                        name("profile"),
                        ref("NamespacedCloudProfile", "ns-profile"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "cloudProfile to a descendant NamespacedCloudProfile",
                        ref("CloudProfile", "profile"),
                        ref("NamespacedCloudProfile", "ns-profile"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "a NamespacedCloudProfile to its parent",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("CloudProfile", "profile"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "a NamespacedCloudProfile to a sibling",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("NamespacedCloudProfile", "ns-profile-2"),
                        SAME_WORKERS,
                        0,
                        ""),
                Arguments.of(
                        "a CloudProfile to another CloudProfile",
                        name("profile"),
                        ref("CloudProfile", "other"),
                        SAME_WORKERS,
                        500,
                        "cloud profile reference change is invalid: cannot change from \"profile\" to " + "\"other\""
                                + SAME_HIERARCHY),
                Arguments.of(
                        "a CloudProfile to an unrelated NamespacedCloudProfile",
                        name("profile"),
                        ref("NamespacedCloudProfile", "ns-other"),
                        SAME_WORKERS,
                        500,
                        "cloud profile reference change is "
                                + "invalid: cannot change from \"profile\" to \"ns-other\" (root: \"other\")"
                                + SAME_HIERARCHY),
                Arguments.of(
                        "NamespacedCloudProfiles of different parents",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("NamespacedCloudProfile", "ns-other"),
                        SAME_WORKERS,
                        500,
                        "cloud profile reference change is "
                                + "invalid: cannot change from \"ns-profile\" (root: \"profile\") to \"ns-other\" (root: "
                                + "\"other\")" + SAME_HIERARCHY),
                Arguments.of(
                        "from a NamespacedCloudProfile that is gone",
                        ref("NamespacedCloudProfile", "ns-gone"),
                        ref("CloudProfile", "profile"),
                        SAME_WORKERS,
                        404,
                        "namespacedcloudprofile.core.gardener.cloud \"ns-gone\" not found"),
                Arguments.of(
                        "to a parent without the worker's machine type",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("CloudProfile", "profile"),
                        (Consumer<ObjectNode>)
                                s -> worker(s).withObjectProperty("machine").put("type", "special.large"),
                        500,
                        "newly referenced cloud profile does not contain the "
                                + "machine type \"special.large\" currently in use by worker \"cpu\""),
                Arguments.of(
                        "to a parent without the worker's volume type",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("CloudProfile", "profile"),
                        (Consumer<ObjectNode>)
                                s -> worker(s).withObjectProperty("volume").put("type", "special-volume"),
                        500,
                        "newly referenced cloud profile does not contain the "
                                + "volume type \"special-volume\" currently in use by worker \"cpu\""),
                Arguments.of(
                        "to a parent without the worker's image version",
                        ref("NamespacedCloudProfile", "ns-profile"),
                        ref("CloudProfile", "profile"),
                        (Consumer<ObjectNode>) s -> worker(s)
                                .withObjectProperty("machine")
                                .withObjectProperty("image")
                                .put("version", "1592.1.0-dev"),
                        500,
                        "newly referenced cloud profile does "
                                + "not contain the machine image version \"gardenlinux@1592.1.0-dev\" currently in use by "
                                + "worker \"cpu\""),
                Arguments.of(
                        "to a NamespacedCloudProfile whose status is not filled yet",
                        ref("CloudProfile", "profile"),
                        ref("NamespacedCloudProfile", "ns-empty"),
                        SAME_WORKERS,
                        500,
                        "newly referenced cloud profile "
                                + "does not contain the machine image version \"gardenlinux@15.4.20220818\" currently in "
                                + "use by worker \"cpu\""),
                Arguments.of(
                        "to one without the machine type, with no image set",
                        ref("CloudProfile", "profile"),
                        ref("NamespacedCloudProfile", "ns-empty"),
                        (Consumer<ObjectNode>)
                                s -> worker(s).withObjectProperty("machine").remove("image"),
                        500,
                        "newly referenced cloud profile does not contain the machine type "
                                + "\"m5.large\" currently in use by worker \"cpu\""));
    }

    @org.junit.jupiter.api.Test
    void aNamespacedCloudProfileWithoutStatusOffersNothing() {
        ObjectNode shoot = ShootFixtures.shoot();
        ref("NamespacedCloudProfile", "ns-empty").accept(shoot);
        Future<Void> result = plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot));
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .startsWith("shoots.core.gardener.cloud \"crazy\" is forbidden: [")
                .contains("spec.provider.type: Invalid value: \"local\": provider type in shoot must equal provider "
                        + "type of referenced CloudProfile: \"\"");
    }

    private static ObjectNode worker(ObjectNode shoot) {
        return (ObjectNode) shoot.at("/spec/provider/workers/0");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("changes")
    void cloudProfileReferenceChanges(
            String name,
            Consumer<ObjectNode> oldRef,
            Consumer<ObjectNode> newRef,
            Consumer<ObjectNode> workers,
            int code,
            String message) {
        ObjectNode old = ShootFixtures.shoot();
        workers.accept(old);
        oldRef.accept(old);
        ObjectNode shoot = ShootFixtures.shoot();
        workers.accept(shoot);
        newRef.accept(shoot);
        Future<Void> result = plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, shoot, old));
        if (code == 0) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.getMessage()).isEqualTo(message);
    }
}
