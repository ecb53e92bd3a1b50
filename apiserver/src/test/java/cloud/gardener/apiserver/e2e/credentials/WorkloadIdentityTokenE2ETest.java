package cloud.gardener.apiserver.e2e.credentials;

import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.boundShootObject;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.KeyPairs;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.server.CredentialsConfig;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import cloud.gardener.apiserver.workloadidentity.SigningKey;
import cloud.gardener.apiserver.workloadidentity.TokenIssuer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code workloadidentities/token} over HTTP, verified the way a relying party does: the issuer's discovery
 * document names the JWKS, fetched from this server without credentials, and nimbus checks signature and claims.
 */
@Tag("integration")
class WorkloadIdentityTokenE2ETest {

    static final String ISSUER = "https://gardener.example.com/garden/workload-identity/issuer";
    static final String ISSUER_PATH = "/garden/workload-identity/issuer";
    static final SigningKey KEY = SigningKey.of(KeyPairs.ecP256().getPrivate());

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config ->
            Fixtures.withoutShootGardenChecks(config.credentials(CredentialsConfig.defaults()
                    .withTokenIssuer(new TokenIssuer(
                            KEY, ISSUER, Duration.ofHours(1), Duration.ofHours(48), Clock.systemUTC())))));

    static TestClient admin;
    static String ns;
    static JsonNode identity;
    static JsonNode project;

    @BeforeAll
    static void fixtures() {
        admin = SERVER.admin();
        ns = createNamespace(admin, "garden-wi");
        ObjectNode wi = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "security.gardener.cloud/v1alpha1")
                .put("kind", "WorkloadIdentity");
        wi.putObject("metadata").put("name", "provider");
        wi.putObject("spec").putArray("audiences").add("sts.example.com");
        ((ObjectNode) wi.get("spec")).putObject("targetSystem").put("type", "aws");
        identity = create(admin, collection(), wi);
        // the project: a Shoot is admitted only in its project's namespace
        ObjectNode p = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("kind", "Project");
        p.putObject("metadata").put("name", "p" + ns.substring(ns.lastIndexOf('-') + 1));
        p.putObject("spec").put("namespace", ns);
        project = create(admin, "/apis/core.gardener.cloud/v1beta1/projects", p);
    }

    private static String collection() {
        return "/apis/security.gardener.cloud/v1alpha1/namespaces/" + ns + "/workloadidentities";
    }

    private static ObjectNode tokenRequest(Long seconds) {
        ObjectNode body = Json.MAPPER
                .createObjectNode()
                .put("apiVersion", "security.gardener.cloud/v1alpha1")
                .put("kind", "TokenRequest");
        ObjectNode spec = body.putObject("spec");
        if (seconds != null) {
            spec.put("expirationSeconds", seconds);
        }
        return body;
    }

    /** What a relying party does: discovery document, then its jwks_uri (path part), then verification. */
    private static JWTClaimsSet verify(String token) throws Exception {
        TestClient.Response discovery = SERVER.anonymous().get(ISSUER_PATH + "/.well-known/openid-configuration");
        assertThat(discovery.status()).as(discovery.body()).isEqualTo(200);
        String jwksUri = discovery.json().path("jwks_uri").asText();
        assertThat(jwksUri).startsWith(ISSUER);
        TestClient.Response jwks = SERVER.anonymous().get(jwksUri.substring("https://gardener.example.com".length()));
        assertThat(jwks.status()).as(jwks.body()).isEqualTo(200);

        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(
                com.nimbusds.jose.JWSAlgorithm.ES256, new ImmutableJWKSet<>(JWKSet.parse(jwks.body()))));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(
                "sts.example.com",
                new JWTClaimsSet.Builder().issuer(ISSUER).build(),
                Set.of("sub", "iat", "nbf", "exp", "jti")));
        return processor.process(token, null);
    }

    @Test
    void tokenVerifiesAgainstTheServedJwksAndCarriesGardenersClaims() throws Exception {
        Instant before = Instant.now().minusSeconds(1);
        TestClient.Response resp = admin.post(collection() + "/provider/token", tokenRequest(7200L));

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        JsonNode answer = resp.json();
        assertThat(answer.path("kind").asText()).isEqualTo("TokenRequest");
        assertThat(answer.path("metadata").path("name").asText()).isEqualTo("provider");
        assertThat(answer.path("metadata").path("namespace").asText()).isEqualTo(ns);
        assertThat(answer.path("metadata").path("creationTimestamp").asText()).isNotEmpty();
        assertThat(answer.path("spec").path("expirationSeconds").asLong()).isEqualTo(7200);

        JWTClaimsSet claims = verify(answer.path("status").path("token").asText());
        String uid = identity.path("metadata").path("uid").asText();
        assertThat(claims.getSubject()).isEqualTo("gardener.cloud:workloadidentity:" + ns + ":provider:" + uid);
        assertThat(claims.getAudience()).containsExactly("sts.example.com");
        assertThat(claims.getIssueTime().toInstant())
                .isAfterOrEqualTo(before.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        assertThat(claims.getExpirationTime().toInstant())
                .isEqualTo(claims.getIssueTime().toInstant().plusSeconds(7200))
                .isEqualTo(Instant.parse(
                        answer.path("status").path("expirationTimestamp").asText()));
        assertThat(claims.getJSONObjectClaim("gardener.cloud"))
                .isEqualTo(Map.of("workloadIdentity", Map.of("name", "provider", "namespace", ns, "uid", uid)));
    }

    @Test
    void durationIsClampedToTheMinimum() throws Exception {
        TestClient.Response resp = admin.post(collection() + "/provider/token", tokenRequest(600L));

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        JWTClaimsSet claims = verify(resp.json().path("status").path("token").asText());
        assertThat(Duration.between(
                        claims.getIssueTime().toInstant(),
                        claims.getExpirationTime().toInstant()))
                .isEqualTo(Duration.ofHours(1));
    }

    /** The Shoot a gardenlet asks a token for, bound by each binding kind (the last one by this WorkloadIdentity). */
    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    @SuppressWarnings("EnumOrdinal") // the index only keeps the names short and apart
    void contextObjectsAreResolvedForGardenletsOnly(BindingKind bindingKind) throws Exception {
        String name = "ctx-" + bindingKind.ordinal();
        bindingKind.create(admin, ns, name, "aws");
        JsonNode shoot = create(admin, shoots(ns), boundShootObject(name, bindingKind, name));
        ObjectNode body = tokenRequest(3600L);
        ((ObjectNode) body.get("spec"))
                .putObject("contextObject")
                .put("kind", "Shoot")
                .put("apiVersion", "core.gardener.cloud/v1beta1")
                .put("name", name)
                .put("namespace", ns)
                .put("uid", shoot.path("metadata").path("uid").asText());
        TestClient gardenlet = SERVER.client("gardenlet", List.of("system:masters", "gardener.cloud:system:seeds"));

        TestClient.Response resp = gardenlet.post(collection() + "/provider/token", body);

        assertThat(resp.status()).as(resp.body()).isEqualTo(201);
        Map<String, Object> claim =
                verify(resp.json().path("status").path("token").asText()).getJSONObjectClaim("gardener.cloud");
        assertThat(claim)
                .containsEntry(
                        "shoot",
                        Map.of(
                                "name",
                                name,
                                "namespace",
                                ns,
                                "uid",
                                shoot.path("metadata").path("uid").asText()));
        assertThat(claim)
                .containsEntry(
                        "project",
                        Map.of(
                                "name",
                                project.path("metadata").path("name").asText(),
                                "uid",
                                project.path("metadata").path("uid").asText()));
        assertThat(claim).doesNotContainKey("seed");

        // not a gardenlet: the context object is ignored
        TestClient.Response plain = admin.post(collection() + "/provider/token", body);
        assertThat(verify(plain.json().path("status").path("token").asText()).getJSONObjectClaim("gardener.cloud"))
                .containsOnlyKeys("workloadIdentity");

        // a stale UID is refused, as Gardener refuses it
        ((ObjectNode) body.get("spec").get("contextObject")).put("uid", "not-the-uid");
        JsonNode status = assertStatus(gardenlet.post(collection() + "/provider/token", body), 500, "");
        assertThat(status.path("message").asText())
                .isEqualTo("failed to resolve context object: uid of "
                        + "contextObject (not-the-uid) and real world Shoot resource ("
                        + shoot.path("metadata").path("uid").asText() + ") differ");
    }

    @Test
    void invalidRequestsAreRejected() {
        JsonNode status =
                assertStatus(admin.post(collection() + "/provider/token", tokenRequest(599L)), 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo(
                        "TokenRequest.security.gardener.cloud \"\" is invalid: "
                                + "spec.expirationSeconds: Invalid value: 599: may not specify a duration shorter than 10 minutes");

        ObjectNode named = tokenRequest(3600L);
        named.putObject("metadata").put("name", "other");
        status = assertStatus(admin.post(collection() + "/provider/token", named), 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo(" \"other\" is invalid: metadata.name: Invalid value: "
                        + "\"other\": TokenRequest name does not match WorkloadIdentity name: provider");

        status = assertStatus(admin.post(collection() + "/missing/token", tokenRequest(3600L)), 404, "NotFound");
        assertThat(status.path("message").asText())
                .isEqualTo("workloadidentities.security.gardener.cloud \"missing\" not found");
    }

    @Test
    void discoveryDocumentsArePublicAndCacheable() throws Exception {
        // a bad credential would be 401 anywhere else: these documents never look at credentials
        TestClient.Response discovery = SERVER.anonymous()
                .get(ISSUER_PATH + "/.well-known/openid-configuration", Map.of("Authorization", "Bearer not-a-token"));

        assertThat(discovery.status()).as(discovery.body()).isEqualTo(200);
        assertThat(discovery.header("Content-Type")).isEqualTo("application/json");
        assertThat(discovery.header("Cache-Control")).isEqualTo("public, max-age=3600");
        assertThat(discovery.json())
                .isEqualTo(
                        Json.MAPPER.readTree(
                                "{\"issuer\":\"" + ISSUER + "\","
                                        + "\"jwks_uri\":\"" + ISSUER
                                        + "/jwks\",\"response_types_supported\":[\"id_token\"],"
                                        + "\"subject_types_supported\":[\"public\"],\"id_token_signing_alg_values_supported\":[\"ES256\"]}"));

        TestClient.Response jwks = SERVER.anonymous().get(ISSUER_PATH + "/jwks");
        assertThat(jwks.header("Content-Type")).isEqualTo("application/jwk-set+json");
        assertThat(jwks.header("Cache-Control")).isEqualTo("public, max-age=3600");
        JWKSet set = JWKSet.parse(jwks.body());
        assertThat(set.getKeys()).singleElement().satisfies(k -> {
            assertThat(k.getKeyID()).isEqualTo(KEY.keyId());
            assertThat(k.isPrivate()).isFalse();
        });
    }
}
