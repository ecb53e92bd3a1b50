package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SubjectAccessReviewStatus")
public record SubjectAccessReviewStatus(
        @Doc("Allowed is required. True if the action would be allowed, false otherwise.") @ProtoTag(1)
        boolean allowed,

        @Doc("Denied is optional. True if the action would be denied, otherwise false. If both allowed is false and "
                + "denied is false, then the authorizer has no opinion on whether to authorize the action. Denied may "
                + "not be true if Allowed is true.")
        @ProtoTag(4)
        @OmitEmpty
        boolean denied,

        @Doc("Reason is optional.  It indicates why a request was allowed or denied.") @ProtoTag(2) @OmitEmpty
        String reason,

        @Doc("EvaluationError is an indication that some error occurred during the authorization check. It is "
                + "entirely possible to get an error and be able to continue determine authorization status in spite "
                + "of it. For instance, RBAC can be missing a role, but enough roles are still present and bound to "
                + "reason about the request.")
        @ProtoTag(3)
        @OmitEmpty
        String evaluationError) {}
