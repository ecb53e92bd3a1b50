package cloud.gardener.apiserver.admission.plugins.namespacedcloudprofile.validator;

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
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class NamespacedCloudProfileValidatorPluginTest {

    private static final GroupVersionKind KIND = new GroupVersionKind("core.gardener.cloud", "v1beta1", "NamespacedCloudProfile");
    private static final GroupResource RESOURCE = new GroupResource("core.gardener.cloud", "namespacedcloudprofiles");
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);

    private final NamespacedCloudProfileValidatorPlugin plugin = new NamespacedCloudProfileValidatorPlugin(new PluginContext(
            new InMemoryObjects().put(new GroupResource("core.gardener.cloud", "cloudprofiles"), """
                    metadata: {name: aws}
                    spec:
                      kubernetes: {versions: [{version: 1.31.1}]}
                      machineImages: [{name: gardenlinux, versions: [{version: 1.0.0, cri: [{name: containerd}]}]}]
                    """), null, null, NOW));

    private static String profile(String spec) {
        return "metadata: {name: custom, namespace: garden-dev}\nspec: {parent: {kind: CloudProfile, name: aws}, " + spec + "}";
    }

    static Stream<Arguments> cases() {
        String later = "'2027-01-01T00:00:00Z'";
        String past = "'2026-01-01T00:00:00Z'";
        return Stream.of(
                arguments("an override extending a parent version", profile("kubernetes: {versions: [{version: 1.31.1,"
                        + " expirationDate: " + later + "}]}"), null, Outcome.ALLOWED),
                arguments("a missing parent", profile("").replace("name: aws", "name: nope"), null,
                        Outcome.rejected(400, "parent CloudProfile could not be found")),
                arguments("a Kubernetes version the parent lacks", profile("kubernetes: {versions: [{version: 1.32.0,"
                        + " expirationDate: " + later + "}]}"), null, Outcome.rejected(500, "invalid kubernetes version "
                        + "specified: '1.32.0' does not exist in parent CloudProfile and thus cannot be overridden")),
                arguments("a Kubernetes override without expiration date", profile("kubernetes: {versions: [{version: 1.31.1}]}"),
                        null, Outcome.rejected(500, "specified version '1.31.1' does not set expiration date")),
                arguments("a Kubernetes override newly in the past", profile("kubernetes: {versions: [{version: 1.31.1,"
                        + " expirationDate: " + past + "}]}"), profile(""),
                        Outcome.rejected(500, "expiration date for version \"1.31.1\" is in the past")),
                arguments("an image override with more than an expiration date",
                        profile("machineImages: [{name: gardenlinux, versions: [{version: 1.0.0, cri: [{name: containerd}],"
                                + " classification: supported}]}]"), null,
                        Outcome.rejected(500, "[spec.machineImages[0].versions[0].classification: Forbidden: must not provide a "
                                + "classification to an extended machine image in NamespacedCloudProfile, "
                                + "spec.machineImages[0].versions[0].cri: Forbidden: must not provide a cri to an extended machine "
                                + "image in NamespacedCloudProfile, spec.machineImages[0].versions[0].expirationDate: Invalid "
                                + "value: null: expiration date for version \"1.0.0\" must be set]")),
                arguments("a stored image override may only change its expiration date",
                        profile("machineImages: [{name: gardenlinux, versions: [{version: 1.0.0, expirationDate: " + later
                                + ", kubeletVersionConstraint: '>= 1.30'}]}]"),
                        profile("machineImages: [{name: gardenlinux, versions: [{version: 1.0.0, expirationDate: " + later + "}]}]"),
                        Outcome.rejected(500, "spec.machineImages[0].versions[0]: Forbidden: cannot update the machine image "
                                + "version spec (except for the expiration date) of \"gardenlinux@1.0.0\", as this version has "
                                + "been added to the parent CloudProfile by now")),
                arguments("a new image of its own is not an override", profile("machineImages: [{name: custom-os, versions:"
                        + " [{version: 1.0.0, cri: [{name: containerd}]}]}]"), null, Outcome.ALLOWED));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validates(String name, String object, String old, Outcome expected) {
        Attributes a = old == null ? Requests.create(KIND, RESOURCE, Requests.object(object))
                : Requests.update(KIND, RESOURCE, Requests.object(object), Requests.object(old));
        expected.check(plugin.validate(a));
    }
}
