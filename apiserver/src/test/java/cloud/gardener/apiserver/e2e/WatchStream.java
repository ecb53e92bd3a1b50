package cloud.gardener.apiserver.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** An open watch whose newline-delimited events are read in the background, with bounded waits. */
public final class WatchStream implements AutoCloseable {

    private static final String END = "\u0000end";

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread reader;

    private WatchStream(HttpResponse<Stream<String>> response) {
        this.response = response;
        this.reader = new Thread(this::read, "watch-reader");
        reader.setDaemon(true);
        reader.start();
    }

    public static WatchStream open(TestClient client, String path) {
        return open(client, path, Map.of());
    }

    public static WatchStream open(TestClient client, String path, Map<String, String> headers) {
        return new WatchStream(client.openStream(path, headers));
    }

    public int status() {
        return response.statusCode();
    }

    public String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    private void read() {
        try {
            Iterator<String> it = response.body().iterator();
            while (it.hasNext()) {
                lines.add(it.next());
            }
        } catch (RuntimeException e) {
            // the stream was closed or reset
        } finally {
            lines.add(END);
        }
    }

    /** The next event, waiting at most 10 s; fails when the stream ends first. */
    public JsonNode next() {
        String line = poll(10_000);
        assertThat(line).as("watch event").isNotNull().isNotEqualTo(END);
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(line, e);
        }
    }

    /** The next event of a given type, checking its object name. */
    public JsonNode expect(String type, String name) {
        JsonNode event = next();
        assertThat(event.path("type").asText()).as(event.toString()).isEqualTo(type);
        if (name != null) {
            assertThat(event.path("object").path("metadata").path("name").asText())
                    .as(event.toString())
                    .isEqualTo(name);
        }
        return event;
    }

    /** Asserts that nothing arrives within {@code millis}. */
    public void expectNothing(long millis) {
        String line = poll(millis);
        assertThat(line).as("unexpected watch line").isNull();
    }

    /** Waits up to {@code millis} for the server to end the stream; true when it did. */
    public boolean awaitEnd(long millis) {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            String line = poll(deadline - System.currentTimeMillis());
            if (END.equals(line)) {
                return true;
            }
        }
        return false;
    }

    private String poll(long millis) {
        try {
            return lines.poll(Math.max(1, millis), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public void close() {
        response.body().close();
        reader.interrupt();
    }
}
