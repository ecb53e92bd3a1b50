package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Outcome;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.authz.Decision;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The references ShootValidator reads (cloud profile, seed, project, SecretBinding, CredentialsBinding), each
 * missing, empty and of the wrong kind: Gardener's {@code apierrors.NewInternalError} around the lister's error.
 * In a request ResourceReferenceManager answers most of these first with a 403; the plugin's own answer is what a
 * server without ResourceReferenceManager gives.
 */
class ShootValidatorReferencesTest {

    private static final String INTERNAL = "Internal error occurred: ";

    private final InMemoryObjects garden = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.SEEDS, ShootFixtures.SEED)
            .put(GardenObjects.PROJECTS, ShootFixtures.PROJECT)
            .put(
                    GardenObjects.SECRET_BINDINGS,
                    "metadata: {name: sb, namespace: garden-dev}\nprovider: {type: local}\n"
                            + "secretRef: {name: creds, namespace: garden-dev}")
            .put(
                    GardenObjects.CREDENTIALS_BINDINGS,
                    "metadata: {name: cb, namespace: garden-dev}\nprovider: {type: local}\n"
                            + "credentialsRef: {apiVersion: v1, kind: Secret, name: creds, namespace: garden-dev}");
    private final ShootValidatorPlugin plugin = new ShootValidatorPlugin(
            new PluginContext(garden, attrs -> Future.succeededFuture(Decision.allow()), null, CLOCK));

    private static Consumer<ObjectNode> spec(String field, String value) {
        return s -> ((ObjectNode) s.get("spec")).put(field, value);
    }

    private static Consumer<ObjectNode> profile(String reference) {
        return s -> ((ObjectNode) s.get("spec")).set("cloudProfile", Requests.object(reference));
    }

    private static Arguments refused(String name, Consumer<ObjectNode> change, String message) {
        return arguments(name, change, Outcome.rejected(500, INTERNAL + message));
    }

    static Stream<Arguments> cases() {
        String profile = "could not find referenced cloud profile: ";
        return Stream.of(
                refused(
                        "a missing CloudProfile",
                        profile("{kind: CloudProfile, name: gone}"),
                        profile + "cloudprofile.core.gardener.cloud \"gone\" not found"),
                refused(
                        "an empty CloudProfile name",
                        profile("{kind: CloudProfile, name: ''}"),
                        profile + "cloudprofile.core.gardener.cloud \"\" not found"),
                refused(
                        "a cloud profile of an unsupported kind",
                        profile("{kind: Secret, name: profile}"),
                        profile + "could not find referenced cloud profile with kind \"Secret\""),
                refused(
                        "a CloudProfile named as NamespacedCloudProfile",
                        profile("{kind: NamespacedCloudProfile, name: profile}"),
                        profile + "namespacedcloudprofile.core.gardener.cloud \"profile\" not found"),
                refused(
                        "a missing seed",
                        spec("seedName", "nope"),
                        "could not find referenced seed \"nope\": seed.core.gardener.cloud \"nope\" not found"),
                refused(
                        "an empty seed name",
                        spec("seedName", ""),
                        "could not find referenced seed \"\": seed.core.gardener.cloud \"\" not found"),
                refused(
                        "a CloudProfile named as seed",
                        spec("seedName", "profile"),
                        "could not find referenced seed \"profile\": seed.core.gardener.cloud \"profile\" not found"),
                refused(
                        "a namespace without project",
                        s -> s.withObjectProperty("metadata").put("namespace", "elsewhere"),
                        "could not find referenced project: Project.core.gardener.cloud \"<unknown>\" not found"),
                refused(
                        "a missing SecretBinding",
                        spec("secretBindingName", "nope"),
                        "could not find referenced secret binding: secretbinding.core.gardener.cloud \"nope\" not found"),
                refused(
                        "an empty SecretBinding name",
                        spec("secretBindingName", ""),
                        "could not find referenced secret binding: secretbinding.core.gardener.cloud \"\" not found"),
                refused(
                        "a CredentialsBinding named as SecretBinding",
                        spec("secretBindingName", "cb"),
                        "could not find referenced secret binding: secretbinding.core.gardener.cloud \"cb\" not found"),
                refused(
                        "a missing CredentialsBinding",
                        spec("credentialsBindingName", "nope"),
                        "could not find referenced credentials binding: credentialsbinding.security.gardener.cloud \"nope\" "
                                + "not found"),
                refused(
                        "an empty CredentialsBinding name",
                        spec("credentialsBindingName", ""),
                        "could not find referenced credentials binding: credentialsbinding.security.gardener.cloud \"\" "
                                + "not found"),
                refused(
                        "a SecretBinding named as CredentialsBinding",
                        spec("credentialsBindingName", "sb"),
                        "could not find referenced credentials binding: credentialsbinding.security.gardener.cloud \"sb\" "
                                + "not found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, Consumer<ObjectNode> change, Outcome expected) {
        ObjectNode shoot = ShootFixtures.shoot();
        change.accept(shoot);
        expected.check(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
    }
}
