package cloud.gardener.apiserver.e2e.credentials;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.boundShootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.certs.Pem;
import cloud.gardener.apiserver.certs.SubjectNames;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.e2e.kubectl.Kubectl;
import cloud.gardener.apiserver.server.CredentialsConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code shoots/adminkubeconfig} and {@code shoots/viewerkubeconfig} over HTTP, with the CA material stored as
 * Gardener stores it: an InternalSecret {@code <shoot>.ca-client} and a ConfigMap {@code <shoot>.ca-cluster}. Once per
 * {@link BindingKind}, the Shoots bound that way.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(BindingKind.class)
@Tag("integration")
class ShootKubeconfigE2ETest {

    /** The admin maximum is lowered to two hours so capping shows; the viewer keeps the default day. */
    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(
            config -> Fixtures.withoutShootGardenChecks(config.credentials(CredentialsConfig.defaults()
                    .withKubeconfigMaxExpiration(Duration.ofHours(2), Duration.ofHours(24)))));

    private static final CertificateAuthority CLIENT_CA =
            CertificateAuthority.generate("shoot-client-ca", Duration.ofDays(1));
    private static final CertificateAuthority CLUSTER_CA =
            CertificateAuthority.generate("shoot-cluster-ca", Duration.ofDays(1));

    static TestClient admin;
    static String ns;

    @TempDir
    Path temp;

    @Parameter
    BindingKind bindingKind;

    /** A project namespace per binding kind, with a binding of that kind to the Shoots' cloud credentials. */
    @BeforeParameterizedClassInvocation
    static void fixtures(BindingKind bindingKind) {
        admin = SERVER.admin();
        ns = createProjectNamespace(admin, "kubeconfig");
        bindingKind.create(admin, ns, "account", "aws");
        create(admin, shoots(ns), boundShootObject("s1", bindingKind, "account"));
        advertise(
                "s1",
                List.of(
                        address(
                                "service-account-issuer",
                                "https://discovery.example.com/projects/dev/shoots/uid/issuer"),
                        address("external", "https://api.s1.example.com"),
                        address("internal", "https://api.s1.internal.example.com:443"),
                        address("wildcard-tls-seed-bound", "https://api-s1.ingress.seed.example.com")));
        caClient("s1", CLIENT_CA);
        caCluster("s1", CLUSTER_CA.certificatePem());
    }

    private static ObjectNode address(String name, String url) {
        return Json.MAPPER.createObjectNode().put("name", name).put("url", url);
    }

    /** Sets status.advertisedAddresses through the status subresource, as gardenlet does. */
    private static void advertise(String shoot, List<ObjectNode> addresses) {
        ObjectNode patch = Json.MAPPER.createObjectNode();
        ArrayNode list = patch.putObject("status").putArray("advertisedAddresses");
        addresses.forEach(list::add);
        TestClient.Response resp = admin.patch(shoot(ns, shoot) + "/status", MERGE, patch);
        assertThat(resp.status()).as(resp.body()).isEqualTo(200);
    }

    private static void caClient(String shoot, CertificateAuthority ca) {
        ObjectNode secret = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "InternalSecret");
        secret.putObject("metadata").put("name", shoot + ".ca-client");
        secret.putObject("data").put("ca.crt", base64(ca.certificatePem())).put("ca.key", base64(ca.privateKeyPem()));
        create(admin, "/apis/core.gardener.cloud/v1beta1/namespaces/" + ns + "/internalsecrets", secret);
    }

    private static void caCluster(String shoot, String bundle) {
        ObjectNode configMap =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        configMap.putObject("metadata").put("name", shoot + ".ca-cluster");
        configMap.putObject("data").put("ca.crt", bundle);
        create(admin, "/api/v1/namespaces/" + ns + "/configmaps", configMap);
    }

    private static ObjectNode request(String kind, Long expirationSeconds) {
        ObjectNode body = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "authentication.gardener.cloud/v1alpha1")
                .put("kind", kind);
        ObjectNode spec = body.putObject("spec");
        if (expirationSeconds != null) {
            spec.put("expirationSeconds", expirationSeconds);
        }
        return body;
    }

    private static TestClient.Response adminKubeconfig(String shoot, Long expirationSeconds) {
        return admin.post(shoot(ns, shoot) + "/adminkubeconfig", request("AdminKubeconfigRequest", expirationSeconds));
    }

    private static JsonNode kubeconfigOf(JsonNode answer) throws Exception {
        byte[] yaml = Base64.getDecoder()
                .decode(answer.path("status").path("kubeconfig").asText());
        return Json.YAML.readTree(yaml);
    }

    private static X509Certificate clientCertificate(JsonNode kubeconfig) {
        String pem = new String(
                Base64.getDecoder()
                        .decode(kubeconfig
                                .path("users")
                                .get(0)
                                .path("user")
                                .path("client-certificate-data")
                                .asText()),
                StandardCharsets.UTF_8);
        return Pem.readCertificate(pem);
    }

    @Test
    void adminKubeconfigHasAClusterPerKubeApiServerAddressAndACertificateFromTheClientCa() throws Exception {
        Instant before = Instant.now();
        TestClient.Response resp = adminKubeconfig("s1", null);

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        JsonNode answer = resp.json();
        assertThat(answer.path("kind").asText()).isEqualTo("AdminKubeconfigRequest");
        assertThat(answer.path("apiVersion").asText()).isEqualTo("authentication.gardener.cloud/v1alpha1");
        assertThat(answer.path("spec").path("expirationSeconds").asLong()).isEqualTo(3600);

        JsonNode kubeconfig = kubeconfigOf(answer);
        String prefix = ns + "--s1-";
        assertThat(kubeconfig.path("current-context").asText()).isEqualTo(prefix + "external");
        assertThat(kubeconfig.path("clusters").findValuesAsText("name"))
                .containsExactly(prefix + "external", prefix + "internal", prefix + "wildcard-tls-seed-bound");
        assertThat(kubeconfig
                        .path("clusters")
                        .get(0)
                        .path("cluster")
                        .path("server")
                        .asText())
                .isEqualTo("https://api.s1.example.com");
        assertThat(kubeconfig
                        .path("clusters")
                        .get(1)
                        .path("cluster")
                        .path("server")
                        .asText())
                .isEqualTo("https://api.s1.internal.example.com:443");
        assertThat(kubeconfig
                        .path("clusters")
                        .get(0)
                        .path("cluster")
                        .path("certificate-authority-data")
                        .asText())
                .isEqualTo(base64(CLUSTER_CA.certificatePem()));
        // the seed's wildcard certificate is publicly trusted: no CA bundle there
        assertThat(kubeconfig.path("clusters").get(2).path("cluster").has("certificate-authority-data"))
                .isFalse();
        assertThat(kubeconfig.path("contexts").findValuesAsText("user")).containsOnly(prefix + "external");
        assertThat(kubeconfig.path("users")).hasSize(1);

        X509Certificate certificate = clientCertificate(kubeconfig);
        certificate.verify(CLIENT_CA.certificate().getPublicKey());
        assertThat(certificate.getIssuerX500Principal())
                .isEqualTo(CLIENT_CA.certificate().getSubjectX500Principal());
        assertThat(SubjectNames.commonName(certificate)).isEqualTo("gardener.cloud:admin:admin");
        // admin is in system:masters, which the server allows everything: the system group
        assertThat(SubjectNames.organizations(certificate)).containsExactly("gardener.cloud:system:admins");
        Instant notAfter = certificate.getNotAfter().toInstant();
        assertThat(notAfter)
                .isBetween(
                        before.plusSeconds(3600).minusSeconds(1), Instant.now().plusSeconds(3600));
        assertThat(answer.path("status").path("expirationTimestamp").asText()).isEqualTo(notAfter.toString());
    }

    @Test
    void viewerKubeconfigNamesTheViewer() throws Exception {
        TestClient.Response resp =
                admin.post(shoot(ns, "s1") + "/viewerkubeconfig", request("ViewerKubeconfigRequest", 86400L * 2));

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        assertThat(resp.json().path("kind").asText()).isEqualTo("ViewerKubeconfigRequest");
        // capped at the viewer maximum, a day
        assertThat(resp.json().path("spec").path("expirationSeconds").asLong()).isEqualTo(86400);
        X509Certificate certificate = clientCertificate(kubeconfigOf(resp.json()));
        assertThat(SubjectNames.commonName(certificate)).isEqualTo("gardener.cloud:viewer:admin");
        assertThat(SubjectNames.organizations(certificate)).containsExactly("gardener.cloud:system:viewers");
    }

    @Test
    void longerRequestsAreCappedAtTheMaximum() throws Exception {
        Instant before = Instant.now();
        TestClient.Response resp = adminKubeconfig("s1", 86400L);

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        assertThat(resp.json().path("spec").path("expirationSeconds").asLong()).isEqualTo(7200);
        Instant notAfter =
                clientCertificate(kubeconfigOf(resp.json())).getNotAfter().toInstant();
        assertThat(notAfter)
                .isBetween(
                        before.plusSeconds(7200).minusSeconds(1), Instant.now().plusSeconds(7200));
    }

    @Test
    void lessThanTenMinutesIsInvalid() {
        JsonNode status = assertStatus(adminKubeconfig("s1", 599L), 422, "Invalid");

        assertThat(status.path("message").asText())
                .isEqualTo("AdminKubeconfigRequest.authentication.gardener.cloud "
                        + "\"\" is invalid: spec.expirationSeconds: Invalid value: 599: may not specify a duration less "
                        + "than 10 minutes");
        assertThat(status.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("spec.expirationSeconds");
        assertThat(status.path("details").path("causes").get(0).path("reason").asText())
                .isEqualTo("FieldValueInvalid");
    }

    @Test
    void moreThanMaxUint32IsTooLong() {
        JsonNode status = assertStatus(adminKubeconfig("s1", 4294967296L), 422, "Invalid");

        assertThat(status.path("message").asText())
                .endsWith("spec.expirationSeconds: Too long: may not be more than 4294967295 bytes");
    }

    @Test
    void aShootWithoutKubeApiServerAddressesIsInvalid() {
        create(admin, shoots(ns), boundShootObject("no-addresses", bindingKind, "account"));
        caClient("no-addresses", CLIENT_CA);
        caCluster("no-addresses", CLUSTER_CA.certificatePem());

        JsonNode status = assertStatus(adminKubeconfig("no-addresses", null), 422, "Invalid");

        assertThat(status.path("message").asText())
                .isEqualTo("AdminKubeconfigRequest.authentication.gardener.cloud "
                        + "\"no-addresses\" is invalid: status.status: Invalid value: []core.ShootAdvertisedAddress(nil): "
                        + "no suitable advertised address for kube-apiserver found in .status.advertisedAddresses");
        assertThat(status.path("details").path("name").asText()).isEqualTo("no-addresses");
    }

    @Test
    void anUnknownShootIsNotFound() {
        JsonNode status = assertStatus(adminKubeconfig("nope", null), 404, "NotFound");

        assertThat(status.path("message").asText()).isEqualTo("shoots.core.gardener.cloud \"nope\" not found");
    }

    @Test
    void missingClientCaIsAnInternalError() {
        create(admin, shoots(ns), boundShootObject("no-ca", bindingKind, "account"));
        advertise("no-ca", List.of(address("external", "https://api.no-ca.example.com")));

        JsonNode status = assertStatus(adminKubeconfig("no-ca", null), 500, "InternalError");

        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: could not get client CA "
                        + "secret: internalsecret.core.gardener.cloud \"no-ca.ca-client\" not found");
    }

    @Test
    void missingClusterCaIsAnInternalErrorAndTheDeprecatedSecretStillCounts() throws Exception {
        create(admin, shoots(ns), boundShootObject("old-ca", bindingKind, "account"));
        advertise("old-ca", List.of(address("external", "https://api.old-ca.example.com")));
        caClient("old-ca", CLIENT_CA);

        JsonNode status = assertStatus(adminKubeconfig("old-ca", null), 500, "InternalError");
        assertThat(status.path("message").asText())
                .isEqualTo("Internal error occurred: could not get cluster CA "
                        + "secret: secret \"old-ca.ca-cluster\" not found");

        ObjectNode secret =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        secret.putObject("metadata").put("name", "old-ca.ca-cluster");
        secret.putObject("data").put("ca.crt", base64(CLUSTER_CA.certificatePem()));
        create(admin, "/api/v1/namespaces/" + ns + "/secrets", secret);

        TestClient.Response resp = adminKubeconfig("old-ca", null);
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        assertThat(kubeconfigOf(resp.json())
                        .path("clusters")
                        .get(0)
                        .path("cluster")
                        .path("certificate-authority-data")
                        .asText())
                .isEqualTo(base64(CLUSTER_CA.certificatePem()));
    }

    /**
     * CA material written with {@code stringData}, as a user's manifest often has it: the client CA InternalSecret
     * and the deprecated cluster CA Secret are read from {@code data}, which the write filled.
     */
    @Test
    void caSecretsWrittenWithStringDataAreRead() throws Exception {
        CertificateAuthority ca = CertificateAuthority.generate("string-data-client-ca", Duration.ofDays(1));
        create(admin, shoots(ns), boundShootObject("string-ca", bindingKind, "account"));
        advertise("string-ca", List.of(address("external", "https://api.string-ca.example.com")));
        ObjectNode client = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "InternalSecret");
        client.putObject("metadata").put("name", "string-ca.ca-client");
        client.putObject("stringData").put("ca.crt", ca.certificatePem()).put("ca.key", ca.privateKeyPem());
        create(admin, "/apis/core.gardener.cloud/v1beta1/namespaces/" + ns + "/internalsecrets", client);
        ObjectNode cluster =
                Json.MAPPER.createObjectNode().put("apiVersion", "v1").put("kind", "Secret");
        cluster.putObject("metadata").put("name", "string-ca.ca-cluster");
        cluster.putObject("stringData").put("ca.crt", CLUSTER_CA.certificatePem());
        create(admin, "/api/v1/namespaces/" + ns + "/secrets", cluster);

        TestClient.Response resp = adminKubeconfig("string-ca", null);

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        JsonNode kubeconfig = kubeconfigOf(resp.json());
        assertThat(kubeconfig
                        .path("clusters")
                        .get(0)
                        .path("cluster")
                        .path("certificate-authority-data")
                        .asText())
                .isEqualTo(base64(CLUSTER_CA.certificatePem()));
        clientCertificate(kubeconfig).verify(ca.certificate().getPublicKey());
    }

    @Test
    void aRequestWithoutKindAndApiVersionIsTheSubresourceKind() {
        ObjectNode body = request("AdminKubeconfigRequest", 600L);
        body.remove("kind");
        body.remove("apiVersion");
        TestClient.Response resp = admin.post(shoot(ns, "s1") + "/adminkubeconfig", body);
        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        assertThat(resp.json().path("kind").asText()).isEqualTo("AdminKubeconfigRequest");
        assertThat(resp.json().path("apiVersion").asText()).isEqualTo("authentication.gardener.cloud/v1alpha1");
        assertThat(resp.json().path("status").path("kubeconfig").asText()).isNotEmpty();
    }

    @Test
    void theBodyMustBeTheSubresourceKind() {
        TestClient.Response resp =
                admin.post(shoot(ns, "s1") + "/adminkubeconfig", request("ViewerKubeconfigRequest", null));
        JsonNode status = assertStatus(resp, 400, "BadRequest");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "ViewerKubeconfigRequest in version \"v1alpha1\" "
                                + "cannot be handled as a AdminKubeconfigRequest: converting "
                                + "(github.com/gardener/gardener/pkg/apis/authentication/v1alpha1) ViewerKubeconfigRequest to "
                                + "(github.com/gardener/gardener/pkg/apis/authentication) AdminKubeconfigRequest: unknown conversion");
        assertStatus(admin.get(shoot(ns, "s1") + "/adminkubeconfig"), 405, "MethodNotAllowed");
    }

    @Test
    void withoutASigningKeyNoWorkloadIdentityTokenIsIssued() {
        ObjectNode body = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "security.gardener.cloud/v1alpha1")
                .put("kind", "TokenRequest");
        TestClient.Response resp = admin.post(
                "/apis/security.gardener.cloud/v1alpha1/namespaces/" + ns + "/workloadidentities/any/token", body);

        JsonNode status = assertStatus(resp, 500, "");
        assertThat(status.path("message").asText())
                .isEqualTo("TokenIssuer is not set, WorkloadIdentity tokens cannot be issued");
    }

    @Test
    void kubectlRequestsAndAcceptsTheKubeconfig() throws Exception {
        Kubectl.assumeInstalled();
        Kubectl kubectl = Kubectl.forKubeconfig(SERVER.adminKubeconfig());
        String answer = kubectl.okWithInput(
                Json.toJson(request("AdminKubeconfigRequest", 1200L)),
                "create",
                "--raw",
                shoot(ns, "s1") + "/adminkubeconfig",
                "-f",
                "-");
        JsonNode request = Json.MAPPER.readTree(answer);
        assertThat(request.path("spec").path("expirationSeconds").asLong()).isEqualTo(1200);

        Path file = temp.resolve("shoot.kubeconfig");
        Files.write(
                file,
                Base64.getDecoder()
                        .decode(request.path("status").path("kubeconfig").asText()));
        Kubectl shootKubectl = Kubectl.forKubeconfig(file);
        assertThat(shootKubectl.ok("config", "get-contexts", "-o", "name").lines())
                .containsExactly(ns + "--s1-external", ns + "--s1-internal", ns + "--s1-wildcard-tls-seed-bound");
        assertThat(shootKubectl.ok(
                        "config", "view", "--raw", "-o", "jsonpath={.clusters[0].cluster.certificate-authority-data}"))
                .isEqualTo(base64(CLUSTER_CA.certificatePem()));
        assertThat(shootKubectl.ok("config", "view", "--minify", "-o", "jsonpath={.clusters[0].cluster.server}"))
                .isEqualTo("https://api.s1.example.com");
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
