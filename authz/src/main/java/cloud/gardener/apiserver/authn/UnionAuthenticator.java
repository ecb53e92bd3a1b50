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
        return tryFrom(0, request, null);
    }

    /**
     * Asks the authenticators from {@code index} on; {@code failures} are the earlier ones' reasons (null: none yet).
     * Answers already there are taken in a plain loop: only an authenticator still working (a TokenReview) makes the
     * rest wait for it.
     */
    private Future<AuthenticationResult> tryFrom(int index, AuthenticationRequest request, List<String> failures) {
        for (int i = index; i < authenticators.size(); i++) {
            // never a failed future: a failure is a failed result
            Future<AuthenticationResult> answer = Authenticators.safely(authenticators.get(i), request);
            if (!answer.isComplete()) {
                int next = i + 1;
                List<String> earlier = failures;
                return answer.compose(result -> result.isAuthenticated()
                        ? Future.succeededFuture(result)
                        : tryFrom(next, request, withFailure(earlier, result)));
            }
            AuthenticationResult result = answer.result();
            if (result.isAuthenticated()) {
                return answer;
            }
            failures = withFailure(failures, result);
        }
        return Future.succeededFuture(
                failures == null
                        ? AuthenticationResult.notApplicable()
                        : AuthenticationResult.failed(aggregate(failures)));
    }

    private static List<String> withFailure(List<String> failures, AuthenticationResult result) {
        if (!result.isFailed()) {
            return failures;
        }
        List<String> more = failures == null ? new ArrayList<>() : failures;
        more.add(result.reason());
        return more;
    }

    /** One reason as is, several as {@code [a, b]} (the format of apimachinery's error aggregate). */
    static String aggregate(List<String> reasons) {
        return reasons.size() == 1 ? reasons.get(0) : "[" + String.join(", ", reasons) + "]";
    }
}
