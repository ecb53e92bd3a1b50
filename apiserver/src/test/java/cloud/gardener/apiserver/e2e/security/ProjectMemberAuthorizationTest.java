package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Standalone authorization through HTTP: the members of Gardener's example Project (owner john, admin alice,
 * viewer bob) get what their roles grant in garden-dev, others are denied with Kubernetes' message.
 */
@Tag("integration")
class ProjectMemberAuthorizationTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String SECRETS = "/api/v1/namespaces/garden-dev/secrets";
    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots";

    private static TestClient member(String name) {
        return SERVER.client(name, List.of("system:authenticated"));
    }

    @BeforeAll
    static void project() throws InterruptedException {
        TestClient admin = SERVER.admin();
        create(
                admin,
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":"
                        + "\"garden-dev\",\"labels\":{\"gardener.cloud/role\":\"project\",\"project.gardener.cloud/name\":\"dev\"}}}");
        create(admin, "/apis/core.gardener.cloud/v1beta1/projects", Examples.read("05-project-dev.yaml"));
        // the authorizer reads Projects from the cache that follows storage
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (member("alice.doe@example.com").get(SECRETS).status() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private static String secret(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"" + name + "\"},"
                + "\"data\":{\"k\":\"dg==\"}}";
    }

    @Test
    void anAdminManagesSecretsAndReadsShoots() {
        TestClient alice = member("alice.doe@example.com");
        assertThat(alice.post(SECRETS, secret("alice")).status()).isEqualTo(201);
        assertThat(alice.get(SECRETS + "/alice").status()).isEqualTo(200);
        assertThat(alice.get(SHOOTS).status()).isEqualTo(200);
        assertThat(alice.get("/api/v1/namespaces/garden-dev").status()).isEqualTo(200);
    }

    @Test
    void aViewerReadsShootsButNeverSecrets() {
        TestClient bob = member("bob.doe@example.com");
        assertThat(bob.get(SHOOTS).status()).isEqualTo(200);
        JsonNode denied = assertStatus(bob.get(SECRETS), 403, "Forbidden");
        assertThat(denied.path("message").asText())
                .isEqualTo("secrets is forbidden: User \"bob.doe@example.com\" "
                        + "cannot list resource \"secrets\" in API group \"\" in the namespace \"garden-dev\"");
        assertStatus(bob.post(SECRETS, secret("bob")), 403, "Forbidden");
    }

    @Test
    void theOwnerMayChangeTheProjectAndOthersMayNot() {
        TestClient john = member("john.doe@example.com");
        String project = "/apis/core.gardener.cloud/v1beta1/projects/dev";
        TestClient.Response patched =
                john.patch(project, "application/merge-patch+json", "{\"spec\":{\"description\":\"owned\"}}");
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        assertStatus(
                member("bob.doe@example.com")
                        .patch(project, "application/merge-patch+json", "{\"spec\":{\"description\":\"viewer\"}}"),
                403,
                "Forbidden");
    }

    @Test
    void strangersOnlyReadGlobalResources() {
        TestClient sam = member("sam");
        assertThat(sam.get("/apis/core.gardener.cloud/v1beta1/cloudprofiles").status())
                .isEqualTo(200);
        JsonNode denied = assertStatus(sam.get(SHOOTS), 403, "Forbidden");
        assertThat(denied.path("message").asText())
                .isEqualTo(
                        "shoots.core.gardener.cloud is forbidden: User \"sam\" "
                                + "cannot list resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"garden-dev\"");
        ObjectNode project = (ObjectNode) Examples.read("05-project-dev.yaml");
        assertStatus(sam.post("/apis/core.gardener.cloud/v1beta1/projects", project), 403, "Forbidden");
    }
}
