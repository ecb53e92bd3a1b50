package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.Operation;
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
 * The classic control plane migration, as Gardener's "control plane migration" and "binding subresource" cases: the
 * shoot moves through {@code shoots/binding} from seed "seed" to "new-seed" (both with backups and the same internal
 * domain), and its spec stays frozen while a move waits for or runs its migration and restore.
 */
class ControlPlaneMigrationTest {

    private static final String FORBIDDEN = "shoots.core.gardener.cloud \"crazy\" is forbidden: ";
    private static final String SHOOT_DOMAIN = "shoot.project.default.example.com";

    /** One request's world. */
    static final class Case {
        ObjectNode seed = seed("seed");
        ObjectNode newSeed = seed("new-seed");
        ObjectNode old = ShootFixtures.shoot();
        ObjectNode shoot;
        String subresource = "binding";

        Case() {
            old.withObjectProperty("spec").put("seedName", "seed");
            shoot = old.deepCopy();
            shoot.withObjectProperty("spec").put("seedName", "new-seed");
        }

        private static ObjectNode seed(String name) {
            ObjectNode seed = Requests.object(ShootFixtures.SEED.replace("name: seed,", "name: " + name + ","));
            seed.withObjectProperty("spec").putObject("backup").put("provider", "local");
            return seed;
        }

        void spec(Consumer<ObjectNode> change) {
            change.accept(old.withObjectProperty("spec"));
            change.accept(shoot.withObjectProperty("spec"));
        }

        static void defaults(ObjectNode seed, String... domains) {
            var defaults =
                    seed.withObjectProperty("spec").withObjectProperty("dns").putArray("defaults");
            for (String domain : domains) {
                defaults.addObject().put("type", "aws-route53").put("domain", domain);
            }
        }

        static void internal(ObjectNode seed, String domain) {
            if (domain == null) {
                seed.withObjectProperty("spec").withObjectProperty("dns").remove("internal");
            } else {
                seed.withObjectProperty("spec")
                        .withObjectProperty("dns")
                        .putObject("internal")
                        .put("type", "internal")
                        .put("domain", domain);
            }
        }
    }

    /** (case, setup, null when admitted or the message, the code when refused). */
    static Stream<Arguments> bindings() {
        return Stream.of(
                Arguments.of("a move between seeds with backups", (Consumer<Case>) c -> {}, null, 0),
                Arguments.of(
                        "a first scheduling through the binding",
                        (Consumer<Case>) c -> c.old.withObjectProperty("spec").remove("seedName"),
                        null,
                        0),
                Arguments.of(
                        "unsetting the seed through the binding",
                        (Consumer<Case>) c -> c.shoot.withObjectProperty("spec").remove("seedName"),
                        FORBIDDEN + "spec.seedName is already set to 'seed' and " + "cannot be changed to 'nil'",
                        403),
                Arguments.of(
                        "a target seed that does not exist",
                        (Consumer<Case>) c -> c.shoot.withObjectProperty("spec").put("seedName", "new-seed other"),
                        "Internal error occurred: could not find "
                                + "referenced seed \"new-seed other\": seed.core.gardener.cloud \"new-seed other\" not found",
                        500),
                Arguments.of(
                        "another spec change with the move",
                        (Consumer<Case>) c -> c.shoot
                                .withObjectProperty("spec")
                                .putObject("hibernation")
                                .put("enabled", true),
                        FORBIDDEN + "only "
                                + "spec.seedName can be changed using the binding subresource when the shoot is being rescheduled "
                                + "to a new seed",
                        403),
                Arguments.of(
                        "a first scheduling onto a seed in deletion",
                        (Consumer<Case>) c -> {
                            c.old.withObjectProperty("spec").remove("seedName");
                            c.newSeed.withObjectProperty("metadata").put("deletionTimestamp", "2026-01-01T00:00:00Z");
                        },
                        FORBIDDEN
                                + "cannot schedule shoot 'crazy' on seed 'new-seed' that is already marked for deletion",
                        403),
                Arguments.of(
                        "a move onto a seed in deletion",
                        (Consumer<Case>) c -> c.newSeed
                                .withObjectProperty("metadata")
                                .put("deletionTimestamp", "2026-01-01T00:00:00Z"),
                        FORBIDDEN
                                + "cannot schedule shoot 'crazy' on seed 'new-seed' that is already marked for deletion",
                        403),
                Arguments.of(
                        "a target seed without backup",
                        (Consumer<Case>)
                                c -> c.newSeed.withObjectProperty("spec").remove("backup"),
                        FORBIDDEN + "cannot change seed name because backup is not configured for seed \"new-seed\"",
                        403),
                Arguments.of(
                        "a source seed without backup",
                        (Consumer<Case>) c -> c.seed.withObjectProperty("spec").remove("backup"),
                        FORBIDDEN + "cannot change seed name because backup is not configured for old seed \"seed\"",
                        403),
                Arguments.of(
                        "seeds of different provider types",
                        (Consumer<Case>) c -> {
                            c.seed.withObjectProperty("spec")
                                    .withObjectProperty("provider")
                                    .put("type", "gcp");
                            c.newSeed
                                    .withObjectProperty("spec")
                                    .withObjectProperty("provider")
                                    .put("type", "aws");
                        },
                        null,
                        0),
                Arguments.of(
                        "no internal domain on either seed",
                        (Consumer<Case>) c -> {
                            Case.internal(c.seed, null);
                            Case.internal(c.newSeed, null);
                        },
                        null,
                        0),
                Arguments.of(
                        "equal internal domains",
                        (Consumer<Case>) c -> {
                            Case.internal(c.seed, "test1.internal");
                            Case.internal(c.newSeed, "test1.internal");
                        },
                        null,
                        0),
                Arguments.of(
                        "an internal domain appearing",
                        (Consumer<Case>) c -> {
                            Case.internal(c.seed, null);
                            Case.internal(c.newSeed, "test1.internal");
                        },
                        FORBIDDEN + "cannot change seed name because internal domain would change from \"\" to "
                                + "\"test1.internal\"",
                        403),
                Arguments.of(
                        "an internal domain vanishing",
                        (Consumer<Case>) c -> {
                            Case.internal(c.seed, "test1.internal");
                            Case.internal(c.newSeed, null);
                        },
                        FORBIDDEN
                                + "cannot change seed name because internal domain would change from \"test1.internal\" "
                                + "to \"\"",
                        403),
                Arguments.of(
                        "different internal domains",
                        (Consumer<Case>) c -> {
                            Case.internal(c.seed, "test1.internal");
                            Case.internal(c.newSeed, "test2.internal");
                        },
                        FORBIDDEN
                                + "cannot change seed name because internal domain would change from \"test1.internal\" "
                                + "to \"test2.internal\"",
                        403),
                Arguments.of(
                        "a custom domain",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("dns").put("domain", "custom.example.org"));
                            Case.defaults(c.seed, "default.example.com");
                        },
                        null,
                        0),
                Arguments.of(
                        "a default domain both seeds offer",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("dns").put("domain", SHOOT_DOMAIN));
                            Case.defaults(c.seed, "default.example.com");
                            Case.defaults(c.newSeed, "default.example.com");
                        },
                        null,
                        0),
                Arguments.of(
                        "a default domain the new seed lacks",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("dns").put("domain", SHOOT_DOMAIN));
                            Case.defaults(c.seed, "default.example.com");
                            Case.defaults(c.newSeed, "other.example.com");
                        },
                        FORBIDDEN
                                + "cannot reschedule shoot \"crazy\" to seed \"new-seed\" because the shoot uses the default "
                                + "domain \"default.example.com\" which is not supported by the new seed (supported domains: "
                                + "[other.example.com])",
                        403),
                Arguments.of(
                        "a new seed without default domains",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("dns").put("domain", SHOOT_DOMAIN));
                            Case.defaults(c.seed, "default.example.com");
                            Case.defaults(c.newSeed);
                        },
                        FORBIDDEN
                                + "cannot reschedule shoot \"crazy\" to seed \"new-seed\" because the shoot uses the default "
                                + "domain \"default.example.com\" which is not supported by the new seed (supported domains: [])",
                        403),
                Arguments.of(
                        "a new seed offering the default domain among others",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("dns").put("domain", SHOOT_DOMAIN));
                            Case.defaults(c.seed, "default.example.com");
                            Case.defaults(c.newSeed, "other.example.com", "default.example.com");
                        },
                        null,
                        0),
                Arguments.of(
                        "a zonal control plane onto a seed with fewer than 3 zones",
                        (Consumer<Case>) c -> {
                            c.spec(s -> s.putObject("controlPlane")
                                    .putObject("highAvailability")
                                    .putObject("failureTolerance")
                                    .put("type", "zone"));
                            c.newSeed
                                    .withObjectProperty("spec")
                                    .withObjectProperty("provider")
                                    .putArray("zones")
                                    .add("europe-1a");
                        },
                        FORBIDDEN
                                + "cannot schedule shoot 'crazy' with failure tolerance of zone on seed 'new-seed' with "
                                + "only 1 zones, at least 3 zones are required",
                        403));
    }

    /** (case, status.lastOperation type and state, status.seedName, null when admitted or the message). */
    static Stream<Arguments> specChangesDuringMigration() {
        String rescheduled = "shoot spec cannot be changed because shoot has been rescheduled to a new seed";
        return Stream.of(
                Arguments.of(
                        "migration not started, seed changed before",
                        "Reconcile",
                        "Succeeded",
                        "old-seed",
                        rescheduled),
                Arguments.of(
                        "Migrate:Processing",
                        "Migrate",
                        "Processing",
                        "old-seed",
                        "cannot change shoot spec during Migrate operation that is in state Processing"),
                Arguments.of(
                        "Migrate:Error",
                        "Migrate",
                        "Error",
                        "old-seed",
                        "cannot change shoot spec during Migrate operation that is in state Error"),
                Arguments.of(
                        "Migrate:Succeeded",
                        "Migrate",
                        "Succeeded",
                        null,
                        "cannot change shoot spec during Migrate operation that is in state Succeeded"),
                Arguments.of(
                        "Restore:Pending",
                        "Restore",
                        "Pending",
                        null,
                        "cannot change shoot spec during Restore operation that is in state Pending"),
                Arguments.of(
                        "Restore:Processing",
                        "Restore",
                        "Processing",
                        "seed",
                        "cannot change shoot spec during Restore operation that is in state Processing"),
                Arguments.of(
                        "Restore:Error",
                        "Restore",
                        "Error",
                        "seed",
                        "cannot change shoot spec during Restore operation that is in state Error"),
                Arguments.of("Restore:Succeeded", "Restore", "Succeeded", "seed", null),
                Arguments.of("no last operation", null, null, "seed", null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bindings")
    void rescheduling(String name, Consumer<Case> setup, String message, int code) {
        Case c = new Case();
        setup.accept(c);
        Future<Void> result = validate(c);
        if (message == null) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(code);
        assertThat(e.getMessage()).isEqualTo(message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specChangesDuringMigration")
    void specChangeDuringMigration(String name, String type, String state, String statusSeed, String message) {
        Case c = new Case();
        c.subresource = "";
        c.shoot.withObjectProperty("spec").put("seedName", "seed");
        c.old.withObjectProperty("spec").withObjectProperty("kubernetes").put("version", "1.35.0");
        ObjectNode status = c.shoot.putObject("status");
        if (type != null) {
            status.putObject("lastOperation").put("type", type).put("state", state);
        }
        if (statusSeed != null) {
            status.put("seedName", statusSeed);
        }
        Future<Void> result = validate(c);
        if (message == null) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        assertThat(result.failed()).as("rejected").isTrue();
        ApiException e = (ApiException) result.cause();
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage()).isEqualTo(FORBIDDEN + message);
    }

    private static Future<Void> validate(Case c) {
        InMemoryObjects objects = new InMemoryObjects()
                .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
                .put(GardenObjects.PROJECTS, ShootFixtures.PROJECT)
                .put(GardenObjects.SEEDS, c.seed)
                .put(GardenObjects.SEEDS, c.newSeed);
        ShootValidatorPlugin plugin = new ShootValidatorPlugin(new PluginContext(objects, null, null, CLOCK));
        return plugin.validate(Requests.of(
                SHOOT, GardenObjects.SHOOTS, c.subresource, Operation.UPDATE, c.shoot, c.old, Requests.ALICE));
    }
}
