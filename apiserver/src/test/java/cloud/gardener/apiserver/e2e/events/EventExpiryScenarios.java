package cloud.gardener.apiserver.e2e.events;

import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code --event-ttl}: events go away that long after their last write. Run against etcd
 * ({@link EventExpiryTest}) and the embedded store ({@link EmbeddedEventExpiryTest}).
 */
@Tag("integration")
abstract class EventExpiryScenarios {

    static final Duration TTL = Duration.ofSeconds(3);

    abstract ApiServerExtension server();

    private static final String NS = "garden-ttl";
    private static final String EVENTS = "/api/v1/namespaces/" + NS + "/events";

    private static String event(String name) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Event\",\"metadata\":{\"name\":\"" + name + "\"},"
                + "\"involvedObject\":{\"kind\":\"Shoot\",\"namespace\":\"" + NS + "\",\"name\":\"s\"},"
                + "\"reason\":\"Reconciling\",\"message\":\"m\",\"type\":\"Normal\"}";
    }

    @Test
    void anEventExpiresAfterItsLastWrite() throws InterruptedException {
        TestClient admin = server().admin();
        create(
                admin,
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + NS + "\"}}");
        create(admin, EVENTS, event("quiet"));
        create(admin, EVENTS, event("busy"));
        long start = System.nanoTime();
        boolean quietGone = false;
        // "busy" is written every half second: its TTL starts again each time. Written until "quiet", created
        // with it, has expired, and for at least TTL + 2 s: left alone, "busy" would be gone by TTL + a sweep
        // period (1 s) after its creation; at most 15 s
        while (!(quietGone && System.nanoTime() - start > TTL.plusSeconds(2).toNanos())
                && System.nanoTime() - start < Duration.ofSeconds(15).toNanos()) {
            TestClient.Response touched = admin.patch(
                    EVENTS + "/busy",
                    "application/merge-patch+json",
                    "{\"count\":" + (int) ((System.nanoTime() - start) / 1_000_000) + "}");
            assertThat(touched.status())
                    .as("busy must not expire while written: %s", touched.body())
                    .isEqualTo(200);
            quietGone = quietGone || admin.get(EVENTS + "/quiet").status() == 404;
            Thread.sleep(500);
        }
        assertThat(quietGone).as("the unwritten event expired").isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(TTL);
        // once left alone, "busy" expires too
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (admin.get(EVENTS + "/busy").status() != 404 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertThat(admin.get(EVENTS + "/busy").status()).isEqualTo(404);
    }

    @Test
    void aQuietEventLivesAtLeastItsTtl() throws InterruptedException {
        TestClient admin = server().admin();
        create(
                admin,
                "/api/v1/namespaces",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":" + "\"garden-ttl-min\"}}");
        create(admin, "/api/v1/namespaces/garden-ttl-min/events", event("fresh").replace(NS, "garden-ttl-min"));
        Thread.sleep(2000);
        assertThat(admin.get("/api/v1/namespaces/garden-ttl-min/events/fresh").status())
                .isEqualTo(200);
    }
}
