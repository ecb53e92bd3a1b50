package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code Authorization: Bearer <token>} as k8s.io/apiserver's bearer-token authenticator does and asks
 * the token authenticators in order; the first that knows the token wins. A header that is absent, not of
 * the Bearer scheme, or has an empty token is not applicable. A token nobody knows is a failure
 * ({@code invalid bearer token}): the client gets 401, never anonymous access.
 */
public final class BearerTokenAuthenticator implements Authenticator {

    static final String INVALID_TOKEN = "invalid bearer token";

    private final List<TokenAuthenticator> tokenAuthenticators;

    public BearerTokenAuthenticator(List<? extends TokenAuthenticator> tokenAuthenticators) {
        this.tokenAuthenticators = List.copyOf(tokenAuthenticators);
    }

    /**
     * The token of an {@code Authorization} header value, or {@code null} when there is none: the value is
     * trimmed and split on single spaces; the first part must be {@code bearer} in any case and the second
     * part non-empty (so {@code "Bearer  x"}, with two spaces, has no token, as upstream).
     */
    public static String token(String authorization) {
        if (authorization == null) {
            return null;
        }
        String trimmed = authorization.strip();
        if (trimmed.isEmpty()) {
            return null;
        }
        String[] parts = trimmed.split(" ", 3);
        if (parts.length < 2 || !parts[0].toLowerCase(Locale.ROOT).equals("bearer") || parts[1].isEmpty()) {
            return null;
        }
        return parts[1];
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        String token = token(request.headers().get("Authorization"));
        if (token == null || tokenAuthenticators.isEmpty()) {
            return Future.succeededFuture(AuthenticationResult.notApplicable());
        }
        return tryFrom(0, token, new ArrayList<>());
    }

    private Future<AuthenticationResult> tryFrom(int index, String token, List<String> errors) {
        if (index == tokenAuthenticators.size()) {
            return Future.succeededFuture(AuthenticationResult.failed(
                    errors.isEmpty() ? INVALID_TOKEN : UnionAuthenticator.aggregate(errors)));
        }
        return safely(tokenAuthenticators.get(index), token).compose(result -> {
            if (result.isAuthenticated()) {
                return Future.succeededFuture(result);
            }
            if (result.isFailed()) {
                errors.add(result.reason());
            }
            return tryFrom(index + 1, token, errors);
        });
    }

    private static Future<AuthenticationResult> safely(TokenAuthenticator authenticator, String token) {
        try {
            Future<AuthenticationResult> future = authenticator.authenticateToken(token);
            if (future == null) {
                return Future.succeededFuture(AuthenticationResult.failed("token authenticator returned no result"));
            }
            return future.recover(e -> Future.succeededFuture(AuthenticationResult.failed(
                    e.getMessage() == null ? e.getClass().getName() : e.getMessage())));
        } catch (RuntimeException e) {
            return Future.succeededFuture(AuthenticationResult.failed(String.valueOf(e.getMessage())));
        }
    }
}
