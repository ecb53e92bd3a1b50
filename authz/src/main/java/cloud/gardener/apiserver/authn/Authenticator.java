package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;

/**
 * Identifies the user behind a request from one kind of credential. Implementations must not block
 * (they run on the event loop) and should answer {@link AuthenticationResult#failed} rather than fail
 * the future; a failed future is treated as a failure all the same.
 */
@FunctionalInterface
public interface Authenticator {

    Future<AuthenticationResult> authenticate(AuthenticationRequest request);
}
