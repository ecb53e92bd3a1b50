package cloud.gardener.apiserver.authn;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Tries authenticators in order (k8s.io/apiserver's union authenticator): the first success wins and
 * earlier failures are forgotten; if none succeeds, any failure makes the union fail (the server answers
 * 401), otherwise it is not applicable. The upstream order is request-header (front proxy), client
 * certificate, bearer token; anonymous is not a member but a fallback ({@link FallbackAuthenticator}).
 */
public final class UnionAuthenticator implements Authenticator {

    private final List<Authenticator> authenticators;

    public UnionAuthenticator(List<? extends Authenticator> authenticators) {
        this.authenticators = List.copyOf(authenticators);
    }

    @Override
    public Future<AuthenticationResult> authenticate(AuthenticationRequest request) {
        return tryFrom(0, request, new ArrayList<>());
    }

    private Future<AuthenticationResult> tryFrom(int index, AuthenticationRequest request, List<String> failures) {
        if (index == authenticators.size()) {
            return Future.succeededFuture(
                    failures.isEmpty()
                            ? AuthenticationResult.notApplicable()
                            : AuthenticationResult.failed(aggregate(failures)));
        }
        return Authenticators.safely(authenticators.get(index), request).compose(result -> {
            if (result.isAuthenticated()) {
                return Future.succeededFuture(result);
            }
            if (result.isFailed()) {
                failures.add(result.reason());
            }
            return tryFrom(index + 1, request, failures);
        });
    }

    /** One reason as is, several as {@code [a, b]} (the format of apimachinery's error aggregate). */
    static String aggregate(List<String> reasons) {
        return reasons.size() == 1 ? reasons.get(0) : "[" + String.join(", ", reasons) + "]";
    }
}
