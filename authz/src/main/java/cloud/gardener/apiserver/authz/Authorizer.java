package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.authn.UserInfo;
import io.vertx.core.Future;

/**
 * Decides whether a user may do what {@link Attributes} describe. Must not block. A failed future means
 * the authorizer could not decide (e.g. the SubjectAccessReview webhook is down); the server answers such
 * a failure, when no other authorizer allowed, with 500 as k8s.io/apiserver does.
 */
@FunctionalInterface
public interface Authorizer {

    Future<Decision> authorize(Attributes attributes);

    /**
     * The rules by which this authorizer allows {@code user} in {@code namespace} ({@code ""}: cluster-wide
     * rules only), as k8s.io/apiserver's {@code RuleResolver}; SelfSubjectRulesReview answers from them. An
     * authorizer that cannot enumerate its decisions says so with {@link RuleSet#unknown()}, the default.
     */
    default Future<RuleSet> rulesFor(UserInfo user, String namespace) {
        return Future.succeededFuture(RuleSet.unknown());
    }
}
