package cloud.gardener.apiserver.server;

import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerResponse;
import java.lang.reflect.Field;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Vert.x's write queues without their 4 KiB array. Vert.x 5 gives every HTTP/1.x connection and every HTTP/2 stream
 * an outbound message queue backed by a JCTools MPSC queue that allocates a 1,025-slot array and 576 bytes of padded
 * fields up front (Netty's {@code PlatformDependent.newMpscQueue()}, its chunk size not configurable): 4.7 KB of the
 * 10.2 KiB a watch held over HTTP/2 (class histogram, 1,000 watches open minus none). The queue holds writes only
 * while Netty cannot take them, so a linked queue, empty almost always, does the same for a few dozen bytes.
 *
 * <p>The fields are Vert.x's internals (vertx-core 5.0.12); if they are not found (another Vert.x), nothing is changed
 * and {@link #available()} says so ({@code SlimWriteQueuesTest} fails then, for a look at the new version). A queue is
 * replaced only while empty, on its event loop, before anything was queued.
 */
public final class SlimWriteQueues {

    private static final Logger LOG = LoggerFactory.getLogger(SlimWriteQueues.class);

    /** {@code Http2ServerResponse.stream}, {@code VertxHttp2Stream.outboundQueue}. */
    private static final Field RESPONSE_STREAM;

    private static final Field STREAM_QUEUE;
    /** {@code VertxConnection.outboundMessageQueue}. */
    private static final Field CONNECTION_QUEUE;
    /** {@code OutboundMessageQueue.mqp}, {@code MessagePassingQueue.queue}. */
    private static final Field PASSING;

    private static final Field QUEUE;

    static {
        Field[] fields = new Field[5];
        try {
            fields[0] = field("io.vertx.core.http.impl.Http2ServerResponse", "stream");
            fields[1] = field("io.vertx.core.http.impl.VertxHttp2Stream", "outboundQueue");
            fields[2] = field("io.vertx.core.net.impl.VertxConnection", "outboundMessageQueue");
            fields[3] = field("io.vertx.core.internal.concurrent.OutboundMessageQueue", "mqp");
            fields[4] = field("io.vertx.core.streams.impl.MessagePassingQueue", "queue");
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("Vert.x's write queues are kept as they are: {}", e.toString());
            fields = new Field[5];
        }
        RESPONSE_STREAM = fields[0];
        STREAM_QUEUE = fields[1];
        CONNECTION_QUEUE = fields[2];
        PASSING = fields[3];
        QUEUE = fields[4];
    }

    private SlimWriteQueues() {}

    private static Field field(String className, String name) throws ReflectiveOperationException {
        Field f = Class.forName(className).getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    /** Whether this Vert.x has the queues this class slims. */
    public static boolean available() {
        return QUEUE != null;
    }

    /** For a long-lived HTTP/2 response (a watch), on its event loop before its first write; true if slimmed. */
    public static boolean slimStream(HttpServerResponse response) {
        if (!available() || !RESPONSE_STREAM.getDeclaringClass().isInstance(response)) {
            return false;
        }
        try {
            return slim(STREAM_QUEUE.get(RESPONSE_STREAM.get(response)));
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    /** For {@code HttpServer.connectionHandler}: an HTTP/1.x connection's queue, before its first request. */
    static boolean slimConnection(HttpConnection connection) {
        if (!available() || !CONNECTION_QUEUE.getDeclaringClass().isInstance(connection)) {
            return false;
        }
        try {
            return slim(CONNECTION_QUEUE.get(connection));
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    private static boolean slim(Object outbound) throws IllegalAccessException {
        if (outbound == null || !PASSING.getDeclaringClass().isInstance(outbound)) {
            return false; // e.g. the strict thread mode's direct queue
        }
        Object passing = PASSING.get(outbound);
        if (passing == null || !QUEUE.getDeclaringClass().isInstance(passing)) {
            return false;
        }
        Queue<?> queue = (Queue<?>) QUEUE.get(passing);
        if (queue instanceof ConcurrentLinkedQueue || !queue.isEmpty()) {
            return false;
        }
        QUEUE.set(passing, new ConcurrentLinkedQueue<>());
        return true;
    }
}
