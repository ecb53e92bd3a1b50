package cloud.gardener.apiserver.storage.etcd3;

import io.etcd.jetcd.Client;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.vertx.core.Vertx;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds the time between reconnect attempts to etcd. gRPC's channel backs off from 1 s by a factor of 1.6 up
 * to 120 s, so after a long outage it may wait half a minute and more after etcd is back; while the channel is
 * in TRANSIENT_FAILURE this cuts the wait short every {@code cap}, so the store serves again within about
 * {@code cap} of etcd answering.
 *
 * <p>jetcd does not expose its channel; it is reached through the client's connection manager by reflection.
 * Should a jetcd upgrade move it, the pacer logs that once and the channel keeps gRPC's own backoff.
 */
final class ReconnectPacer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ReconnectPacer.class);

    /** The default cap: etcd back means serving again within about a second. */
    static final Duration DEFAULT_CAP = Duration.ofSeconds(1);

    private final Vertx vertx;
    private final long timer;

    private ReconnectPacer(Vertx vertx, ManagedChannel channel, Duration cap) {
        this.vertx = vertx;
        this.timer = vertx.setPeriodic(Math.max(1, cap.toMillis()), id -> {
            if (channel.getState(false) == ConnectivityState.TRANSIENT_FAILURE) {
                channel.resetConnectBackoff();
            }
        });
    }

    /** Paces the channel of {@code client}; null when it cannot be reached. */
    static ReconnectPacer start(Vertx vertx, Client client, Duration cap) {
        ManagedChannel channel = channel(client);
        return channel == null ? null : new ReconnectPacer(vertx, channel, cap);
    }

    /** Paces {@code channel}. */
    static ReconnectPacer start(Vertx vertx, ManagedChannel channel, Duration cap) {
        return new ReconnectPacer(vertx, channel, cap);
    }

    private static ManagedChannel channel(Client client) {
        try {
            Field manager = client.getClass().getDeclaredField("connectionManager");
            manager.setAccessible(true);
            Object connections = manager.get(client);
            Method getChannel = connections.getClass().getDeclaredMethod("getChannel");
            getChannel.setAccessible(true);
            return (ManagedChannel) getChannel.invoke(connections);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("cannot reach jetcd's gRPC channel; reconnecting to etcd keeps gRPC's backoff (up to 120 s)", e);
            return null;
        }
    }

    @Override
    public void close() {
        vertx.cancelTimer(timer);
    }
}
