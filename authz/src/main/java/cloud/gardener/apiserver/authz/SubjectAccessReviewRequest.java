package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A SubjectAccessReview as an authorization webhook receives it ({@code authorization.k8s.io/v1}, or
 * {@code v1beta1} whose groups field is {@code group}), read into {@link Attributes}, and the review
 * answered with a decision: ALLOW is {@code allowed: true}, DENY adds {@code denied: true}, NO_OPINION is
 * {@code allowed: false} alone; the reason goes along when there is one.
 */
public final class SubjectAccessReviewRequest {

    private SubjectAccessReviewRequest() {}

    /** The attributes of a review. */
    public static Attributes attributes(JsonNode review) {
        String apiVersion = review.path("apiVersion").asText();
        if ((!"authorization.k8s.io/v1".equals(apiVersion) && !"authorization.k8s.io/v1beta1".equals(apiVersion))
                || !"SubjectAccessReview".equals(review.path("kind").asText())) {
            throw ApiException.badRequest("expected an authorization.k8s.io/v1 SubjectAccessReview, got " + apiVersion
                    + " " + review.path("kind").asText());
        }
        JsonNode spec = review.path("spec");
        return attributes(subject(spec, apiVersion.endsWith("v1beta1") ? "group" : "groups"), spec);
    }

    /**
     * The user a review spec asks about (a SubjectAccessReview's or LocalSubjectAccessReview's): user, uid, groups
     * (in the field {@code groupsField}, {@code group} in v1beta1) and extra.
     */
    public static UserInfo subject(JsonNode spec, String groupsField) {
        List<String> groups = new ArrayList<>();
        spec.path(groupsField).forEach(g -> groups.add(g.asText()));
        Map<String, List<String>> extra = new LinkedHashMap<>();
        spec.path("extra").properties().forEach(entry -> {
            List<String> values = new ArrayList<>();
            entry.getValue().forEach(v -> values.add(v.asText()));
            extra.put(entry.getKey(), values);
        });
        return new UserInfo(spec.path("user").asText(""), spec.path("uid").asText(""), groups, extra);
    }

    /**
     * The attributes of a review spec's {@code resourceAttributes} or {@code nonResourceAttributes} for
     * {@code user} (a SelfSubjectAccessReview's is the requester).
     */
    public static Attributes attributes(UserInfo user, JsonNode spec) {
        JsonNode resource = spec.path("resourceAttributes");
        if (resource.isObject()) {
            return new Attributes(
                    user,
                    resource.path("verb").asText(""),
                    true,
                    "",
                    resource.path("group").asText(""),
                    resource.path("version").asText(""),
                    resource.path("namespace").asText(""),
                    resource.path("resource").asText(""),
                    resource.path("subresource").asText(""),
                    resource.path("name").asText(""),
                    SelectorRequirements.rawLabel(resource.path("labelSelector")),
                    SelectorRequirements.rawField(resource.path("fieldSelector")));
        }
        JsonNode path = spec.path("nonResourceAttributes");
        return Attributes.forPath(
                user, path.path("verb").asText(""), path.path("path").asText(""));
    }

    /** The review with its status set from {@code decision}. */
    public static ObjectNode answer(JsonNode review, Decision decision) {
        ObjectNode answer = review.deepCopy();
        ObjectNode status = answer.putObject("status");
        status.put("allowed", decision.isAllowed());
        if (decision.verdict() == Decision.Verdict.DENY) {
            status.put("denied", true);
        }
        if (!decision.reason().isEmpty()) {
            status.put("reason", decision.reason());
        }
        return answer;
    }
}
