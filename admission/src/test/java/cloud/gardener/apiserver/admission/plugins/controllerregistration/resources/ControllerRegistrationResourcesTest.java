package cloud.gardener.apiserver.admission.plugins.controllerregistration.resources;

import static org.junit.jupiter.params.provider.Arguments.arguments;

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

class ControllerRegistrationResourcesTest {

    private static final GroupVersionKind KIND =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "ControllerRegistration");
    private static final GroupResource REGISTRATIONS =
            new GroupResource("core.gardener.cloud", "controllerregistrations");

    private final InMemoryObjects objects = new InMemoryObjects()
            .put(
                    REGISTRATIONS,
                    "metadata: {name: provider-aws}\nspec: {resources: [{kind: ControlPlane, type: aws},"
                            + " {kind: Extension, type: shoot-dns-service}]}")
            .put(
                    REGISTRATIONS,
                    "metadata: {name: secondary}\nspec: {resources: [{kind: Extension, type: audit, primary: false}]}");
    private final ControllerRegistrationResources plugin =
            new ControllerRegistrationResources(new PluginContext(objects, null, null, Clock.systemUTC()));

    static Stream<Arguments> cases() {
        return Stream.of(
                arguments(
                        "a new kind/type",
                        "metadata: {name: r}\nspec: {resources: [{kind: ControlPlane, type: gcp}]}",
                        Outcome.ALLOWED),
                arguments(
                        "a second primary controller for a kind/type",
                        "metadata: {name: r}\nspec: {resources: [{kind: Extension, type: shoot-dns-service}]}",
                        Outcome.forbidden(
                                "controllerregistrations.core.gardener.cloud",
                                "r",
                                "another ControllerRegistration "
                                        + "resource already exists that controls resource Extension/shoot-dns-service primarily")),
                arguments(
                        "primary is the default",
                        "metadata: {name: r}\nspec: {resources: [{kind: ControlPlane, type: aws, primary: true}]}",
                        Outcome.forbidden(
                                "controllerregistrations.core.gardener.cloud",
                                "r",
                                "another ControllerRegistration "
                                        + "resource already exists that controls resource ControlPlane/aws primarily")),
                arguments(
                        "a non-primary controller for a taken kind/type",
                        "metadata: {name: r}\nspec: {resources: [{kind: ControlPlane, type: aws, primary: false}]}",
                        Outcome.ALLOWED),
                arguments(
                        "a primary controller where only a secondary one exists",
                        "metadata: {name: r}\nspec: {resources: [{kind: Extension, type: audit}]}",
                        Outcome.ALLOWED),
                arguments(
                        "updating the registration that holds the kind/type",
                        "metadata: {name: provider-aws}\nspec: {resources: [{kind: ControlPlane, type: aws}]}",
                        Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, String registration, Outcome expected) {
        expected.check(plugin.validate(Requests.create(KIND, REGISTRATIONS, Requests.object(registration))));
    }
}
