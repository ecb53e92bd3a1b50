package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The references ShootQuotaValidator reads, the shoot's SecretBinding or CredentialsBinding and the binding's
 * quotas, each present, missing, empty and of the wrong kind: Gardener's {@code apierrors.NewInternalError} around the
 * lister's NotFound.
 */
class ShootQuotaValidatorReferencesTest {

    private static final String QUOTA = """
            metadata: {name: %s, namespace: garden-dev}
            spec:
              scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
              metrics: {cpu: "100"}
            """;

    private final InMemoryObjects garden = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.QUOTAS, QUOTA.formatted("roomy"))
            .put(GardenObjects.SECRET_BINDINGS, binding("sb", "roomy"))
            .put(GardenObjects.SECRET_BINDINGS, binding("sb-gone", "gone"))
            .put(GardenObjects.SECRET_BINDINGS, binding("sb-empty", "''"))
            .put(GardenObjects.SECRET_BINDINGS, binding("sb-kind", "sb"))
            .put(GardenObjects.CREDENTIALS_BINDINGS, binding("cb", "roomy"))
            .put(GardenObjects.CREDENTIALS_BINDINGS, binding("cb-gone", "gone"));
    private final ShootQuotaValidatorPlugin plugin =
            new ShootQuotaValidatorPlugin(new PluginContext(garden, null, null, CLOCK));

    /** A binding (either kind: the plugin reads only the name and quotas) with one quota reference. */
    private static String binding(String name, String quota) {
        return "metadata: {name: " + name + ", namespace: garden-dev}\nprovider: {type: local}\n" + "quotas: [{name: "
                + quota + ", namespace: garden-dev}]";
    }

    private static Outcome internal(String message) {
        return Outcome.rejected(500, "Internal error occurred: " + message);
    }

    static Stream<Arguments> cases() {
        String sb = "secretbinding.core.gardener.cloud ";
        String cb = "credentialsbinding.security.gardener.cloud ";
        String quota = "quota.core.gardener.cloud ";
        return Stream.of(
                arguments("an existing SecretBinding and quota", "secretBindingName", "sb", Outcome.ALLOWED),
                arguments("a missing SecretBinding", "secretBindingName", "nope", internal(sb + "\"nope\" not found")),
                arguments("an empty SecretBinding name", "secretBindingName", "", internal(sb + "\"\" not found")),
                arguments(
                        "a CredentialsBinding named as SecretBinding",
                        "secretBindingName",
                        "cb",
                        internal(sb + "\"cb\" not found")),
                arguments(
                        "a SecretBinding of a missing quota",
                        "secretBindingName",
                        "sb-gone",
                        internal(quota + "\"gone\" not found")),
                arguments(
                        "a SecretBinding of a quota with an empty name",
                        "secretBindingName",
                        "sb-empty",
                        internal(quota + "\"\" not found")),
                arguments(
                        "a SecretBinding naming a SecretBinding as quota",
                        "secretBindingName",
                        "sb-kind",
                        internal(quota + "\"sb\" not found")),
                arguments("an existing CredentialsBinding and quota", "credentialsBindingName", "cb", Outcome.ALLOWED),
                arguments(
                        "a missing CredentialsBinding",
                        "credentialsBindingName",
                        "nope",
                        internal(cb + "\"nope\" not found")),
                arguments(
                        "an empty CredentialsBinding name",
                        "credentialsBindingName",
                        "",
                        internal(cb + "\"\" not found")),
                arguments(
                        "a SecretBinding named as CredentialsBinding",
                        "credentialsBindingName",
                        "sb",
                        internal(cb + "\"sb\" not found")),
                arguments(
                        "a CredentialsBinding of a missing quota",
                        "credentialsBindingName",
                        "cb-gone",
                        internal(quota + "\"gone\" not found")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, String field, String binding, Outcome expected) {
        ObjectNode shoot = ShootFixtures.shoot();
        ((ObjectNode) shoot.get("spec")).put(field, binding);
        expected.check(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot)));
    }
}
