package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.Objects;

/**
 * Adds {@code system:authenticated} to every user the delegate authenticates, except
 * {@code system:anonymous} and users already in {@code system:authenticated} or
 * {@code system:unauthenticated} (k8s.io/apiserver's {@code AuthenticatedGroupAdder}).
 */
public final class AuthenticatedGroupAdder implements Authenticator {

    /** A user given and the user returned for it. */
    private record Added(UserInfo given, UserInfo added) {}

    private final Authenticator delegate;
    /**
     * The last user given, with the one returned: the requests of a connection present one user (the x509 and token
     * authenticators remember their records), so most requests are spared a copy of it.
     */
    private volatile Added last;

    public AuthenticatedGroupAdder(Authenticator delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        Future<AuthenticationResult> answer = Authenticators.safely(delegate, request);
        // an answer already there is passed on in a plain call, not through map's future and listener
        return answer.isComplete() ? Future.succeededFuture(withGroup(answer.result())) : answer.map(this::withGroup);
    }

    private AuthenticationResult withGroup(AuthenticationResult result) {
        return result.isAuthenticated() ? AuthenticationResult.authenticated(added(result.user())) : result;
    }

    private UserInfo added(UserInfo user) {
        Added memo = last;
        if (memo != null && memo.given().equals(user)) {
            return memo.added();
        }
        UserInfo added = withAuthenticatedGroup(user);
        last = new Added(user, added);
        return added;
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
