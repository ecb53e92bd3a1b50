package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Strategy warnings reach clients as {@code Warning: 299} headers, and kubectl prints them. */
@Tag("integration")
class StrategyWarningsE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String DEPRECATION = "299 - \"SecretBinding is deprecated in favour of CredentialsBinding. "
            + "For migration instructions, see: https://github.com/gardener/gardener/blob/master/docs/usage/"
            + "shoot-operations/secretbinding-to-credentialsbinding-migration.md\"";

    private static String secretBindings(String ns) {
        return "/apis/core.gardener.cloud/v1beta1/namespaces/" + ns + "/secretbindings";
    }

    private static String secretBinding(String name) {
        return "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"SecretBinding\",\"metadata\":{\"name\":\""
                + name + "\"},\"secretRef\":{\"name\":\"creds\"},\"provider\":{\"type\":\"aws\"}}";
    }

    private static void secret(TestClient admin, String ns) {
        create(
                admin,
                "/api/v1/namespaces/" + ns + "/secrets",
                "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"creds\"},\"data\":{\"k\":\"dg==\"}}");
    }

    @Test
    void everySecretBindingWriteWarnsAboutTheDeprecation() {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "warnings");
        secret(admin, ns);
        TestClient.Response created = admin.post(secretBindings(ns), secretBinding("b"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.headers().allValues("Warning")).containsExactly(DEPRECATION);

        TestClient.Response patched =
                admin.patch(secretBindings(ns) + "/b", MERGE, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        assertThat(patched.headers().allValues("Warning")).containsExactly(DEPRECATION);

        TestClient.Response read = admin.get(secretBindings(ns) + "/b");
        assertThat(read.headers().allValues("Warning")).as("reads do not warn").isEmpty();
    }

    @Test
    void rejectedWritesDoNotWarn() {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "warnings");
        TestClient.Response invalid = admin.post(
                secretBindings(ns),
                "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"SecretBinding\",\"metadata\":{\"name\":\"x\"}}");
        assertThat(invalid.status()).as(invalid.body()).isEqualTo(422);
        assertThat(invalid.headers().allValues("Warning")).isEmpty();
    }

    @Test
    void kubectlPrintsTheWarning() throws Exception {
        TestClient admin = SERVER.admin();
        String ns = createNamespace(admin, "warnings");
        secret(admin, ns);
        Kubectl.assumeInstalled();
        Kubectl.Result result = Kubectl.forKubeconfig(SERVER.adminKubeconfig())
                .runWithInput(secretBinding("k"), "create", "-n", ns, "-f", "-");
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        assertThat(result.stderr()).contains("Warning: SecretBinding is deprecated in favour of CredentialsBinding.");
    }
}
