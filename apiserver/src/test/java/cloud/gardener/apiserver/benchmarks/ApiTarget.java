package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One API server under test (on etcd or on the embedded store) with its two load clients.
 *
 * @param store      the label in the table and in the result keys: the backend, and the event loops when the run
 *                   compares several ({@code etcd, 2 event loops})
 * @param backend    {@code etcd} or {@code embedded}
 * @param eventLoops the server's {@code --event-loops}; 0 for its default (one per core)
 * @param http1      HTTP/1.1, a connection per request in flight
 * @param http2      HTTP/2, one connection
 */
record ApiTarget(
        String store, String backend, int eventLoops, JavaProcess process, BenchHttpClient http1, BenchHttpClient http2)
        implements AutoCloseable {

    /** A create over HTTP/1.1; the stored object. */
    Future<Buffer> create(String collectionPath, Buffer body) {
        return http1.send(HttpMethod.POST, collectionPath, body, 201);
    }

    /** Closes the clients, then stops the server. */
    @Override
    public void close() {
        http1.close();
        http2.close();
        process.close();
    }
}
