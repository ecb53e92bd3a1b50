package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.ABSENT;
import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** SecretBindings and CredentialsBindings: references without a namespace point into the binding's. */
class BindingDefaultsTest {

    private static final GroupVersionKind SECRET_BINDING =
            new GroupVersionKind("core.gardener.cloud", "v1beta1", "SecretBinding");
    private static final GroupVersionKind CREDENTIALS_BINDING =
            new GroupVersionKind("security.gardener.cloud", "v1alpha1", "CredentialsBinding");

    static Stream<Case> secretBindingCases() {
        String head = """
                apiVersion: core.gardener.cloud/v1beta1
                kind: SecretBinding
                metadata: {name: b, namespace: garden-dev}
                provider: {type: local}
                """;
        return Stream.of(
                row(
                        "the secret and quotas default to the binding's namespace",
                        head + "secretRef: {name: s}\nquotas: [{name: q1}, {name: q2, namespace: garden}]\n",
                        "/secretRef/namespace",
                        "garden-dev",
                        "/quotas/0/namespace",
                        "garden-dev",
                        "/quotas/1/namespace",
                        "garden"),
                row(
                        "a set namespace is kept",
                        head + "secretRef: {name: s, namespace: garden}\n",
                        "/secretRef/namespace",
                        "garden",
                        "/quotas",
                        ABSENT),
                row(
                        "without a namespace of its own there is nothing to give",
                        head.replace(", namespace: garden-dev", "") + "secretRef: {name: s}\n",
                        "/secretRef/namespace",
                        ABSENT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("secretBindingCases")
    void secretBinding(Case c) {
        DefaultingTable.assertCase(SECRET_BINDING, new SecretBindingDefaults(), c);
    }

    static Stream<Case> credentialsBindingCases() {
        String head = """
                apiVersion: security.gardener.cloud/v1alpha1
                kind: CredentialsBinding
                metadata: {name: b, namespace: garden-dev}
                provider: {type: local}
                """;
        return Stream.of(
                row(
                        "the credentials and quotas default to the binding's namespace",
                        head + "credentialsRef: {apiVersion: v1, kind: Secret, name: s}\nquotas: [{name: q1}]\n",
                        "/credentialsRef/namespace",
                        "garden-dev",
                        "/quotas/0/namespace",
                        "garden-dev"),
                row(
                        "a set namespace is kept",
                        head + "credentialsRef: {apiVersion: security.gardener.cloud/v1alpha1,"
                                + " kind: WorkloadIdentity, name: w, namespace: other}\n",
                        "/credentialsRef/namespace",
                        "other"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("credentialsBindingCases")
    void credentialsBinding(Case c) {
        DefaultingTable.assertCase(CREDENTIALS_BINDING, new CredentialsBindingDefaults(), c);
    }
}
