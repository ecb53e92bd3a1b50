package cloud.gardener.apiserver.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code audit.k8s.io/v1} Event schema (k8s.io/apiserver/pkg/apis/audit/v1/types.go): every field name and JSON
 * type an event may have, and which are required. {@link #problems} lists every departure of one event.
 */
public final class AuditEventSchema {

    private static final Set<String> REQUIRED = Set.of(
            "kind",
            "apiVersion",
            "level",
            "auditID",
            "stage",
            "requestURI",
            "verb",
            "user",
            "requestReceivedTimestamp",
            "stageTimestamp");
    private static final Set<String> FIELDS = Set.of(
            "kind",
            "apiVersion",
            "level",
            "auditID",
            "stage",
            "requestURI",
            "verb",
            "user",
            "impersonatedUser",
            "sourceIPs",
            "userAgent",
            "objectRef",
            "responseStatus",
            "requestObject",
            "responseObject",
            "requestReceivedTimestamp",
            "stageTimestamp",
            "annotations");
    private static final Set<String> USER = Set.of("username", "uid", "groups", "extra");
    private static final Set<String> OBJECT_REF =
            Set.of("resource", "namespace", "name", "uid", "apiGroup", "apiVersion", "resourceVersion", "subresource");
    private static final Set<String> STATUS =
            Set.of("kind", "apiVersion", "metadata", "status", "message", "reason", "details", "code");
    private static final Set<String> LEVELS = Set.of("None", "Metadata", "Request", "RequestResponse");
    private static final Set<String> STAGES = Set.of("RequestReceived", "ResponseStarted", "ResponseComplete", "Panic");
    /** metav1.MicroTime. */
    private static final Pattern MICRO_TIME = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z");

    private AuditEventSchema() {}

    public static List<String> problems(JsonNode ev) {
        List<String> problems = new ArrayList<>();
        if (!ev.isObject()) {
            return List.of("not an object: " + ev);
        }
        REQUIRED.stream().filter(f -> !ev.has(f)).forEach(f -> problems.add("missing " + f));
        unknown(ev, FIELDS, "", problems);
        expect(ev.path("kind").asText().equals("Event"), "kind is not Event", problems);
        expect(ev.path("apiVersion").asText().equals("audit.k8s.io/v1"), "apiVersion", problems);
        expect(LEVELS.contains(ev.path("level").asText()), "level " + ev.get("level"), problems);
        expect(STAGES.contains(ev.path("stage").asText()), "stage " + ev.get("stage"), problems);
        for (String f : List.of("auditID", "requestURI", "verb", "userAgent")) {
            expect(!ev.has(f) || ev.get(f).isTextual(), f + " is not a string", problems);
        }
        user(ev.path("user"), "user", problems);
        if (ev.has("impersonatedUser")) {
            user(ev.get("impersonatedUser"), "impersonatedUser", problems);
        }
        if (ev.has("sourceIPs")) {
            strings(ev.get("sourceIPs"), "sourceIPs", problems);
        }
        if (ev.has("objectRef")) {
            JsonNode ref = ev.get("objectRef");
            unknown(ref, OBJECT_REF, "objectRef.", problems);
            ref.properties()
                    .forEach(e ->
                            expect(e.getValue().isTextual(), "objectRef." + e.getKey() + " is not a string", problems));
        }
        if (ev.has("responseStatus")) {
            JsonNode status = ev.get("responseStatus");
            unknown(status, STATUS, "responseStatus.", problems);
            expect(status.path("code").isInt(), "responseStatus.code is not an integer", problems);
            expect(status.path("metadata").isObject(), "responseStatus.metadata is not an object", problems);
            for (String f : List.of("status", "message", "reason")) {
                expect(!status.has(f) || status.get(f).isTextual(), "responseStatus." + f, problems);
            }
        }
        for (String f : List.of("requestObject", "responseObject")) {
            expect(!ev.has(f) || ev.get(f).isObject() || ev.get(f).isArray(), f + " is not JSON", problems);
        }
        for (String f : List.of("requestReceivedTimestamp", "stageTimestamp")) {
            expect(
                    MICRO_TIME.matcher(ev.path(f).asText()).matches(),
                    f + " is not a MicroTime: " + ev.get(f),
                    problems);
        }
        if (ev.has("annotations")) {
            ev.get("annotations")
                    .properties()
                    .forEach(e -> expect(
                            e.getValue().isTextual(), "annotations." + e.getKey() + " is not a string", problems));
        }
        return problems;
    }

    private static void user(JsonNode user, String path, List<String> problems) {
        expect(user.isObject(), path + " is not an object", problems);
        unknown(user, USER, path + ".", problems);
        expect(!user.has("username") || user.get("username").isTextual(), path + ".username", problems);
        expect(!user.has("uid") || user.get("uid").isTextual(), path + ".uid", problems);
        if (user.has("groups")) {
            strings(user.get("groups"), path + ".groups", problems);
        }
        if (user.has("extra")) {
            for (Map.Entry<String, JsonNode> e : user.get("extra").properties()) {
                strings(e.getValue(), path + ".extra." + e.getKey(), problems);
            }
        }
    }

    private static void strings(JsonNode node, String path, List<String> problems) {
        expect(node.isArray(), path + " is not a list", problems);
        node.forEach(n -> expect(n.isTextual(), path + " holds a non-string", problems));
    }

    private static void unknown(JsonNode node, Set<String> known, String prefix, List<String> problems) {
        node.fieldNames().forEachRemaining(f -> expect(known.contains(f), "unknown field " + prefix + f, problems));
    }

    private static void expect(boolean ok, String problem, List<String> problems) {
        if (!ok) {
            problems.add(problem);
        }
    }
}
