package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;

/**
 * Identifies the user behind a bearer token (k8s.io/apiserver's {@code authenticator.Token}). Answers
 * {@link AuthenticationResult#authenticated} for a known token, {@link AuthenticationResult#notApplicable}
 * for a token it does not know, and {@link AuthenticationResult#failed} when it could not tell (e.g. the
 * TokenReview endpoint is down). Must not block.
 */
@FunctionalInterface
public interface TokenAuthenticator {

    Future<AuthenticationResult> authenticateToken(String token);
}
