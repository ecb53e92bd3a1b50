package cloud.gardener.apiserver.e2e.admission;

import static cloud.gardener.apiserver.e2e.Fixtures.MERGE;
import static cloud.gardener.apiserver.e2e.Fixtures.assertStatus;
import static cloud.gardener.apiserver.e2e.Fixtures.create;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.json.Json;
import cloud.gardener.apiserver.e2e.BindingKind;
import cloud.gardener.apiserver.e2e.Examples;
import cloud.gardener.apiserver.e2e.admission.GardenFixtures.Garden;
import cloud.gardener.apiserver.testing.ApiServerExtension;
import cloud.gardener.apiserver.testing.TestClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The Bastion plugin and the Bastion strategy together, through HTTP: binding to the Shoot and heartbeats. */
@Tag("integration")
class BastionAdmissionE2ETest {

    @RegisterExtension
    static final ApiServerExtension SERVER = new ApiServerExtension();

    @RegisterExtension
    static final ApiServerExtension WITHOUT_PLUGIN =
            new ApiServerExtension(config -> config.disableAdmissionPlugins(List.of("Bastion")));

    private static String bastions(String namespace) {
        return "/apis/operations.gardener.cloud/v1alpha1/namespaces/" + namespace + "/bastions";
    }

    private static ObjectNode json(String text) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The garden's Shoot, on the garden's Seed unless {@code scheduled} is false. */
    private static ObjectNode shoot(Garden g, String name, boolean scheduled) {
        ObjectNode shoot = GardenFixtures.shoot(g, name);
        if (scheduled) {
            ((ObjectNode) shoot.get("spec")).put("seedName", g.seed());
        }
        return shoot;
    }

    private static ObjectNode bastion(String name, String shoot) {
        return json("""
                {"apiVersion":"operations.gardener.cloud/v1alpha1","kind":"Bastion","metadata":{"name":"%s"},
                 "spec":{"shootRef":{"name":"%s"},"sshPublicKey":"%s","ingress":[{"ipBlock":{"cidr":"1.2.3.4/32"}}]}}
                """.formatted(name, shoot, SSH_KEY));
    }

    /** The key of Gardener's example Bastion. */
    private static final String SSH_KEY =
            Examples.read("100-bastion.yaml").path("spec").path("sshPublicKey").asText();

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aBastionIsBoundToItsScheduledShootAndKeptAliveByHeartbeats(BindingKind bindingKind)
            throws InterruptedException {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        String ns = g.namespace();
        JsonNode shoot = create(admin, g.shoots(), shoot(g, "scheduled", true));

        Instant before = Instant.now().minusSeconds(1);
        JsonNode created = create(admin, bastions(ns), bastion("b1", "scheduled"));
        assertThat(created.path("spec").path("seedName").asText()).isEqualTo(g.seed());
        assertThat(created.path("spec").path("providerType").asText()).isEqualTo(GardenFixtures.PROVIDER);
        assertThat(created.path("metadata")
                        .path("annotations")
                        .path("gardener.cloud/created-by")
                        .asText())
                .isEqualTo("admin");
        assertThat(created.path("metadata")
                        .path("ownerReferences")
                        .get(0)
                        .path("uid")
                        .asText())
                .isEqualTo(shoot.path("metadata").path("uid").asText());
        Instant heartbeat = Instant.parse(
                created.path("status").path("lastHeartbeatTimestamp").asText());
        Instant expiration =
                Instant.parse(created.path("status").path("expirationTimestamp").asText());
        assertThat(heartbeat).isAfterOrEqualTo(before.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        assertThat(Duration.between(heartbeat, expiration)).isEqualTo(Duration.ofHours(1));

        Thread.sleep(1100); // timestamps have second precision
        TestClient.Response kept = admin.patch(
                bastions(ns) + "/b1",
                MERGE,
                "{\"metadata\":{\"annotations\":{\"gardener.cloud/operation\":\"keepalive\"}}}");
        assertThat(kept.status()).as(kept.body()).isEqualTo(200);
        JsonNode alive = kept.json();
        assertThat(alive.path("metadata").path("annotations").has("gardener.cloud/operation"))
                .isFalse();
        assertThat(Instant.parse(
                        alive.path("status").path("lastHeartbeatTimestamp").asText()))
                .isAfter(heartbeat);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BindingKind.class)
    void aBastionForAnUnscheduledOrMissingShootIsRefused(BindingKind bindingKind) {
        TestClient admin = SERVER.admin();
        Garden g = GardenFixtures.create(admin, bindingKind);
        String ns = g.namespace();
        create(admin, g.shoots(), shoot(g, "unscheduled", false));

        JsonNode status = assertStatus(admin.post(bastions(ns), bastion("b2", "unscheduled")), 422, "Invalid");
        assertThat(status.path("message").asText())
                .isEqualTo("Bastion.operations.gardener.cloud \"b2\" is invalid: "
                        + "spec.shootRef.name: Invalid value: \"unscheduled\": shoot is not yet assigned to a seed");
        assertThat(status.path("details").path("causes").get(0).path("field").asText())
                .isEqualTo("spec.shootRef.name");

        JsonNode missing = assertStatus(admin.post(bastions(ns), bastion("b3", "nope")), 422, "Invalid");
        assertThat(missing.path("message").asText()).endsWith("shoot " + ns + "/nope not found");
    }

    @Test
    void withThePluginDisabledNothingBindsTheBastion() {
        TestClient admin = WITHOUT_PLUGIN.admin();
        Garden g = GardenFixtures.createWithoutBinding(admin);
        JsonNode created = create(admin, bastions(g.namespace()), bastion("b4", "nope"));
        assertThat(created.path("spec").has("seedName")).isFalse();
        assertThat(created.path("metadata").path("annotations").has("gardener.cloud/created-by"))
                .isFalse();
    }
}
