package cloud.gardener.apiserver.registry.events;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.WriteContext;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;

/**
 * What the server's event recorders share, whichever client-go recorder they imitate: a core/v1 Event about an
 * object lives in the object's namespace, or in {@code default} for a cluster-scoped one, is named as client-go names
 * events ({@code <object name>.<nanoseconds in hex>}), and is created in the events store. The recorders fill in the
 * rest of {@link #event()}, in their own field order, and {@link #create} it.
 *
 * @param event     the event so far: {@code apiVersion}, {@code kind} and {@code metadata} (name, namespace)
 * @param namespace where it is stored
 * @param now       when it is recorded (the recorders' timestamps)
 */
record EventDraft(ObjectNode event, String namespace, Instant now) {

    /** Go's {@code os.Hostname()}: the kernel's host name, read once (no name lookup). */
    static final String HOSTNAME = hostname();

    /** A draft about the object of that namespace ("" when cluster-scoped) and name, at the clock's instant. */
    static EventDraft about(String objectNamespace, String objectName, Clock clock) {
        String namespace = objectNamespace.isEmpty() ? "default" : objectNamespace;
        Instant now = clock.instant();
        long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        ObjectNode event = Json.MAPPER.createObjectNode();
        event.put("apiVersion", "v1");
        event.put("kind", "Event");
        event.putObject("metadata")
                .put("name", objectName + "." + Long.toHexString(nanos))
                .put("namespace", namespace);
        return new EventDraft(event, namespace, now);
    }

    /** Stores the event. */
    Future<ObjectNode> create(GenericStore events, WriteContext write) {
        return events.create(namespace, event, write);
    }

    private static String hostname() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.trim();
        }
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        } catch (IOException | RuntimeException e) {
            return "localhost";
        }
    }
}
