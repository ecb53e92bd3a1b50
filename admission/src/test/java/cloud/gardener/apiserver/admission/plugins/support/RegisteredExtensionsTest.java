package cloud.gardener.apiserver.admission.plugins.support;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.core.v1beta1.ControllerRegistration;
import cloud.gardener.apiserver.api.core.v1beta1.Extension;
import cloud.gardener.apiserver.api.model.ModelCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegisteredExtensionsTest {

    private static ControllerRegistration registration(String json) {
        return ModelCodec.decode(Requests.object(json), ControllerRegistration.class)
                .value();
    }

    private static final String ALL_KINDS = "{metadata: {name: a}, spec: {resources: ["
            + "{kind: Extension, type: auto, autoEnable: [shoot], workerlessSupported: true},"
            + "{kind: Extension, type: manual, clusterCompatibility: [seed]},"
            + "{kind: Extension, type: secondary, primary: false},"
            + "{kind: ControlPlane, type: aws, primary: true}]}}";

    @Test
    void readsPrimariesWorkerlessSupportAndAutoEnabledTypes() {
        RegisteredExtensions registered = new RegisteredExtensions(List.of(registration(ALL_KINDS)));

        assertThat(registered.isPrimaryRegistered("ControlPlane", "aws", "shoot"))
                .isTrue();
        assertThat(registered.isPrimaryRegistered("Extension", "secondary", null))
                .isFalse();
        assertThat(registered.isPrimaryRegistered("Extension", "manual", "shoot"))
                .isFalse();
        assertThat(registered.isPrimaryRegistered("Extension", "manual", "seed"))
                .isTrue();
        assertThat(registered.workerlessSupportedExtensionTypes()).containsExactly("auto");
        assertThat(registered.enabledExtensionTypes(
                        "shoot", List.of(new Extension("manual", null, null), new Extension("x", null, true)), false))
                .containsExactly("manual", "auto");
        assertThat(registered.enabledExtensionTypes("shoot", List.of(new Extension("auto", null, true)), false))
                .isEmpty();
        assertThat(registered.enabledExtensionTypes("shoot", null, true)).containsExactly("auto");
        assertThat(registered.enabledExtensionTypes("seed", null, false)).isEmpty();
    }

    @Test
    void registrationsWithoutResourcesRegisterNothing() {
        RegisteredExtensions registered = new RegisteredExtensions(List.of(
                registration("{metadata: {name: a}}"),
                registration("{metadata: {name: b}, spec: null}"),
                registration("{metadata: {name: c}, spec: {}}"),
                registration("{metadata: {name: d}, spec: {resources: []}}"),
                registration("{metadata: {name: e}, spec: {resources: [{kind: Extension}]}}")));

        assertThat(registered.primaries())
                .containsExactly(new RegisteredExtensions.Primary("Extension", "", List.of()));
        assertThat(registered.workerlessSupportedExtensionTypes()).isEmpty();
        assertThat(registered.enabledExtensionTypes("shoot", List.of(), false)).isEmpty();
    }
}
