package cloud.gardener.apiserver.server;

import cloud.gardener.apiserver.server.filters.Filter;
import cloud.gardener.apiserver.server.filters.RequestEnd;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Closes connections that hold the server without asking anything, as the timeouts of kube-apiserver's
 * {@code http.Server}: a new connection must have sent a request's headers within {@code readHeaderTimeout}
 * (slowloris, connections that handshake and then stay silent); a connection with no request in flight is
 * closed after {@code idleTimeout}. Requests in flight (a slow body, a watch) are bounded by the request
 * deadline and their own lifetimes, never by these.
 */
final class ConnectionTimeouts {

    private final Vertx vertx;
    private final Duration readHeaderTimeout;
    private final Duration idleTimeout;
    private final RequestHeads heads;
    private final Map<HttpConnection, Tracked> connections = new ConcurrentHashMap<>();

    /** @param heads counts the bytes of each HTTP/1.x connection's incomplete head against the budget */
    ConnectionTimeouts(Vertx vertx, Duration readHeaderTimeout, Duration idleTimeout, RequestHeads heads) {
        this.vertx = vertx;
        this.heads = heads;
        this.readHeaderTimeout = readHeaderTimeout;
        this.idleTimeout = idleTimeout;
    }

    /** For {@code HttpServer.connectionHandler}: a new connection gets the header timeout. */
    void connected(HttpConnection connection) {
        Tracked tracked = new Tracked(connection, heads.track(connection));
        connections.put(connection, tracked);
        connection.closeHandler(v -> {
            Tracked gone = connections.remove(connection);
            if (gone != null) {
                gone.disarm();
            }
        });
        tracked.arm(readHeaderTimeout);
    }

    /** The first filter: a request's headers have arrived; once it is answered the connection is idle again. */
    Filter requests() {
        return (ctx, rest) -> {
            Tracked tracked = connections.get(ctx.request().connection());
            if (tracked != null) {
                tracked.begin();
                RequestEnd.of(ctx).add(done -> tracked.end());
            }
            return true;
        };
    }

    // One connection's requests in flight and its pending timer; touched on its event loop only. The timer is not
    // cancelled and set again around every request (two timer operations per request on a keep-alive connection):
    // it stays set, and when it fires while the connection is busy or was busy since, it is set again for the time
    // left, or left unset until the last request in flight ends.
    private final class Tracked {
        private final HttpConnection connection;
        private final RequestHeads.Counter head;
        private int inFlight;
        private long timer = -1;
        private long timerAtNanos;
        // when the connection is to close if no request is in flight by then
        private long closeAtNanos;

        Tracked(HttpConnection connection, RequestHeads.Counter head) {
            this.connection = connection;
            this.head = head;
        }

        void begin() {
            inFlight++;
            if (head != null) {
                head.headComplete();
            }
        }

        void end() {
            if (head != null) {
                head.requestEnded();
            }
            inFlight--;
            if (inFlight == 0) {
                arm(idleTimeout);
            }
        }

        void arm(Duration timeout) {
            long now = System.nanoTime();
            closeAtNanos = now + Math.max(1, timeout.toMillis()) * 1_000_000;
            if (timer >= 0 && timerAtNanos - closeAtNanos <= 0) {
                return; // fires first, then is set again for the time left
            }
            disarm();
            setTimer(now);
        }

        private void setTimer(long now) {
            // rounded up, so that it never fires before the connection is due to close
            long delayMs = Math.max(1, (closeAtNanos - now + 999_999) / 1_000_000);
            timerAtNanos = now + delayMs * 1_000_000;
            timer = vertx.setTimer(delayMs, id -> fired());
        }

        private void fired() {
            timer = -1;
            if (inFlight > 0) {
                return; // the last request to end sets it again
            }
            long now = System.nanoTime();
            if (closeAtNanos - now <= 0) {
                connection.close().onFailure(t -> {});
            } else {
                setTimer(now);
            }
        }

        void disarm() {
            if (timer >= 0) {
                vertx.cancelTimer(timer);
                timer = -1;
            }
        }
    }
}
