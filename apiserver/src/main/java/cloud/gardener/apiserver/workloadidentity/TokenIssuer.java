package cloud.gardener.apiserver.workloadidentity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Issues workload identity JSON Web Tokens, as Gardener's {@code workloadidentity.tokenIssuer}: the requested
 * duration clamped to [min, max], {@code iat} and {@code nbf} now, a random {@code jti}, the issuer, subject and
 * audiences, plus private claims. The header carries {@code alg} and {@code kid} only (go-jose sets no
 * {@code typ}); the payload is written with the sorted keys of Go's encoder.
 */
public final class TokenIssuer {

    private final SigningKey key;
    private final String issuer;
    private final long minSeconds;
    private final long maxSeconds;
    private final Clock clock;

    /** @throws IllegalArgumentException when the issuer is empty, not a URL, or not https */
    public TokenIssuer(SigningKey key, String issuer, Duration min, Duration max, Clock clock) {
        this.key = Objects.requireNonNull(key, "key");
        this.issuer = checkIssuer(issuer);
        this.minSeconds = min.toSeconds();
        this.maxSeconds = max.toSeconds();
        this.clock = clock;
    }

    /** Gardener's {@code NewTokenIssuer} checks, with its messages. */
    static String checkIssuer(String issuer) {
        if (issuer == null || issuer.isEmpty()) {
            throw new IllegalArgumentException("issuer cannot be empty string");
        }
        URI uri;
        try {
            uri = new URI(issuer);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("issuer is not a valid URL, err: " + e.getMessage(), e);
        }
        if (!"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("issuer must be using https scheme");
        }
        return issuer;
    }

    public String issuer() {
        return issuer;
    }

    public SigningKey key() {
        return key;
    }

    /** The requested duration in seconds, clamped to the configured minimum and maximum. */
    long clamp(long durationSeconds) {
        if (durationSeconds < minSeconds) {
            return minSeconds;
        }
        return Math.min(durationSeconds, maxSeconds);
    }

    /**
     * Issues a signed token.
     *
     * @param subject         the {@code sub} claim
     * @param audiences       the {@code aud} claim (one audience is written as a string, none is left out, as
     *                        go-jose does)
     * @param durationSeconds requested validity, clamped
     * @param privateClaims   further top-level claims, e.g. {@code gardener.cloud}
     */
    public IssuedToken issue(String subject, List<String> audiences, long durationSeconds, ObjectNode privateClaims) {
        Instant now = clock.instant();
        long iat = now.getEpochSecond();
        long exp = now.plusSeconds(clamp(durationSeconds)).getEpochSecond();
        // go-jose merges the claims into a map and encodes it with sorted keys; so do we
        TreeMap<String, JsonNode> claims = new TreeMap<>();
        privateClaims.properties().forEach(e -> claims.put(e.getKey(), e.getValue()));
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (audiences != null && audiences.size() == 1) {
            claims.put("aud", nodes.textNode(audiences.get(0)));
        } else if (audiences != null && !audiences.isEmpty()) {
            ArrayNode list = nodes.arrayNode();
            audiences.forEach(list::add);
            claims.put("aud", list);
        }
        claims.put("exp", nodes.numberNode(exp));
        claims.put("iat", nodes.numberNode(iat));
        claims.put("iss", nodes.textNode(issuer));
        claims.put("jti", nodes.textNode(UUID.randomUUID().toString()));
        claims.put("nbf", nodes.numberNode(iat));
        claims.put("sub", nodes.textNode(subject));
        ObjectNode payload = nodes.objectNode();
        payload.setAll(claims);
        JWSObject jws = new JWSObject(
                new JWSHeader.Builder(key.algorithm()).keyID(key.keyId()).build(), new Payload(payload.toString()));
        try {
            jws.sign(key.signer());
        } catch (JOSEException e) {
            throw new IllegalStateException("failed to issue JSON Web Token: " + e.getMessage(), e);
        }
        return new IssuedToken(jws.serialize(), Instant.ofEpochSecond(exp));
    }
}
