package cloud.gardener.apiserver.endpoints.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import cloud.gardener.apiserver.api.meta.ApiException;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeoutsTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0|0",
                "+0|0",
                "-0|0",
                "32s|32000000000",
                "1m30s|90000000000",
                "500ms|500000000",
                "1h|3600000000000",
                "1.5h|5400000000000",
                "-1.5h|-5400000000000",
                ".5s|500000000",
                "1.s|1000000000",
                "1us|1000",
                "1µs|1000",
                "1μs|1000",
                "3ns|3",
                "1h2m3s4ms5us6ns|3723004005006",
                "2562047h47m16.854775807s|9223372036854775807",
                "0.0000000001s|0",
                "100000000000000000000ns|-1"
            })
    void parsesGoDurations(String value, long nanos) {
        if (nanos == -1) {
            assertThatThrownBy(() -> Timeouts.parseGoDuration(value))
                    .hasMessage("time: invalid duration \"" + value + "\"");
            return;
        }
        assertThat(Timeouts.parseGoDuration(value)).isEqualTo(Duration.ofNanos(nanos));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|time: invalid duration \"\"",
                "abc|time: invalid duration \"abc\"",
                "-|time: invalid duration \"-\"",
                "1|time: missing unit in duration \"1\"",
                "1s2|time: missing unit in duration \"1s2\"",
                "1d|time: unknown unit \"d\" in duration \"1d\"",
                "1 s|time: unknown unit \" s\" in duration \"1 s\"",
                ".s|time: invalid duration \".s\"",
                "s|time: invalid duration \"s\"",
                "3000000h|time: invalid duration \"3000000h\""
            })
    void rejectsWithGoMessages(String value, String message) {
        assertThatThrownBy(() -> Timeouts.parseGoDuration(value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "''|60",
                "timeout=32s|32",
                "timeout=2m|60",
                "timeout=0s|60",
                "timeout=-5s|60",
                "timeout=|60",
                "timeout=59.5s|59.5"
            })
    void requestTimeoutIsCappedByTheServer(String query, double seconds) {
        assertThat(Timeouts.requestTimeout(Queries.of(query), Duration.ofSeconds(60)))
                .isEqualTo(Duration.ofMillis((long) (seconds * 1000)));
    }

    @Test
    void unparsableTimeoutIs400() {
        assertThatThrownBy(() -> Timeouts.requestTimeout(Queries.of("timeout=abc"), Duration.ofSeconds(60)))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.code()).isEqualTo(400))
                .hasMessage("invalid timeout specified in the request URL - time: invalid duration \"abc\"");
    }

    @Test
    void watchTimeout() {
        Duration min = Duration.ofMinutes(30);
        assertThat(Timeouts.watchTimeout(45L, min, new Random(1))).isEqualTo(Duration.ofSeconds(45));
        for (int i = 0; i < 100; i++) {
            Duration d = Timeouts.watchTimeout(null, min, new Random(i));
            assertThat(d).isBetween(min, min.multipliedBy(2));
            assertThat(d).isLessThan(min.multipliedBy(2));
        }
        assertThat(Timeouts.watchTimeout(0L, Duration.ZERO, new Random())).isZero();
    }
}
