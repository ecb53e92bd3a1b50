package cloud.gardener.apiserver.admission.plugins.cel;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The {@code admission.k8s.io/v1} AdmissionRequest of a request: what webhooks are sent and, without the objects,
 * the {@code request} variable of CEL expressions ({@code cel.CreateAdmissionRequest}).
 */
public final class AdmissionRequest {

    private AdmissionRequest() {}

    /** The request with {@code object} and {@code oldObject}; {@code uid} is left out when empty. */
    public static ObjectNode of(String uid, Attributes a) {
        ObjectNode request = Json.MAPPER.createObjectNode();
        if (!uid.isEmpty()) {
            request.put("uid", uid);
        }
        ObjectNode kind = Json.MAPPER
                .createObjectNode()
                .put("group", a.kind().group())
                .put("version", a.kind().version())
                .put("kind", a.kind().kind());
        ObjectNode resource = Json.MAPPER
                .createObjectNode()
                .put("group", a.resource().group())
                .put("version", a.kind().version())
                .put("resource", a.resource().resource());
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
        return request;
    }

    /** The {@code request} variable of CEL expressions: the request without the objects. */
    public static ObjectNode withoutObjects(Attributes a) {
        ObjectNode request = of("", a);
        request.remove(List.of("object", "oldObject"));
        return request;
    }
}
