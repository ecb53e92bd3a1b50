package cloud.gardener.apiserver.admission.plugins.webhook;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.AuditAnnotations;
import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The audit annotations of one webhook call, keyed as upstream's dispatchers key them: the webhook's place in the
 * call ({@code round_<round>_index_<index>}; round 1 is a mutating webhook's reinvocation) under
 * {@code mutation.webhook.admission.k8s.io/} or {@code validating.webhook.admission.k8s.io/}.
 *
 * @param prefix {@link #MUTATING} or {@link #VALIDATING}
 * @param index  a mutating webhook's position among all mutating webhooks; a validating one's among those that apply
 */
record CallAnnotations(Attributes a, Webhook hook, String prefix, int round, int index) {

    static final String MUTATING = "mutation.webhook.admission.k8s.io/";
    static final String VALIDATING = "validating.webhook.admission.k8s.io/";
    static final String PATCH = "patch.webhook.admission.k8s.io/";

    private String place() {
        return "round_" + round + "_index_" + index;
    }

    /** The webhook could not be called and its failurePolicy Ignore let the request go on. */
    void failedOpen() {
        a.audit().add("failed-open." + prefix + place(), hook.name());
    }

    /** Every mutating call, whatever its outcome: whether it changed the object. */
    void mutation(boolean mutated) {
        ObjectNode value = Json.MAPPER.createObjectNode();
        value.put("configuration", hook.configuration());
        value.put("webhook", hook.name());
        value.put("mutated", mutated);
        a.audit().add(MUTATING + place(), AuditAnnotations.goJson(value));
    }

    /** A non-empty JSON patch that was applied; recorded from audit level Request, as it may carry request data. */
    void patch(JsonNode operations) {
        ObjectNode value = Json.MAPPER.createObjectNode();
        value.put("configuration", hook.configuration());
        value.put("webhook", hook.name());
        // Go decodes each operation into a map, so its fields come out sorted
        ArrayNode patch = value.putArray("patch");
        for (JsonNode operation : operations) {
            ObjectNode sorted = patch.addObject();
            List<String> names = new ArrayList<>();
            operation.properties().forEach(field -> names.add(field.getKey()));
            Collections.sort(names);
            names.forEach(name -> sorted.set(name, operation.get(name)));
        }
        value.put("patchType", "JSONPatch");
        a.audit().addAtRequestLevel(PATCH + place(), AuditAnnotations.goJson(value));
    }

    /** The review response's {@code auditAnnotations}, each under the webhook's name. */
    void fromResponse(JsonNode response) {
        response.path("auditAnnotations")
                .properties()
                .forEach(field -> a.audit()
                        .add(
                                hook.name() + "/" + field.getKey(),
                                field.getValue().asText("")));
    }
}
