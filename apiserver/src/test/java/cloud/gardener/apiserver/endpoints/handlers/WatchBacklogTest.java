package cloud.gardener.apiserver.endpoints.handlers;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatchBacklogTest {

    /** A stream whose write queue is full while {@code full} is set; it takes everything otherwise. */
    private static final class FakeSink implements WatchBacklog.Sink {
        final List<String> written = new ArrayList<>();
        boolean full;
        Runnable drained;

        @Override
        public void write(Buffer event) {
            written.add(event.toString());
        }

        @Override
        public boolean writeQueueFull() {
            return full;
        }

        @Override
        public void drainHandler(Runnable drained) {
            this.drained = drained;
        }

        void drain() {
            full = false;
            drained.run();
        }
    }

    private static Buffer event(String text) {
        return Buffer.buffer(text);
    }

    @Test
    void aStreamThatKeepsUpGetsEveryEventAtOnceAndNothingWaits() {
        FakeSink sink = new FakeSink();
        WatchBacklog backlog = new WatchBacklog(sink, 2, 1024);
        for (int i = 0; i < 10; i++) {
            assertThat(backlog.offer(event("e" + i))).isTrue();
        }
        assertThat(sink.written).hasSize(10);
        assertThat(backlog.waiting()).isZero();
        assertThat(sink.drained).as("no drain handler while nothing waited").isNull();
    }

    @Test
    void eventsWaitInOrderWhileTheStreamIsFullAndFollowWhenItDrains() {
        FakeSink sink = new FakeSink();
        WatchBacklog backlog = new WatchBacklog(sink, 3, 1024);
        backlog.offer(event("a"));
        sink.full = true;
        assertThat(backlog.offer(event("b"))).isTrue();
        assertThat(backlog.offer(event("c"))).isTrue();
        assertThat(backlog.waiting()).isEqualTo(2);
        sink.drain();
        // once events wait, a new one queues behind them even if the stream has room
        assertThat(sink.written).containsExactly("a", "b", "c");
        backlog.offer(event("d"));
        assertThat(sink.written).containsExactly("a", "b", "c", "d");
    }

    @Test
    void aWatcherPastTheBoundIsUnresponsiveAndItsBacklogIsDropped() {
        FakeSink sink = new FakeSink();
        sink.full = true;
        WatchBacklog backlog = new WatchBacklog(sink, 3, 1024);
        for (int i = 0; i < 3; i++) {
            assertThat(backlog.offer(event("e" + i))).isTrue();
        }
        assertThat(backlog.offer(event("e3"))).isFalse();
        assertThat(backlog.waiting()).isZero();
        assertThat(backlog.offer(event("e4"))).as("stays unresponsive").isFalse();
        sink.drain();
        assertThat(sink.written).isEmpty();
    }

    @Test
    void theByteBoundCountsToo() {
        FakeSink sink = new FakeSink();
        sink.full = true;
        WatchBacklog backlog = new WatchBacklog(sink, 100, 10);
        assertThat(backlog.offer(event("12345"))).isTrue();
        assertThat(backlog.offer(event("12345"))).isTrue();
        assertThat(backlog.offer(event("1"))).isFalse();
    }

    @Test
    void initialEventsAreOutsideTheBoundButAheadOfEveryChange() {
        FakeSink sink = new FakeSink();
        sink.full = true;
        WatchBacklog backlog = new WatchBacklog(sink, 2, 1024);
        for (int i = 0; i < 50; i++) {
            backlog.offerInitial(event("i" + i));
        }
        assertThat(backlog.offer(event("c1"))).isTrue();
        assertThat(backlog.offer(event("c2"))).isTrue();
        assertThat(backlog.waiting()).isEqualTo(52);
        sink.drain();
        assertThat(sink.written).hasSize(52).startsWith("i0").endsWith("i49", "c1", "c2");
        sink.full = true;
        assertThat(backlog.offer(event("c3"))).isTrue();
        assertThat(backlog.offer(event("c4"))).isTrue();
        assertThat(backlog.offer(event("c5")))
                .as("the bound counts changes only")
                .isFalse();
    }
}
