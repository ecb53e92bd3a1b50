package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The in-flight and shutdown flags with kube-apiserver's defaults (400, 200, 0s). */
class RequestLimitsFlagsTest {

    @Test
    void defaultsAreKubeApiserversAndFlagsOverrideThem() {
        ServerOptions defaults = parse();
        assertThat(new RequestLimits(
                        defaults.maxRequestsInflight,
                        defaults.maxMutatingRequestsInflight,
                        defaults.shutdownDelayDuration))
                .isEqualTo(RequestLimits.DEFAULT)
                .isEqualTo(new RequestLimits(400, 200, Duration.ZERO));

        ServerOptions set = parse(
                "--max-requests-inflight=1",
                "--max-mutating-requests-inflight",
                "0",
                "--shutdown-delay-duration=1m10s");
        assertThat(set.maxRequestsInflight).isEqualTo(1);
        assertThat(set.maxMutatingRequestsInflight).isZero();
        assertThat(set.shutdownDelayDuration).isEqualTo(Duration.ofSeconds(70));
    }

    @Test
    void negativeLimitsAreRefused() {
        assertThatThrownBy(() -> new RequestLimits(-1, 200, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static ServerOptions parse(String... args) {
        ServerOptions options = new ServerOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }
}
