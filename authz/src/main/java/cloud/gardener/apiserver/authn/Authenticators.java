package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.List;

/** Assembles the authentication chain the way k8s.io/apiserver's delegating authenticator does. */
public final class Authenticators {

    private Authenticators() {}

    /**
     * {@code union(credentialAuthenticators)}, then {@code system:authenticated} added to whoever it
     * authenticated, then (when enabled) anonymous for requests that carried no credentials.
     *
     * @param credentialAuthenticators in upstream order: request-header, client certificate, bearer token
     */
    public static Authenticator delegating(
            List<? extends Authenticator> credentialAuthenticators, boolean anonymousEnabled) {
        Authenticator authenticated = new AuthenticatedGroupAdder(new UnionAuthenticator(credentialAuthenticators));
        return anonymousEnabled
                ? new FallbackAuthenticator(authenticated, new AnonymousAuthenticator())
                : authenticated;
    }

    /** The authenticator's answer, with a thrown exception or failed future turned into a failed result. */
    static Future<AuthenticationResult> safely(Authenticator authenticator, AuthenticationRequest request) {
        Future<AuthenticationResult> future;
        try {
            future = authenticator.authenticate(request);
        } catch (RuntimeException e) {
            return Future.succeededFuture(AuthenticationResult.failed(describe(e)));
        }
        if (future == null) {
            return Future.succeededFuture(AuthenticationResult.failed("authenticator returned no result"));
        }
        // an answer already there (certificates, cached tokens: nearly every request) is taken as it is: recover
        // would make a future and a listener for it on every request
        if (future.succeeded()) {
            return future;
        }
        if (future.failed()) {
            return Future.succeededFuture(AuthenticationResult.failed(describe(future.cause())));
        }
        return future.recover(error -> Future.succeededFuture(AuthenticationResult.failed(describe(error))));
    }

    private static String describe(Throwable error) {
        return error.getMessage() == null ? error.getClass().getName() : error.getMessage();
    }
}
