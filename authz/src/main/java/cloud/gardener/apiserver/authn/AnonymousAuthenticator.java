package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;

/**
 * Authenticates every request as {@code system:anonymous} in {@code system:unauthenticated}. Only ever
 * used as the fallback for requests without credentials, and only when anonymous access is enabled.
 */
public final class AnonymousAuthenticator implements Authenticator {

    private static final Future<AuthenticationResult> ANONYMOUS =
            Future.succeededFuture(AuthenticationResult.authenticated(UserInfo.anonymous()));

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        return ANONYMOUS;
    }
}
