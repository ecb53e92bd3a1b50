package cloud.gardener.apiserver.workloadidentity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.certs.KeyPairs;
import cloud.gardener.apiserver.certs.Pem;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokenIssuerTest {

    private static final String ISSUER = "https://discovery.example.com/garden/workload-identity/issuer";
    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05.678Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    private static SigningKey ec(String curve) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec(curve));
        return SigningKey.fromPem(
                Pem.writePrivateKey(generator.generateKeyPair().getPrivate()));
    }

    /**
     * An RSA signing key as openssl writes it ({@code openssl genrsa -traditional 2048}): fixed, as these tests are
     * about signing with a key, not about generating one (seconds with the fast loop's C1-only JVMs).
     */
    private static String rsaKeyPem() throws IOException {
        try (InputStream in = TokenIssuerTest.class.getResourceAsStream("rsa-2048.key")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    private static TokenIssuer issuer(SigningKey key) {
        return new TokenIssuer(key, ISSUER, Duration.ofHours(1), Duration.ofHours(48), CLOCK);
    }

    @ParameterizedTest
    @CsvSource({"secp256r1, ES256", "secp384r1, ES384", "secp521r1, ES512"})
    void ecKeysSignWithTheAlgorithmOfTheirCurve(String curve, String algorithm) throws Exception {
        assertThat(ec(curve).algorithm()).isEqualTo(JWSAlgorithm.parse(algorithm));
    }

    @Test
    void rsaKeysSignRs256() throws Exception {
        assertThat(SigningKey.fromPem(rsaKeyPem()).algorithm()).isEqualTo(JWSAlgorithm.RS256);
    }

    @Test
    void keyIdIsUnpaddedBase64UrlOfTheSha256OfThePkixPublicKey() throws Exception {
        KeyPair pair = KeyPairs.ecP256();
        SigningKey key = SigningKey.of(pair.getPrivate());
        byte[] digest =
                MessageDigest.getInstance("SHA-256").digest(pair.getPublic().getEncoded());

        assertThat(key.keyId())
                .isEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(digest))
                .hasSize(43)
                .doesNotContain("=", "+", "/");
    }

    @Test
    void tokenVerifiesAgainstTheJwksAndCarriesTheDocumentedClaims() throws Exception {
        SigningKey key = SigningKey.fromPem(rsaKeyPem());
        ObjectNode claim = Json.MAPPER.createObjectNode();
        claim.putObject("gardener.cloud")
                .putObject("workloadIdentity")
                .put("name", "wi")
                .put("namespace", "garden-dev")
                .put("uid", "u-1");
        Map<String, Object> gardener =
                Map.of("workloadIdentity", Map.of("name", "wi", "namespace", "garden-dev", "uid", "u-1"));

        IssuedToken issued =
                issuer(key).issue("gardener.cloud:workloadidentity:garden-dev:wi:u-1", List.of("aud-1"), 7200, claim);

        SignedJWT jwt = SignedJWT.parse(issued.token());
        assertThat(jwt.getHeader().getKeyID()).isEqualTo(key.keyId());
        assertThat(jwt.getHeader().getType()).isNull();
        JWK jwk = JWKSet.parse(OpenIdDiscovery.jwks(List.of(key)))
                .getKeyByKeyId(jwt.getHeader().getKeyID());
        assertThat(jwt.verify(new DefaultJWSVerifierFactory()
                        .createJWSVerifier(jwt.getHeader(), jwk.toRSAKey().toPublicKey())))
                .isTrue();

        var claims = jwt.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(ISSUER);
        assertThat(claims.getSubject()).isEqualTo("gardener.cloud:workloadidentity:garden-dev:wi:u-1");
        assertThat(claims.getAudience()).containsExactly("aud-1");
        assertThat(claims.getIssueTime()).isEqualTo(Date.from(NOW.minusNanos(678_000_000)));
        assertThat(claims.getNotBeforeTime()).isEqualTo(claims.getIssueTime());
        assertThat(claims.getExpirationTime().toInstant()).isEqualTo(Instant.parse("2026-01-02T05:04:05Z"));
        assertThat(issued.expiration()).isEqualTo(claims.getExpirationTime().toInstant());
        assertThat(claims.getJWTID()).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(claims.getJSONObjectClaim("gardener.cloud")).isEqualTo(gardener);
        // a single audience is a string, as go-jose writes it; claims in Go's sorted order
        String payload = jwt.getPayload().toString();
        assertThat(payload).contains("\"aud\":\"aud-1\"");
        assertThat(payload)
                .matches("\\{\"aud\":\"aud-1\",\"exp\":\\d+,\"gardener.cloud\":\\{.*\\},\"iat\":\\d+,"
                        + "\"iss\":\".*\",\"jti\":\".*\",\"nbf\":\\d+,\"sub\":\".*\"\\}");
    }

    @Test
    void ecTokensVerifyToo() throws Exception {
        SigningKey key = ec("secp384r1");
        SignedJWT jwt = SignedJWT.parse(issuer(key)
                .issue("s", List.of("a", "b"), 3600, Json.MAPPER.createObjectNode())
                .token());

        JWK jwk = JWKSet.parse(OpenIdDiscovery.jwks(List.of(key))).getKeys().get(0);
        assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES384);
        assertThat(jwt.verify(new DefaultJWSVerifierFactory()
                        .createJWSVerifier(jwt.getHeader(), jwk.toECKey().toPublicKey())))
                .isTrue();
        assertThat(jwt.getJWTClaimsSet().getAudience()).containsExactly("a", "b");
    }

    @Test
    void durationIsClampedToMinAndMax() {
        TokenIssuer issuer = issuer(SigningKey.of(KeyPairs.ecP256().getPrivate()));

        assertThat(issuer.clamp(600)).isEqualTo(3600);
        assertThat(issuer.clamp(7200)).isEqualTo(7200);
        assertThat(issuer.clamp(1L << 32)).isEqualTo(48 * 3600);
        Instant exp = issuer.issue("s", List.of("a"), 1L << 32, Json.MAPPER.createObjectNode())
                .expiration();
        assertThat(exp).isEqualTo(Instant.parse("2026-01-04T03:04:05Z"));
    }

    @Test
    void issuerMustBeAnHttpsUrl() {
        SigningKey key = SigningKey.of(KeyPairs.ecP256().getPrivate());
        assertThatThrownBy(() -> new TokenIssuer(key, "", Duration.ofHours(1), Duration.ofHours(2), CLOCK))
                .hasMessage("issuer cannot be empty string");
        assertThatThrownBy(() -> new TokenIssuer(key, "http://x", Duration.ofHours(1), Duration.ofHours(2), CLOCK))
                .hasMessage("issuer must be using https scheme");
        assertThatThrownBy(() -> new TokenIssuer(key, "https://x y", Duration.ofHours(1), Duration.ofHours(2), CLOCK))
                .hasMessageStartingWith("issuer is not a valid URL");
    }

    @Test
    void discoveryDocumentNamesIssuerJwksAndAlgorithms() throws Exception {
        SigningKey key = ec("secp256r1");
        var doc = OpenIdDiscovery.configuration(ISSUER, List.of(key));

        assertThat(doc.toString())
                .isEqualTo("{\"issuer\":\"" + ISSUER + "\",\"jwks_uri\":\"" + ISSUER + "/jwks\","
                        + "\"response_types_supported\":[\"id_token\"],\"subject_types_supported\":[\"public\"],"
                        + "\"id_token_signing_alg_values_supported\":[\"ES256\"]}");
        JWK jwk = JWKSet.parse(OpenIdDiscovery.jwks(List.of(key))).getKeys().get(0);
        assertThat(jwk.isPrivate()).isFalse();
        assertThat(jwk.getKeyUse().identifier()).isEqualTo("sig");
        assertThat(jwk.getAlgorithm().getName()).isEqualTo("ES256");
        assertThat(jwk.getKeyID()).isEqualTo(key.keyId());
        assertThat(OpenIdDiscovery.issuerPath(ISSUER)).isEqualTo("/garden/workload-identity/issuer");
        assertThat(OpenIdDiscovery.issuerPath("https://host/")).isEmpty();
        assertThat(OpenIdDiscovery.issuerPath("https://host")).isEmpty();
    }
}
