package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.security.KubeApiServerDouble.SUBJECT_ACCESS_REVIEWS;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.server.AuthenticationConfig;
import cloud.gardener.apiserver.server.AuthorizationConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Impersonation behind a kube-apiserver: every {@code impersonate} decision is a SubjectAccessReview (the double
 * speaks the wire format and plays RBAC), and the request then runs, and is reviewed again, as the impersonated
 * user with the impersonated groups, UID and extras. kubectl's {@code --as}, {@code --as-group} and
 * {@code --as-uid} with a permitted and a refused caller.
 */
@Tag("integration")
class DelegatedImpersonationTest {

    private static final KubeApiServerDouble KUBE = startKube();
    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots";

    /** The callers' kubeconfigs. */
    @TempDir
    static Path kubeconfigs;

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.clientCa(List.of())
            .authentication(a -> a.withKubeconfig(
                    KUBE.kubeconfig(), Duration.ofSeconds(30), true, AuthenticationConfig.DEFAULT_CONFIGMAP_REFRESH))
            .authorization(new AuthorizationConfig(
                    KUBE.kubeconfig(),
                    Duration.ofMillis(1),
                    Duration.ofMillis(1),
                    List.of("/healthz", "/readyz", "/livez"))));

    private static KubeApiServerDouble startKube() {
        try {
            KubeApiServerDouble kube = new KubeApiServerDouble();
            kube.addToken("operator-token", new UserInfo("operator", "uid-operator", List.of("ops"), Map.of()));
            kube.addToken("dev-token", new UserInfo("dev", "uid-dev", List.of("devs"), Map.of()));
            kube.authorizeWith(DelegatedImpersonationTest::rbac);
            return kube;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Discovery for everyone (kube-apiserver's system:discovery); operator may impersonate user bob, group auditors,
     * any UID and the extra key "reason"; bob may list shoots only as an auditor; everything else has no opinion.
     */
    private static KubeApiServerDouble.Verdict rbac(JsonNode spec) {
        if (spec.path("nonResourceAttributes").path("verb").asText().equals("get")) {
            return KubeApiServerDouble.Verdict.allow();
        }
        String user = spec.path("user").asText();
        JsonNode r = spec.path("resourceAttributes");
        String verb = r.path("verb").asText();
        if (user.equals("operator") && verb.equals("impersonate")) {
            boolean allowed = switch (r.path("resource").asText()) {
                case "users" ->
                    r.path("name").asText().equals("bob")
                            && r.path("group").asText().isEmpty();
                case "groups" -> r.path("name").asText().equals("auditors");
                case "uids" -> r.path("group").asText().equals("authentication.k8s.io");
                case "userextras" -> r.path("subresource").asText().equals("reason");
                default -> false;
            };
            return allowed ? KubeApiServerDouble.Verdict.allow() : KubeApiServerDouble.Verdict.noOpinion("no rule");
        }
        if (user.equals("bob")
                && verb.equals("list")
                && r.path("resource").asText().equals("shoots")) {
            boolean auditor = false;
            for (JsonNode g : spec.path("groups")) {
                auditor |= g.asText().equals("auditors");
            }
            return auditor
                    ? KubeApiServerDouble.Verdict.allow()
                    : KubeApiServerDouble.Verdict.noOpinion("not an auditor");
        }
        return KubeApiServerDouble.Verdict.noOpinion("no RBAC policy matched");
    }

    @AfterAll
    static void stopKube() throws Exception {
        KUBE.close();
    }

    private static Map<String, String> headers(String token, String... nameValues) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Authorization", "Bearer " + token);
        for (int i = 0; i < nameValues.length; i += 2) {
            headers.put(nameValues[i], nameValues[i + 1]);
        }
        return headers;
    }

    private static Kubectl kubectl(String token) throws Exception {
        Path file = Files.createTempFile(kubeconfigs, "impersonation", ".kubeconfig");
        Kubeconfig.forToken("delegated", SERVER.baseUrl(), SERVER.servingCa().certificatePem(), token)
                .write(file);
        return Kubectl.forKubeconfig(file);
    }

    private static JsonNode lastReview() {
        List<JsonNode> reviews = KUBE.received(SUBJECT_ACCESS_REVIEWS);
        return reviews.get(reviews.size() - 1).path("spec");
    }

    @Test
    void aPermittedCallerActsAsTheImpersonatedUserWithItsGroupsUidAndExtras() {
        TestClient.Response listed = SERVER.anonymous()
                .get(
                        SHOOTS,
                        headers(
                                "operator-token",
                                "Impersonate-User",
                                "bob",
                                "Impersonate-Group",
                                "auditors",
                                "Impersonate-Uid",
                                "uid-bob",
                                "Impersonate-Extra-Reason",
                                "audit"));
        assertThat(listed.status()).as(listed.body()).isEqualTo(200);

        JsonNode review = lastReview();
        assertThat(review.path("user").asText()).isEqualTo("bob");
        assertThat(review.path("uid").asText()).isEqualTo("uid-bob");
        assertThat(review.path("groups").toString()).isEqualTo("[\"auditors\",\"system:authenticated\"]");
        assertThat(review.path("extra").path("reason").toString()).isEqualTo("[\"audit\"]");
        assertThat(review.path("resourceAttributes").path("verb").asText()).isEqualTo("list");
    }

    @Test
    void eachImpersonatedThingIsReviewedForTheCaller() {
        int before = KUBE.calls(SUBJECT_ACCESS_REVIEWS);
        SERVER.anonymous()
                .get(
                        SHOOTS,
                        headers(
                                "operator-token",
                                "Impersonate-User",
                                "bob",
                                "Impersonate-Group",
                                "auditors",
                                "Impersonate-Extra-Reason",
                                "audit",
                                "Impersonate-Uid",
                                "uid-bob"));

        List<JsonNode> reviews =
                KUBE.received(SUBJECT_ACCESS_REVIEWS).subList(before, KUBE.calls(SUBJECT_ACCESS_REVIEWS));
        assertThat(reviews)
                .extracting(r -> r.path("spec").path("user").asText())
                .containsExactly("operator", "operator", "operator", "operator", "bob");
        assertThat(reviews.subList(0, 4))
                .extracting(r -> r.path("spec")
                        .path("resourceAttributes")
                        .path("resource")
                        .asText())
                .containsExactly("users", "groups", "userextras", "uids");
        JsonNode extra = reviews.get(2).path("spec").path("resourceAttributes");
        assertThat(extra.path("group").asText()).isEqualTo("authentication.k8s.io");
        assertThat(extra.path("version").asText()).isEqualTo("v1");
        assertThat(extra.path("subresource").asText()).isEqualTo("reason");
        assertThat(extra.path("name").asText()).isEqualTo("audit");
        assertThat(extra.path("verb").asText()).isEqualTo("impersonate");
    }

    @Test
    void aRefusedImpersonationIsUpstreams403WithTheReviewsReason() {
        TestClient.Response refused = SERVER.anonymous().get(SHOOTS, headers("dev-token", "Impersonate-User", "bob"));
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().path("message").asText())
                .isEqualTo(
                        "users \"bob\" is forbidden: User \"dev\" cannot "
                                + "impersonate resource \"users\" in API group \"\" at the cluster scope: no RBAC policy matched");

        TestClient.Response group = SERVER.anonymous()
                .get(
                        SHOOTS,
                        headers("operator-token", "Impersonate-User", "bob", "Impersonate-Group", "system:masters"));
        assertThat(group.json().path("message").asText())
                .isEqualTo(
                        "groups \"system:masters\" is forbidden: User "
                                + "\"operator\" cannot impersonate resource \"groups\" in API group \"\" at the cluster scope: no rule");
    }

    @Test
    void kubectlAsAsGroupAndAsUid() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl operator = kubectl("operator-token");
        operator.ok(
                "get", "shoots", "-n", "garden-dev", "--as", "bob", "--as-group", "auditors", "--as-uid", "uid-bob");
        assertThat(lastReview().path("uid").asText()).isEqualTo("uid-bob");

        // as bob without the auditors group, bob may not list
        Kubectl.Result withoutGroup = operator.run("get", "shoots", "-n", "garden-dev", "--as", "bob");
        assertThat(withoutGroup.succeeded()).isFalse();
        assertThat(withoutGroup.stderr()).contains("User \"bob\" cannot list resource \"shoots\"", "not an auditor");

        // refused: kubectl's discovery fails first, shown as "Forbidden: unknown" as against kube-apiserver
        Kubectl dev = kubectl("dev-token");
        Kubectl.Result refused = dev.run("get", "shoots", "-n", "garden-dev", "--as", "bob");
        assertThat(refused.succeeded()).isFalse();
        assertThat(refused.stderr()).contains("Error from server (Forbidden)");
        Kubectl.Result raw = dev.run("get", "--raw", SHOOTS, "--as", "bob");
        assertThat(raw.stderr())
                .contains("users \"bob\" is forbidden: User \"dev\" cannot impersonate resource "
                        + "\"users\" in API group \"\" at the cluster scope");
    }
}
