package cloud.gardener.apiserver.storage.etcd3;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.etcd.jetcd.api.Event;
import io.etcd.jetcd.api.KeyValue;
import io.etcd.jetcd.api.ResponseHeader;
import io.etcd.jetcd.watch.WatchResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatchMessagesTest {

    @Test
    void readsTheEventsOfTheMessageJetcdWraps() {
        Event put = Event.newBuilder()
                .setType(Event.EventType.PUT)
                .setKv(KeyValue.newBuilder()
                        .setKey(ByteString.copyFromUtf8("/a"))
                        .setValue(ByteString.copyFromUtf8("new"))
                        .setModRevision(7))
                .setPrevKv(KeyValue.newBuilder()
                        .setKey(ByteString.copyFromUtf8("/a"))
                        .setValue(ByteString.copyFromUtf8("old"))
                        .setModRevision(5))
                .build();
        Event delete = Event.newBuilder()
                .setType(Event.EventType.DELETE)
                .setKv(KeyValue.newBuilder()
                        .setKey(ByteString.copyFromUtf8("/b"))
                        .setModRevision(7))
                .build();
        io.etcd.jetcd.api.WatchResponse message = io.etcd.jetcd.api.WatchResponse.newBuilder()
                .setHeader(ResponseHeader.newBuilder().setRevision(7))
                .addEvents(put)
                .addEvents(delete)
                .build();

        List<Event> events = WatchMessages.events(new WatchResponse(message));

        assertThat(events).containsExactly(put, delete);
        assertThat(events.get(0).getPrevKv().getValue().toStringUtf8()).isEqualTo("old");
    }
}
