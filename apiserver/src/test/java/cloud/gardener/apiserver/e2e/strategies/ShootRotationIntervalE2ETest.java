package cloud.gardener.apiserver.e2e.strategies;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static cloud.gardener.apiserver.e2e.Fixtures.createProjectNamespace;
import static cloud.gardener.apiserver.e2e.Fixtures.shoot;
import static cloud.gardener.apiserver.e2e.Fixtures.shoots;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.e2e.Fixtures;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --shoot-credentials-rotation-interval} reaches the Shoot warnings: with 30 days, a CA rotation whose
 * initiation finished 20 days ago is overdue for completion (a third of the interval); with the default 90 days
 * it would not be.
 */
@Tag("integration")
class ShootRotationIntervalE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension(config -> Fixtures.withoutShootGardenChecks(config)
            .credentials(c -> c.withShootCredentialsRotationInterval(Duration.ofDays(30))));

    @Test
    void updatesWarnWithTheConfiguredInterval() {
        TestClient admin = SERVER.admin();
        String ns = createProjectNamespace(admin, "rotation");
        create(admin, shoots(ns), ShootStrategyE2ETest.validShoot("rot"));
        String finished = Instant.now()
                .minus(20, ChronoUnit.DAYS)
                .truncatedTo(ChronoUnit.SECONDS)
                .toString();
        TestClient.Response status = admin.patch(
                shoot(ns, "rot") + "/status",
                MERGE,
                "{\"status\":{\"credentials\":{\"rotation\":{\"certificateAuthorities\":{\"phase\":\"Prepared\","
                        + "\"lastInitiationTime\":\"" + finished + "\",\"lastInitiationFinishedTime\":\"" + finished
                        + "\"}}}}}");
        assertThat(status.status()).as(status.body()).isEqualTo(200);

        TestClient.Response updated =
                admin.patch(shoot(ns, "rot"), MERGE, "{\"metadata\":{\"labels\":{\"touched\":\"yes\"}}}");

        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.headers().allValues("Warning"))
                .anySatisfy(w -> assertThat(w)
                        .contains(
                                "the certificate authorities rotation initiation was finished more than 240h0m0s ago and should be "
                                        + "completed"));
    }
}
