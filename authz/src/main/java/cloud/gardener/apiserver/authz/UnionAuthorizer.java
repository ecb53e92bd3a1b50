package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks authorizers in order (k8s.io/apiserver's union authorizer): the first ALLOW or DENY is the
 * answer. When all have no opinion so is the answer, with their non-empty reasons joined by newlines (the
 * request is then refused, but a SubjectAccessReview reports {@code allowed: false} without {@code denied}).
 * Failures are remembered and the next authorizer is asked; if no one allowed or denied and some failed,
 * the union fails with their messages (the server answers 500 InternalError, as upstream does).
 */
public final class UnionAuthorizer implements Authorizer {

    private final List<Authorizer> authorizers;

    public UnionAuthorizer(List<? extends Authorizer> authorizers) {
        this.authorizers = List.copyOf(authorizers);
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        return askFrom(0, attributes, null);
    }

    /**
     * Asks the authorizers from {@code index} on; {@code undecided} holds the earlier ones' reasons and errors (null:
     * none yet). Answers already there are taken in a plain loop: only an authorizer still working (a
     * SubjectAccessReview) makes the rest wait for it.
     */
    private Future<Decision> askFrom(int index, Attributes attributes, Undecided undecided) {
        for (int i = index; i < authorizers.size(); i++) {
            Future<Decision> answer = safely(authorizers.get(i), attributes);
            if (!answer.isComplete()) {
                int next = i + 1;
                Undecided earlier = undecided;
                return answer.transform(outcome ->
                        decides(outcome) ? answer : askFrom(next, attributes, Undecided.add(earlier, outcome)));
            }
            if (decides(answer)) {
                return answer;
            }
            undecided = Undecided.add(undecided, answer);
        }
        return undecided == null ? Future.succeededFuture(Decision.noOpinion("")) : undecided.answer();
    }

    private static boolean decides(AsyncResult<Decision> outcome) {
        return outcome.succeeded() && outcome.result().verdict() != Decision.Verdict.NO_OPINION;
    }

    /** The reasons of the members without an opinion and the errors of those that failed, in order. */
    private static final class Undecided {
        private final List<String> reasons = new ArrayList<>();
        private final List<String> errors = new ArrayList<>();

        /** {@code undecided} (made on the first outcome worth keeping) with {@code outcome}'s reason or error. */
        static Undecided add(Undecided undecided, AsyncResult<Decision> outcome) {
            String error = outcome.failed() ? message(outcome.cause()) : null;
            String reason = outcome.succeeded() ? outcome.result().reason() : "";
            if (error == null && reason.isEmpty()) {
                return undecided;
            }
            Undecided more = undecided == null ? new Undecided() : undecided;
            if (error != null) {
                more.errors.add(error);
            } else {
                more.reasons.add(reason);
            }
            return more;
        }

        Future<Decision> answer() {
            if (!errors.isEmpty()) {
                return Future.failedFuture(new AuthorizationException(
                        errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]"));
            }
            return Future.succeededFuture(Decision.noOpinion(String.join("\n", reasons)));
        }
    }

    private static String message(Throwable error) {
        return error.getMessage() == null ? error.getClass().getName() : error.getMessage();
    }

    /**
     * Every member's rules, concatenated (k8s.io/apiserver's {@code unionAuthzRulesHandler}): incomplete when any
     * member's are; a member that fails adds its error and makes the answer incomplete.
     */
    @Override
    public Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        Future<RuleSet> result = Future.succeededFuture(RuleSet.none());
        for (Authorizer authorizer : authorizers) {
            result = result.compose(
                    collected -> rulesOf(authorizer, user, namespace).map(collected::plus));
        }
        return result;
    }

    private static Future<RuleSet> rulesOf(Authorizer authorizer, UserInfo user, String namespace) {
        Future<RuleSet> rules;
        try {
            rules = authorizer.rulesFor(user, namespace);
        } catch (RuntimeException e) {
            rules = Future.failedFuture(e);
        }
        if (rules == null) {
            rules = Future.failedFuture(new AuthorizationException("authorizer returned no rules"));
        }
        return rules.recover(
                error -> Future.succeededFuture(new RuleSet(List.of(), List.of(), true, List.of(message(error)))));
    }

    private static Future<Decision> safely(Authorizer authorizer, Attributes attributes) {
        try {
            Future<Decision> future = authorizer.authorize(attributes);
            return future == null
                    ? Future.failedFuture(new AuthorizationException("authorizer returned no decision"))
                    : future;
        } catch (RuntimeException e) {
            return Future.failedFuture(e);
        }
    }
}
