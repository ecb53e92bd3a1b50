package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.Objects;

/**
 * Asks {@code primary}; only when it finds no credentials at all is {@code fallback} asked
 * (k8s.io/apiserver's {@code union.NewFailOnError}). A failure of the primary stays a failure: bad
 * credentials get 401, never anonymous access.
 */
public final class FallbackAuthenticator implements Authenticator {

    private final Authenticator primary;
    private final Authenticator fallback;

    public FallbackAuthenticator(Authenticator primary, Authenticator fallback) {
        this.primary = Objects.requireNonNull(primary, "primary");
        this.fallback = Objects.requireNonNull(fallback, "fallback");
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        Future<AuthenticationResult> answer = Authenticators.safely(primary, request);
        if (answer.isComplete()) {
            // never failed (safely); taken in a plain call rather than through compose's future and listener
            return answer.result().isNotApplicable() ? Authenticators.safely(fallback, request) : answer;
        }
        return answer.compose(result ->
                result.isNotApplicable() ? Authenticators.safely(fallback, request) : Future.succeededFuture(result));
    }
}
