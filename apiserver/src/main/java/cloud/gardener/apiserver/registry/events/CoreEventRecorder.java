package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ObjectTrees;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;

/**
 * Records core/v1 events as client-go's {@code tools/record} recorder does for the kube-controller-manager
 * controllers that still use it (the garbage collector among them): {@code source.component} and
 * {@code reportingComponent} name the controller, first and last timestamp are now, the count is 1, and the event
 * lives where {@link EventDraft} puts it. Best effort: callers may ignore a failed future.
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
        EventDraft draft = EventDraft.about(
                JsonTrees.text(involvedObject, "namespace"), JsonTrees.text(involvedObject, "name"), clock);
        ObjectNode event = draft.event();
        event.set("involvedObject", involvedObject.deepCopy());
        event.put("reason", reason);
        event.put("message", message);
        event.putObject("source").put("component", component);
        String timestamp = ObjectTrees.format(draft.now());
        event.put("firstTimestamp", timestamp);
        event.put("lastTimestamp", timestamp);
        event.put("count", 1);
        event.put("type", type);
        event.put("reportingComponent", component);
        event.put("reportingInstance", "");
        return draft.create(events, write);
    }
}
