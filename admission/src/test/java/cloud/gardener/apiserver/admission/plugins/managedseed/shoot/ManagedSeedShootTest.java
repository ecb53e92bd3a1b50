package cloud.gardener.apiserver.admission.plugins.managedseed.shoot;

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

class ManagedSeedShootTest {

    private static final GroupVersionKind KIND =
            new GroupVersionKind("seedmanagement.gardener.cloud", "v1alpha1", "ManagedSeed");
    private static final GroupResource MANAGED_SEEDS =
            new GroupResource("seedmanagement.gardener.cloud", "managedseeds");
    private static final GroupResource SHOOTS = new GroupResource("core.gardener.cloud", "shoots");

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(MANAGED_SEEDS, "metadata: {name: busy, namespace: garden}")
            .put(MANAGED_SEEDS, "metadata: {name: idle, namespace: garden}")
            .put(SHOOTS, "metadata: {name: s1, namespace: garden-dev}\nspec: {seedName: busy}")
            .put(SHOOTS, "metadata: {name: s2, namespace: garden-dev}\nstatus: {seedName: moving}");
    private final ManagedSeedShoot plugin =
            new ManagedSeedShoot(new PluginContext(objects, null, null, Clock.systemUTC()));

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments("a managed seed without shoots", "idle", Outcome.ALLOWED),
                arguments(
                        "a managed seed whose seed runs shoots (spec.seedName)",
                        "busy",
                        Outcome.forbidden(
                                "managedseeds.seedmanagement.gardener.cloud",
                                "busy",
                                "cannot delete managed seed garden/busy since its seed busy is still used by shoot(s)")),
                arguments(
                        "a managed seed a shoot still moves away from (status.seedName)",
                        "moving",
                        Outcome.forbidden(
                                "managedseeds.seedmanagement.gardener.cloud",
                                "moving",
                                "cannot delete managed seed garden/moving since its seed moving is still used by shoot(s)")),
                arguments(
                        "a collection with one busy managed seed",
                        "",
                        Outcome.forbidden(
                                "managedseeds.seedmanagement.gardener.cloud",
                                "busy",
                                "cannot delete managed seed garden/busy since its seed busy is still used by shoot(s)")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validatesDeletion(String name, String managedSeed, Outcome expected) {
        Attributes a = new Attributes(
                KIND,
                MANAGED_SEEDS,
                "",
                "garden",
                managedSeed,
                Operation.DELETE,
                null,
                managedSeed.isEmpty()
                        ? null
                        : Requests.object("metadata: {name: " + managedSeed + ", namespace: garden}"),
                Requests.ALICE,
                false);
        expected.check(plugin.validate(a));
    }
}
