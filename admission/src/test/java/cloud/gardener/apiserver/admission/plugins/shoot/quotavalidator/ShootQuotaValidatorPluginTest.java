package cloud.gardener.apiserver.admission.plugins.shoot.quotavalidator;

import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.CLOCK;
import static cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures.SHOOT;
import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.plugins.shoot.GardenObjects;
import cloud.gardener.apiserver.admission.plugins.shoot.ShootFixtures;
import cloud.gardener.apiserver.admission.testing.InMemoryObjects;
import cloud.gardener.apiserver.admission.testing.Requests;
import cloud.gardener.apiserver.api.meta.ApiException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShootQuotaValidatorPluginTest {

    private static final String FORBIDDEN = "shoots.core.gardener.cloud \"crazy\" is forbidden: ";

    /** Project quota: 8 CPUs, 36Gi memory, 100Gi standard storage, 2 load balancers, 7 days. */
    private final InMemoryObjects objects = new InMemoryObjects()
            .put(GardenObjects.CLOUD_PROFILES, ShootFixtures.CLOUD_PROFILE)
            .put(GardenObjects.QUOTAS, """
                    metadata: {name: trial, namespace: garden-dev}
                    spec:
                      scope: {apiVersion: core.gardener.cloud/v1beta1, kind: Project}
                      clusterLifetimeDays: 7
                      metrics: {cpu: "8", memory: 36Gi, storage.standard: 100Gi, loadbalancer: "2"}
                    """)
            .put(GardenObjects.SECRET_BINDINGS, """
                    metadata: {name: limited, namespace: garden-dev}
                    secretRef: {name: s}
                    provider: {type: local}
                    quotas: [{name: trial, namespace: garden-dev}]
                    """)
            .put(GardenObjects.SECRET_BINDINGS, """
                    metadata: {name: free, namespace: garden-dev}
                    secretRef: {name: s}
                    provider: {type: local}
                    """)
            .put(GardenObjects.SHOOTS, existing("first", "limited", 2))
            .put(GardenObjects.SHOOTS, existing("elsewhere", "free", 50));

    private final ShootQuotaValidatorPlugin plugin =
            new ShootQuotaValidatorPlugin(new PluginContext(objects, null, null, CLOCK));

    /** A stored shoot of m5.large workers (2 CPUs, 8Gi) with 20Gi gp3 volumes. */
    private static ObjectNode existing(String name, String binding, int maximum) {
        ObjectNode shoot = ShootFixtures.shoot();
        shoot.withObjectProperty("metadata").put("name", name);
        ((ObjectNode) shoot.get("spec")).put("secretBindingName", binding);
        ((ObjectNode) shoot.at("/spec/provider/workers/0")).put("maximum", maximum);
        return shoot;
    }

    /** (case, the new shoot's maximum, addon, the exceeded metrics or "" when admitted). */
    static Stream<Arguments> creations() {
        return Stream.of(
                Arguments.of("within the quota together with the other shoot", 2, false, ""),
                Arguments.of("CPU and memory beyond the quota", 3, false, "cpu memory "),
                Arguments.of("a second load balancer for nginx-ingress exceeds it", 1, true, "loadbalancer "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("creations")
    void creationIsChargedToTheQuota(String name, int maximum, boolean nginx, String exceeded) {
        ObjectNode shoot = existing("crazy", "limited", maximum);
        if (nginx) {
            ((ObjectNode) shoot.get("spec"))
                    .putObject("addons")
                    .putObject("nginxIngress")
                    .put("enabled", true);
        }
        Future<Void> result = plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, shoot));
        if (exceeded.isEmpty()) {
            assertThat(result.succeeded()).as(String.valueOf(result.cause())).isTrue();
            return;
        }
        ApiException e = rejection(result);
        assertThat(e.code()).isEqualTo(403);
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "quota limits exceeded. Unable to allocate further " + exceeded);
    }

    @Test
    void aBindingWithoutQuotaIsNotCharged() {
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, existing("crazy", "free", 99)))
                        .succeeded())
                .isTrue();
    }

    @Test
    void updatesAreChargedOnlyWhenWorkersGrow() {
        ObjectNode old = existing("crazy", "limited", 3);
        ObjectNode labelled = old.deepCopy();
        labelled.withObjectProperty("metadata").withObjectProperty("labels").put("a", "b");
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, labelled, old))
                        .succeeded())
                .isTrue();
        ObjectNode grown = existing("crazy", "limited", 4);
        assertThat(rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, grown, old)))
                        .getMessage())
                .isEqualTo(
                        FORBIDDEN + "quota limits exceeded. Unable to allocate further cpu memory storage.standard ");
    }

    @Test
    void theExpirationMovesAtMostTheQuotaLifetime() {
        ObjectNode old = existing("crazy", "limited", 1);
        ObjectNode extended = old.deepCopy();
        extended.withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put(ShootQuotaValidatorPlugin.EXPIRATION, "2026-06-10T00:00:00Z");
        ApiException e = rejection(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, extended, old)));
        assertThat(e.getMessage())
                .isEqualTo(FORBIDDEN + "requested shoot expiration time is too long. Can only be "
                        + "extended by 7 day(s)");
        ObjectNode inTime = old.deepCopy();
        inTime.withObjectProperty("metadata")
                .withObjectProperty("annotations")
                .put(ShootQuotaValidatorPlugin.EXPIRATION, "2026-06-07T00:00:00Z");
        assertThat(plugin.validate(Requests.update(SHOOT, GardenObjects.SHOOTS, inTime, old))
                        .succeeded())
                .isTrue();
    }

    @Test
    void aMissingQuotaIsAnInternalError() {
        objects.put(GardenObjects.SECRET_BINDINGS, """
                metadata: {name: limited, namespace: garden-dev}
                secretRef: {name: s}
                quotas: [{name: gone, namespace: garden-dev}]
                """);
        ApiException e = rejection(
                plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, existing("crazy", "limited", 1))));
        assertThat(e.code()).isEqualTo(500);
        assertThat(e.getMessage()).isEqualTo("Internal error occurred: quota.core.gardener.cloud \"gone\" not found");
    }

    @Test
    void subresourcesAndDeletingShootsAreIgnored() {
        ObjectNode big = existing("crazy", "limited", 99);
        assertThat(plugin.validate(Requests.of(
                                SHOOT,
                                GardenObjects.SHOOTS,
                                "status",
                                cloud.gardener.apiserver.admission.Operation.UPDATE,
                                big,
                                existing("crazy", "limited", 1),
                                Requests.ALICE))
                        .succeeded())
                .isTrue();
        big.withObjectProperty("metadata").put("deletionTimestamp", "2026-01-01T00:00:00Z");
        assertThat(plugin.validate(Requests.create(SHOOT, GardenObjects.SHOOTS, big))
                        .succeeded())
                .isTrue();
    }

    private static ApiException rejection(Future<Void> result) {
        assertThat(result.failed()).as("rejected").isTrue();
        return (ApiException) result.cause();
    }
}
