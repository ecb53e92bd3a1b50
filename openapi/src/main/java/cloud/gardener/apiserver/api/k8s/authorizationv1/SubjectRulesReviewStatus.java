package cloud.gardener.apiserver.api.k8s.authorizationv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("SubjectRulesReviewStatus contains the result of a rules check. This check can be incomplete depending on "
        + "the set of authorizers the server is configured with and any errors experienced during evaluation. Because "
        + "authorization rules are additive, if a rule appears in a list it's safe to assume the subject has that "
        + "permission, even if that list is incomplete.")
public record SubjectRulesReviewStatus(
        @Doc("ResourceRules is the list of actions the subject is allowed to perform on resources. The list ordering "
                + "isn't significant, may contain duplicates, and possibly be incomplete.")
        @ProtoTag(1)
        @ListType("atomic")
        List<ResourceRule> resourceRules,

        @Doc("NonResourceRules is the list of actions the subject is allowed to perform on non-resources. The list "
                + "ordering isn't significant, may contain duplicates, and possibly be incomplete.")
        @ProtoTag(2)
        @ListType("atomic")
        List<NonResourceRule> nonResourceRules,

        @Doc("Incomplete is true when the rules returned by this call are incomplete. This is most commonly "
                + "encountered when an authorizer, such as an external authorizer, doesn't support rules evaluation.")
        @ProtoTag(3)
        boolean incomplete,

        @Doc("EvaluationError can appear in combination with Rules. It indicates an error occurred during rule "
                + "evaluation, such as an authorizer that doesn't support rule evaluation, and that ResourceRules "
                + "and/or NonResourceRules may be incomplete.")
        @ProtoTag(4)
        @OmitEmpty
        String evaluationError) {}
