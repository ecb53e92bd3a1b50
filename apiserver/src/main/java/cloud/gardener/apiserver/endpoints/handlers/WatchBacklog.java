package cloud.gardener.apiserver.endpoints.handlers;

import io.vertx.core.buffer.Buffer;
import java.util.ArrayDeque;

/**
 * The events one watcher has not yet handed to its connection: k8s.io/apiserver's {@code cacheWatcher} input
 * channel. While the stream accepts writes an event goes straight through; when its write queue is full (for HTTP/2
 * that is the stream's own queue, which also fills while the connection as a whole is busy) events wait here, in
 * order, until the stream drains. A watcher whose backlog passes its bound is unresponsive and its watch is ended, as
 * the cacher ends it ("Forcing watcher close due to unresponsiveness"); the client re-watches from the last
 * resourceVersion it saw. The buffers are the shared encodings of the events, so a backlog holds references, not
 * copies, and costs nothing while the watcher keeps up.
 *
 * <p>Confined to the watch's context.
 */
final class WatchBacklog {

    /** Where the events go: a chunked response, an HTTP/2 stream, a WebSocket. */
    interface Sink {
        void write(Buffer event);

        boolean writeQueueFull();

        /** Called, on the watch's context, each time a full write queue has drained. */
        void drainHandler(Runnable drained);
    }

    /** The cacher's largest watch channel (maxWatchChanSizeWithIndexWithoutTrigger). */
    static final int DEFAULT_MAX_EVENTS = 1000;

    /** A bound on the bytes waiting, so that a few huge objects cannot pin memory as a thousand events could. */
    static final long DEFAULT_MAX_BYTES = 16L * 1024 * 1024;

    private final Sink sink;
    private final int maxEvents;
    private final long maxBytes;
    private ArrayDeque<Buffer> waiting;
    /** Bytes of the changes waiting (initial events not counted). */
    private long waitingBytes;
    /** How many of the waiting events, at the head, are initial events. */
    private int initialAhead;

    private boolean overflowed;

    WatchBacklog(Sink sink, int maxEvents, long maxBytes) {
        this.sink = sink;
        this.maxEvents = maxEvents;
        this.maxBytes = maxBytes;
    }

    /**
     * Sends or keeps a change; false when the backlog is over its bound: the watcher is unresponsive and its watch
     * must end (what is waiting is dropped).
     */
    boolean offer(Buffer event) {
        if (overflowed) {
            return false;
        }
        if (!queue(event)) {
            return true;
        }
        if (waiting.size() - initialAhead > maxEvents || waitingBytes > maxBytes) {
            overflowed = true;
            waiting.clear();
            waitingBytes = 0;
            initialAhead = 0;
            return false;
        }
        return true;
    }

    /**
     * Sends or keeps one of the initial events (the state a watch without resourceVersion starts with). They are
     * outside the bound, as upstream's cacheWatcher sends them before reading its input channel; they all come
     * before the first change.
     */
    void offerInitial(Buffer event) {
        if (!overflowed && queue(event)) {
            initialAhead++;
            waitingBytes -= event.length();
        }
    }

    /** Writes {@code event} now if nothing waits and the stream takes it; else queues it (true). */
    private boolean queue(Buffer event) {
        if ((waiting == null || waiting.isEmpty()) && !sink.writeQueueFull()) {
            sink.write(event);
            return false;
        }
        if (waiting == null) {
            waiting = new ArrayDeque<>();
            sink.drainHandler(this::drain);
        }
        waiting.add(event);
        waitingBytes += event.length();
        return true;
    }

    /** Events waiting for the stream to drain. */
    int waiting() {
        return waiting == null ? 0 : waiting.size();
    }

    private void drain() {
        while (waiting != null && !waiting.isEmpty() && !sink.writeQueueFull()) {
            Buffer next = waiting.poll();
            if (initialAhead > 0) {
                initialAhead--;
            } else {
                waitingBytes -= next.length();
            }
            sink.write(next);
        }
    }
}
