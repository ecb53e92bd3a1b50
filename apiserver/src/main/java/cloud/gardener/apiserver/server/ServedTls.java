package cloud.gardener.apiserver.server;

import io.vertx.core.Future;
import io.vertx.core.http.HttpServer;
import io.vertx.core.net.ServerSSLOptions;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The TLS options the listeners serve, changed one change at a time: a rotated serving certificate and a rotated
 * client CA may arrive together, and each change must start from the options the other left. A change rebuilds the
 * TLS context even when the options are equal, because OpenSSL reads the acceptable client-certificate issuers (the
 * CA names a JDK client picks its certificate by) only when a context is built.
 */
final class ServedTls {

    /** Any of the listeners: they share one socket, and so its TLS context. */
    private HttpServer http;

    private ServerSSLOptions current;
    private Future<?> last = Future.succeededFuture();
    /** A change came before the listeners were up, possibly after they built their first context. */
    private boolean changedBeforeStart;

    ServedTls(ServerSSLOptions served) {
        this.current = Objects.requireNonNull(served, "served").copy();
    }

    /** The listeners are up: changes from now on go to them (and one that came while they started, now). */
    void start(HttpServer listener) {
        boolean missed;
        synchronized (this) {
            this.http = listener;
            missed = changedBeforeStart;
        }
        if (missed) {
            rebuild();
        }
    }

    /**
     * Serves {@code change} applied to the options in force, after every earlier change; a change that fails leaves
     * the options as they were.
     */
    synchronized Future<Void> update(UnaryOperator<ServerSSLOptions> change) {
        Future<Void> next = last.transform(ignored -> apply(change));
        last = next;
        return next;
    }

    /** Builds the TLS context again from the options in force (the acceptable issuers changed). */
    Future<Void> rebuild() {
        return update(UnaryOperator.identity());
    }

    private Future<Void> apply(UnaryOperator<ServerSSLOptions> change) {
        HttpServer listener;
        ServerSSLOptions next;
        synchronized (this) {
            listener = http;
            next = change.apply(current.copy());
        }
        if (listener == null) {
            synchronized (this) {
                current = next;
                changedBeforeStart = true;
            }
            return Future.succeededFuture();
        }
        return listener.updateSSLOptions(next, true).map(updated -> {
            synchronized (this) {
                current = next;
            }
            return null;
        });
    }
}
