package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The AdmissionReview a webhook is sent ({@code request.CreateV1AdmissionReview}; v1beta1 has the same shape) and
 * the checks on its answer ({@code request.VerifyAdmissionResponse}).
 */
final class AdmissionReviewBody {

    private AdmissionReviewBody() {
    }

    static ObjectNode of(String apiVersion, String uid, Attributes a) {
        ObjectNode review = Json.MAPPER.createObjectNode().put("kind", "AdmissionReview").put("apiVersion", apiVersion);
        ObjectNode request = review.putObject("request").put("uid", uid);
        ObjectNode kind = Json.MAPPER.createObjectNode().put("group", a.kind().group()).put("version", a.kind().version())
                .put("kind", a.kind().kind());
        ObjectNode resource = Json.MAPPER.createObjectNode().put("group", a.resource().group())
                .put("version", a.kind().version()).put("resource", a.resource().resource());
        request.set("kind", kind);
        request.set("resource", resource);
        if (!a.subresource().isEmpty()) {
            request.put("subResource", a.subresource());
        }
        request.set("requestKind", kind.deepCopy());
        request.set("requestResource", resource.deepCopy());
        if (!a.subresource().isEmpty()) {
            request.put("requestSubResource", a.subresource());
        }
        if (!a.name().isEmpty()) {
            request.put("name", a.name());
        }
        if (!a.namespace().isEmpty()) {
            request.put("namespace", a.namespace());
        }
        request.put("operation", a.operation().name());
        ObjectNode user = request.putObject("userInfo");
        if (!a.user().name().isEmpty()) {
            user.put("username", a.user().name());
        }
        if (!a.user().uid().isEmpty()) {
            user.put("uid", a.user().uid());
        }
        if (!a.user().groups().isEmpty()) {
            a.user().groups().forEach(user.putArray("groups")::add);
        }
        if (!a.user().extra().isEmpty()) {
            ObjectNode extra = user.putObject("extra");
            for (Map.Entry<String, List<String>> e : a.user().extra().entrySet()) {
                e.getValue().forEach(extra.putArray(e.getKey())::add);
            }
        }
        request.set("object", a.object() == null ? null : a.object().deepCopy());
        request.set("oldObject", a.oldObject() == null ? null : a.oldObject().deepCopy());
        request.put("dryRun", a.dryRun());
        ObjectNode options = request.putObject("options");
        String optionsKind = switch (a.operation()) {
            case CREATE -> "CreateOptions";
            case UPDATE -> "UpdateOptions";
            case DELETE -> "DeleteOptions";
            case CONNECT -> null;
        };
        if (optionsKind == null) {
            request.putNull("options");
        } else {
            options.put("kind", optionsKind).put("apiVersion", "meta.k8s.io/v1");
            if (a.dryRun()) {
                options.putArray("dryRun").add("All");
            }
        }
        return review;
    }

    /** Why the answer is not a valid response to the review, or null when it is. */
    static String verify(JsonNode review, String apiVersion, String uid) {
        JsonNode response = review.path("response");
        if (!response.isObject()) {
            return "webhook response was absent";
        }
        if (!uid.equals(response.path("uid").asText(""))) {
            return "expected response.uid=\"" + uid + "\", got \"" + response.path("uid").asText("") + "\"";
        }
        if (apiVersion.endsWith("/v1")) {
            String gotVersion = review.path("apiVersion").asText("");
            String gotKind = review.path("kind").asText("");
            if (!gotVersion.equals(apiVersion) || !gotKind.equals("AdmissionReview")) {
                int slash = gotVersion.indexOf('/');
                String group = slash < 0 ? "" : gotVersion.substring(0, slash);
                String version = slash < 0 ? gotVersion : gotVersion.substring(slash + 1);
                return "expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got " + group + "/"
                        + version + ", Kind=" + gotKind;
            }
            boolean patch = response.hasNonNull("patch");
            boolean patchType = response.hasNonNull("patchType");
            if (patch && !patchType) {
                return "webhook returned response.patch but not response.patchType";
            }
            if (patchType && !patch) {
                return "webhook returned response.patchType but not response.patch";
            }
            if (patchType && !"JSONPatch".equals(response.path("patchType").asText())) {
                return "webhook returned invalid response.patchType of \"" + response.path("patchType").asText() + "\"";
            }
        }
        return null;
    }
}
