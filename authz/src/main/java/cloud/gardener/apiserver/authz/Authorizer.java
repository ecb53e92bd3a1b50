package cloud.gardener.apiserver.authz;

import io.vertx.core.Future;

/**
 * Decides whether a user may do what {@link Attributes} describe. Must not block. A failed future means
 * the authorizer could not decide (e.g. the SubjectAccessReview webhook is down); the server answers such
 * a failure, when no other authorizer allowed, with 500 as k8s.io/apiserver does.
 */
@FunctionalInterface
public interface Authorizer {

    Future<Decision> authorize(Attributes attributes);
}
