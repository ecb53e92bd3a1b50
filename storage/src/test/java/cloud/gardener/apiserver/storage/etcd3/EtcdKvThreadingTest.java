package cloud.gardener.apiserver.storage.etcd3;

import static cloud.gardener.apiserver.storage.testing.OnLoop.onLoop;
import static cloud.gardener.apiserver.storage.testing.VertxExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.VertxExtension;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.vertx.core.Future;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each event loop's etcd calls are sent, answered and completed on that loop's own thread: no other thread
 * touches a request of a loop (jetcd sent from its pool and answered on one loop for all).
 */
@Tag("integration")
class EtcdKvThreadingTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @RegisterExtension
    static final VertxExtension VERTX = new VertxExtension();

    @Test
    void writesAndReadsOfTwoEventLoopsAreAnsweredOnTheirOwnThreads() throws Exception {
        String prefix = ETCD.newPrefix();
        ThreadRecorder threads = new ThreadRecorder();
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config(), List.of(threads))) {
            ContextInternal first = ((VertxInternal) VERTX.vertx()).createEventLoopContext();
            ContextInternal second = ((VertxInternal) VERTX.vertx()).createEventLoopContext();
            assertThat(first.nettyEventLoop()).isNotSameAs(second.nettyEventLoop());

            for (ContextInternal loop : List.of(first, second)) {
                String key = prefix + loop.nettyEventLoop().hashCode();
                Thread loopThread = onLoop(loop, Thread::currentThread);
                threads.clear();
                StoredObject read = await(onLoop(
                        loop,
                        () -> storage.create(key, "v".getBytes(StandardCharsets.UTF_8))
                                .compose(created -> storage.get(key))
                                .compose(got -> {
                                    assertThat(Thread.currentThread()).isSameAs(loopThread);
                                    return Future.succeededFuture(got);
                                })));

                assertThat(read.key()).isEqualTo(key);
                assertThat(threads.started()).containsExactly(loopThread);
                assertThat(threads.answered()).containsExactly(loopThread);
            }
        }
    }

    /** The threads that start calls and that receive their answers. */
    private static final class ThreadRecorder implements ClientInterceptor {
        private final Set<Thread> started = ConcurrentHashMap.newKeySet();
        private final Set<Thread> answered = ConcurrentHashMap.newKeySet();

        @Override
        public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
            return new ForwardingClientCall.SimpleForwardingClientCall<>(next.newCall(method, options)) {
                @Override
                public void start(Listener<R> listener, Metadata headers) {
                    started.add(Thread.currentThread());
                    super.start(
                            new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                @Override
                                public void onMessage(R message) {
                                    answered.add(Thread.currentThread());
                                    super.onMessage(message);
                                }
                            },
                            headers);
                }
            };
        }

        Set<Thread> started() {
            return Set.copyOf(started);
        }

        Set<Thread> answered() {
            return Set.copyOf(answered);
        }

        void clear() {
            started.clear();
            answered.clear();
        }
    }
}
