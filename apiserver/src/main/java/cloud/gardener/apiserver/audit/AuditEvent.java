package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.meta.Status;
import cloud.gardener.apiserver.authn.UserInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.buffer.Buffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/**
 * One audit event at one stage: an immutable snapshot taken on the event loop, turned into its
 * {@code audit.k8s.io/v1} Event JSON (field names and omit-empty as upstream's types.go) off it, by the
 * dispatcher's thread, because request and response bodies are parsed there.
 *
 * @param responseCode     0 before the response head is known (RequestReceived)
 * @param responseStatus   the Status the response carried when it failed, else null
 * @param requestBody      the request body (its metadata completes objectRef; recorded from level Request)
 * @param responseBody     the response body when the level records it, else null
 */
public record AuditEvent(
        Level level,
        String auditId,
        Stage stage,
        String requestUri,
        String verb,
        UserInfo user,
        UserInfo impersonatedUser,
        List<String> sourceIps,
        String userAgent,
        ObjectRef objectRef,
        int responseCode,
        Status responseStatus,
        Buffer requestBody,
        Buffer responseBody,
        boolean omitManagedFields,
        Instant requestReceived,
        Instant stageTimestamp,
        Map<String, String> annotations) {

    /** audit.k8s.io/v1 ObjectReference; null or empty parts are left out. */
    public record ObjectRef(
            String resource, String namespace, String name, String apiGroup, String apiVersion, String subresource) {}

    /** metav1.MicroTime's wire form. */
    static final DateTimeFormatter MICRO_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSX").withZone(ZoneOffset.UTC);

    public ObjectNode toJson() {
        ObjectNode ev = Json.MAPPER.createObjectNode();
        ev.put("kind", "Event");
        ev.put("apiVersion", AuditPolicy.API_VERSION);
        ev.put("level", level.wire());
        ev.put("auditID", auditId);
        ev.put("stage", stage.wire());
        ev.put("requestURI", requestUri);
        ev.put("verb", verb);
        ev.set("user", user(user));
        if (impersonatedUser != null) {
            ev.set("impersonatedUser", user(impersonatedUser));
        }
        if (!sourceIps.isEmpty()) {
            ArrayNode ips = ev.putArray("sourceIPs");
            sourceIps.forEach(ips::add);
        }
        putIfPresent(ev, "userAgent", userAgent);
        JsonNode request = object(requestBody);
        if (objectRef != null) {
            ObjectNode ref = ev.putObject("objectRef");
            // as upstream's LogRequestObject, at every level: what the path leaves open, the written object says
            JsonNode meta = ("create".equals(verb) || "update".equals(verb)) && request != null
                    ? request.path("metadata")
                    : Json.MAPPER.missingNode();
            putIfPresent(ref, "resource", objectRef.resource());
            putIfPresent(
                    ref,
                    "namespace",
                    or(objectRef.namespace(), meta.path("namespace").asText("")));
            putIfPresent(ref, "name", or(objectRef.name(), meta.path("name").asText("")));
            putIfPresent(ref, "uid", meta.path("uid").asText(""));
            putIfPresent(ref, "apiGroup", objectRef.apiGroup());
            putIfPresent(ref, "apiVersion", objectRef.apiVersion());
            putIfPresent(ref, "resourceVersion", meta.path("resourceVersion").asText(""));
            putIfPresent(ref, "subresource", objectRef.subresource());
        }
        if (responseCode > 0) {
            ObjectNode status = ev.putObject("responseStatus");
            // metav1.Status: ListMeta is not omitempty, so "metadata":{} is always there, as in kube-apiserver's logs
            status.putObject("metadata");
            if (responseStatus != null) {
                putIfPresent(status, "status", responseStatus.status());
                putIfPresent(status, "message", responseStatus.message());
                putIfPresent(status, "reason", responseStatus.reason());
                if (responseStatus.details() != null) {
                    status.set("details", Json.MAPPER.valueToTree(responseStatus.details()));
                }
            }
            status.put("code", responseCode);
        }
        if (level.atLeast(Level.REQUEST) && request != null) {
            ev.set("requestObject", request);
        }
        if (level.atLeast(Level.REQUEST_RESPONSE)) {
            JsonNode response = object(responseBody);
            if (response != null) {
                ev.set("responseObject", response);
            }
        }
        ev.put("requestReceivedTimestamp", MICRO_TIME.format(requestReceived));
        ev.put("stageTimestamp", MICRO_TIME.format(stageTimestamp));
        if (!annotations.isEmpty()) {
            ObjectNode notes = ev.putObject("annotations");
            annotations.forEach(notes::put);
        }
        return ev;
    }

    /** A body as JSON (YAML bodies too); null when empty or not an object document. */
    private JsonNode object(Buffer buffer) {
        if (buffer == null || buffer.length() == 0) {
            return null;
        }
        byte[] body = buffer.getBytes();
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(body);
        } catch (java.io.IOException e) {
            try {
                node = Json.YAML.readTree(body);
            } catch (java.io.IOException | RuntimeException notYaml) {
                return null;
            }
        }
        if (node == null || !(node.isObject() || node.isArray())) {
            return null;
        }
        if (omitManagedFields) {
            dropManagedFields(node);
        }
        return node;
    }

    /** Removes metadata.managedFields from an object and from each item of a list. */
    static void dropManagedFields(JsonNode node) {
        if (node.path("metadata") instanceof ObjectNode metadata) {
            metadata.remove("managedFields");
        }
        node.path("items").forEach(AuditEvent::dropManagedFields);
    }

    private static ObjectNode user(UserInfo user) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        putIfPresent(node, "username", user.name());
        putIfPresent(node, "uid", user.uid());
        if (!user.groups().isEmpty()) {
            ArrayNode groups = node.putArray("groups");
            user.groups().forEach(groups::add);
        }
        if (!user.extra().isEmpty()) {
            ObjectNode extra = node.putObject("extra");
            user.extra().forEach((k, values) -> {
                ArrayNode vs = extra.putArray(k);
                values.forEach(vs::add);
            });
        }
        return node;
    }

    private static String or(String value, String fallback) {
        return value == null || value.isEmpty() ? fallback : value;
    }

    private static void putIfPresent(ObjectNode node, String field, String value) {
        if (value != null && !value.isEmpty()) {
            node.put(field, value);
        }
    }
}
