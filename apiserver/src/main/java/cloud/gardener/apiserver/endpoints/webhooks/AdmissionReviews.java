package cloud.gardener.apiserver.endpoints.webhooks;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.GroupResource;
import cloud.gardener.apiserver.api.meta.GroupVersionKind;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes {@code admission.k8s.io} AdmissionReviews (v1, and v1beta1 which has the same shape) as
 * controller-runtime's webhook server does: the review's own apiVersion and kind are answered in kind (v1 when
 * the request names none); an answer to a request that could not be read has neither.
 */
public final class AdmissionReviews {

    public static final String V1 = "admission.k8s.io/v1";
    public static final String KIND = "AdmissionReview";

    /** A review as received: its type (possibly empty) and its request. */
    public record Review(String apiVersion, String kind, AdmissionRequest request) {}

    private AdmissionReviews() {}

    /**
     * Parses a review.
     *
     * @throws IOException when the body is not a JSON object
     */
    public static Review read(byte[] body) throws IOException {
        JsonNode root = Json.MAPPER.readTree(body);
        if (root == null || !root.isObject()) {
            throw new IOException("couldn't get version/kind; json parse error: expected an object");
        }
        JsonNode r = root.path("request");
        JsonNode kind = r.path("kind");
        JsonNode resource = r.path("resource");
        JsonNode user = r.path("userInfo");
        List<String> groups = new ArrayList<>();
        user.path("groups").forEach(g -> groups.add(g.asText()));
        Map<String, List<String>> extra = new LinkedHashMap<>();
        user.path("extra").properties().forEach(e -> {
            List<String> values = new ArrayList<>();
            e.getValue().forEach(v -> values.add(v.asText()));
            extra.put(e.getKey(), values);
        });
        AdmissionRequest request = new AdmissionRequest(
                r.path("uid").asText(""),
                new GroupVersionKind(
                        kind.path("group").asText(""),
                        kind.path("version").asText(""),
                        kind.path("kind").asText("")),
                new GroupResource(
                        resource.path("group").asText(""),
                        resource.path("resource").asText("")),
                r.path("subResource").asText(""),
                r.path("name").asText(""),
                r.path("namespace").asText(""),
                r.path("operation").asText(""),
                new UserInfo(user.path("username").asText(""), user.path("uid").asText(""), groups, extra),
                r.get("object") instanceof ObjectNode o ? o : null,
                r.get("oldObject") instanceof ObjectNode o ? o : null,
                r.path("dryRun").asBoolean(false));
        return new Review(root.path("apiVersion").asText(""), root.path("kind").asText(""), request);
    }

    /** The answer to a review of this type. */
    public static byte[] write(Review review, AdmissionResponse response) {
        boolean untyped = review.apiVersion().isEmpty() && review.kind().isEmpty();
        return write(untyped ? V1 : review.apiVersion(), untyped ? KIND : review.kind(), response);
    }

    /** The answer to a request that could not be read: without apiVersion and kind. */
    public static byte[] writeUntyped(AdmissionResponse response) {
        return write(null, null, response);
    }

    private static byte[] write(String apiVersion, String kind, AdmissionResponse response) {
        ObjectNode review = Json.MAPPER.createObjectNode();
        if (kind != null) {
            review.put("kind", kind).put("apiVersion", apiVersion);
        }
        ObjectNode out = review.putObject("response");
        out.put("uid", response.uid()).put("allowed", response.allowed());
        ObjectNode status = Json.MAPPER.valueToTree(response.result());
        // metav1.Status inside a response carries no type meta
        status.remove("kind");
        status.remove("apiVersion");
        out.set("status", status);
        if (!response.warnings().isEmpty()) {
            ArrayNode warnings = out.putArray("warnings");
            response.warnings().forEach(warnings::add);
        }
        try {
            // Go's json.Encoder ends the document with a newline
            return (Json.MAPPER.writeValueAsString(review) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
