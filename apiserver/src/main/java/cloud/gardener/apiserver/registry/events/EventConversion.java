package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.k8s.eventsv1.Event;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.registry.VersionConversion;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * {@code events.k8s.io/v1} Events are core/v1 Events under other names (upstream's conversion through the internal
 * type): {@code regarding} is {@code involvedObject}, {@code note} is {@code message}, {@code reportingController}
 * is {@code reportingComponent}, and the {@code deprecated*} fields are core/v1's {@code source},
 * {@code firstTimestamp}, {@code lastTimestamp} and {@code count}. They are stored in the core/v1 form.
 */
public final class EventConversion implements VersionConversion {

    public static final String EVENTS_V1 = "events.k8s.io/v1";

    /** events.k8s.io/v1 name → core/v1 name; the other fields have the same name in both. */
    private static final Map<String, String> RENAMED = Map.of(
            "regarding", "involvedObject",
            "note", "message",
            "reportingController", "reportingComponent",
            "deprecatedSource", "source",
            "deprecatedFirstTimestamp", "firstTimestamp",
            "deprecatedLastTimestamp", "lastTimestamp",
            "deprecatedCount", "count");

    @Override
    public ObjectNode toStorage(ObjectNode obj) {
        if (!EVENTS_V1.equals(obj.path("apiVersion").asText())) {
            return obj;
        }
        ObjectNode core = obj.objectNode();
        core.put("kind", "Event");
        core.put("apiVersion", "v1");
        obj.properties().forEach(e -> {
            if (!"kind".equals(e.getKey()) && !"apiVersion".equals(e.getKey())) {
                core.set(
                        RENAMED.getOrDefault(e.getKey(), e.getKey()),
                        e.getValue().deepCopy());
            }
        });
        return core;
    }

    @Override
    public ObjectNode fromStorage(ObjectNode obj, String version) {
        ObjectNode events = obj.objectNode();
        events.put("kind", "Event");
        events.put("apiVersion", EVENTS_V1);
        obj.properties().forEach(e -> {
            if (!"kind".equals(e.getKey()) && !"apiVersion".equals(e.getKey())) {
                events.set(coreToEvents(e.getKey()), e.getValue().deepCopy());
            }
        });
        // events.k8s.io/v1's own omitempty rules (an empty reportingController is left out, for one)
        return ModelCodec.canonical(events, Event.class);
    }

    private static String coreToEvents(String field) {
        for (Map.Entry<String, String> e : RENAMED.entrySet()) {
            if (e.getValue().equals(field)) {
                return e.getKey();
            }
        }
        return field;
    }
}
