package cloud.gardener.apiserver.admission.plugins.shoot.mutator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The references ShootMutator reads, the cloud profile and the seed, each present, missing, empty and of the wrong
 * kind. Gardener's plugin is mutating, so these answers come before the strategy's validation; each is
 * {@code apierrors.NewInternalError} around the lister's error, as Gardener's.
 */
class ShootMutatorReferencesTest {

    private static final String NO_PROFILE = "Internal error occurred: could not find referenced cloud profile: ";

    private final InMemoryObjects garden = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.SEEDS, ShootFixtures.SEED);
    private final ShootMutatorPlugin plugin = new ShootMutatorPlugin(new PluginContext(garden, null, null, CLOCK));

    private static Consumer<ObjectNode> profile(String reference) {
        return s -> ((ObjectNode) s.get("spec")).set("cloudProfile", Requests.object(reference));
    }

    private static Consumer<ObjectNode> profileName(String name) {
        return s -> ((ObjectNode) s.get("spec")).put("cloudProfileName", name).remove("cloudProfile");
    }

    private static Consumer<ObjectNode> seed(String name) {
        return s -> ((ObjectNode) s.get("spec")).put("seedName", name);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments("an existing CloudProfile", profile("{kind: CloudProfile, name: profile}"), Outcome.ALLOWED),
                arguments("a CloudProfile reference without kind", profile("{name: profile}"), Outcome.ALLOWED),
                arguments(
                        "a missing CloudProfile",
                        profile("{kind: CloudProfile, name: gone}"),
                        Outcome.rejected(500, NO_PROFILE + "cloudprofile.core.gardener.cloud \"gone\" not found")),
                arguments(
                        "an empty CloudProfile name",
                        profile("{kind: CloudProfile, name: ''}"),
                        Outcome.rejected(500, NO_PROFILE + "cloudprofile.core.gardener.cloud \"\" not found")),
                arguments(
                        "a missing NamespacedCloudProfile",
                        profile("{kind: NamespacedCloudProfile, name: gone}"),
                        Outcome.rejected(
                                500, NO_PROFILE + "namespacedcloudprofile.core.gardener.cloud \"gone\" not found")),
                arguments(
                        "a NamespacedCloudProfile reference naming a CloudProfile",
                        profile("{kind: NamespacedCloudProfile, name: profile}"),
                        Outcome.rejected(
                                500, NO_PROFILE + "namespacedcloudprofile.core.gardener.cloud \"profile\" not found")),
                arguments(
                        "a reference of an unsupported kind",
                        profile("{kind: Secret, name: profile}"),
                        Outcome.rejected(
                                500, NO_PROFILE + "could not find referenced cloud profile with kind \"Secret\"")),
                arguments("an existing cloudProfileName", profileName("profile"), Outcome.ALLOWED),
                arguments(
                        "a missing cloudProfileName",
                        profileName("gone"),
                        Outcome.rejected(500, NO_PROFILE + "cloudprofile.core.gardener.cloud \"gone\" not found")),
                // no reference at all: nothing to default, validation answers
                arguments("an empty cloudProfileName", profileName(""), Outcome.ALLOWED),
                arguments("an existing seed", seed("seed"), Outcome.ALLOWED),
                arguments(
                        "a missing seed",
                        seed("nope"),
                        Outcome.rejected(
                                500,
                                "Internal error occurred: could not find referenced seed \"nope\": seed.core.gardener.cloud \"nope\" not found")),
                arguments(
                        "an empty seed name",
                        seed(""),
                        Outcome.rejected(
                                500,
                                "Internal error occurred: could not find referenced seed \"\": seed.core.gardener.cloud \"\" not found")),
                arguments(
                        "the name of a CloudProfile as seed",
                        seed("profile"),
                        Outcome.rejected(
                                500,
                                "Internal error occurred: could not find referenced seed \"profile\": seed.core.gardener.cloud "
                                        + "\"profile\" not found")),
                arguments(
                        "a null seed name",
                        (Consumer<ObjectNode>) s -> ((ObjectNode) s.get("spec")).putNull("seedName"),
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void admits(String name, Consumer<ObjectNode> change, Outcome expected) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        expected.check(plugin.admit(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
    }
}
