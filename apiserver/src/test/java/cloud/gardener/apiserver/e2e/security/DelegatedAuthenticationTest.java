package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.security.KubeApiServerDouble.SUBJECT_ACCESS_REVIEWS;
import static cloud.gardener.apiserver.e2e.security.KubeApiServerDouble.TOKEN_REVIEWS;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.server.AuthenticationConfig;
import cloud.gardener.apiserver.server.AuthorizationConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The server behind a kube-apiserver (a test double speaking the real wire format): client CA and
 * front-proxy settings from {@code extension-apiserver-authentication}, bearer tokens by TokenReview,
 * decisions by SubjectAccessReview, both cached.
 */
@Tag("integration")
class DelegatedAuthenticationTest {

    private static final CertificateAuthority CLUSTER_CLIENT_CA =
            CertificateAuthority.generate("cluster-client-ca", Duration.ofDays(1));
    private static final CertificateAuthority PROXY_CA =
            CertificateAuthority.generate("front-proxy-ca", Duration.ofDays(1));
    private static final KubeApiServerDouble KUBE = startKube();
    private static final String SHOOTS = "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots";

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> config.clientCa(List.of())
            .authentication(a -> a.withKubeconfig(
                    KUBE.kubeconfig(), Duration.ofSeconds(30), false, AuthenticationConfig.DEFAULT_CONFIGMAP_REFRESH))
            .authorization(new AuthorizationConfig(
                    KUBE.kubeconfig(),
                    Duration.ofSeconds(30),
                    Duration.ofSeconds(30),
                    List.of("/healthz", "/readyz", "/livez"))));

    private static KubeApiServerDouble startKube() {
        try {
            KubeApiServerDouble kube = new KubeApiServerDouble();
            kube.publishConfigMap(Map.of(
                    "client-ca-file", CLUSTER_CLIENT_CA.certificatePem(),
                    "requestheader-client-ca-file", PROXY_CA.certificatePem(),
                    "requestheader-allowed-names", "[\"front-proxy-client\"]",
                    "requestheader-username-headers", "[\"X-Remote-User\"]",
                    "requestheader-group-headers", "[\"X-Remote-Group\"]",
                    "requestheader-extra-headers-prefix", "[\"X-Remote-Extra-\"]"));
            kube.addToken("alice-token", new UserInfo("alice", "uid-alice", List.of("dev"), Map.of()));
            // a second token of alice's, so that the caching test still sees the first one's review
            kube.addToken("alice-apply-token", new UserInfo("alice", "uid-alice", List.of("dev"), Map.of()));
            kube.addToken("carol-token", new UserInfo("carol", "uid-carol", List.of("ops"), Map.of()));
            kube.authorizeWith(DelegatedAuthenticationTest::rbac);
            return kube;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** alice may list and patch shoots; carol is explicitly denied; everyone may GET /version; the rest: no opinion. */
    private static KubeApiServerDouble.Verdict rbac(JsonNode spec) {
        String user = spec.path("user").asText();
        JsonNode resource = spec.path("resourceAttributes");
        if (spec.path("nonResourceAttributes").path("path").asText().equals("/version")) {
            return KubeApiServerDouble.Verdict.allow();
        }
        if (user.equals("carol")) {
            return KubeApiServerDouble.Verdict.deny("carol is suspended");
        }
        if (user.equals("alice")
                && List.of("list", "patch").contains(resource.path("verb").asText())
                && resource.path("resource").asText().equals("shoots")) {
            return KubeApiServerDouble.Verdict.allow();
        }
        return KubeApiServerDouble.Verdict.noOpinion("no RBAC policy matched");
    }

    @AfterAll
    static void stopKube() throws Exception {
        KUBE.close();
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }

    @Test
    void tokenReviewAndSubjectAccessReviewAreCached() {
        int tokenReviews = KUBE.calls(TOKEN_REVIEWS);
        int accessReviews = KUBE.calls(SUBJECT_ACCESS_REVIEWS);

        TestClient.Response first = SERVER.anonymous().get(SHOOTS, bearer("alice-token"));
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(SERVER.anonymous().get(SHOOTS, bearer("alice-token")).status())
                .isEqualTo(200);

        assertThat(KUBE.calls(TOKEN_REVIEWS) - tokenReviews).isEqualTo(1);
        assertThat(KUBE.calls(SUBJECT_ACCESS_REVIEWS) - accessReviews).isEqualTo(1);
        JsonNode review = KUBE.received(SUBJECT_ACCESS_REVIEWS).get(KUBE.calls(SUBJECT_ACCESS_REVIEWS) - 1);
        assertThat(review.path("spec").path("user").asText()).isEqualTo("alice");
        assertThat(review.path("spec").path("uid").asText()).isEqualTo("uid-alice");
        assertThat(review.path("spec").path("groups").toString()).isEqualTo("[\"dev\",\"system:authenticated\"]");
        assertThat(review.path("spec")
                        .path("resourceAttributes")
                        .path("namespace")
                        .asText())
                .isEqualTo("garden-dev");
    }

    @Test
    void deniedReviewIs403WithTheReason() {
        TestClient.Response response = SERVER.anonymous().get(SHOOTS, bearer("carol-token"));

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.json().path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud is forbidden: User \"carol\" cannot "
                        + "list resource \"shoots\" in API group \"core.gardener.cloud\" in the namespace \"garden-dev\": "
                        + "carol is suspended");
    }

    @Test
    void applyThatWouldCreateAlsoNeedsCreate() {
        Map<String, String> headers = new java.util.HashMap<>(bearer("alice-apply-token"));
        headers.put("Content-Type", "application/apply-patch+yaml");
        TestClient.Response response = SERVER.anonymous()
                .send(
                        "PATCH",
                        SHOOTS + "/new-one?fieldManager=alice",
                        "{\"apiVersion\":\"core.gardener.cloud/v1beta1\",\"kind\":\"Shoot\",\"metadata\":{\"name\":\"new-one\"}}",
                        headers);

        assertThat(response.status()).as(response.body()).isEqualTo(403);
        assertThat(response.json().path("message").asText())
                .isEqualTo("shoots.core.gardener.cloud \"new-one\" is "
                        + "forbidden: User \"alice\" cannot create resource \"shoots\" in API group \"core.gardener.cloud\" in the "
                        + "namespace \"garden-dev\": no RBAC policy matched");
    }

    @Test
    void unknownTokenIs401AndItsReviewIsCachedToo() {
        int before = KUBE.calls(TOKEN_REVIEWS);

        assertThat(SERVER.anonymous().get(SHOOTS, bearer("who-knows")).status()).isEqualTo(401);
        assertThat(SERVER.anonymous().get(SHOOTS, bearer("who-knows")).status()).isEqualTo(401);

        assertThat(KUBE.calls(TOKEN_REVIEWS) - before).isEqualTo(1);
    }

    @Test
    void versionGoesThroughReviewHealthDoesNot() {
        int before = KUBE.calls(SUBJECT_ACCESS_REVIEWS);

        assertThat(SERVER.anonymous().get("/healthz").status()).isEqualTo(200);
        assertThat(KUBE.calls(SUBJECT_ACCESS_REVIEWS)).isEqualTo(before);

        assertThat(SERVER.anonymous().get("/version").status()).isEqualTo(200);
        assertThat(KUBE.calls(SUBJECT_ACCESS_REVIEWS)).isEqualTo(before + 1);
        JsonNode spec = KUBE.received(SUBJECT_ACCESS_REVIEWS).get(before).path("spec");
        assertThat(spec.path("user").asText()).isEqualTo("system:anonymous");
        assertThat(spec.path("nonResourceAttributes").path("path").asText()).isEqualTo("/version");

        TestClient.Response openapi = SERVER.anonymous().get("/openapi/v2");
        assertThat(openapi.status()).isEqualTo(403);
        assertThat(openapi.json().path("message").asText()).contains("no RBAC policy matched");
    }

    @Test
    void frontProxyAndClientCaComeFromTheConfigMap() {
        TestClient proxy = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(),
                SERVER.servingCa().certificate(),
                PROXY_CA.issueClient("front-proxy-client", List.of(), Duration.ofHours(1)));
        int accessReviews = KUBE.calls(SUBJECT_ACCESS_REVIEWS);

        assertThat(proxy.get(
                                SHOOTS,
                                Map.of("X-Remote-User", "system:kube-aggregator", "X-Remote-Group", "system:masters"))
                        .status())
                .isEqualTo(200);
        assertThat(KUBE.calls(SUBJECT_ACCESS_REVIEWS))
                .as("system:masters needs no review")
                .isEqualTo(accessReviews);
        assertThat(proxy.get(SHOOTS, Map.of("X-Remote-User", "alice")).status()).isEqualTo(200);

        TestClient clusterUser = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(),
                SERVER.servingCa().certificate(),
                CLUSTER_CLIENT_CA.issueClient("dave", List.of("dev"), Duration.ofHours(1)));
        TestClient.Response dave = clusterUser.get(SHOOTS);
        assertThat(dave.status()).isEqualTo(403);
        assertThat(dave.json().path("message").asText()).contains("User \"dave\" cannot list");

        // The flag's CA was dropped, so the ConfigMap's is the only client CA: another CA's admin is 401.
        TestClient otherCa = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(),
                SERVER.servingCa().certificate(),
                SERVER.clientCa().issueClient("admin", List.of("system:masters"), Duration.ofHours(1)));
        assertThat(otherCa.get(SHOOTS).status()).isEqualTo(401);
    }
}
