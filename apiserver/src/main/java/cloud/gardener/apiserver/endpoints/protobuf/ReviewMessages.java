package cloud.gardener.apiserver.endpoints.protobuf;

import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.ALWAYS;
import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.IF_PRESENT;
import static cloud.gardener.apiserver.endpoints.protobuf.JsonPresence.OMIT_EMPTY;

import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import java.util.Optional;

/**
 * The messages of k8s.io/api {@code authorization/v1/generated.proto} and {@code authentication/v1} (and
 * {@code v1beta1}) {@code generated.proto} that kubectl sends as protobuf to {@code auth can-i} and
 * {@code auth whoami}. Field numbers are the protobuf tags; order, JSON names and presence follow the Go structs.
 */
final class ReviewMessages {

    private static final MessageSpec REQUIREMENT = MessageSpec.of("SelectorRequirement",
            FieldSpec.of(1, "key", FieldType.STRING, ALWAYS),
            FieldSpec.of(2, "operator", FieldType.STRING, ALWAYS),
            FieldSpec.repeated(3, "values", FieldType.STRING));

    private static final MessageSpec SELECTOR_ATTRIBUTES = MessageSpec.of("SelectorAttributes",
            FieldSpec.of(1, "rawSelector", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.repeatedMessage(2, "requirements", REQUIREMENT));

    private static final MessageSpec RESOURCE_ATTRIBUTES = MessageSpec.of("ResourceAttributes",
            FieldSpec.of(1, "namespace", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "verb", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(3, "group", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(4, "version", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(5, "resource", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(6, "subresource", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(7, "name", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.message(8, "fieldSelector", SELECTOR_ATTRIBUTES, IF_PRESENT),
            FieldSpec.message(9, "labelSelector", SELECTOR_ATTRIBUTES, IF_PRESENT));

    private static final MessageSpec NON_RESOURCE_ATTRIBUTES = MessageSpec.of("NonResourceAttributes",
            FieldSpec.of(1, "path", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "verb", FieldType.STRING, OMIT_EMPTY));

    private static final MessageSpec ACCESS_REVIEW_STATUS = MessageSpec.of("SubjectAccessReviewStatus",
            FieldSpec.of(1, "allowed", FieldType.BOOL, ALWAYS),
            FieldSpec.of(4, "denied", FieldType.BOOL, OMIT_EMPTY),
            FieldSpec.of(2, "reason", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(3, "evaluationError", FieldType.STRING, OMIT_EMPTY));

    static final MessageSpec SELF_SUBJECT_ACCESS_REVIEW = MessageSpec.of("SelfSubjectAccessReview",
            FieldSpec.message(1, "metadata", KubernetesMessages.OBJECT_META, ALWAYS),
            FieldSpec.message(2, "spec", MessageSpec.of("SelfSubjectAccessReviewSpec",
                    FieldSpec.message(1, "resourceAttributes", RESOURCE_ATTRIBUTES, IF_PRESENT),
                    FieldSpec.message(2, "nonResourceAttributes", NON_RESOURCE_ATTRIBUTES, IF_PRESENT)), ALWAYS),
            FieldSpec.message(3, "status", ACCESS_REVIEW_STATUS, ALWAYS));

    static final MessageSpec SUBJECT_ACCESS_REVIEW = MessageSpec.of("SubjectAccessReview",
            FieldSpec.message(1, "metadata", KubernetesMessages.OBJECT_META, ALWAYS),
            FieldSpec.message(2, "spec", MessageSpec.of("SubjectAccessReviewSpec",
                    FieldSpec.message(1, "resourceAttributes", RESOURCE_ATTRIBUTES, IF_PRESENT),
                    FieldSpec.message(2, "nonResourceAttributes", NON_RESOURCE_ATTRIBUTES, IF_PRESENT),
                    FieldSpec.of(3, "user", FieldType.STRING, OMIT_EMPTY),
                    FieldSpec.repeated(4, "groups", FieldType.STRING),
                    FieldSpec.of(5, "extra", FieldType.STRING_LIST_MAP, OMIT_EMPTY),
                    FieldSpec.of(6, "uid", FieldType.STRING, OMIT_EMPTY)), ALWAYS),
            FieldSpec.message(3, "status", ACCESS_REVIEW_STATUS, ALWAYS));

    private static final MessageSpec RESOURCE_RULE = MessageSpec.of("ResourceRule",
            FieldSpec.repeated(1, "verbs", FieldType.STRING),
            FieldSpec.repeated(2, "apiGroups", FieldType.STRING),
            FieldSpec.repeated(3, "resources", FieldType.STRING),
            FieldSpec.repeated(4, "resourceNames", FieldType.STRING));

    private static final MessageSpec NON_RESOURCE_RULE = MessageSpec.of("NonResourceRule",
            FieldSpec.repeated(1, "verbs", FieldType.STRING),
            FieldSpec.repeated(2, "nonResourceURLs", FieldType.STRING));

    static final MessageSpec SELF_SUBJECT_RULES_REVIEW = MessageSpec.of("SelfSubjectRulesReview",
            FieldSpec.message(1, "metadata", KubernetesMessages.OBJECT_META, ALWAYS),
            FieldSpec.message(2, "spec", MessageSpec.of("SelfSubjectRulesReviewSpec",
                    FieldSpec.of(1, "namespace", FieldType.STRING, OMIT_EMPTY)), ALWAYS),
            FieldSpec.message(3, "status", MessageSpec.of("SubjectRulesReviewStatus",
                    FieldSpec.repeatedMessage(1, "resourceRules", RESOURCE_RULE),
                    FieldSpec.repeatedMessage(2, "nonResourceRules", NON_RESOURCE_RULE),
                    FieldSpec.of(3, "incomplete", FieldType.BOOL, ALWAYS),
                    FieldSpec.of(4, "evaluationError", FieldType.STRING, OMIT_EMPTY)), ALWAYS));

    private static final MessageSpec USER_INFO = MessageSpec.of("UserInfo",
            FieldSpec.of(1, "username", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.of(2, "uid", FieldType.STRING, OMIT_EMPTY),
            FieldSpec.repeated(3, "groups", FieldType.STRING),
            FieldSpec.of(4, "extra", FieldType.STRING_LIST_MAP, OMIT_EMPTY));

    static final MessageSpec SELF_SUBJECT_REVIEW = MessageSpec.of("SelfSubjectReview",
            FieldSpec.message(1, "metadata", KubernetesMessages.OBJECT_META, ALWAYS),
            FieldSpec.message(2, "status", MessageSpec.of("SelfSubjectReviewStatus",
                    FieldSpec.message(1, "userInfo", USER_INFO, ALWAYS)), ALWAYS));

    private ReviewMessages() {
    }

    static Optional<MessageSpec> forKind(GroupVersionKind gvk) {
        return switch (gvk.group() + "/" + gvk.version() + "/" + gvk.kind()) {
            case "authorization.k8s.io/v1/SelfSubjectAccessReview" -> Optional.of(SELF_SUBJECT_ACCESS_REVIEW);
            case "authorization.k8s.io/v1/SelfSubjectRulesReview" -> Optional.of(SELF_SUBJECT_RULES_REVIEW);
            case "authorization.k8s.io/v1/SubjectAccessReview" -> Optional.of(SUBJECT_ACCESS_REVIEW);
            case "authentication.k8s.io/v1/SelfSubjectReview", "authentication.k8s.io/v1beta1/SelfSubjectReview" ->
                    Optional.of(SELF_SUBJECT_REVIEW);
            default -> Optional.empty();
        };
    }
}
