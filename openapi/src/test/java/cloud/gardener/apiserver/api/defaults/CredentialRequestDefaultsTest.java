package cloud.gardener.apiserver.api.defaults;

import static cloud.gardener.apiserver.api.defaults.DefaultingTable.row;

import cloud.gardener.apiserver.api.defaults.DefaultingTable.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CredentialRequestDefaultsTest {

    static Stream<Case> cases() {
        return Stream.of(
                row("admin kubeconfig: one hour", """
                                apiVersion: authentication.gardener.cloud/v1alpha1
                                kind: AdminKubeconfigRequest
                                """, "/spec/expirationSeconds", "3600"),
                row("viewer kubeconfig: a set validity is kept", """
                                apiVersion: authentication.gardener.cloud/v1alpha1
                                kind: ViewerKubeconfigRequest
                                spec: {expirationSeconds: 600}
                                """, "/spec/expirationSeconds", "600"),
                row(
                        "workload identity token: one hour",
                        """
                                apiVersion: security.gardener.cloud/v1alpha1
                                kind: TokenRequest
                                spec: {contextObject: {apiVersion: v1, kind: Pod, name: p, uid: u}}
                                """,
                        "/spec/expirationSeconds",
                        "3600",
                        "/spec/contextObject/name",
                        "p"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void defaults(Case c) {
        DefaultingTable.assertCase(DefaultingTable.gvkOf(c.input()), new CredentialRequestDefaults(), c);
    }
}
