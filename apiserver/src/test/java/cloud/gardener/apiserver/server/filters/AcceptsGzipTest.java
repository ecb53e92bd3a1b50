package cloud.gardener.apiserver.server.filters;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Upstream's reading of {@code Accept-Encoding}: a coding exactly {@code gzip} among the comma-separated ones. */
class AcceptsGzipTest {

    @Test
    void gzipAloneOrAmongOtherCodingsWithSpacesAround() {
        assertThat(ResponseCompression.acceptsGzip("gzip")).isTrue();
        assertThat(ResponseCompression.acceptsGzip("deflate, gzip")).isTrue();
        assertThat(ResponseCompression.acceptsGzip("gzip,deflate")).isTrue();
        assertThat(ResponseCompression.acceptsGzip("  gzip\t")).isTrue();
        assertThat(ResponseCompression.acceptsGzip("br,, gzip ,")).isTrue();
    }

    @Test
    void notAQualityValueAnotherCodingOrNone() {
        assertThat(ResponseCompression.acceptsGzip(null)).isFalse();
        assertThat(ResponseCompression.acceptsGzip("")).isFalse();
        assertThat(ResponseCompression.acceptsGzip(",")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("gzip;q=1.0")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("x-gzip")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("gzipped, deflate")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("GZIP")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("g zip")).isFalse();
        assertThat(ResponseCompression.acceptsGzip("deflate, gzi")).isFalse();
    }
}
