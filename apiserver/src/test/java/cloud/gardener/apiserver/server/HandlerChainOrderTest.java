package cloud.gardener.apiserver.server;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.certs.CertificateAuthority;
import cloud.gardener.apiserver.metrics.Scrape;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The filters' order on one path no resource serves: authentication refuses first (401), then authorization (403),
 * then routing (404); each answer has the preamble's headers, and the metrics filter around them counts each with
 * its code.
 */
@Tag("integration")
class HandlerChainOrderTest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    private static final String PATH = "/apis/nothing.example.com/v1/namespaces/default/things/one";

    @Test
    void refusalsComeInTheChainsOrderWithThePreamblesHeadersAndAreCounted() {
        CertificateAuthority other = CertificateAuthority.generate("other-ca", Duration.ofHours(1));
        TestClient forged = TestClient.withCertificateAlwaysSent(
                SERVER.baseUrl(),
                SERVER.servingCa().certificate(),
                other.issueClient("admin", List.of("system:masters"), Duration.ofHours(1)));
        assertAnswer(forged.get(PATH), 401, "Unauthorized");
        assertAnswer(SERVER.anonymous().get(PATH), 403, "Forbidden");
        assertAnswer(SERVER.admin().get(PATH), 404, "NotFound");
        // a caller's Audit-Id is echoed
        assertThat(SERVER.admin().get(PATH, Map.of("Audit-Id", "mine")).header("Audit-Id"))
                .isEqualTo("mine");

        Scrape scrape = Scrape.until(
                SERVER.admin(),
                s -> s.families().containsKey("apiserver_request_total")
                        && count(s, "401") == 1
                        && count(s, "403") == 1
                        && count(s, "404") == 2);
        assertThat(List.of(count(scrape, "401"), count(scrape, "403"), count(scrape, "404")))
                .containsExactly(1.0, 1.0, 2.0);
    }

    private static void assertAnswer(TestClient.Response response, int status, String reason) {
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.json().path("reason").asText()).isEqualTo(reason);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.header("Cache-Control")).isEqualTo("no-cache, private");
        assertThat(response.header("Audit-Id")).isNotBlank();
    }

    private static double count(Scrape scrape, String code) {
        return scrape.counter(
                "apiserver_request_total",
                Map.of(
                        "verb", "GET",
                        "dry_run", "",
                        "group", "nothing.example.com",
                        "version", "v1",
                        "resource", "things",
                        "subresource", "",
                        "scope", "resource",
                        "component", "apiserver",
                        "code", code));
    }
}
