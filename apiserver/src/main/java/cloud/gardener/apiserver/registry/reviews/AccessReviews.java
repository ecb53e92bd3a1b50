package cloud.gardener.apiserver.registry.reviews;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.api.resource.StandardResources;
import cloud.gardener.apiserver.api.validation.FieldError;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.authz.Attributes;
import cloud.gardener.apiserver.authz.Authorizer;
import cloud.gardener.apiserver.authz.Decision;
import cloud.gardener.apiserver.authz.NonResourceRule;
import cloud.gardener.apiserver.authz.ResourceRule;
import cloud.gardener.apiserver.authz.RuleSet;
import cloud.gardener.apiserver.authz.SubjectAccessReviewRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * kube-apiserver's {@code authorization.k8s.io/v1} reviews, answered by the authorizer chain that guards this
 * server's requests (the same object, so a review and the request it asks about cannot disagree):
 * SelfSubjectAccessReview, SubjectAccessReview and LocalSubjectAccessReview ask it for a decision,
 * SelfSubjectRulesReview for the rules it can enumerate. Bodies arrive decoded and canonical; validation and answers are upstream's REST storages'.
 */
public final class AccessReviews {

    private final Authorizer authorizer;

    public AccessReviews(Authorizer authorizer) {
        this.authorizer = authorizer;
    }

    /** May {@code user} do what the review's spec describes? */
    public Future<ObjectNode> selfSubjectAccessReview(UserInfo user, ObjectNode review) {
        List<FieldError> errors = new ArrayList<>(specErrors(review.path("spec")));
        errors.addAll(metadataErrors(review));
        if (!errors.isEmpty()) {
            throw invalid(review, errors);
        }
        return decide(review, SubjectAccessReviewRequest.attributes(user, review.path("spec")));
    }

    /** May the user of the review's spec do what it describes? Only for callers allowed to create it. */
    public Future<ObjectNode> subjectAccessReview(ObjectNode review) {
        List<FieldError> errors = new ArrayList<>(subjectSpecErrors(review.path("spec")));
        errors.addAll(metadataErrors(review));
        if (!errors.isEmpty()) {
            throw invalid(review, errors);
        }
        return decide(review, SubjectAccessReviewRequest.attributes(review));
    }

    /**
     * A SubjectAccessReview confined to the namespace of the request ({@code namespace}): upstream's
     * {@code ValidateLocalSubjectAccessReview} (the body's namespace, which the handler defaulted from the URL, is
     * the only metadata allowed, the resource attributes' namespace must be it, no non-resource attributes), then
     * the REST storage's own checks of the request's namespace.
     */
    public Future<ObjectNode> localSubjectAccessReview(String namespace, ObjectNode review) {
        JsonNode spec = review.path("spec");
        String reviewNamespace = review.path("metadata").path("namespace").asText("");
        List<FieldError> errors = new ArrayList<>(subjectSpecErrors(spec));
        ObjectNode otherMetadata = review.path("metadata").isObject()
                ? ((ObjectNode) review.get("metadata")).deepCopy()
                : Json.MAPPER.createObjectNode();
        otherMetadata.remove(List.of("namespace", "managedFields"));
        if (!otherMetadata.isEmpty()) {
            errors.add(FieldError.invalid(
                    "metadata", GoStructs.objectMeta(review.path("metadata")), "must be empty except for namespace"));
        }
        JsonNode resource = spec.get("resourceAttributes");
        if (resource != null
                && resource.isObject()
                && !resource.path("namespace").asText("").equals(reviewNamespace)) {
            errors.add(FieldError.invalid(
                    "spec.resourceAttributes.namespace",
                    resource.path("namespace").asText(""),
                    "must match metadata.namespace"));
        }
        JsonNode path = spec.get("nonResourceAttributes");
        if (path != null && path.isObject()) {
            errors.add(FieldError.invalid(
                    "spec.nonResourceAttributes",
                    GoStructs.nonResourceAttributes(path),
                    "disallowed on this kind of request"));
        }
        if (!errors.isEmpty()) {
            throw invalid(review, errors);
        }
        if (namespace.isEmpty()) {
            throw ApiException.badRequest("namespace is required on this type: ");
        }
        if (!namespace.equals(reviewNamespace)) {
            throw ApiException.badRequest("spec.resourceAttributes.namespace must match namespace: " + namespace);
        }
        return decide(
                review,
                SubjectAccessReviewRequest.attributes(SubjectAccessReviewRequest.subject(spec, "groups"), spec));
    }

    /** {@code ValidateSubjectAccessReviewSpec}: one kind of attributes, and a user or a group to ask about. */
    private static List<FieldError> subjectSpecErrors(JsonNode spec) {
        List<FieldError> errors = new ArrayList<>(specErrors(spec));
        if (spec.path("user").asText("").isEmpty() && spec.path("groups").isEmpty()) {
            errors.add(FieldError.invalid("spec.user", "", "at least one of user or group must be specified"));
        }
        return errors;
    }

    /** What may {@code user} do in the review's namespace, as far as the authorizers can list it? */
    public Future<ObjectNode> selfSubjectRulesReview(UserInfo user, ObjectNode review) {
        String namespace = review.path("spec").path("namespace").asText("");
        if (namespace.isEmpty()) {
            throw ApiException.badRequest("no namespace on request");
        }
        return authorizer.rulesFor(user, namespace).map(rules -> {
            ObjectNode answer = Json.MAPPER.createObjectNode();
            answer.put("kind", review.path("kind").asText());
            answer.put("apiVersion", review.path("apiVersion").asText());
            answer.putObject("metadata");
            answer.putObject("spec");
            answer.set("status", status(rules));
            return answer;
        });
    }

    private static ObjectNode status(RuleSet rules) {
        ObjectNode status = Json.MAPPER.createObjectNode();
        ArrayNode resourceRules = status.putArray("resourceRules");
        for (ResourceRule rule : rules.resourceRules()) {
            ObjectNode r = resourceRules.addObject();
            strings(r, "verbs", rule.verbs(), true);
            strings(r, "apiGroups", rule.apiGroups(), false);
            strings(r, "resources", rule.resources(), false);
            strings(r, "resourceNames", rule.resourceNames(), false);
        }
        ArrayNode nonResourceRules = status.putArray("nonResourceRules");
        for (NonResourceRule rule : rules.nonResourceRules()) {
            ObjectNode r = nonResourceRules.addObject();
            strings(r, "verbs", rule.verbs(), true);
            strings(r, "nonResourceURLs", rule.nonResourceURLs(), false);
        }
        status.put("incomplete", rules.incomplete());
        if (!rules.errors().isEmpty()) {
            status.put("evaluationError", aggregate(rules.errors()));
        }
        return status;
    }

    private static void strings(ObjectNode node, String field, List<String> values, boolean always) {
        if (always || !values.isEmpty()) {
            ArrayNode array = node.putArray(field);
            values.forEach(array::add);
        }
    }

    /** Go's {@code utilerrors.NewAggregate} message. */
    private static String aggregate(List<String> errors) {
        return errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]";
    }

    /**
     * The review with its status: allowed, denied (an authorizer said no; no opinion from all is neither), the
     * deciding reason and, when an authorizer failed, the evaluation error.
     */
    private Future<ObjectNode> decide(ObjectNode review, Attributes attributes) {
        return authorizer.authorize(attributes).transform(outcome -> {
            ObjectNode answer = review.deepCopy();
            ObjectNode status = answer.putObject("status");
            if (outcome.failed()) {
                status.put("allowed", false);
                status.put("evaluationError", String.valueOf(outcome.cause().getMessage()));
                return Future.succeededFuture(answer);
            }
            Decision decision = outcome.result();
            status.put("allowed", decision.isAllowed());
            if (decision.verdict() == Decision.Verdict.DENY) {
                status.put("denied", true);
            }
            if (!decision.reason().isEmpty()) {
                status.put("reason", decision.reason());
            }
            return Future.succeededFuture(answer);
        });
    }

    /** {@code ValidateSelfSubjectAccessReviewSpec}: exactly one of the two attribute sets. */
    private static List<FieldError> specErrors(JsonNode spec) {
        JsonNode resource = spec.get("resourceAttributes");
        JsonNode path = spec.get("nonResourceAttributes");
        boolean hasResource = resource != null && resource.isObject();
        boolean hasPath = path != null && path.isObject();
        if (hasResource && hasPath) {
            return List.of(FieldError.invalid(
                    "spec.nonResourceAttributes",
                    GoStructs.nonResourceAttributes(path),
                    "cannot be specified in combination with resourceAttributes"));
        }
        if (!hasResource && !hasPath) {
            // Go prints the nil pointer it was given as "null"
            return List.of(FieldError.invalid(
                    "spec.resourceAttributes",
                    "null",
                    "exactly one of nonResourceAttributes or resourceAttributes must be specified"));
        }
        return List.of();
    }

    /** A review's metadata must be empty: it names nothing and is never stored. */
    private static List<FieldError> metadataErrors(ObjectNode review) {
        JsonNode metadata = review.path("metadata");
        if (!metadata.isObject() || metadata.isEmpty()) {
            return List.of();
        }
        return List.of(FieldError.invalid("metadata", GoStructs.objectMeta(metadata), "must be empty"));
    }

    private static ApiException invalid(ObjectNode review, List<FieldError> errors) {
        return ApiException.invalid(
                new GroupVersionKind(
                        StandardResources.K8S_AUTHORIZATION,
                        "",
                        review.path("kind").asText()),
                "",
                errors);
    }
}
