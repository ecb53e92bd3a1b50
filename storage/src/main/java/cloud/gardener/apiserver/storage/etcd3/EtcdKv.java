package cloud.gardener.apiserver.storage.etcd3;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.ClientBuilder;
import io.etcd.jetcd.api.KVGrpc;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.RangeRequest;
import io.etcd.jetcd.api.RangeResponse;
import io.etcd.jetcd.api.TxnRequest;
import io.etcd.jetcd.api.TxnResponse;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.NegotiationType;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.PromiseInternal;
import io.vertx.core.internal.VertxInternal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * etcd's KV service, called over one gRPC channel (one HTTP/2 connection) per Vert.x event loop.
 *
 * <p>Why not jetcd's KV client: jetcd starts every call on its own thread pool (Failsafe's executor), its one
 * channel lives on the event loop of the context that built it, and its futures complete on the start-up
 * context, so each etcd call of a request on another event loop crossed threads three or four times, and all
 * of etcd's traffic was parsed on one loop. Here a call made on an event loop goes out on that loop's own
 * connection and its answer is parsed and completed on the same thread (gRPC's direct executor on the
 * channel's loop): no hop at all. A caller off its loop (a worker) gets its answer through its context.
 * jetcd stays for watches and the maintenance API.
 *
 * <p>Writes are sent once (never retried: a write whose outcome is unknown fails as UNAVAILABLE); reads are
 * retried on UNAVAILABLE with jetcd's backoff, within one request timeout.
 */
final class EtcdKv implements AutoCloseable {

    /**
     * etcd's Txn, its requests serialized without gRPC's per-call 4 KB buffer ({@link StreamingMarshaller}), its
     * responses parsed from gRPC's stream (a failed compare's else branch brings a whole value back: copied once).
     */
    private static final MethodDescriptor<TxnRequest, TxnResponse> TXN = StreamParsingMarshaller.responsesOf(
            StreamingMarshaller.requestsOf(KVGrpc.getTxnMethod()), TxnResponse.parser());
    /** etcd's Range, its responses parsed from gRPC's stream without a copy of the whole message first. */
    private static final MethodDescriptor<RangeRequest, RangeResponse> RANGE =
            StreamParsingMarshaller.responsesOf(KVGrpc.getRangeMethod(), RangeResponse.parser());

    private final VertxInternal vertx;
    private final String target;
    private final ClientBuilder settings;
    private final Duration timeout;
    private final LongSupplier compactedRevision;
    private final List<ClientInterceptor> interceptors;
    private final Map<EventLoop, LoopConnection> loops = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * @param settings          the configured jetcd builder: target, TLS context, keepalive and message size
     *                          are taken from it so both clients connect alike
     * @param compactedRevision the highest compaction seen, for mapping "compacted" errors
     * @param interceptors      extra interceptors (tests count requests with one)
     */
    EtcdKv(
            Vertx vertx,
            ClientBuilder settings,
            Duration timeout,
            LongSupplier compactedRevision,
            List<ClientInterceptor> interceptors) {
        this.vertx = (VertxInternal) vertx;
        this.settings = settings;
        this.target = settings.target();
        this.timeout = timeout;
        this.compactedRevision = compactedRevision;
        this.interceptors = List.copyOf(interceptors);
    }

    // ---------------------------------------------------------------- calls

    /** A write transaction, sent once. */
    Future<TxnResponse> write(ContextInternal ctx, TxnRequest request) {
        return complete(ctx, (loop, done) -> loop.call(TXN, request, false, done));
    }

    /** A linearizable range read (retried on UNAVAILABLE). */
    Future<RangeResponse> range(ContextInternal ctx, RangeRequest request) {
        return complete(ctx, (loop, done) -> loop.call(RANGE, request, true, done));
    }

    /**
     * A linearizable read of one key: the pair, or null when the key is absent. Concurrent reads on one event
     * loop share round trips ({@link GetBatcher}).
     */
    Future<KeyValue> get(ContextInternal ctx, String key) {
        return complete(ctx, (loop, done) -> loop.get(KvRequests.key(key), false, done));
    }

    /** {@link #get} of the pair without its value: its revisions alone. */
    Future<KeyValue> getKeyOnly(ContextInternal ctx, String key) {
        return complete(ctx, (loop, done) -> loop.get(KvRequests.key(key), true, done));
    }

    private interface Start<T> {
        void start(LoopConnection loop, BiConsumer<T, Throwable> done);
    }

    private <T> Future<T> complete(ContextInternal ctx, Start<T> start) {
        PromiseInternal<T> promise = ctx.promise();
        if (closed.get()) {
            promise.fail(cloud.gardener.apiserver.storage.StorageException.unavailable("etcd storage is closed", null));
            return promise.future();
        }
        try {
            start.start(connection(ctx.nettyEventLoop()), (result, failure) -> {
                if (failure == null) {
                    promise.complete(result);
                } else {
                    promise.fail(EtcdErrors.toStorageException(failure, 0, compactedRevision.getAsLong()));
                }
            });
        } catch (RuntimeException e) {
            promise.tryFail(EtcdErrors.toStorageException(e));
        }
        return promise.future();
    }

    // ---------------------------------------------------------------- connections

    private LoopConnection connection(EventLoop loop) {
        LoopConnection connection = loops.get(loop);
        return connection != null ? connection : loops.computeIfAbsent(loop, this::open);
    }

    private LoopConnection open(EventLoop loop) {
        NettyChannelBuilder builder = NettyChannelBuilder.forTarget(target)
                .eventLoopGroup(loop)
                .channelFactory(vertx.transport().channelFactory(false))
                // Callbacks (and message parsing) run on the channel's loop: the caller's, for event-loop callers.
                .directExecutor()
                // No gRPC retry machinery (a RetriableStream, its buffer accounting and registry per call, ~3 % of a
                // write's CPU): writes are never re-sent and reads are retried here; what remains is gRPC's
                // transparent retry of a call that never left this client, which made no difference when a member
                // is killed under writes (EtcdFailoverTest: 8-11 of 600 creates unknown either way, 8 in flight)
                .disableRetry()
                .defaultLoadBalancingPolicy("round_robin")
                .keepAliveWithoutCalls(false)
                .withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                        settings.connectTimeout().toMillis());
        if (settings.maxInboundMessageSize() != null) {
            builder.maxInboundMessageSize(settings.maxInboundMessageSize());
        }
        if (settings.keepaliveTime() != null) {
            builder.keepAliveTime(settings.keepaliveTime().toMillis(), TimeUnit.MILLISECONDS);
        }
        if (settings.keepaliveTimeout() != null) {
            builder.keepAliveTimeout(settings.keepaliveTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
        if (settings.sslContext() != null) {
            builder.negotiationType(NegotiationType.TLS).sslContext(settings.sslContext());
        } else {
            builder.negotiationType(NegotiationType.PLAINTEXT);
        }
        ManagedChannel channel = builder.build();
        Channel calls = ClientInterceptors.intercept(channel, interceptors);
        return new LoopConnection(
                loop, channel, calls, ReconnectPacer.start(vertx, channel, ReconnectPacer.DEFAULT_CAP));
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            for (LoopConnection connection : loops.values()) {
                connection.close();
            }
            loops.clear();
        }
    }

    /** One event loop's connection, and the state only that loop's thread touches. */
    private final class LoopConnection implements GetBatcher.Sender {
        private final EventLoop loop;
        private final ManagedChannel channel;
        private final Channel calls;
        private final ReconnectPacer pacer;
        private final GetBatcher batcher;

        LoopConnection(EventLoop loop, ManagedChannel channel, Channel calls, ReconnectPacer pacer) {
            this.loop = loop;
            this.batcher = new GetBatcher(this, loop);
            this.channel = channel;
            this.calls = calls;
            this.pacer = pacer;
        }

        void get(ByteString key, boolean keysOnly, BiConsumer<KeyValue, Throwable> done) {
            if (loop.inEventLoop()) {
                batcher.get(key, keysOnly, done);
            } else {
                // Not on the loop (a worker caller): the batcher is the loop's alone, so read on its own.
                call(
                        RANGE,
                        keysOnly ? KvRequests.keyOnly(key) : KvRequests.get(key),
                        true,
                        (resp, failure) -> done.accept(
                                failure == null && resp.getKvsCount() > 0 ? resp.getKvs(0) : null, failure));
            }
        }

        @Override
        public void range(RangeRequest request, BiConsumer<RangeResponse, Throwable> done) {
            call(RANGE, request, true, done);
        }

        @Override
        public void readTxn(TxnRequest request, BiConsumer<TxnResponse, Throwable> done) {
            call(TXN, request, true, done);
        }

        /** One unary call; a read that meets UNAVAILABLE is sent again after a backoff, within the timeout. */
        <Q, R> void call(MethodDescriptor<Q, R> method, Q request, boolean retry, BiConsumer<R, Throwable> done) {
            long giveUpAt = System.nanoTime() + timeout.toNanos();
            attempt(method, request, retry ? giveUpAt : 0, retryDelay(), done);
        }

        private <Q, R> void attempt(
                MethodDescriptor<Q, R> method, Q request, long giveUpAt, long delay, BiConsumer<R, Throwable> done) {
            CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS);
            ClientCall<Q, R> call = calls.newCall(method, options);
            call.start(
                    new UnaryListener<R>() {
                        @Override
                        void failed(Throwable failure) {
                            boolean again = giveUpAt != 0
                                    && !closed.get()
                                    && Status.fromThrowable(failure).getCode() == Status.Code.UNAVAILABLE
                                    && System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay) < giveUpAt;
                            if (again) {
                                var unused = loop.schedule(
                                        () -> attempt(
                                                method, request, giveUpAt, Math.min(delay * 2, maxRetryDelay()), done),
                                        delay,
                                        TimeUnit.MILLISECONDS);
                            } else {
                                done.accept(null, failure);
                            }
                        }

                        @Override
                        void succeeded(R response) {
                            done.accept(response, null);
                        }
                    },
                    new Metadata());
            try {
                // two: the answer, and room to notice a second one (a protocol error), as gRPC's stubs ask
                call.request(2);
                call.sendMessage(request);
                call.halfClose();
            } catch (RuntimeException | Error e) {
                call.cancel(null, e);
                throw e;
            }
        }

        void close() {
            if (pacer != null) {
                pacer.close();
            }
            channel.shutdownNow();
        }
    }

    /**
     * A unary call's listener, as gRPC's {@code ClientCalls} adapts a stream observer to it, without the adapters:
     * the answer is delivered when the call closes, so exactly one of the two outcomes is reported per call.
     */
    private abstract static class UnaryListener<R> extends ClientCall.Listener<R> {
        private R response;

        abstract void succeeded(R response);

        abstract void failed(Throwable failure);

        @Override
        public void onMessage(R message) {
            if (response != null) {
                throw Status.INTERNAL
                        .withDescription("More than one responses received for unary or client-streaming call")
                        .asRuntimeException();
            }
            response = message;
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            if (!status.isOk()) {
                failed(status.asRuntimeException(trailers));
            } else if (response == null) {
                failed(Status.INTERNAL
                        .withDescription("No value received for unary call")
                        .asRuntimeException(trailers));
            } else {
                succeeded(response);
            }
        }
    }

    /** jetcd's backoff as EtcdStorage configures it: a quarter of the timeout, at most 500 ms. */
    private long retryDelay() {
        return Math.max(1, Math.min(500, timeout.toMillis() / 4));
    }

    private long maxRetryDelay() {
        return Math.max(2, Math.min(2500, timeout.toMillis() / 2));
    }
}
