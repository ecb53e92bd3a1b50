package cloud.gardener.apiserver.admission.plugins.seed.mutator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SeedMutatorTest {

    private static final GroupVersionKind SEED = new GroupVersionKind("core.gardener.cloud", "v1beta1", "Seed");
    private static final GroupResource SEEDS = new GroupResource("core.gardener.cloud", "seeds");

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: managed, namespace: garden}\nspec: {shoot: {name: soil}}")
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: orphan, namespace: garden}\nspec: {shoot: {name: gone}}")
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: unnamed, namespace: garden}\nspec: {shoot: {name: ''}}")
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: misnamed, namespace: garden}\nspec: {shoot: {name: managed}}")
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: shootless, namespace: garden}\nspec: {}")
            .put(
                    new GroupResource("seedmanagement.gardener.cloud", "managedseeds"),
                    "metadata: {name: elsewhere, namespace: garden-dev}\nspec: {shoot: {name: gone}}")
            .put(
                    new GroupResource("core.gardener.cloud", "shoots"),
                    "metadata: {name: soil, namespace: garden}\nspec: {seedName: parent}");
    private final SeedMutator plugin = new SeedMutator(new PluginContext(objects, null, null, Clock.systemUTC()));

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments(
                        "a seed is labelled with its name",
                        "metadata: {name: plain}",
                        "{name.seed.gardener.cloud/plain: 'true'}"),
                arguments(
                        "stale seed-name labels go, others stay",
                        "metadata: {name: plain, labels: {name.seed.gardener.cloud/old: 'true', team: a}}",
                        "{team: a, name.seed.gardener.cloud/plain: 'true'}"),
                arguments(
                        "a managed seed also names the seed its shoot runs on",
                        "metadata: {name: managed}",
                        "{name.seed.gardener.cloud/managed: 'true', name.seed.gardener.cloud/parent: 'true'}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void labels(String name, String seed, String labels) {
        ObjectNode object = Requests.object(seed);
        Outcome.ALLOWED.check(plugin.admit(Requests.create(SEED, SEEDS, object)));
        assertThat(object.path("metadata").path("labels")).isEqualTo(Requests.object(labels));
    }

    @Test
    void aManagedSeedWhoseShootIsMissingIsAnError() {
        Outcome.rejected(
                        500,
                        "failed to get shoot gone for managed seed \"orphan\": shoot.core.gardener.cloud \"gone\" not found")
                .check(plugin.admit(Requests.create(SEED, SEEDS, Requests.object("metadata: {name: orphan}"))));
    }

    /** The references the plugin follows: the seed's ManagedSeed in the garden namespace, then that one's shoot. */
    static Stream<Arguments> references() {
        String failed = "failed to get shoot %s for managed seed \"%s\": shoot.core.gardener.cloud \"%s\" not found";
        return Stream.of(
                arguments("no ManagedSeed of the seed's name", "plain", Outcome.ALLOWED),
                arguments("a ManagedSeed of the name outside the garden namespace", "elsewhere", Outcome.ALLOWED),
                arguments("a ManagedSeed without shoot", "shootless", Outcome.ALLOWED),
                arguments(
                        "a ManagedSeed with a missing shoot",
                        "orphan",
                        Outcome.rejected(500, failed.formatted("gone", "orphan", "gone"))),
                arguments(
                        "a ManagedSeed with an empty shoot name",
                        "unnamed",
                        Outcome.rejected(500, failed.formatted("", "unnamed", ""))),
                arguments(
                        "a ManagedSeed naming a ManagedSeed as its shoot",
                        "misnamed",
                        Outcome.rejected(500, failed.formatted("managed", "misnamed", "managed"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("references")
    void followsTheManagedSeedToItsShoot(String name, String seed, Outcome expected) {
        expected.check(plugin.admit(Requests.create(SEED, SEEDS, Requests.object("metadata: {name: " + seed + "}"))));
    }

    @Test
    void notReadyBeforeTheCachesAreFilled() {
        SeedMutator unsynced =
                new SeedMutator(new PluginContext(new InMemoryObjects().notReady(), null, null, Clock.systemUTC()));
        Outcome.forbidden("seeds.core.gardener.cloud", "s", "not yet ready to handle request")
                .check(unsynced.admit(Requests.create(SEED, SEEDS, Requests.object("metadata: {name: s}"))));
    }
}
