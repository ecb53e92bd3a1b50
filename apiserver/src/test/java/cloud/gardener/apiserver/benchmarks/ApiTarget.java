package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/**
 * One API server under test (on etcd or on the embedded store) with its two load clients.
 *
 * @param store  {@code etcd} or {@code embedded}, the label in the table
 * @param http1  HTTP/1.1, a connection per request in flight
 * @param http2  HTTP/2, one connection
 */
record ApiTarget(String store, JavaProcess process, BenchHttpClient http1, BenchHttpClient http2) {

    /** A create over HTTP/1.1; the stored object. */
    Future<Buffer> create(String collectionPath, Buffer body) {
        return http1.send(HttpMethod.POST, collectionPath, body, 201);
    }
}
