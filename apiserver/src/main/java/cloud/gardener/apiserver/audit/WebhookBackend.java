package cloud.gardener.apiserver.audit;

import cloud.gardener.apiserver.certs.Kubeconfig;
import cloud.gardener.apiserver.delegation.KubeconfigTransport;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --audit-webhook-config-file}: POSTs {@code audit.k8s.io/v1} EventLists to the kubeconfig's server, as
 * upstream's webhook backend in one of {@code --audit-webhook-mode}'s three modes.
 *
 * <p>{@code batch} (upstream's buffered backend): events wait in a bounded buffer (full: dropped, counted under the
 * plugin {@code buffered} and logged), a batch goes out when {@code maxBatchSize} events are there or
 * {@code maxWait} has passed, throttled to {@code qps} with {@code burst}, and a failed batch is retried with backoff
 * (initial backoff × 1.5, jitter 0.2, 5 attempts) before it is dropped. One batch is in flight at a time; a dead
 * webhook never holds up a request.
 *
 * <p>{@code blocking} and {@code blocking-strict}: each event is POSTed on its own as it comes, with the same
 * retries, and the request that made it waits ({@link #awaited()}); a lost event is counted and logged, and in
 * {@code blocking-strict} mode fails its request when it was the RequestReceived one. Sending is asynchronous on
 * a Vert.x event loop in every mode.
 */
final class WebhookBackend implements AuditBackend {

    private static final Logger LOG = LoggerFactory.getLogger(WebhookBackend.class);
    private static final int ATTEMPTS = 5;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** {@code --audit-webhook-mode}. */
    enum Mode {
        BATCH,
        BLOCKING,
        BLOCKING_STRICT;

        static Mode parse(String flag) {
            return switch (flag) {
                case "blocking" -> BLOCKING;
                case "blocking-strict" -> BLOCKING_STRICT;
                default -> BATCH;
            };
        }
    }

    /** The batching flags (read in {@code batch} mode only); {@code maxWait} of zero sends every event at once. */
    record Settings(
            Mode mode,
            int bufferSize,
            int maxBatchSize,
            Duration maxWait,
            boolean throttle,
            double qps,
            int burst,
            Duration initialBackoff,
            Truncation truncation) {}

    private final Vertx vertx;
    private final Context context;
    private final KubeconfigTransport transport;
    private final HttpClient http;
    private final Settings settings;
    private final AuditCounters counters;
    private final ArrayDeque<byte[]> buffer = new ArrayDeque<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final long periodicTimer;
    private long lastDropLogNanos;
    // event-loop confined
    private boolean inFlight;
    private double tokens;
    private long tokensAtNanos = System.nanoTime();

    WebhookBackend(Vertx vertx, Kubeconfig kubeconfig, Settings settings, AuditCounters counters) {
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.transport = new KubeconfigTransport(vertx, kubeconfig);
        this.http = vertx.createHttpClient(transport.clientOptions(Duration.ofSeconds(10)));
        this.settings = settings;
        this.counters = counters;
        this.tokens = settings.burst();
        this.periodicTimer = settings.mode() != Mode.BATCH || settings.maxWait().isZero()
                ? -1
                : vertx.setPeriodic(settings.maxWait().toMillis(), id -> flush());
    }

    @Override
    public String plugin() {
        return "webhook";
    }

    @Override
    public boolean awaited() {
        return settings.mode() != Mode.BATCH;
    }

    @Override
    public boolean strict() {
        return settings.mode() == Mode.BLOCKING_STRICT;
    }

    @Override
    public Future<Void> process(AuditEvent event, ObjectNode json, byte[] original) {
        byte[] bytes = settings.truncation().fit(json, original, counters);
        if (bytes == null) {
            // upstream's truncate plugin counts the drop and still answers success, even to blocking-strict
            return Future.succeededFuture();
        }
        if (settings.mode() != Mode.BATCH) {
            return sendAlone(bytes);
        }
        boolean full;
        int size;
        synchronized (buffer) {
            full = buffer.size() >= settings.bufferSize();
            if (!full) {
                buffer.add(bytes);
            }
            size = buffer.size();
        }
        if (full) {
            // upstream's buffered backend counts what its full queue refuses as its own error
            counters.errors("buffered", 1);
            long now = System.nanoTime();
            if (now - lastDropLogNanos > TimeUnit.SECONDS.toNanos(1)) {
                lastDropLogNanos = now;
                LOG.error(
                        "audit webhook buffer is full ({} events): dropping audit event {}",
                        settings.bufferSize(),
                        event.auditId());
            }
            return Future.succeededFuture();
        }
        if ((size >= settings.maxBatchSize() || settings.maxWait().isZero())
                && flushScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> {
                flushScheduled.set(false);
                flush();
            });
        }
        return Future.succeededFuture();
    }

    /**
     * {@code blocking} modes: one event in its own EventList, retried as a batch is; completes once it was
     * delivered or given up (then counted and logged), and fails in {@code blocking-strict} mode when it was lost.
     */
    private Future<Void> sendAlone(byte[] bytes) {
        Promise<Void> sent = Promise.promise();
        context.runOnContext(v -> attempt(eventList(List.of(bytes)), 1, sent));
        return sent.future();
    }

    private void attempt(Buffer body, int attempt, Promise<Void> sent) {
        post(body).onComplete(ar -> {
            if (ar.succeeded()) {
                sent.complete();
            } else if (attempt < ATTEMPTS) {
                vertx.setTimer(backoff(attempt), id -> attempt(body, attempt + 1, sent));
            } else {
                counters.errors(plugin(), 1);
                LOG.error(
                        "audit webhook {}: dropping an audit event after {} attempts: {}",
                        transport.server(),
                        ATTEMPTS,
                        ar.cause().getMessage());
                if (strict()) {
                    sent.fail(ar.cause());
                } else {
                    sent.complete();
                }
            }
        });
    }

    /** upstream's DefaultRetryBackoffWithInitialDelay: × 1.5 per attempt, jitter 0.2. */
    private long backoff(int attempt) {
        double delay = settings.initialBackoff().toMillis()
                * Math.pow(1.5, attempt - 1.0)
                * (1 + ThreadLocalRandom.current().nextDouble() * 0.2);
        return Math.max(1, (long) delay);
    }

    /** Sends the next batch unless one is in flight or the throttle says wait; on the event loop. */
    private void flush() {
        if (inFlight) {
            return;
        }
        if (settings.throttle() && !takeToken()) {
            long waitMs = Math.max(1, (long) Math.ceil(1000 / Math.max(settings.qps(), 0.001)));
            vertx.setTimer(waitMs, id -> flush());
            return;
        }
        List<byte[]> batch = new ArrayList<>();
        long batchBytes = 0;
        synchronized (buffer) {
            // an event always goes, even alone beyond the batch byte limit (truncation bounds it)
            while (batch.size() < settings.maxBatchSize()
                    && !buffer.isEmpty()
                    && (batch.isEmpty()
                            || batchBytes + buffer.peek().length
                                    <= settings.truncation().maxBatchBytes())) {
                byte[] next = buffer.poll();
                batchBytes += next.length;
                batch.add(next);
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        inFlight = true;
        send(eventList(batch), batch.size(), 1);
    }

    private boolean takeToken() {
        long now = System.nanoTime();
        tokens = Math.min(settings.burst(), tokens + (now - tokensAtNanos) / 1e9 * settings.qps());
        tokensAtNanos = now;
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }

    private void send(Buffer body, int events, int attempt) {
        post(body).onComplete(ar -> {
            if (ar.succeeded()) {
                inFlight = false;
                boolean more;
                synchronized (buffer) {
                    more = buffer.size() >= settings.maxBatchSize()
                            || (settings.maxWait().isZero() && !buffer.isEmpty());
                }
                if (more) {
                    flush();
                }
                return;
            }
            if (attempt < ATTEMPTS) {
                vertx.setTimer(backoff(attempt), id -> send(body, events, attempt + 1));
                return;
            }
            inFlight = false;
            counters.errors(plugin(), events);
            LOG.error(
                    "audit webhook {}: dropping {} audit events after {} attempts: {}",
                    transport.server(),
                    events,
                    ATTEMPTS,
                    ar.cause().getMessage());
        });
    }

    private Future<Void> post(Buffer body) {
        RequestOptions request = transport
                .request(HttpMethod.POST, "")
                .putHeader("Content-Type", "application/json")
                .putHeader("Accept", "application/json");
        return transport
                .open(http, request)
                .compose((HttpClientRequest req) -> req.send(body))
                .compose(resp -> resp.body()
                        .compose(answer -> resp.statusCode() / 100 == 2
                                ? Future.<Void>succeededFuture()
                                : Future.<Void>failedFuture("answered " + resp.statusCode() + ": "
                                        + answer.toString(StandardCharsets.UTF_8)
                                                .strip())))
                .timeout(REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** An EventList around already serialized events. */
    static Buffer eventList(List<byte[]> events) {
        Buffer body = Buffer.buffer("{\"kind\":\"EventList\",\"apiVersion\":\"" + AuditPolicy.API_VERSION
                + "\",\"metadata\":{},\"items\":[");
        for (int i = 0; i < events.size(); i++) {
            if (i > 0) {
                body.appendByte((byte) ',');
            }
            body.appendBytes(events.get(i));
        }
        return body.appendString("]}");
    }

    @Override
    public void close() {
        if (periodicTimer >= 0) {
            vertx.cancelTimer(periodicTimer);
        }
        // one last batch, not waited for: shutdown does not hang on a dead webhook
        context.runOnContext(v -> flush());
    }
}
