package cloud.gardener.apiserver.server;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTPS listeners, one per event loop: each a verticle instance (so a context, and an event loop, of its own)
 * with an {@link HttpServer} on the same port. Vert.x binds the port once and deals accepted connections out to
 * the listeners in turn; a connection's requests then run on its listener's event loop. So the server uses every
 * core it is given, and what the listeners share (the router and everything it reaches) must be safe to use from
 * several event loops at once: atomics, concurrent maps, immutable snapshots, or state confined to one context
 * with hand-offs through {@code runOnContext}.
 */
final class HttpsListeners {

    private static final Logger LOG = LoggerFactory.getLogger(HttpsListeners.class);

    /**
     * Vert.x shares a listening socket among servers with the same port; port 0 is never shared (each server would
     * bind a port of its own), a negative port is one random port shared by every server asking for that same
     * negative value. One value per start, so two API servers in one JVM (tests) never share a socket.
     */
    private static final AtomicInteger SHARED_RANDOM_PORTS = new AtomicInteger();

    /** What the connections and requests of every listener go to. */
    record Handlers(
            Handler<HttpConnection> connections,
            Handler<HttpServerRequest> invalidRequests,
            Handler<HttpServerRequest> requests,
            StreamSpread spread) {}

    /** One listener: its server, the event loop it runs on, and the requests it handles (handed-off ones counted where they run). */
    private record Listener(HttpServer server, String thread, LongAdder requests) {}

    private final Vertx vertx;
    private final String deployment;
    private final List<Listener> listeners;

    private HttpsListeners(Vertx vertx, String deployment, List<Listener> listeners) {
        this.vertx = vertx;
        this.deployment = deployment;
        this.listeners = listeners;
    }

    /**
     * Deploys {@code count} listeners with {@code options} (each gets its own copy); completes once all listen, or
     * fails (with every listener closed) when one cannot.
     */
    static Future<HttpsListeners> start(Vertx vertx, int count, HttpServerOptions options, Handlers handlers) {
        HttpServerOptions shared = new HttpServerOptions(options);
        if (count > 1 && shared.getPort() == 0) {
            shared.setPort(SHARED_RANDOM_PORTS.decrementAndGet());
        }
        List<Listener> started = Collections.synchronizedList(new ArrayList<>());
        return vertx.deployVerticle(
                        () -> context -> {
                            // deploy runs on the instance's own context: this is its event loop
                            String thread = Thread.currentThread().getName();
                            LongAdder requests = new LongAdder();
                            if (handlers.spread() != null) {
                                handlers.spread().add(context, requests);
                            }
                            return vertx.createHttpServer(new HttpServerOptions(shared))
                                    .connectionHandler(handlers.connections())
                                    .invalidRequestHandler(handlers.invalidRequests())
                                    .requestHandler(request -> {
                                        requests.increment();
                                        handlers.requests().handle(request);
                                    })
                                    .listen()
                                    .onSuccess(server -> started.add(new Listener(server, thread, requests)));
                        },
                        new DeploymentOptions().setInstances(count))
                .map(id -> {
                    HttpsListeners listeners = new HttpsListeners(vertx, id, List.copyOf(started));
                    LOG.debug("HTTPS served by {} listeners on event loops {}", count, listeners.eventLoops());
                    return listeners;
                });
    }

    /** The port they listen on (useful with port 0). */
    int port() {
        return listeners.get(0).server().actualPort();
    }

    /**
     * One of the servers: the serving certificate is the bound socket's, so updating it through any listener
     * changes it for every one (Vert.x hands such updates to the server that owns the socket).
     */
    HttpServer any() {
        return listeners.get(0).server();
    }

    /** The event loop threads of the listeners (distinct unless Vert.x has fewer event loops than listeners). */
    List<String> eventLoops() {
        return listeners.stream().map(Listener::thread).sorted().toList();
    }

    /**
     * Requests handed to the router so far, by the event loop thread that handles them: the one that took them, or
     * the one {@link StreamSpread} handed them to.
     */
    Map<String, Long> requestsByEventLoop() {
        Map<String, Long> counts = new TreeMap<>();
        for (Listener l : listeners) {
            counts.merge(l.thread(), l.requests().sum(), Long::sum);
        }
        return counts;
    }

    /** Stops accepting; open connections close once their requests are answered (at most {@code timeoutMs}). */
    Future<Void> shutdown(long timeoutMs) {
        List<Future<Void>> all = new ArrayList<>();
        for (Listener l : listeners) {
            all.add(l.server().shutdown(timeoutMs, TimeUnit.MILLISECONDS));
        }
        return Future.join(all).mapEmpty();
    }

    /** Closes every listener and its connections, and undeploys them. */
    Future<Void> close() {
        List<Future<Void>> all = new ArrayList<>();
        for (Listener l : listeners) {
            all.add(l.server().close());
        }
        // a listener that failed to close is gone all the same once undeployed
        return Future.join(all).transform(ar -> vertx.undeploy(deployment)).otherwiseEmpty();
    }
}
