package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.core.v1beta1.ExpirableVersion;
import cloud.gardener.apiserver.api.model.ModelCodec;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VersionLifecycleTest {

    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{version: 1.0.0}                                                                     | supported",
                "{version: 1.0.0, classification: preview}                                            | preview",
                "{version: 1.0.0, expirationDate: '2027-01-01T00:00:00Z'}                             | supported",
                "{version: 1.0.0, classification: deprecated, expirationDate: '2026-01-01T00:00:00Z'} | expired",
                "{version: 1.0.0, lifecycle: [{classification: preview, startTime: '2027-01-01T00:00:00Z'}]} | unavailable",
                "{version: 1.0.0, lifecycle: [{classification: preview}, {classification: supported, startTime: '2026-06-01T00:00:00Z'}, {classification: deprecated, startTime: '2027-01-01T00:00:00Z'}]} | supported",
                "{version: 1.0.0, classification: preview, lifecycle: [{classification: deprecated}]} | deprecated"
            })
    void classifiesAsGardenerDoes(String version, String expected) {
        assertThat(VersionLifecycle.classification(Requests.object(version), NOW))
                .isEqualTo(expected);
        // the typed version the Shoot plugins read classifies alike, without going through JSON
        ExpirableVersion typed = ModelCodec.decode(Requests.object(version), ExpirableVersion.class)
                .value();
        assertThat(VersionLifecycle.classification(typed, NOW)).isEqualTo(expected);
    }
}
