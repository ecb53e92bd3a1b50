package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.plugins.seedrestriction.Verdict;
import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An {@code admission.k8s.io/v1} (or {@code v1beta1}) AdmissionReview as a validating webhook receives it,
 * read into admission {@link Attributes}, and the answer as controller-runtime writes it: the request's
 * {@code uid}, {@code allowed}, and {@code status} with the HTTP code and, when refused, the message.
 */
final class AdmissionReviewRequest {

    private AdmissionReviewRequest() {
    }

    static Attributes attributes(JsonNode review) {
        String apiVersion = review.path("apiVersion").asText();
        if (!"admission.k8s.io/v1".equals(apiVersion) && !"admission.k8s.io/v1beta1".equals(apiVersion)
                || !"AdmissionReview".equals(review.path("kind").asText())) {
            throw ApiException.badRequest("expected an admission.k8s.io/v1 AdmissionReview, got " + apiVersion + " "
                    + review.path("kind").asText());
        }
        JsonNode request = review.path("request");
        if (!request.isObject() || request.path("uid").asText("").isEmpty()) {
            throw ApiException.badRequest("AdmissionReview has no request with a uid");
        }
        Operation operation;
        try {
            operation = Operation.valueOf(request.path("operation").asText("").toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("unknown operation \"" + request.path("operation").asText() + "\"");
        }
        JsonNode kind = request.path("kind");
        JsonNode resource = request.path("resource");
        JsonNode userInfo = request.path("userInfo");
        List<String> groups = new ArrayList<>();
        userInfo.path("groups").forEach(g -> groups.add(g.asText()));
        Map<String, List<String>> extra = new LinkedHashMap<>();
        userInfo.path("extra").properties().forEach(entry -> {
            List<String> values = new ArrayList<>();
            entry.getValue().forEach(v -> values.add(v.asText()));
            extra.put(entry.getKey(), values);
        });
        UserInfo user = new UserInfo(userInfo.path("username").asText(""), userInfo.path("uid").asText(""), groups,
                extra);
        return new Attributes(
                new GroupVersionKind(kind.path("group").asText(""), kind.path("version").asText(""),
                        kind.path("kind").asText("")),
                new GroupResource(resource.path("group").asText(""), resource.path("resource").asText("")),
                request.path("subResource").asText(""), request.path("namespace").asText(""),
                request.path("name").asText(""), operation, object(request.path("object")),
                object(request.path("oldObject")), user, request.path("dryRun").asBoolean(false));
    }

    private static ObjectNode object(JsonNode node) {
        return node instanceof ObjectNode object ? object : null;
    }

    static ObjectNode answer(JsonNode review, Verdict verdict) {
        ObjectNode answer = envelope(review);
        ObjectNode response = answer.putObject("response");
        response.put("uid", review.path("request").path("uid").asText());
        response.put("allowed", verdict.allowed());
        ObjectNode status = response.putObject("status");
        status.put("code", verdict.code());
        if (!verdict.message().isEmpty()) {
            status.put("message", verdict.message());
        }
        return answer;
    }

    /** A failure to decide is a refusal with 500, as controller-runtime's {@code Errored}. */
    static ObjectNode answer(JsonNode review, Throwable error) {
        return answer(review, new Verdict(false, 500, String.valueOf(error.getMessage())));
    }

    private static ObjectNode envelope(JsonNode review) {
        ObjectNode answer = Json.MAPPER.createObjectNode();
        answer.put("apiVersion", review.path("apiVersion").asText());
        answer.put("kind", "AdmissionReview");
        return answer;
    }
}
