package cloud.gardener.apiserver.testing;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;

/**
 * One request and its whole answer through a Vert.x {@link HttpClient}, for tests that call from their own thread.
 *
 * <p>The answer's body is asked for inside the callback that gets the response, on the event loop, so nothing of it
 * can arrive before a handler is there. A chain built from the test thread ({@code request().compose(send)
 * .compose(body)}) races with the loop: the test thread may add the {@code body} step only after the loop has
 * sent the request and received the whole answer (a pooled connection answers within one turn, and a busy machine
 * preempts the test thread between two calls), and Vert.x drops the chunks of a response nobody reads yet: the
 * body then comes out empty, or (before Vert.x 5.0.11) never.
 */
public final class LoopExchange {

    /**
     * An answer as it arrived.
     *
     * @param doneNanos {@link System#nanoTime()} when the last of the body had arrived (taken on the loop)
     */
    public record Answer(int status, HttpVersion version, MultiMap headers, Buffer body, long doneNanos) {

        public String text() {
            return body.toString();
        }
    }

    private LoopExchange() {}

    /** Sends {@code method uri} (no body) to {@code host:port} and reads the whole answer. */
    public static Future<Answer> send(HttpClient client, HttpMethod method, int port, String host, String uri) {
        return client.request(method, port, host, uri)
                .compose(req -> req.send()
                        .compose(resp -> resp.body()
                                .map(body -> new Answer(
                                        resp.statusCode(), resp.version(), resp.headers(), body, System.nanoTime()))));
    }
}
