package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --event-loops}: one per core unless set; a negative count stops the server. */
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
