package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.FeatureGates;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.plugins.support.GardenerResources;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The live control plane migration rules, as Gardener's "live control plane migration" cases: a shoot annotated
 * {@code migration.gardener.cloud/live-migrate=true} moves through {@code shoots/binding} from seed "source"
 * (eu-west-1) to seed "destination".
 */
class LiveMigrationTest {

    private static final String FORBIDDEN = "shoots.core.gardener.cloud \"crazy\" is forbidden: ";
    private static final String SEED = """
            apiVersion: core.gardener.cloud/v1beta1
            kind: Seed
            metadata: {name: NAME}
            spec:
              provider: {type: local, region: eu-west-1, zones: [a, b, c]}
              backup: {provider: local}
              dns: {internal: {domain: internal.example.com}}
              networks: {nodes: 10.240.0.0/16, pods: 10.241.128.0/17, services: 10.241.0.0/17}
            status: {gardener: {version: v1.100.0}}
            """;
    private static final String REGION_CONFIG = """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: scheduler-region-config
              namespace: garden
              labels: {scheduling.gardener.cloud/purpose: region-config}
              annotations: {scheduling.gardener.cloud/cloudprofiles: "other, profile"}
            data:
              eu-west-1: "eu-central-1: 50\\nus-east-1: 999\\n"
            """;

    /** One request's world: both shoots, both seeds, the region ConfigMaps and the gate. */
    static final class Case {
        ObjectNode old = ShootFixtures.shoot();
        ObjectNode shoot;
        ObjectNode source = Requests.object(SEED.replace("NAME", "source"));
        ObjectNode destination = Requests.object(SEED.replace("NAME", "destination"));
        ObjectNode regionConfig;
        List<ObjectNode> moreConfigMaps = new java.util.ArrayList<>();
        boolean gate = true;
        Operation operation = Operation.UPDATE;
        String subresource = "binding";

        Case() {
            old.withObjectProperty("metadata")
                    .withObjectProperty("annotations")
                    .put(LiveMigration.LIVE_MIGRATE, "true");
            old.withObjectProperty("spec")
                    .put("seedName", "source")
                    .putObject("controlPlane")
                    .putObject("highAvailability");
            shoot = old.deepCopy();
            shoot.withObjectProperty("spec").put("seedName", "destination");
        }

        /** Sets an annotation on both shoots (binding allows no other change). */
        void annotate(String key, String value) {
            old.withObjectProperty("metadata").withObjectProperty("annotations").put(key, value);
            shoot.withObjectProperty("metadata")
                    .withObjectProperty("annotations")
                    .put(key, value);
        }

        void spec(Consumer<ObjectNode> change) {
            change.accept(old.withObjectProperty("spec"));
            change.accept(shoot.withObjectProperty("spec"));
        }

        void distantDestination(String region) {
            destination
                    .withObjectProperty("spec")
                    .withObjectProperty("provider")
                    .put("region", region);
            regionConfig = Requests.object(REGION_CONFIG);
        }
    }

    private Case c;

    @BeforeEach
    void setUp() {
        c = new Case();
    }

    /** (case, setup, null when admitted or the 403 message after the prefix). */
    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("a valid live migration", (Consumer<Case>) x -> {}, null),
                Arguments.of(
                        "the annotation on creation",
                        (Consumer<Case>) x -> {
                            x.operation = Operation.CREATE;
                            x.subresource = "";
                            x.shoot.withObjectProperty("spec").remove("seedName");
                        },
                        "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: annotation must not be set "
                                + "on shoot creation"),
                Arguments.of(
                        "a seed change by patching the shoot (scheduling refuses it first)",
                        (Consumer<Case>) x -> x.subresource = "",
                        "spec.seedName 'source' cannot be changed to 'destination' by patching the "
                                + "shoot, please use the shoots/binding subresource"),
                Arguments.of(
                        "no annotation: the classic migration",
                        (Consumer<Case>) x -> {
                            x.old.withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .remove(LiveMigration.LIVE_MIGRATE);
                            x.shoot
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .remove(LiveMigration.LIVE_MIGRATE);
                            x.spec(s -> s.remove("controlPlane"));
                        },
                        null),
                Arguments.of(
                        "an annotation that is not true",
                        (Consumer<Case>) x -> {
                            x.annotate(LiveMigration.LIVE_MIGRATE, "false");
                            x.spec(s -> s.remove("controlPlane"));
                        },
                        null),
                Arguments.of(
                        "an annotation in another of Go's spellings of true",
                        (Consumer<Case>) x -> {
                            x.annotate(LiveMigration.LIVE_MIGRATE, "T");
                            x.spec(s -> s.remove("controlPlane"));
                        },
                        "spec.seedName: Forbidden: shoot control plane must be configured for high availability to perform "
                                + "a live control plane migration"),
                Arguments.of(
                        "an unchanged seed name",
                        (Consumer<Case>) x -> {
                            x.subresource = "";
                            x.shoot.withObjectProperty("spec").put("seedName", "source");
                            x.shoot
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("labels")
                                    .put("team", "a");
                            x.spec(s -> s.remove("controlPlane"));
                        },
                        null),
                Arguments.of(
                        "the gate off, on the main resource",
                        (Consumer<Case>) x -> {
                            x.gate = false;
                            x.subresource = "";
                            x.old.withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .remove(LiveMigration.LIVE_MIGRATE);
                            x.shoot.withObjectProperty("spec").put("seedName", "source");
                        },
                        "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: the "
                                + "\"LiveControlPlaneMigration\" feature gate is disabled in gardener-apiserver"),
                Arguments.of(
                        "the gate off, on the binding",
                        (Consumer<Case>) x -> x.gate = false,
                        "metadata.annotations[migration.gardener.cloud/live-migrate]: Forbidden: the "
                                + "\"LiveControlPlaneMigration\" feature gate is disabled in gardener-apiserver"),
                Arguments.of(
                        "a control plane without high availability",
                        (Consumer<Case>) x -> x.spec(s -> s.remove("controlPlane")),
                        "spec.seedName: Forbidden: shoot control plane must be "
                                + "configured for high availability to perform a live control plane migration"),
                Arguments.of(
                        "a hibernated shoot",
                        (Consumer<Case>)
                                x -> x.spec(s -> s.putObject("hibernation").put("enabled", true)),
                        "spec.seedName: Forbidden: live "
                                + "control plane migration is not supported for hibernated or waking-up shoots"),
                Arguments.of(
                        "a waking-up shoot",
                        (Consumer<Case>) x -> {
                            x.old.putObject("status").put("hibernated", true);
                            x.shoot.putObject("status").put("hibernated", true);
                        },
                        "spec.seedName: Forbidden: live control plane migration is not supported for hibernated or waking-up "
                                + "shoots"),
                Arguments.of(
                        "a shoot waking up by its spec",
                        (Consumer<Case>) x -> {
                            x.spec(s -> s.putObject("hibernation").put("enabled", false));
                            x.old.putObject("status").put("hibernated", true);
                            x.shoot.putObject("status").put("hibernated", true);
                        },
                        "spec.seedName: Forbidden: live control plane migration is not supported for hibernated or waking-up "
                                + "shoots"),
                Arguments.of(
                        "a status member that is not Gardener's (isHibernated; Go's json name is hibernated)",
                        (Consumer<Case>) x -> {
                            x.old.putObject("status").put("isHibernated", true);
                            x.shoot.putObject("status").put("isHibernated", true);
                        },
                        null),
                Arguments.of(
                        "several unmet prerequisites at once",
                        (Consumer<Case>) x -> {
                            x.spec(s -> s.remove("controlPlane"));
                            x.spec(s -> s.putObject("hibernation").put("enabled", true));
                            x.destination
                                    .withObjectProperty("spec")
                                    .withObjectProperty("provider")
                                    .put("type", "different");
                        },
                        "[spec.seedName: Forbidden: shoot control plane must be configured for high availability to perform "
                                + "a live control plane migration, spec.seedName: Forbidden: live control plane migration is not "
                                + "supported for hibernated or waking-up shoots, spec.seedName: Forbidden: source and destination "
                                + "seeds must use the same provider type (local -> different)]"),
                Arguments.of(
                        "another provider type",
                        (Consumer<Case>) x -> x.destination
                                .withObjectProperty("spec")
                                .withObjectProperty("provider")
                                .put("type", "different"),
                        "spec.seedName: Forbidden: source and destination seeds must use the same provider type "
                                + "(local -> different)"),
                Arguments.of(
                        "no gardenlet version on the destination",
                        (Consumer<Case>) x -> x.destination.remove("status"),
                        "spec.seedName: Forbidden: gardenlet version not reported for "
                                + "destination seed \"destination\""),
                Arguments.of(
                        "no gardenlet version on either seed",
                        (Consumer<Case>) x -> {
                            x.source.remove("status");
                            x.destination.remove("status");
                        },
                        "[spec.seedName: Forbidden: gardenlet version not reported for source seed \"source\", "
                                + "spec.seedName: Forbidden: gardenlet version not reported for destination seed \"destination\"]"),
                Arguments.of(
                        "different gardenlet versions",
                        (Consumer<Case>) x -> x.destination
                                .withObjectProperty("status")
                                .withObjectProperty("gardener")
                                .put("version", "v1.101.0"),
                        "spec.seedName: Forbidden: source and destination seeds must run the same gardenlet version "
                                + "(source: v1.100.0, destination: v1.101.0)"),
                Arguments.of(
                        "a near region within the default threshold (180)",
                        (Consumer<Case>) x -> x.distantDestination("eu-central-1"),
                        null),
                Arguments.of(
                        "a region beyond the threshold",
                        (Consumer<Case>) x -> x.distantDestination("us-east-1"),
                        "spec.seedName: Forbidden: distance 999 from source region eu-west-1 to destination region "
                                + "us-east-1 exceeds threshold 180"),
                Arguments.of(
                        "the ConfigMap's own threshold",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.regionConfig
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .put(LiveMigration.DISTANCE_THRESHOLD, "40");
                        },
                        "spec.seedName: Forbidden: distance 50 from source region eu-west-1 to destination region "
                                + "eu-central-1 exceeds threshold 40"),
                Arguments.of(
                        "no region ConfigMap for the cloud profile",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.regionConfig
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .put("scheduling.gardener.cloud/cloudprofiles", "other");
                        },
                        "spec.seedName: Forbidden: no scheduler region ConfigMap found for cloud profile \"profile\" (source "
                                + "region eu-west-1, destination region eu-central-1)"),
                Arguments.of(
                        "a region ConfigMap without the scheduling purpose",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.regionConfig.withObjectProperty("metadata").remove("labels");
                        },
                        "spec.seedName: Forbidden: no scheduler region ConfigMap found for cloud profile \"profile\" (source "
                                + "region eu-west-1, destination region eu-central-1)"),
                Arguments.of(
                        "a source region the ConfigMap lacks",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.source
                                    .withObjectProperty("spec")
                                    .withObjectProperty("provider")
                                    .put("region", "unknown-region");
                        },
                        "spec.seedName: Forbidden: source region unknown-region not configured in region ConfigMap "
                                + "\"scheduler-region-config\""),
                Arguments.of(
                        "a destination region the ConfigMap lacks",
                        (Consumer<Case>) x -> x.distantDestination("no-such-region"),
                        "spec.seedName: Forbidden: distance from source region "
                                + "eu-west-1 to destination region no-such-region not configured in region ConfigMap "
                                + "\"scheduler-region-config\""),
                Arguments.of(
                        "distant regions allowed by annotation",
                        (Consumer<Case>) x -> {
                            x.distantDestination("us-east-1");
                            x.annotate(LiveMigration.ALLOW_DISTANT_REGIONS, "true");
                        },
                        null),
                Arguments.of(
                        "the first of two region ConfigMaps",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            ObjectNode second = x.regionConfig.deepCopy();
                            second.withObjectProperty("metadata").put("name", "scheduler-region-config-2");
                            second.withObjectProperty("data").put("eu-west-1", "eu-central-1: 500\n");
                            x.moreConfigMaps.add(second);
                        },
                        null),
                Arguments.of(
                        "a threshold that is no number",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.regionConfig
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .put(LiveMigration.DISTANCE_THRESHOLD, "far");
                        },
                        "spec.seedName: Internal error: invalid value \"far\" for annotation "
                                + "\"migration.gardener.cloud/inter-region-distance-threshold\" on ConfigMap "
                                + "garden/scheduler-region-config: strconv.Atoi: parsing \"far\": invalid syntax"),
                Arguments.of(
                        "a negative threshold",
                        (Consumer<Case>) x -> {
                            x.distantDestination("eu-central-1");
                            x.regionConfig
                                    .withObjectProperty("metadata")
                                    .withObjectProperty("annotations")
                                    .put(LiveMigration.DISTANCE_THRESHOLD, "-1");
                        },
                        "spec.seedName: Internal error: threshold must be non-negative, got -1 for annotation "
                                + "\"migration.gardener.cloud/inter-region-distance-threshold\" on ConfigMap "
                                + "garden/scheduler-region-config"),
                Arguments.of("equal regions need no ConfigMap", (Consumer<Case>) x -> x.regionConfig = null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void liveMigration(String name, Consumer<Case> setup, String message) {
        setup.accept(c);
        InMemoryObjects objects = new InMemoryObjects()
                .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
                .put(GardenObjects.PROJECTS, ShootFixtures.PROJECT)
                .put(GardenObjects.SEEDS, c.source)
                .put(GardenObjects.SEEDS, c.destination);
        if (c.regionConfig != null) {
            objects.put(GardenerResources.CONFIG_MAPS, c.regionConfig);
        }
        c.moreConfigMaps.forEach(cm -> objects.put(GardenerResources.CONFIG_MAPS, cm));
        FeatureGates gates = FeatureGates.parse(List.of("LiveControlPlaneMigration=" + c.gate));
        ShootValidatorPlugin plugin = new ShootValidatorPlugin(new PluginContext(
                objects,
                attrs -> Future.succeededFuture(cloud.gardener.apiserver.authz.Decision.allow()),
                null,
                CLOCK,
                null,
                null,
                gates));
        Attributes a = Requests.of(
                SHOOT,
                GardenObjects.SHOOTS,
                c.subresource,
                c.operation,
                c.shoot,
                c.operation == Operation.CREATE ? null : c.old,
                Requests.ALICE);
        Future<Void> result = plugin.validate(a);
        if (message == null) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(FORBIDDEN + message);
    }
}
