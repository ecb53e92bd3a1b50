package cloud.gardener.apiserver.authn;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.delegation.CallerContext;
import cloud.gardener.apiserver.delegation.ExpiringCache;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Delegated token authentication: asks kube-apiserver with an {@code authentication.k8s.io/v1} TokenReview
 * (k8s.io/apiserver's webhook token authenticator behind its token cache).
 *
 * <p>{@code authenticated: true} identifies the user; {@code authenticated: false} means the token is not
 * known (not applicable; the bearer-token authenticator turns that into 401); a {@code status.error} or a
 * failed call is a failure. Both answers are cached for the TTL, keyed by the token's SHA-256; failures are
 * not cached. Concurrent reviews of the same token share one call.
 */
public final class TokenReviewAuthenticator implements TokenAuthenticator {

    static final String PATH = "/apis/authentication.k8s.io/v1/tokenreviews";
    private static final int CACHE_CAPACITY = 4096;

    private final KubeApiClient client;
    private final Duration cacheTtl;
    private final ExpiringCache<String, AuthenticationResult> cache;
    private final Map<String, Future<AuthenticationResult>> inFlight = new ConcurrentHashMap<>();

    public TokenReviewAuthenticator(KubeApiClient client, Duration cacheTtl, Clock clock) {
        this.client = Objects.requireNonNull(client, "client");
        this.cacheTtl = Objects.requireNonNull(cacheTtl, "cacheTtl");
        this.cache = new ExpiringCache<>(clock, CACHE_CAPACITY);
    }

    public TokenReviewAuthenticator(KubeApiClient client, Duration cacheTtl) {
        this(client, cacheTtl, Clock.systemUTC());
    }

    @Override
    public Future<AuthenticationResult> authenticateToken(String token) {
        String key = sha256(token);
        AuthenticationResult cached = cache.get(key);
        if (cached != null) {
            return Future.succeededFuture(cached);
        }
        Promise<AuthenticationResult> promise = Promise.promise();
        Future<AuthenticationResult> running = inFlight.putIfAbsent(key, promise.future());
        if (running != null) {
            // completed where the first request runs, perhaps another event loop
            return CallerContext.of(running);
        }
        review(token).onComplete(done -> {
            if (done.succeeded() && !done.result().isFailed()) {
                cache.put(key, done.result(), cacheTtl);
            }
            inFlight.remove(key, promise.future());
            promise.handle(done);
        });
        return promise.future();
    }

    private Future<AuthenticationResult> review(String token) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("apiVersion", "authentication.k8s.io/v1");
        body.put("kind", "TokenReview");
        body.putObject("spec").put("token", token);
        return client.post(PATH, body)
                .map(TokenReviewAuthenticator::fromReview)
                .otherwise(error -> AuthenticationResult.failed("token review failed: " + error.getMessage()));
    }

    static AuthenticationResult fromReview(JsonNode review) {
        JsonNode status = review.path("status");
        if (!status.path("authenticated").asBoolean(false)) {
            String error = status.path("error").asText("");
            return error.isEmpty() ? AuthenticationResult.notApplicable() : AuthenticationResult.failed(error);
        }
        JsonNode user = status.path("user");
        List<String> groups = new ArrayList<>();
        user.path("groups").forEach(group -> groups.add(group.asText()));
        Map<String, List<String>> extra = new LinkedHashMap<>();
        user.path("extra").properties().forEach(entry -> {
            List<String> values = new ArrayList<>();
            entry.getValue().forEach(value -> values.add(value.asText()));
            extra.put(entry.getKey(), values);
        });
        return AuthenticationResult.authenticated(
                new UserInfo(user.path("username").asText(""), user.path("uid").asText(""), groups, extra));
    }

    static String sha256(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
