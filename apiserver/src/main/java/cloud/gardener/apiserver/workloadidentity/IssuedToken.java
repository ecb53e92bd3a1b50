package cloud.gardener.apiserver.workloadidentity;

import java.time.Instant;

/**
 * A signed token and when it expires.
 *
 * @param token      the compact JWS
 * @param expiration the {@code exp} claim
 */
public record IssuedToken(String token, Instant expiration) {}
