package cloud.gardener.apiserver.storage.etcd3;

import static cloud.gardener.apiserver.storage.testing.VertxExtension.await;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.storage.StorageException;
import cloud.gardener.apiserver.storage.StoredObject;
import cloud.gardener.apiserver.storage.WatchEvent;
import cloud.gardener.apiserver.storage.WatchListener;
import cloud.gardener.apiserver.storage.WatchSubscription;
import cloud.gardener.apiserver.storage.testing.EtcdExtension;
import cloud.gardener.apiserver.storage.testing.RecordingWatchListener;
import cloud.gardener.apiserver.storage.testing.VertxExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A watch brings the value before each change only to a listener that needs it ({@link
 * WatchListener#needsPrevious()}): a watch cache keeps its own copies, so etcd need not send a second value with every
 * update.
 */
@Tag("integration")
class EtcdWatchPreviousValuesTest {

    @RegisterExtension
    static final EtcdExtension ETCD = new EtcdExtension();

    @RegisterExtension
    static final VertxExtension VERTX = new VertxExtension();

    @Test
    void previousValuesComeOnlyToListenersThatNeedThem() throws Exception {
        String key = ETCD.newPrefix() + "k";
        try (EtcdStorage storage = new EtcdStorage(VERTX.vertx(), ETCD.config())) {
            long start = await(storage.currentRevision());
            RecordingWatchListener needing = new RecordingWatchListener();
            RecordingWatchListener keeping = new RecordingWatchListener();
            WatchSubscription full = storage.watch(key, start, needing);
            WatchSubscription lean = storage.watch(key, start, new KeepsItsCopies(keeping));
            try (full;
                    lean) {
                StoredObject created = await(storage.create(key, bytes("one")));
                StoredObject updated = await(storage.update(key, created.modRevision(), bytes("two")));
                await(storage.delete(key, updated.modRevision()));

                List<WatchEvent> all = needing.nextEvents(3, Duration.ofSeconds(10));
                assertThat(all.get(0).previous()).isNull();
                assertThat(text(all.get(1).previous().value())).isEqualTo("one");
                assertThat(text(all.get(2).object().value())).isEqualTo("two");
                assertThat(all.get(2).object().createRevision()).isEqualTo(created.createRevision());

                List<WatchEvent> without = keeping.nextEvents(3, Duration.ofSeconds(10));
                assertThat(without)
                        .extracting(WatchEvent::type)
                        .containsExactly(WatchEvent.Type.PUT, WatchEvent.Type.PUT, WatchEvent.Type.DELETE);
                assertThat(without)
                        .extracting(WatchEvent::revision)
                        .isEqualTo(List.of(
                                all.get(0).revision(),
                                all.get(1).revision(),
                                all.get(2).revision()));
                assertThat(text(without.get(1).object().value())).isEqualTo("two");
                // what the listener already holds does not come again
                assertThat(without.get(1).previous()).isNull();
                assertThat(without.get(2).object().value()).isEmpty();
            }
        }
    }

    /** A listener that keeps every object it was given, as a watch cache does. */
    private record KeepsItsCopies(WatchListener events) implements WatchListener {
        @Override
        public void onEvent(WatchEvent event) {
            events.onEvent(event);
        }

        @Override
        public boolean needsPrevious() {
            return false;
        }

        @Override
        public void onProgress(long revision) {
            events.onProgress(revision);
        }

        @Override
        public void onError(StorageException error) {
            events.onError(error);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] value) {
        return new String(value, StandardCharsets.UTF_8);
    }
}
