package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --event-loops}: one per core unless set; a negative count stops the server. {@code --spread-http2-reads}: off
 * unless set.
 */
class EventLoopsFlagTest {

    @Test
    void defaultIsOnePerCoreAndTheFlagSetsIt() {
        assertThat(Main.eventLoops(parse())).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(Main.eventLoops(parse("--event-loops=0")))
                .isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(Main.eventLoops(parse("--event-loops", "3"))).isEqualTo(3);
        assertThat(ServerConfig.builder().eventLoops(3).build().serving().eventLoops())
                .isEqualTo(3);
    }

    @Test
    void spreadingHttp2ReadsIsOffUnlessAsked() {
        assertThat(parse().spreadHttp2Reads).isFalse();
        assertThat(parse("--spread-http2-reads").spreadHttp2Reads).isTrue();
        assertThat(parse("--spread-http2-reads=false").spreadHttp2Reads).isFalse();
        assertThat(ServerConfig.builder().build().serving().spreadHttp2Reads()).isFalse();
        assertThat(ServerConfig.builder()
                        .spreadHttp2Reads(true)
                        .build()
                        .serving()
                        .spreadHttp2Reads())
                .isTrue();
    }

    @Test
    void aNegativeCountIsRefused() {
        assertThatThrownBy(() -> Main.eventLoops(parse("--event-loops=-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--event-loops must not be negative");
        assertThatThrownBy(() -> ServerConfig.builder().eventLoops(0).build())
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
