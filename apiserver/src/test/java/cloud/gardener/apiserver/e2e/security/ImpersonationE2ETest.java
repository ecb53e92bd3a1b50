package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Standalone impersonation: {@code system:masters} may impersonate anyone, and the request then runs as that user
 * (a stranger is refused what the admin could do; a project member gets the project's rights); project members may
 * not impersonate (Gardener's project roles grant no {@code impersonate}); groups without a user are 400. Through
 * HTTP and kubectl's {@code --as}, {@code --as-group} and {@code --as-uid}.
 */
@Tag("integration")
class ImpersonationE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String SECRETS = "/api/v1/namespaces/garden-dev/secrets";
    private static final String ALICE = "alice.doe@example.com";

    private static Kubectl admin;
    private static Kubectl alice;

    @BeforeAll
    static void project() throws Exception {
        TestClient client = SERVER.admin();
        create(
                client,
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":"
                        + "\"garden-dev\",\"labels\":{\"gardener.cloud/role\":\"project\",\"project.gardener.cloud/name\":\"dev\"}}}");
        create(client, "/apis/core.gardener.cloud/v1beta1/projects", Examples.read("05-project-dev.yaml"));
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (SERVER.client(ALICE, List.of()).get(SECRETS).status() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Kubectl.assumeInstalled();
        admin = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        alice = Kubectl.forKubeconfig(SERVER.kubeconfig(ALICE, List.of()));
    }

    private static Map<String, String> as(String... nameValues) {
        Map<String, String> headers = new java.util.HashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            headers.put(nameValues[i], nameValues[i + 1]);
        }
        return headers;
    }

    @Test
    void anAdminImpersonatingAStrangerIsRefusedWhatTheStrangerMayNotDo() {
        JsonNode denied =
                assertStatus(SERVER.admin().get(SECRETS, as("Impersonate-User", "mallory")), 403, "Forbidden");
        assertThat(denied.path("message").asText())
                .isEqualTo("secrets is forbidden: User \"mallory\" cannot list "
                        + "resource \"secrets\" in API group \"\" in the namespace \"garden-dev\"");

        Kubectl.Result viaKubectl = admin.run("get", "secrets", "-n", "garden-dev", "--as", "mallory");
        assertThat(viaKubectl.succeeded()).isFalse();
        assertThat(viaKubectl.stderr()).contains("User \"mallory\" cannot list resource \"secrets\"");
    }

    @Test
    void anAdminImpersonatingAMemberGetsTheMembersRights() {
        assertThat(SERVER.admin().get(SECRETS, as("Impersonate-User", ALICE)).status())
                .isEqualTo(200);
        admin.ok("get", "secrets", "-n", "garden-dev", "--as", ALICE);
        // a viewer's rights exclude secrets
        assertThat(admin.run("get", "secrets", "-n", "garden-dev", "--as", "bob.doe@example.com")
                        .stderr())
                .contains("User \"bob.doe@example.com\" cannot list resource \"secrets\"");
        admin.ok("get", "shoots", "-n", "garden-dev", "--as", "bob.doe@example.com", "--as-uid", "uid-bob");
    }

    @Test
    void impersonatedGroupsAreTheAuthority() {
        // as mallory in system:masters, everything is allowed again
        assertThat(SERVER.admin()
                        .get(SECRETS, as("Impersonate-User", "mallory", "Impersonate-Group", "system:masters"))
                        .status())
                .isEqualTo(200);
        admin.ok("get", "secrets", "-n", "garden-dev", "--as", "mallory", "--as-group", "system:masters");
    }

    @Test
    void aMemberMayNotImpersonate() {
        JsonNode denied = assertStatus(
                SERVER.client(ALICE, List.of()).get(SECRETS, as("Impersonate-User", "john.doe@example.com")),
                403,
                "Forbidden");
        assertThat(denied.path("message").asText())
                .isEqualTo(
                        "users \"john.doe@example.com\" is forbidden: User "
                                + "\"alice.doe@example.com\" cannot impersonate resource \"users\" in API group \"\" at the cluster scope");
        assertThat(denied.path("details").path("kind").asText()).isEqualTo("users");

        // kubectl's discovery is refused first; like kube-apiserver's, the answer shows as "Forbidden: unknown"
        Kubectl.Result group =
                alice.run("get", "secrets", "-n", "garden-dev", "--as", ALICE, "--as-group", "system:masters");
        assertThat(group.succeeded()).isFalse();
        assertThat(group.stderr()).contains("Error from server (Forbidden)");
        // a raw request shows the message: the user is checked first
        Kubectl.Result raw = alice.run("get", "--raw", SECRETS, "--as", ALICE, "--as-group", "system:masters");
        assertThat(raw.stderr())
                .contains("users \"alice.doe@example.com\" is forbidden: User \"alice.doe@example.com\" "
                        + "cannot impersonate resource \"users\" in API group \"\" at the cluster scope");

        Kubectl.Result serviceAccount =
                alice.run("get", "--raw", SECRETS, "--as", "system:serviceaccount:garden-dev:robot");
        assertThat(serviceAccount.stderr())
                .contains(
                        "serviceaccounts \"robot\" is forbidden",
                        "cannot impersonate resource \"serviceaccounts\" in API group \"\" in the namespace \"garden-dev\"");
    }

    @Test
    void groupsExtrasOrAUidWithoutAUserAreABadRequest() {
        JsonNode bad =
                assertStatus(SERVER.admin().get(SECRETS, as("Impersonate-Group", "system:masters")), 400, "BadRequest");
        assertThat(bad.path("message").asText())
                .isEqualTo("requested [{Group  system:masters    }] without impersonating a user");
        assertStatus(SERVER.admin().get(SECRETS, as("Impersonate-Uid", "u1")), 400, "BadRequest");
        assertStatus(SERVER.admin().get(SECRETS, as("Impersonate-Extra-Scopes", "view")), 400, "BadRequest");
    }

    @Test
    void theImpersonatedUserIsWhoWrites() {
        TestClient.Response created = SERVER.admin()
                .send(
                        "POST",
                        SECRETS,
                        "{\"apiVersion\":\"v1\",\"kind\":\"Secret\","
                                + "\"metadata\":{\"name\":\"as-alice\"},\"data\":{\"k\":\"dg==\"}}",
                        as(
                                "Impersonate-User",
                                ALICE,
                                "Impersonate-Extra-Reason",
                                "test",
                                "Impersonate-Uid",
                                "uid-alice"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        // a viewer may not write, even when an admin asks on their behalf
        assertStatus(
                SERVER.admin()
                        .send(
                                "POST",
                                SECRETS,
                                "{\"apiVersion\":\"v1\",\"kind\":\"Secret\"," + "\"metadata\":{\"name\":\"as-bob\"}}",
                                as("Impersonate-User", "bob.doe@example.com")),
                403,
                "Forbidden");
    }
}
