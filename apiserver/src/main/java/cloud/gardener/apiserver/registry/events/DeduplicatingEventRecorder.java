package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.registry.ObjectTrees;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@link EventRecorder} for controllers whose passes repeat (a retry, the pass after the controller's own write,
 * which its watch reports back): an event is recorded when it differs from the last one recorded about the same object
 * (same uid) at the same generation, and skipped otherwise. This gives what gardener-controller-manager's controllers
 * produce with their watch predicates (a reconcile, and so an event, per created object and generation change; and
 * once more after a restart) instead of one event per pass.
 * Remembers a bounded number of objects; a forgotten one gets its event again.
 */
public final class DeduplicatingEventRecorder implements EventRecorder {

    private static final int REMEMBERED_OBJECTS = 10_000;

    private final EventRecorder delegate;
    private final Map<String, String> last = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > REMEMBERED_OBJECTS;
        }
    });

    public DeduplicatingEventRecorder(EventRecorder delegate) {
        this.delegate = delegate;
    }

    /** @return the recorded event, or null when it repeated the last one */
    @Override
    public Future<ObjectNode> record(ObjectNode regarding, String type, String reason, String action, String note) {
        String object = ObjectTrees.uid(regarding).isEmpty()
                ? ObjectTrees.namespace(regarding) + "/" + ObjectTrees.name(regarding)
                : ObjectTrees.uid(regarding);
        String event = ObjectTrees.generation(regarding) + "\n" + type + "\n" + reason + "\n" + action + "\n" + note;
        if (event.equals(last.put(object, event))) {
            return Future.succeededFuture(null);
        }
        return delegate.record(regarding, type, reason, action, note).onFailure(t -> last.remove(object, event));
    }
}
