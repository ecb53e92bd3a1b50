package cloud.gardener.apiserver.endpoints.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The cases of apimachinery's duration_test.go, in milliseconds. */
class HumanDurationTest {

    @ParameterizedTest
    @CsvSource({
        "1000, 1s",
        "70000, 70s",
        "190000, 3m10s",
        "4200000, 70m",
        "169200000, 47h",
        "176400000, 2d1h",
        "698400000, 8d",
        "31708800000, 367d",
        "63162000000, 2y1d",
        "252295200000, 8y",
        // boundaries
        "-2000, <invalid>",
        "0, 0s",
        "999, 0s",
        "-1000, 0s",
        "119999, 119s",
        "120000, 2m",
        "121000, 2m1s",
        "599999, 9m59s",
        "600000, 10m",
        "601000, 10m",
        "10799999, 179m",
        "10800000, 3h",
        "10860000, 3h1m",
        "28799999, 7h59m",
        "28800000, 8h",
        "32340000, 8h",
        "172799999, 47h",
        "172800000, 2d",
        "176400000, 2d1h",
        "691199999, 7d23h",
        "691200000, 8d",
        "63071999999, 729d",
        "63072000000, 2y",
        "252287999999, 7y364d",
        "252288000000, 8y"
    })
    void formatsLikeGo(long millis, String expected) {
        assertThat(HumanDuration.format(Duration.ofMillis(millis))).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void justUnderTwoSecondsInTheFutureIsNow() {
        // Go: -2*time.Second + 1 -> int(d.Seconds()) == -1 -> "0s"
        assertThat(HumanDuration.format(Duration.ofSeconds(-2).plusNanos(1))).isEqualTo("0s");
        assertThat(HumanDuration.format(Duration.ofSeconds(-2))).isEqualTo("<invalid>");
    }
}
