package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2Stream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The gap in Netty's stream writability notifications that left a Vert.x HTTP/2 stream waiting for good, and the
 * handler that closes it. The channel's writability events are fired after the change (as Netty does for writability
 * it is told of, and as seen over TLS); the test hands them to the flow controller as Netty's HTTP/2 handler would.
 */
class Http2WritabilityResyncTest {

    @Test
    void aStreamOpenedWhileTheChannelWasUnwritableIsToldItMayWriteOnTheNextWritabilityEvent() throws Exception {
        DefaultHttp2Connection connection = new DefaultHttp2Connection(true);
        DefaultHttp2RemoteFlowController flow = new DefaultHttp2RemoteFlowController(connection);
        List<Integer> toldWritable = new CopyOnWriteArrayList<>();
        flow.listener(stream -> toldWritable.add(stream.id()));
        EmbeddedChannel channel = new EmbeddedChannel(new Http2WritabilityResync(flow));
        flow.channelHandlerContext(channel.pipeline().firstContext());
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();

        out.setUserDefinedWritability(1, false); // its event is fired later
        Http2Stream stream = connection.remote().createStream(3, true); // a GET: opened unwritable
        out.setUserDefinedWritability(1, true);
        // the late events, to Netty's HTTP/2 handler and then to the one behind it: the channel is writable, as the
        // flow controller last saw it
        flow.channelWritabilityChanged();
        flow.channelWritabilityChanged();
        channel.runPendingTasks();

        assertThat(flow.isWritable(stream)).isTrue();
        // Netty alone never notifies stream 3 here (were it to, the workaround could go): Vert.x would wait for good
        assertThat(toldWritable).as("notified streams").containsExactly(3);
        channel.finishAndReleaseAll();
    }

    @Test
    void withoutTheHandlerTheStreamIsNeverToldItMayWrite() throws Exception {
        DefaultHttp2Connection connection = new DefaultHttp2Connection(true);
        DefaultHttp2RemoteFlowController flow = new DefaultHttp2RemoteFlowController(connection);
        List<Integer> toldWritable = new CopyOnWriteArrayList<>();
        flow.listener(stream -> toldWritable.add(stream.id()));
        EmbeddedChannel channel = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
        flow.channelHandlerContext(channel.pipeline().firstContext());
        ChannelOutboundBuffer out = channel.unsafe().outboundBuffer();

        out.setUserDefinedWritability(1, false);
        Http2Stream stream = connection.remote().createStream(3, true);
        out.setUserDefinedWritability(1, true);
        flow.channelWritabilityChanged();
        flow.channelWritabilityChanged();
        channel.runPendingTasks();

        assertThat(flow.isWritable(stream)).isTrue();
        // the gap the handler works around: when Netty closes it, this fails and Http2WritabilityResync can go
        assertThat(toldWritable).isEmpty();
        channel.finishAndReleaseAll();
    }
}
