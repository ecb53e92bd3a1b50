package cloud.gardener.apiserver.e2e.security;

import static cloud.gardener.apiserver.e2e.security.KubeApiServerDouble.SUBJECT_ACCESS_REVIEWS;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.certs.SubjectNames;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.server.AuthenticationConfig;
import cloud.gardener.apiserver.server.AuthorizationConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The organisation of a shoot kubeconfig's certificate is decided by a SubjectAccessReview to kube-apiserver with
 * Gardener's attributes and the caller's identity: allowed means the system group, anything else the project group.
 */
@Tag("integration")
class KubeconfigOrganisationTest {

    private static final KubeApiServerDouble KUBE = startKube();
    private static final CertificateAuthority CLIENT_CA = CertificateAuthority.generate("client", Duration.ofDays(1));
    private static final CertificateAuthority CLUSTER_CA = CertificateAuthority.generate("cluster", Duration.ofDays(1));

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config)
            .authentication(a -> a.withKubeconfig(
                    KUBE.kubeconfig(), Duration.ofSeconds(30), false, AuthenticationConfig.DEFAULT_CONFIGMAP_REFRESH))
            .authorization(new AuthorizationConfig(
                    KUBE.kubeconfig(), Duration.ofSeconds(30), Duration.ofSeconds(30), List.of("/healthz"))));

    static String ns;

    private static KubeApiServerDouble startKube() {
        try {
            KubeApiServerDouble kube = new KubeApiServerDouble();
            kube.publishConfigMap(Map.of());
            kube.addToken(
                    "member-token",
                    new UserInfo("member", "uid-member", List.of("project-members"), Map.of("scope", List.of("dev"))));
            kube.addToken("operator-token", new UserInfo("operator", "uid-operator", List.of("operators"), Map.of()));
            kube.authorizeWith(KubeconfigOrganisationTest::rbac);
            return kube;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Both may request kubeconfigs; only the operator passes Gardener's odd wildcard-only reviews. */
    private static KubeApiServerDouble.Verdict rbac(JsonNode spec) {
        JsonNode resource = spec.path("resourceAttributes");
        if (resource.path("subresource").asText().endsWith("kubeconfig")
                && resource.path("verb").asText().equals("create")) {
            return KubeApiServerDouble.Verdict.allow();
        }
        if (spec.path("user").asText().equals("operator")) {
            return KubeApiServerDouble.Verdict.allow();
        }
        return KubeApiServerDouble.Verdict.noOpinion("no RBAC policy matched");
    }

    @AfterAll
    static void stopKube() throws Exception {
        KUBE.close();
    }

    @BeforeAll
    static void fixtures() {
        TestClient admin = SERVER.admin();
        ns = Fixtures.createProjectNamespace(admin, "org");
        Fixtures.create(admin, Fixtures.shoots(ns), Fixtures.shootObject("s"));
        ObjectNode patch = Json.MAPPER.createObjectNode();
        patch.putObject("status")
                .putArray("advertisedAddresses")
                .addObject()
                .put("name", "external")
                .put("url", "https://api.s.example.com");
        assertThat(admin.patch(Fixtures.shoot(ns, "s") + "/status", Fixtures.MERGE, patch)
                        .status())
                .isEqualTo(200);
        ObjectNode secret = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "InternalSecret");
        secret.putObject("metadata").put("name", "s.ca-client");
        secret.putObject("data")
                .put("ca.crt", base64(CLIENT_CA.certificatePem()))
                .put("ca.key", base64(CLIENT_CA.privateKeyPem()));
        Fixtures.create(admin, "/apis/core.gardener.cloud/v1beta1/namespaces/" + ns + "/internalsecrets", secret);
        ObjectNode configMap =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        configMap.putObject("metadata").put("name", "s.ca-cluster");
        configMap.putObject("data").put("ca.crt", CLUSTER_CA.certificatePem());
        Fixtures.create(admin, "/api/v1/namespaces/" + ns + "/configmaps", configMap);
    }

    private static X509Certificate request(String token, String subresource, String kind) {
        ObjectNode body = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "authentication.gardener.cloud/v1alpha1")
                .put("kind", kind);
        TestClient.Response resp = SERVER.anonymous()
                .send(
                        "POST",
                        Fixtures.shoot(ns, "s") + "/" + subresource,
                        body,
                        Map.of("Authorization", "Bearer " + token));
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        try {
            JsonNode kubeconfig = Json.YAML.readTree(Base64.getDecoder()
                    .decode(resp.json().path("status").path("kubeconfig").asText()));
            return Pem.readCertificate(new String(
                    Base64.getDecoder()
                            .decode(kubeconfig
                                    .path("users")
                                    .get(0)
                                    .path("user")
                                    .path("client-certificate-data")
                                    .asText()),
                    StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The last review the double received for {@code user} about {@code resource}. */
    private static JsonNode review(String user, String resource) {
        List<JsonNode> reviews = KUBE.received(SUBJECT_ACCESS_REVIEWS).stream()
                .filter(r -> r.path("spec").path("user").asText().equals(user)
                        && r.path("spec")
                                .path("resourceAttributes")
                                .path("resource")
                                .asText()
                                .equals(resource))
                .toList();
        assertThat(reviews).isNotEmpty();
        return reviews.get(reviews.size() - 1).path("spec");
    }

    @Test
    void aProjectMemberGetsTheProjectGroups() {
        X509Certificate admin = request("member-token", "adminkubeconfig", "AdminKubeconfigRequest");
        X509Certificate viewer = request("member-token", "viewerkubeconfig", "ViewerKubeconfigRequest");

        assertThat(SubjectNames.commonName(admin)).isEqualTo("gardener.cloud:admin:member");
        assertThat(SubjectNames.organizations(admin)).containsExactly("gardener.cloud:project:admins");
        assertThat(SubjectNames.commonName(viewer)).isEqualTo("gardener.cloud:viewer:member");
        assertThat(SubjectNames.organizations(viewer)).containsExactly("gardener.cloud:project:viewers");

        JsonNode secrets = review("member", "Secret");
        assertThat(secrets.path("resourceAttributes").path("verb").asText()).isEqualTo("list");
        assertThat(secrets.path("resourceAttributes").path("group").asText()).isEqualTo("v1");
        assertThat(secrets.path("resourceAttributes").path("namespace").asText(""))
                .isEmpty();
        assertThat(secrets.path("uid").asText()).isEqualTo("uid-member");
        assertThat(secrets.path("groups").toString()).contains("\"project-members\"");
        assertThat(secrets.path("extra").path("scope").get(0).asText()).isEqualTo("dev");
        JsonNode projects = review("member", "Project");
        assertThat(projects.path("resourceAttributes").path("group").asText()).isEqualTo("core.gardener.cloud/v1beta1");
    }

    @Test
    void anOperatorAllowedEverythingGetsTheSystemGroups() {
        assertThat(SubjectNames.organizations(request("operator-token", "adminkubeconfig", "AdminKubeconfigRequest")))
                .containsExactly("gardener.cloud:system:admins");
        assertThat(SubjectNames.organizations(request("operator-token", "viewerkubeconfig", "ViewerKubeconfigRequest")))
                .containsExactly("gardener.cloud:system:viewers");
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
