package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.cel.AdmissionRequest;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The AdmissionReview a webhook is sent ({@code request.CreateV1AdmissionReview}; v1beta1 has the same shape) and
 * the checks on its answer ({@code request.VerifyAdmissionResponse}).
 */
final class AdmissionReviewBody {

    private AdmissionReviewBody() {}

    static ObjectNode of(String apiVersion, String uid, Attributes a) {
        ObjectNode review =
                Json.MAPPER.createObjectNode().put("kind", "AdmissionReview").put("apiVersion", apiVersion);
        review.set("request", AdmissionRequest.of(uid, a));
        return review;
    }

    /** Why the answer is not a valid response to the review, or null when it is. */
    static String verify(JsonNode review, String apiVersion, String uid) {
        JsonNode response = review.path("response");
        if (!response.isObject()) {
            return "webhook response was absent";
        }
        if (!uid.equals(response.path("uid").asText(""))) {
            return "expected response.uid=\"" + uid + "\", got \""
                    + response.path("uid").asText("") + "\"";
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
                return "webhook returned invalid response.patchType of \""
                        + response.path("patchType").asText() + "\"";
            }
        }
        return null;
    }
}
