package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.time.Instant;

/**
 * Records core/v1 events as client-go's {@code tools/record} recorder does for the kube-controller-manager
 * controllers that still use it (the garbage collector among them): {@code source.component} and
 * {@code reportingComponent} name the controller, first and last timestamp are now, the count is 1, and the event
 * lives in the object's namespace, or in {@code default} for a cluster-scoped one, named
 * {@code <object name>.<nanoseconds in hex>}. Best effort: callers may ignore a failed future.
 */
public final class CoreEventRecorder {

    private final GenericStore events;
    private final String component;
    private final WriteContext write;
    private final Clock clock;

    /**
     * @param events    the core/v1 events store
     * @param component the recording controller, e.g. {@code garbage-collector-controller}
     * @param write     who writes the events (the controller's user)
     */
    public CoreEventRecorder(GenericStore events, String component, WriteContext write, Clock clock) {
        this.events = events;
        this.component = component;
        this.write = write;
        this.clock = clock;
    }

    /**
     * Records one event about an object.
     *
     * @param involvedObject the object reference (kind, apiVersion, namespace, name, uid) the event is about
     * @param type           {@link EventRecorder#NORMAL} or {@link EventRecorder#WARNING}
     */
    public Future<ObjectNode> record(ObjectNode involvedObject, String type, String reason, String message) {
        String objectNamespace = JsonTrees.text(involvedObject, "namespace");
        String namespace = objectNamespace.isEmpty() ? "default" : objectNamespace;
        Instant now = clock.instant();
        long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        ObjectNode event = Json.MAPPER.createObjectNode();
        event.put("apiVersion", "v1");
        event.put("kind", "Event");
        event.putObject("metadata")
                .put("name", JsonTrees.text(involvedObject, "name") + "." + Long.toHexString(nanos))
                .put("namespace", namespace);
        event.set("involvedObject", involvedObject.deepCopy());
        event.put("reason", reason);
        event.put("message", message);
        event.putObject("source").put("component", component);
        String timestamp = ObjectTrees.format(now);
        event.put("firstTimestamp", timestamp);
        event.put("lastTimestamp", timestamp);
        event.put("count", 1);
        event.put("type", type);
        event.put("reportingComponent", component);
        event.put("reportingInstance", "");
        return events.create(namespace, event, write);
    }
}
