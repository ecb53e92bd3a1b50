package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.Objects;

/**
 * Adds {@code system:authenticated} to every user the delegate authenticates, except
 * {@code system:anonymous} and users already in {@code system:authenticated} or
 * {@code system:unauthenticated} (k8s.io/apiserver's {@code AuthenticatedGroupAdder}).
 */
public final class AuthenticatedGroupAdder implements Authenticator {

    private final Authenticator delegate;

    public AuthenticatedGroupAdder(Authenticator delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        return Authenticators.safely(delegate, request)
                .map(result -> result.isAuthenticated()
                        ? AuthenticationResult.authenticated(withAuthenticatedGroup(result.user()))
                        : result);
    }

    static UserInfo withAuthenticatedGroup(UserInfo user) {
        if (UserInfo.ANONYMOUS.equals(user.name())
                || user.isInGroup(UserInfo.ALL_AUTHENTICATED)
                || user.isInGroup(UserInfo.ALL_UNAUTHENTICATED)) {
            return user;
        }
        return user.withGroup(UserInfo.ALL_AUTHENTICATED);
    }
}
