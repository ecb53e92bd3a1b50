package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.api.json.Json;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** An audit log file (JSON lines) as tests read it: the events of one request, once the dispatcher wrote them. */
public final class AuditLog {

    private final Path file;

    public AuditLog(Path file) {
        this.file = file;
    }

    /** The events of {@code auditId} once there are {@code count} of them; fails after 10 s. */
    public List<JsonNode> await(String auditId, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<JsonNode> events;
        do {
            events = events(auditId);
            if (events.size() >= count) {
                return events;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("expected " + count + " events of " + auditId + ", got " + events);
    }

    private List<JsonNode> events(String auditId) {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file)) {
                JsonNode event = Json.MAPPER.readTree(line);
                if (event.path("auditID").asText().equals(auditId)) {
                    out.add(event);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
