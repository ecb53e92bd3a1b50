package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.authn.UserInfo;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * An {@link EventRecorder} writing straight to this server's events (standalone mode), as the reporting controller it
 * was made for. The event lives and is named where {@link EventDraft} puts it.
 */
public final class StoreEventRecorder implements EventRecorder {

    private static final UserInfo RECORDER = new UserInfo("system:apiserver", "", List.of("system:masters"), Map.of());

    private final GenericStore events;
    private final String reportingController;
    private final String reportingInstance;
    private final Clock clock;

    /**
     * @param events              the core/v1 events store
     * @param reportingController e.g. {@code gardener.cloud/project-controller}
     * @param reportingInstance   which instance of it, e.g. the host name
     */
    public StoreEventRecorder(GenericStore events, String reportingController, String reportingInstance, Clock clock) {
        this.events = events;
        this.reportingController = reportingController;
        this.reportingInstance = reportingInstance;
        this.clock = clock;
    }

    /**
     * A recorder for one of the server's controllers, named as client-go's events broadcaster names its recorders:
     * {@code reportingInstance} is the controller's name, a dash and the host name.
     */
    public static StoreEventRecorder forController(GenericStore events, String controller, Clock clock) {
        return new StoreEventRecorder(events, controller, controller + "-" + EventDraft.HOSTNAME, clock);
    }

    @Override
    public Future<ObjectNode> record(ObjectNode regarding, String type, String reason, String action, String note) {
        JsonNode meta = regarding.path("metadata");
        String objectNamespace = meta.path("namespace").asText("");
        EventDraft draft = EventDraft.about(objectNamespace, meta.path("name").asText(), clock);
        ObjectNode event = draft.event();
        ObjectNode ref = event.putObject("involvedObject");
        ref.put("kind", JsonTrees.text(regarding, "kind"));
        if (!objectNamespace.isEmpty()) {
            ref.put("namespace", objectNamespace);
        }
        ref.put("name", meta.path("name").asText());
        putIfSet(ref, "uid", meta.path("uid").asText(""));
        putIfSet(ref, "apiVersion", JsonTrees.text(regarding, "apiVersion"));
        putIfSet(ref, "resourceVersion", meta.path("resourceVersion").asText(""));
        event.put("reason", reason);
        event.put("message", note);
        event.put("type", type);
        event.put("eventTime", MicroTime.of(draft.now()).toJson());
        event.put("action", action);
        event.put("reportingComponent", reportingController);
        event.put("reportingInstance", reportingInstance);
        return draft.create(events, new WriteContext(RECORDER, false, reportingController));
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (!value.isEmpty()) {
            node.put(field, value);
        }
    }
}
