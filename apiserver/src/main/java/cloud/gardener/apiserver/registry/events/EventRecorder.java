package cloud.gardener.apiserver.registry.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;

/**
 * Records events about objects, as client-go's {@code events.EventRecorder} (events.k8s.io style: an event time, the
 * reporting controller and instance, an action), for the server's own controllers. Events are best effort: callers
 * may ignore the returned future's failure.
 */
public interface EventRecorder {

    String NORMAL = "Normal";
    String WARNING = "Warning";

    /**
     * Records that {@code action} was taken regarding {@code regarding} (an object as stored or served: its
     * apiVersion, kind and metadata are referenced) because of {@code reason}.
     *
     * @param type   {@link #NORMAL} or {@link #WARNING}
     * @param reason why, machine-readable (at most 128 characters)
     * @param action what was done, machine-readable (at most 128 characters)
     * @param note   a human-readable description (at most 1024 characters)
     * @return the recorded event, in core/v1 form
     */
    Future<ObjectNode> record(ObjectNode regarding, String type, String reason, String action, String note);
}
