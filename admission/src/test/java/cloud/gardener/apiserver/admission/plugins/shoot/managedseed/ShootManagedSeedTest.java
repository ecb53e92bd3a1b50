package cloud.gardener.apiserver.admission.plugins.shoot.managedseed;

import static cloud.gardener.apiserver.admission.testing.Outcomes.accepted;
import static cloud.gardener.apiserver.admission.testing.Outcomes.rejection;
import static cloud.gardener.apiserver.admission.testing.Outcomes.shootRequest;
import static cloud.gardener.apiserver.admission.testing.Requests.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcomes;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootManagedSeedTest {

    private static final GroupResource MANAGED_SEEDS =
            new GroupResource("seedmanagement.gardener.cloud", "managedseeds");
    private static final String SPEC = """
            addons: {nginxIngress: {enabled: false}}
            kubernetes: {verticalPodAutoscaler: {enabled: true}}
            networking: {nodes: 10.0.0.0/16}
            provider: {workers: [{name: a, zones: [z1, z2]}, {name: b, zones: [z3]}]}
            """;

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(MANAGED_SEEDS, """
                    metadata: {name: ms, namespace: garden}
                    spec:
                      shoot: {name: seed-shoot}
                      gardenlet:
                        config:
                          apiVersion: gardenlet.config.gardener.cloud/v1alpha1
                          kind: GardenletConfiguration
                          seedConfig: {spec: {provider: {zones: [z1]}}}
                    """)
            .put(Outcomes.SHOOTS, shoot("seed-shoot", SPEC))
            .put(Outcomes.SHOOTS, shoot("plain", SPEC));
    private final ShootManagedSeed plugin =
            new ShootManagedSeed(new PluginContext(objects, null, null, Clock.systemUTC()));

    private static ObjectNode shoot(String name, String spec) {
        ObjectNode shoot = object("{metadata: {name: " + name + ", namespace: garden}}");
        shoot.set("spec", object(spec));
        return shoot;
    }

    /** An edit of the managed seed's Shoot and the expected 422 message (null: accepted). */
    record Case(String name, String yamlEdit, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> updates() {
        String prefix = "Shoot.core.gardener.cloud \"seed-shoot\" is invalid: ";
        return Stream.of(
                new Case("unchanged", "{}", null),
                new Case(
                        "removing a zone the seed does not use",
                        "{provider: {workers: [{name: a, zones: [z1, z2]}]}}",
                        null),
                new Case(
                        "nginx ingress enabled",
                        "{addons: {nginxIngress: {enabled: true}}}",
                        prefix + "spec.addons.nginxIngress.enabled: Invalid value: true: shoot ingress addon is not "
                                + "supported for managed seeds - use the managed seed ingress controller"),
                new Case(
                        "VPA disabled",
                        "{kubernetes: {verticalPodAutoscaler: {enabled: false}}}",
                        prefix
                                + "spec.kubernetes.verticalPodAutoscaler.enabled: Invalid value: false: shoot VPA has to be "
                                + "enabled for managed seeds"),
                new Case(
                        "nodes changed",
                        "{networking: {nodes: 10.1.0.0/16}}",
                        prefix
                                + "spec.networking.nodes: Invalid value: \"10.1.0.0/16\": field is immutable for managed seeds"),
                new Case(
                        "a zone of the seed removed",
                        "{provider: {workers: [{name: a, zones: [z2]}, {name: b, zones: [z3]}]}}",
                        prefix
                                + "spec.providers.workers: Forbidden: shoot worker zone(s) must not be removed as long as "
                                + "registered in managedseed"));
    }

    @ParameterizedTest
    @MethodSource("updates")
    void update(Case c) {
        ObjectNode old = shoot("seed-shoot", SPEC);
        ObjectNode updated = old.deepCopy();
        object(c.yamlEdit())
                .properties()
                .forEach(e -> ((ObjectNode) updated.get("spec")).set(e.getKey(), e.getValue()));
        Future<Void> result = plugin.validate(shootRequest(Operation.UPDATE, "", updated, old));
        if (c.message() == null) {
            accepted(result);
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage()).isEqualTo(c.message());
    }

    @Test
    void shootsOfNoManagedSeedMayChangeFreely() {
        ObjectNode old = shoot("plain", SPEC);
        ObjectNode updated = shoot("plain", "{addons: {nginxIngress: {enabled: true}}}");
        accepted(plugin.validate(shootRequest(Operation.UPDATE, "", updated, old)));
    }

    @Test
    void theManagedSeedsShootCannotBeDeletedAloneOrWithItsCollection() {
        ApiException e =
                rejection(plugin.validate(shootRequest(Operation.DELETE, "", null, shoot("seed-shoot", SPEC))));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"seed-shoot\" is forbidden: cannot delete shoot "
                        + "garden/seed-shoot since it is still referenced by a managed seed");
        accepted(plugin.validate(shootRequest(Operation.DELETE, "", null, shoot("plain", SPEC))));
        assertThat(rejection(plugin.validate(collectionIn("garden"))).getMessage())
                .contains("garden/seed-shoot");
    }

    private static Attributes collectionIn(String namespace) {
        return new Attributes(
                Outcomes.SHOOT,
                Outcomes.SHOOTS,
                "",
                namespace,
                "",
                Operation.DELETE,
                null,
                null,
                cloud.gardener.apiserver.admission.testing.Requests.ALICE,
                false);
    }

    /** A namespace without ManagedSeeds (a project's) refuses no collection delete, whatever its Shoots are named. */
    @Test
    void aCollectionWhereNoManagedSeedIsIsAccepted() {
        ObjectNode namesake = object("{metadata: {name: seed-shoot, namespace: garden-dev}}");
        objects.put(Outcomes.SHOOTS, namesake);
        accepted(plugin.validate(collectionIn("garden-dev")));
    }

    /**
     * Gardener's {@code validateDeleteCollection} lists the Shoots of all namespaces and asks, by each one's name, for
     * a ManagedSeed of the request's namespace: a ManagedSeed naming a Shoot of another namespace refuses too, and the
     * message names the request's namespace.
     */
    @Test
    void aCollectionIsTestedByTheNamesOfAllShootsAgainstItsNamespacesManagedSeeds() {
        InMemoryObjects elsewhere = new InMemoryObjects()
                .put(MANAGED_SEEDS, "{metadata: {name: ms, namespace: garden}, spec: {shoot: {name: remote}}}")
                .put(Outcomes.SHOOTS, object("{metadata: {name: remote, namespace: garden-dev}}"));
        ShootManagedSeed plugin = new ShootManagedSeed(new PluginContext(elsewhere, null, null, Clock.systemUTC()));
        ApiException e = rejection(plugin.validate(collectionIn("garden")));
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo("shoots.core.gardener.cloud \"remote\" is forbidden: cannot delete shoot garden/remote "
                        + "since it is still referenced by a managed seed");
    }

    @Test
    void aShootOfTwoManagedSeedsIsAnInternalErrorAloneAndInItsCollection() {
        objects.put(MANAGED_SEEDS, "{metadata: {name: ms2, namespace: garden}, spec: {shoot: {name: seed-shoot}}}");
        String message = "Internal error occurred: could not get ManagedSeed for shoot 'garden/seed-shoot': found more "
                + "than one ManagedSeed objects for shoot garden/seed-shoot";
        ApiException alone =
                rejection(plugin.validate(shootRequest(Operation.DELETE, "", null, shoot("seed-shoot", SPEC))));
        assertThat(alone.code()).isEqualTo(500);
        assertThat(alone.getMessage()).isEqualTo(message);
        ApiException collection = rejection(plugin.validate(collectionIn("garden")));
        assertThat(collection.code()).isEqualTo(500);
        assertThat(collection.getMessage()).isEqualTo(message);
    }

    /** Shoot specs without the optional sections the plugin reads. */
    static Stream<String> specsWithoutSections() {
        return Stream.of(
                "{}",
                "{addons: null, kubernetes: null, networking: null, provider: null}",
                "{addons: {}, kubernetes: {}, networking: {}, provider: {}}",
                "{addons: {nginxIngress: {}}, kubernetes: {verticalPodAutoscaler: {}}, provider: {workers: []}}");
    }

    /**
     * A managed seed's Shoot updated to a spec without the sections: no addon, no VPA (Go's zero value: off), no
     * nodes to compare when the old Shoot had none, no zones. Only the VPA is missing.
     */
    @ParameterizedTest
    @MethodSource("specsWithoutSections")
    void aSpecWithoutSectionsOnlyLacksTheVpa(String spec) {
        ObjectNode old = shoot("seed-shoot", spec);
        ObjectNode updated = shoot("seed-shoot", spec);
        ApiException e = rejection(plugin.validate(shootRequest(Operation.UPDATE, "", updated, old)));
        assertThat(e.code()).isEqualTo(422);
        assertThat(e.getMessage())
                .isEqualTo("Shoot.core.gardener.cloud \"seed-shoot\" is invalid: spec.kubernetes.verticalPodAutoscaler."
                        + "enabled: Invalid value: false: shoot VPA has to be enabled for managed seeds");
    }

    /**
     * Dropping the nodes CIDR of a managed seed's Shoot changes it too (the bad value is null). Gardener dereferences
     * the nil pointer here (a panic, answered 500); this plugin answers the field error.
     */
    @Test
    void droppingTheNodesIsAChange() {
        ObjectNode old = shoot("seed-shoot", SPEC);
        ObjectNode updated = shoot("seed-shoot", SPEC.replace("networking: {nodes: 10.0.0.0/16}", "networking: {}"));
        ApiException e = rejection(plugin.validate(shootRequest(Operation.UPDATE, "", updated, old)));
        assertThat(e.getMessage())
                .isEqualTo("Shoot.core.gardener.cloud \"seed-shoot\" is invalid: spec.networking.nodes: Invalid value: "
                        + "null: field is immutable for managed seeds");
    }

    /** (case, the gardenlet part of the managed seed, the 500's message; null: accepted). */
    static Stream<Arguments> gardenlets() {
        return Stream.of(
                arguments(
                        "no gardenlet",
                        "{}",
                        "cannot extract the seed template: no gardenlet config provided in object: \"other\""),
                arguments(
                        "config null",
                        "{config: null}",
                        "cannot extract the seed template: no gardenlet config provided in object: \"other\""),
                arguments(
                        "no seedConfig",
                        "{config: {kind: GardenletConfiguration}}",
                        "seed template is unset in gardenlet config"),
                arguments(
                        "seedConfig null",
                        "{config: {seedConfig: null}}",
                        "seed template is unset in gardenlet config"),
                arguments("seedConfig without spec", "{config: {seedConfig: {}}}", null),
                arguments(
                        "seed provider without zones",
                        "{config: {seedConfig: {spec: {provider: {type: aws}}}}}",
                        null));
    }

    /** The managed seed's gardenlet configuration as it may be: an internal error without seed template. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("gardenlets")
    void readsTheSeedTemplateOfTheManagedSeed(String name, String gardenlet, String message) {
        objects.put(
                MANAGED_SEEDS,
                "metadata: {name: other, namespace: garden}\nspec: {shoot: {name: plain}, gardenlet: " + gardenlet
                        + "}");
        ObjectNode old = shoot("plain", SPEC);
        // every zone of the shoot removed: only a seed zone would forbid it
        ObjectNode updated = shoot(
                "plain",
                SPEC.replace(
                        "provider: {workers: [{name: a, zones: [z1, z2]}, {name: b, zones: [z3]}]}",
                        "provider: {workers: [{name: a}]}"));
        Future<Void> result = plugin.validate(shootRequest(Operation.UPDATE, "", updated, old));
        if (message == null) {
            accepted(result);
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage()).contains(message);
    }
}
