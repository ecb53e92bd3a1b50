package cloud.gardener.apiserver.authz;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.delegation.ExpiringCache;
import cloud.gardener.apiserver.delegation.KubeApiClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Delegated authorization: asks kube-apiserver with an {@code authorization.k8s.io/v1} SubjectAccessReview
 * (k8s.io/apiserver's webhook authorizer). {@code allowed} → ALLOW, {@code denied} → DENY, neither → no
 * opinion, each with the review's reason; both allowed and denied → DENY. Answers are cached keyed by the
 * review spec's JSON: allowed ones for {@code authorizedTtl}, others for {@code unauthorizedTtl}. A failed
 * call fails the future (after the client's retries), which the server answers with 500 as upstream does;
 * it is never an allow.
 */
public final class SubjectAccessReviewAuthorizer implements Authorizer {

    static final String PATH = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
    private static final int CACHE_CAPACITY = 8192;

    private final KubeApiClient client;
    private final Duration authorizedTtl;
    private final Duration unauthorizedTtl;
    private final ExpiringCache<String, Decision> cache;

    public SubjectAccessReviewAuthorizer(
            KubeApiClient client, Duration authorizedTtl, Duration unauthorizedTtl, Clock clock) {
        this.client = Objects.requireNonNull(client, "client");
        this.authorizedTtl = Objects.requireNonNull(authorizedTtl, "authorizedTtl");
        this.unauthorizedTtl = Objects.requireNonNull(unauthorizedTtl, "unauthorizedTtl");
        this.cache = new ExpiringCache<>(clock, CACHE_CAPACITY);
    }

    public SubjectAccessReviewAuthorizer(KubeApiClient client, Duration authorizedTtl, Duration unauthorizedTtl) {
        this(client, authorizedTtl, unauthorizedTtl, Clock.systemUTC());
    }

    @Override
    public Future<Decision> authorize(Attributes attributes) {
        ObjectNode spec = spec(attributes);
        String key = Json.toJson(spec);
        Decision cached = cache.get(key);
        if (cached != null) {
            return Future.succeededFuture(cached);
        }
        ObjectNode review = Json.MAPPER.createObjectNode();
        review.put("apiVersion", "authorization.k8s.io/v1");
        review.put("kind", "SubjectAccessReview");
        review.set("spec", spec);
        return client.post(PATH, review)
                .recover(error -> Future.failedFuture(
                        new AuthorizationException("subject access review failed: " + error.getMessage())))
                .map(answer -> {
                    Decision decision = decision(answer.path("status"));
                    cache.put(key, decision, decision.isAllowed() ? authorizedTtl : unauthorizedTtl);
                    return decision;
                });
    }

    static Decision decision(JsonNode status) {
        String reason = status.path("reason").asText("");
        boolean allowed = status.path("allowed").asBoolean(false);
        boolean denied = status.path("denied").asBoolean(false);
        if (denied) {
            return Decision.deny(reason);
        }
        return allowed ? Decision.allow(reason) : Decision.noOpinion(reason);
    }

    /** The review spec; empty strings and collections are left out, as Go's {@code omitempty}. */
    static ObjectNode spec(Attributes attributes) {
        ObjectNode spec = Json.MAPPER.createObjectNode();
        if (attributes.resourceRequest()) {
            ObjectNode resource = spec.putObject("resourceAttributes");
            putIfNotEmpty(resource, "namespace", attributes.namespace());
            putIfNotEmpty(resource, "verb", attributes.verb());
            putIfNotEmpty(resource, "group", attributes.apiGroup());
            putIfNotEmpty(resource, "version", attributes.apiVersion());
            putIfNotEmpty(resource, "resource", attributes.resource());
            putIfNotEmpty(resource, "subresource", attributes.subresource());
            putIfNotEmpty(resource, "name", attributes.name());
            ObjectNode field = SelectorRequirements.field(attributes.fieldSelector());
            if (field != null) {
                resource.set("fieldSelector", field);
            }
            ObjectNode label = SelectorRequirements.label(attributes.labelSelector());
            if (label != null) {
                resource.set("labelSelector", label);
            }
        } else {
            ObjectNode path = spec.putObject("nonResourceAttributes");
            putIfNotEmpty(path, "path", attributes.path());
            putIfNotEmpty(path, "verb", attributes.verb());
        }
        UserInfo user = attributes.user();
        putIfNotEmpty(spec, "user", user.name());
        if (!user.groups().isEmpty()) {
            ArrayNode groups = spec.putArray("groups");
            user.groups().forEach(groups::add);
        }
        if (!user.extra().isEmpty()) {
            ObjectNode extra = spec.putObject("extra");
            for (Map.Entry<String, List<String>> entry : user.extra().entrySet()) {
                ArrayNode values = extra.putArray(entry.getKey());
                entry.getValue().forEach(values::add);
            }
        }
        putIfNotEmpty(spec, "uid", user.uid());
        return spec;
    }

    private static void putIfNotEmpty(ObjectNode node, String field, String value) {
        if (value != null && !value.isEmpty()) {
            node.put(field, value);
        }
    }
}
