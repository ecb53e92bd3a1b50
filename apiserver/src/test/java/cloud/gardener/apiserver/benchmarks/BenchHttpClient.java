package cloud.gardener.apiserver.benchmarks;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The load client of one server over one protocol: HTTP/1.1 with a connection per request in flight (as a
 * Go client with enough idle connections), or HTTP/2 with every request a stream on one connection (as client-go).
 * It authenticates with the admin's client certificate; an unexpected status fails the request with the body.
 */
final class BenchHttpClient implements AutoCloseable {

    private final HttpClientAgent client;

    /** Go's http2 Transport: the stream window it announces (transportDefaultStreamFlow). */
    private static final int GO_STREAM_WINDOW = 4 << 20;
    /** Go's http2 Transport: the connection window it grants at start (transportDefaultConnFlow). */
    private static final int GO_CONNECTION_WINDOW = 1 << 30;
    /** Go's http2 Transport: the largest frame it reads, announced in its SETTINGS (defaultMaxReadFrameSize). */
    private static final int GO_MAX_READ_FRAME = 1 << 20;

    /**
     * One connection per request in flight over HTTP/1.1, or one HTTP/2 connection spoken as client-go speaks it: with
     * the protocol's 64 KiB connection window, 64 streams of 8 KiB answers exhaust it, and the server stalls for a
     * WINDOW_UPDATE every few answers (each one makes Netty visit every active stream), which client-go never asks
     * of kube-apiserver.
     */
    BenchHttpClient(Vertx vertx, int port, HttpVersion version, int concurrency, BenchTls tls) {
        this(vertx, port, version, concurrency, 1, version == HttpVersion.HTTP_2, tls);
    }

    /**
     * @param http2Connections the most HTTP/2 connections: more than one only for more streams than the server allows
     *     on one (client-go's transport then opens another)
     * @param asClientGo HTTP/2 as client-go's transport speaks it: its flow-control windows (4 MiB per stream, 1 GiB
     *     per connection) instead of the protocol's 64 KiB, which Vert.x keeps (many watches on one connection share
     *     its window, and with 64 KiB the server waits for a WINDOW_UPDATE every few events), its 1 MiB frames
     *     instead of 16 KiB ones, and TLS in native code where BoringSSL loads (Go's crypto/tls is assembly; the
     *     JDK's engine, decrypting every watcher's events on the cores the server shares, measured the client)
     */
    BenchHttpClient(
            Vertx vertx,
            int port,
            HttpVersion version,
            int concurrency,
            int http2Connections,
            boolean asClientGo,
            BenchTls tls) {
        HttpClientOptions options = new HttpClientOptions()
                .setSsl(true)
                .setUseAlpn(true)
                .setProtocolVersion(version)
                .setDefaultHost("127.0.0.1")
                .setDefaultPort(port)
                .setTrustOptions(new PemTrustOptions().addCertValue(Buffer.buffer(tls.servingCaPem())))
                .setKeyCertOptions(new PemKeyCertOptions()
                        .addCertValue(Buffer.buffer(tls.adminCertPem()))
                        .addKeyValue(Buffer.buffer(tls.adminKeyPem())))
                .setKeepAlive(true)
                .setHttp2MultiplexingLimit(-1);
        if (asClientGo) {
            options.setHttp2ConnectionWindowSize(GO_CONNECTION_WINDOW);
            options.getInitialSettings().setInitialWindowSize(GO_STREAM_WINDOW).setMaxFrameSize(GO_MAX_READ_FRAME);
            if (OpenSSLEngineOptions.isAvailable()) {
                options.setSslEngineOptions(new OpenSSLEngineOptions());
            }
        }
        this.client = vertx.httpClientBuilder()
                .with(options)
                .with(new PoolOptions()
                        .setHttp1MaxSize(concurrency)
                        .setHttp2MaxSize(http2Connections)
                        .setMaxWaitQueueSize(-1))
                .build();
    }

    /** Sends the request; the body of a response with {@code expectedStatus}, else a failure with status and body. */
    Future<Buffer> send(HttpMethod method, String path, Buffer body, int expectedStatus) {
        return send(method, path, body, expectedStatus, null);
    }

    /** {@link #send} with {@code Accept-Encoding: <acceptEncoding>} (none when null); the body as it came. */
    Future<Buffer> send(HttpMethod method, String path, Buffer body, int expectedStatus, String acceptEncoding) {
        return send(method, path, body, "application/json", expectedStatus, acceptEncoding);
    }

    /** A JSON merge patch ({@code application/merge-patch+json}); the patched object. */
    Future<Buffer> mergePatch(String path, Buffer patch) {
        return send(HttpMethod.PATCH, path, patch, "application/merge-patch+json", 200, null);
    }

    private Future<Buffer> send(
            HttpMethod method,
            String path,
            Buffer body,
            String contentType,
            int expectedStatus,
            String acceptEncoding) {
        RequestOptions request =
                new RequestOptions().setMethod(method).setURI(path).putHeader("Accept", "application/json");
        if (acceptEncoding != null) {
            request.putHeader("Accept-Encoding", acceptEncoding);
        }
        if (body != null) {
            request.putHeader("Content-Type", contentType);
        }
        // the body is asked for in the callback that has the response: a step chained from this thread may come after
        // the loop received the whole answer, and Vert.x drops a body nobody reads yet (an empty 200 under load)
        return client.request(request)
                .compose(r -> (body == null ? r.send() : r.send(body))
                        .compose(response ->
                                response.body().compose(b -> check(method, path, response, b, expectedStatus))));
    }

    /**
     * A GET whose body is counted, not kept (a LIST of many megabytes must not grow the client's heap).
     *
     * @return the number of body bytes
     */
    Future<Long> getCounting(String path) {
        return getCounting(path, "application/json");
    }

    /** {@link #getCounting(String)} with {@code Accept: <accept>} (a Table, say). */
    Future<Long> getCounting(String path, String accept) {
        AtomicLong bytes = new AtomicLong();
        return client.request(new RequestOptions()
                        .setMethod(HttpMethod.GET)
                        .setURI(path)
                        .putHeader("Accept", accept))
                .compose(r -> r.send().compose(response -> {
                    if (response.statusCode() != 200) {
                        return response.body()
                                .compose(b -> check(HttpMethod.GET, path, response, b, 200))
                                .map(0L);
                    }
                    response.handler(chunk -> bytes.addAndGet(chunk.length()));
                    return response.end().map(v -> bytes.get());
                }));
    }

    /**
     * A streaming GET (a watch): once its head arrived with 200, {@code read} sets the response's handlers in the
     * callback that got the head, on the loop, so no event can arrive before them (the client drops the chunks of a
     * response without a handler, and a step added from another thread may come after the first events).
     */
    Future<HttpClientResponse> stream(String path, Consumer<HttpClientResponse> read) {
        return client.request(new RequestOptions()
                        .setMethod(HttpMethod.GET)
                        .setURI(path)
                        .setIdleTimeout(0)
                        .putHeader("Accept", "application/json"))
                .compose(r -> r.send().compose(response -> {
                    if (response.statusCode() == 200) {
                        read.accept(response);
                        return Future.succeededFuture(response);
                    }
                    return response.body()
                            .compose(b -> check(HttpMethod.GET, path, response, b, 200))
                            .map(response);
                }));
    }

    private static Future<Buffer> check(
            HttpMethod method, String path, HttpClientResponse response, Buffer body, int expectedStatus) {
        if (response.statusCode() != expectedStatus) {
            return Future.failedFuture(method + " " + path + ": " + response.statusCode() + " "
                    + body.toString().substring(0, Math.min(400, body.length())));
        }
        return Future.succeededFuture(body);
    }

    @Override
    public void close() {
        client.close();
    }
}
