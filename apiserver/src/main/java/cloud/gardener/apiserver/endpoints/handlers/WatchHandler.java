package cloud.gardener.apiserver.endpoints.handlers;

import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.resource.ResourceType;
import cloud.gardener.apiserver.endpoints.ListQueries;
import cloud.gardener.apiserver.endpoints.ObjectWriter;
import cloud.gardener.apiserver.endpoints.ResourceRequest;
import cloud.gardener.apiserver.endpoints.options.ListOptions;
import cloud.gardener.apiserver.metrics.WatchMetrics;
import cloud.gardener.apiserver.registry.CpuWork;
import cloud.gardener.apiserver.registry.GenericStore;
import cloud.gardener.apiserver.registry.ListQuery;
import cloud.gardener.apiserver.server.SlimWriteQueues;
import cloud.gardener.apiserver.server.filters.LoopClock;
import cloud.gardener.apiserver.server.filters.RequestEnd;
import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch: a chunked stream of newline-delimited events, or, when the request asks to upgrade to a WebSocket, one
 * event per WebSocket message ({@link WebSocketWatch}). Without a resourceVersion (or with "0") the
 * current state comes first as ADDED events; objects entering or leaving the selector arrive as ADDED
 * or DELETED; bookmarks come from the store's progress reports.
 *
 * <p>Each change is decoded once and each rendering of it encoded once for all the watches this handler serves
 * ({@link SharedWatchEvents}); a watch writes the shared buffer. A watch whose stream cannot take more waits in a
 * bounded backlog ({@link WatchBacklog}); past its bound the watcher is unresponsive and its watch is ended (only its
 * HTTP/2 stream, not the connection's other watches), as kube-apiserver's cacher ends it, and the client re-watches
 * from its last resourceVersion. Neither a slow watcher nor the fan-out holds up writers or other watchers.
 *
 * <p>A large change (or initial object) is decoded and encoded off the event loop ({@link CpuWork}), a 1 MiB Secret
 * taking tens of milliseconds; what a watch sends after it waits for it, so every watch still sends its events,
 * bookmarks and errors in revision order.
 */
public final class WatchHandler implements VerbHandler {

    private static final long BOOKMARK_INTERVAL_MS = 60_000;
    private static final String INITIAL_EVENTS_END = "k8s.io/initial-events-end";
    private static final Logger LOG = LoggerFactory.getLogger(WatchHandler.class);
    /** HTTP/2's CANCEL error code, for the stream of an unresponsive watcher. */
    private static final long CANCEL = 8;

    private final int minRequestTimeoutSeconds;
    private final WatchMetrics metrics;
    private final SharedWatchEvents shared;
    private final int backlogEvents;
    private final long backlogBytes;

    public WatchHandler(int minRequestTimeoutSeconds, WatchMetrics metrics) {
        this(
                minRequestTimeoutSeconds,
                metrics,
                new SharedWatchEvents(SharedWatchEvents.DEFAULT_BUDGET_BYTES),
                WatchBacklog.DEFAULT_MAX_EVENTS,
                WatchBacklog.DEFAULT_MAX_BYTES);
    }

    /** @param backlogEvents how many changes may wait for a watcher before it counts as unresponsive */
    WatchHandler(
            int minRequestTimeoutSeconds,
            WatchMetrics metrics,
            SharedWatchEvents shared,
            int backlogEvents,
            long backlogBytes) {
        this.minRequestTimeoutSeconds = minRequestTimeoutSeconds;
        this.metrics = metrics;
        this.shared = shared;
        this.backlogEvents = backlogEvents;
        this.backlogBytes = backlogBytes;
    }

    @Override
    public Future<Void> handle(ResourceRequest req) {
        ListOptions options = ListOptions.parse(req.query(), true);
        ObjectWriter writer = ObjectWriter.forWatch(req);
        ListQueries.Resolved resolved = ListQueries.resolve(req, options);
        Predicate<ObjectNode> filter = resolved.filter();
        String rv = options.resourceVersion() == null ? "" : options.resourceVersion();
        boolean initialEvents =
                options.sendInitialEvents() != null ? options.sendInitialEvents() : rv.isEmpty() || "0".equals(rv);
        WebSocketWatch webSocket = null;
        if (WebSocketWatch.isWebSocketRequest(req.ctx().request())) {
            int refusal = WebSocketWatch.refusal(req.ctx().request());
            if (refusal != 0) {
                // Go's handshake writes the status alone and closes the connection
                req.ctx()
                        .response()
                        .setStatusCode(refusal)
                        .putHeader("Connection", "close")
                        .end();
                return Future.succeededFuture();
            }
            webSocket = new WebSocketWatch(req.ctx(), writer.watchContentType());
            writer.frameAsMessages();
        }
        Stream stream = new Stream(req, writer, resolved, options.allowWatchBookmarks(), webSocket);
        Future<Long> start;
        if (initialEvents) {
            // "0" takes the watch cache's state as it is, as kube-apiserver's cacher
            ListQuery query = new ListQuery(
                    rv.isEmpty() || "0".equals(rv) ? 0 : ListQueries.parseRevision(rv),
                    false,
                    0,
                    null,
                    filter,
                    false,
                    "0".equals(rv),
                    null);
            start = req.store()
                    .list(req.namespace(), query)
                    .compose(page -> stream.begin().map(v -> {
                        page.items().forEach(stream::sendInitial);
                        if (Boolean.TRUE.equals(options.sendInitialEvents()) && options.allowWatchBookmarks()) {
                            stream.onInitialEventsEnd(page.revision());
                        }
                        return page.revision();
                    }));
        } else {
            long revision = ListQueries.parseRevision(rv);
            start = stream.begin().map(v -> revision);
        }
        long timeoutSeconds = options.timeoutSeconds() != null && options.timeoutSeconds() > 0
                ? options.timeoutSeconds()
                : minRequestTimeoutSeconds
                        + ThreadLocalRandom.current().nextLong(Math.max(1, minRequestTimeoutSeconds));
        // done once the watch runs: what the caller does with a failure (answer a Status) needs the request, which
        // a running watch no longer keeps
        return start.map(revision -> {
            stream.run(revision, timeoutSeconds);
            return null;
        });
    }

    private static final AtomicIntegerFieldUpdater<Stream> HOPS =
            AtomicIntegerFieldUpdater.newUpdater(Stream.class, "hops");

    /** The state of one open watch, confined to the connection's context. */
    private final class Stream extends LoopClock.Ticked implements WatchListener {
        /** The request until its head is written; then null, so the watch keeps none of the request's data. */
        private ResourceRequest req;

        private final ResourceType resource;
        private final String version;
        private final GenericStore store;
        private final String namespace;
        private final boolean http2;
        /** An HTTP/1.1 watch's connection, which carries nothing else (null over HTTP/2). */
        private final HttpConnection connection;

        private final WatchMetrics.Watcher watcher;
        private final ObjectWriter writer;
        private final Predicate<ObjectNode> filter;
        /** Without a selector every change matches: the previous object need not be decoded. */
        private final boolean hasSelector;

        private final boolean bookmarks;
        private final Context context = Vertx.currentContext();
        private final HttpServerResponse resp;
        private final WebSocketWatch webSocket;
        private WatchBacklog backlog;
        private WatchSubscription subscription;
        /** When the watch ends ({@link LoopClock#nowMs()}); its next request for a bookmark, or -1. */
        private long timeoutAtMs;

        private long bookmarkAtMs = -1;
        /** Calls of the store still on their way to the context ({@link #onContext}). */
        volatile int hops;
        /** What decides this watch's event bytes besides the change and event type, made once per watch. */
        private String rendering;

        private boolean sentOne;
        private boolean ended;
        private boolean begun;
        /** The stream was reset or its connection closed: it cannot be ended normally. */
        private boolean aborted;
        /** The events being rendered off the loop, in order: whatever is sent next waits for them. */
        private Future<Void> pending = Future.succeededFuture();

        /** @param webSocket the upgrade to make instead of a chunked response, or null */
        Stream(
                ResourceRequest req,
                ObjectWriter writer,
                ListQueries.Resolved resolved,
                boolean bookmarks,
                WebSocketWatch webSocket) {
            this.req = req;
            this.resource = req.type();
            // canonical copies: the request's are substrings of its path, one pair per watch for as long as it runs
            this.version = req.version().intern();
            this.store = req.store();
            this.namespace = req.namespace().intern();
            this.http2 = req.ctx().request().version() == HttpVersion.HTTP_2;
            this.connection = http2 ? null : req.ctx().request().connection();
            this.writer = writer;
            this.filter = resolved.filter();
            this.hasSelector = resolved.hasSelector();
            this.bookmarks = bookmarks;
            this.resp = req.ctx().response();
            this.webSocket = webSocket;
            this.watcher = metrics.watcher(
                    req.type().group(),
                    req.version(),
                    req.type().kind(),
                    req.type().plural(),
                    req.type().groupResource().toString());
        }

        Future<Void> begin() {
            if (webSocket != null) {
                return webSocket.upgrade(this::finish).onSuccess(v -> {
                    backlog = new WatchBacklog(webSocket.sink(), backlogEvents, backlogBytes);
                    watcher.opened();
                    begun = true;
                });
            }
            resp.setStatusCode(200);
            resp.putHeader("Content-Type", writer.watchContentType());
            if (!http2) {
                resp.setChunked(true);
            } else {
                // a watch's stream lives for minutes: its write queue need not hold 4 KiB while empty
                SlimWriteQueues.slimStream(resp);
            }
            backlog = new WatchBacklog(responseSink(), backlogEvents, backlogBytes);
            watcher.opened();
            begun = true;
            resp.writeHead();
            // an end from outside (graceful shutdown), a reset or a closed connection ends the watch, its
            // subscription and timers; the request's end actions follow, without its routing context
            RequestEnd.detach(req.ctx(), this::finish);
            req = null;
            return Future.succeededFuture();
        }

        void run(long revision, long timeoutSeconds) {
            if (ended) {
                return;
            }
            subscription = store.watch(namespace, revision, this);
            long now = LoopClock.nowMs();
            // a timeout of centuries (as some clients ask) must not overflow into the past
            timeoutAtMs = now + Math.min(timeoutSeconds, Integer.MAX_VALUE) * 1000;
            if (bookmarks) {
                bookmarkAtMs = now + BOOKMARK_INTERVAL_MS;
            }
            LoopClock.of(context).add(this);
        }

        @Override
        protected void tick(long nowMs) {
            if (nowMs >= timeoutAtMs) {
                finish();
            } else if (bookmarkAtMs >= 0 && nowMs >= bookmarkAtMs) {
                bookmarkAtMs = nowMs + BOOKMARK_INTERVAL_MS;
                subscription.requestProgress();
            }
        }

        @Override
        public void onEvent(WatchEvent event) {
            onContext(() -> deliver(event));
        }

        @Override
        public void onProgress(long revision) {
            if (bookmarks) {
                onContext(() -> inOrder(0, () -> bookmark(revision, false), this::write));
            }
        }

        /**
         * Runs {@code step} on the watch's context: at once when the store calls from it (the watch cache delivers on
         * the context the watch was opened from) and no earlier call still waits for its turn there, else in its turn.
         * A second trip through the event loop's queue, behind every other watcher's delivery, was half of an event's
         * way to a thousand watchers.
         */
        private void onContext(Runnable step) {
            if (hops == 0 && Vertx.currentContext() == context) {
                try {
                    step.run();
                } catch (RuntimeException e) {
                    // the store's delivery loop must go on for the other watches
                    LOG.warn("watch of {} failed, ending it", resource.groupResource(), e);
                    finish();
                }
                return;
            }
            HOPS.incrementAndGet(this);
            context.runOnContext(v -> {
                HOPS.decrementAndGet(this);
                step.run();
            });
        }

        void onInitialEventsEnd(long revision) {
            inOrder(0, () -> bookmark(revision, true), this::write);
        }

        /**
         * The watch cache ended this watch (it fell behind, or the cache re-lists): as kube-apiserver, the stream just
         * ends, without an error event; the client watches again from the last resourceVersion it saw.
         */
        @Override
        public void onTerminated(String why) {
            onContext(() -> afterPending(this::finish));
        }

        @Override
        public void onError(StorageException error) {
            onContext(() -> {
                ApiException e = error.reason() == StorageException.Reason.COMPACTED
                        // the watch cache's own words for a start before its window, else etcd's
                        ? ApiException.expired(
                                String.valueOf(error.getMessage()).startsWith("too old resource version")
                                        ? error.getMessage()
                                        : "The resourceVersion for the provided watch is too old.")
                        : ApiException.internal(String.valueOf(error.getMessage()));
                inOrder(0, () -> writer.errorEvent(e.status()), line -> {
                    write(line);
                    finish();
                });
            });
        }

        private void deliver(WatchEvent event) {
            long size = (long) event.object().value().length
                    + (event.previous() == null ? 0 : event.previous().value().length);
            inOrder(size, () -> render(event), this::write);
        }

        /**
         * Renders {@code size} bytes' worth with {@code render} (off the loop when large), then, back on the loop and
         * after everything rendered before, hands a non-null result to {@code emit} unless the watch has ended.
         */
        private void inOrder(long size, Callable<Buffer> render, Consumer<Buffer> emit) {
            if (ended) {
                return;
            }
            if (size <= CpuWork.INLINE_BYTES && pending.isComplete()) {
                Buffer line;
                try {
                    line = render.call();
                } catch (Exception e) {
                    cannotRender(e);
                    return;
                }
                if (line != null) {
                    emit.accept(line);
                }
                return;
            }
            pending = pending.transform(ignored -> ended ? Future.<Buffer>succeededFuture() : CpuWork.run(size, render))
                    .map(line -> {
                        if (line != null && !ended) {
                            emit.accept(line);
                        }
                        return (Void) null;
                    })
                    .otherwise(t -> {
                        cannotRender(t);
                        return null;
                    });
        }

        /** Runs {@code step} after the events being rendered. */
        private void afterPending(Runnable step) {
            if (pending.isComplete()) {
                step.run();
            } else {
                pending = pending.map(v -> {
                    step.run();
                    return null;
                });
            }
        }

        /** A change that cannot be decoded or encoded: the watch ends rather than skip it, and the client re-lists. */
        private void cannotRender(Throwable t) {
            LOG.warn("cannot send a {} watch event, ending the watch: {}", resource.groupResource(), t.toString());
            finish();
        }

        /** The line this watch sends for a change, or null when the change is not for it. */
        private Buffer render(WatchEvent event) {
            SharedWatchEvents.Change change = shared.of(event, store::decode);
            ObjectNode current = change.current();
            boolean existed = event.previous() != null;
            boolean prevMatches = existed && (!hasSelector || filter.test(change.previous()));
            if (event.type() == WatchEvent.Type.DELETE) {
                return prevMatches || (!existed && filter.test(current)) ? encoded(change, "DELETED", false) : null;
            }
            if (!hasSelector || filter.test(current)) {
                return encoded(change, prevMatches ? "MODIFIED" : "ADDED", false);
            } else if (prevMatches) {
                // Left the selector: the last matching state, at the revision it stopped matching.
                return encoded(change, "DELETED", true);
            }
            return null;
        }

        /** One change as this watch renders it: the buffer every watch with the same rendering writes. */
        private Buffer encoded(SharedWatchEvents.Change change, String type, boolean leftSelector) {
            if (rendering == null) {
                rendering = "|" + resource.groupResource() + "|" + version + "|" + writer.watchRendering();
            }
            Buffer line = change.encoded(
                    type + "|" + leftSelector + rendering,
                    () -> writer.watchEvent(type, present(leftSelector ? change.leftSelector() : change.current())));
            if (!sentOne) {
                // a Table stream renders its first event alone (with the columns)
                sentOne = true;
                rendering = null;
            }
            writer.watchEventSent();
            return line;
        }

        /** One object of the state a watch starts with, as an ADDED event of its own. */
        void sendInitial(ObjectNode obj) {
            inOrder(CpuWork.estimateSize(obj), () -> writer.watchEvent("ADDED", present(obj)), line -> {
                watcher.initEvent();
                if (sinkGone()) {
                    finish();
                    return;
                }
                backlog.offerInitial(line);
                watcher.sent(line.length());
            });
        }

        private Buffer bookmark(long revision, boolean initialEventsEnd) {
            ObjectNode obj = JsonNodeFactory.instance.objectNode();
            obj.put("kind", resource.kind());
            obj.put("apiVersion", resource.apiVersion(version));
            ObjectNode meta = obj.putObject("metadata");
            meta.put("resourceVersion", Long.toString(revision));
            meta.putNull("creationTimestamp");
            if (initialEventsEnd) {
                meta.putObject("annotations").put(INITIAL_EVENTS_END, "true");
            }
            return writer.bookmarkEvent(obj);
        }

        private void write(Buffer line) {
            if (ended) {
                return;
            }
            if (sinkGone()) {
                finish();
                return;
            }
            if (!backlog.offer(line)) {
                unresponsive();
                return;
            }
            watcher.sent(line.length());
        }

        private ObjectNode present(ObjectNode stored) {
            return ResourceRequest.present(store, resource, version, stored);
        }

        private boolean sinkGone() {
            return webSocket != null ? webSocket.isClosed() : resp.closed() || resp.ended();
        }

        private WatchBacklog.Sink responseSink() {
            return new WatchBacklog.Sink() {
                @Override
                public void write(Buffer event) {
                    if (!resp.closed() && !resp.ended()) {
                        resp.write(event);
                    }
                }

                @Override
                public boolean writeQueueFull() {
                    return resp.writeQueueFull();
                }

                @Override
                public void drainHandler(Runnable drained) {
                    resp.drainHandler(v -> drained.run());
                }
            };
        }

        /**
         * The cacher's "Forcing watcher close due to unresponsiveness": the backlog is dropped and the stream ends
         * at once. Over HTTP/2 only this watch's stream is reset (the connection's other watches go on); over
         * HTTP/1.1 the connection is closed, as the client is not reading it.
         */
        private void unresponsive() {
            LOG.info(
                    "Forcing {} watcher close due to unresponsiveness: more than {} events or {} bytes waiting",
                    resource.groupResource(),
                    backlogEvents,
                    backlogBytes);
            if (webSocket == null && !resp.closed() && !resp.ended()) {
                aborted = true;
                if (http2) {
                    resp.reset(CANCEL);
                } else {
                    connection.close();
                }
            }
            finish();
        }

        private void finish() {
            if (ended) {
                return;
            }
            ended = true;
            if (begun) {
                watcher.closed();
            }
            if (subscription != null) {
                subscription.close();
            }
            LoopClock.of(context).remove(this);
            if (webSocket != null) {
                webSocket.close();
            } else if (!aborted && !resp.ended() && !resp.closed()) {
                resp.end();
            }
        }
    }
}
