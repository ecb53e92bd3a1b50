package cloud.gardener.apiserver.e2e.security;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP proxy on loopback that serves only {@code CONNECT host:port} (a tunnel, as HTTPS clients use a proxy)
 * and records the targets asked for.
 */
final class ConnectProxy implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();
    private final NetServer server;
    private final List<String> targets = new CopyOnWriteArrayList<>();

    ConnectProxy() throws Exception {
        server = vertx.createNetServer()
                .connectHandler(this::accept)
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    String url() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    /** The {@code host:port} of every CONNECT so far. */
    List<String> targets() {
        return List.copyOf(targets);
    }

    private void accept(NetSocket client) {
        Buffer head = Buffer.buffer();
        client.handler(chunk -> {
            head.appendBuffer(chunk);
            String text = head.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (end < 0) {
                return;
            }
            client.pause();
            client.handler(null);
            String[] requestLine = text.substring(0, text.indexOf("\r\n")).split(" ", -1);
            if (requestLine.length < 3 || !requestLine[0].equals("CONNECT")) {
                client.write("HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                        .onComplete(v -> client.close());
                return;
            }
            String target = requestLine[1];
            targets.add(target);
            int colon = target.lastIndexOf(':');
            Buffer rest = head.getBuffer(end + 4, head.length());
            vertx.createNetClient()
                    .connect(Integer.parseInt(target.substring(colon + 1)), target.substring(0, colon))
                    .compose(upstream -> client.write("HTTP/1.1 200 Connection established\r\n\r\n")
                            .compose(v -> rest.length() == 0 ? Future.succeededFuture() : upstream.write(rest))
                            .map(v -> {
                                client.pipeTo(upstream);
                                upstream.pipeTo(client);
                                return upstream;
                            }))
                    .onFailure(e -> client.write("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                            .onComplete(v -> client.close()));
        });
    }

    /** Waits up to 10 s; join, unlike get, declares no InterruptedException, which a close() should not throw. */
    @Override
    public void close() {
        vertx.close()
                .toCompletionStage()
                .toCompletableFuture()
                .orTimeout(10, TimeUnit.SECONDS)
                .join();
    }
}
