package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@code ValidateInPlaceUpdates}: a pool with a pending in-place update is frozen unless the update is forced. */
class ShootInPlaceUpdatesTest {

    private static final ShootValidator VALIDATOR = new ShootValidator(true);
    private static final String FROZEN = "spec.provider.workers[0]: Forbidden: the worker pool \"worker-name\" is "
            + "currently undergoing an in-place update. No changes are allowed to the worker pool, the Shoot Kubernetes "
            + "version, or the Shoot kubelet configuration. You can force an update with annotating the Shoot with "
            + "'gardener.cloud/operation=force-in-place-update'";

    private static ObjectNode shoot(String pending) {
        ObjectNode shoot = ShootOperationsTest.shoot();
        ((ObjectNode) shoot.get("metadata")).put("resourceVersion", "1").put("uid", "u-1");
        ((ObjectNode) shoot.at("/spec/provider/workers/0")).put("updateStrategy", "AutoInPlaceUpdate");
        if (pending != null) {
            shoot.putObject("status")
                    .putObject("inPlaceUpdates")
                    .putObject("pendingWorkerUpdates")
                    .putArray(pending)
                    .add("worker-name");
        }
        return shoot;
    }

    private static List<String> frozen(ObjectNode old, Consumer<ObjectNode> change) {
        ObjectNode shoot = old.deepCopy();
        change.accept(shoot);
        return VALIDATOR.validateUpdate(decode(shoot), decode(old)).stream()
                .map(FieldError::toString)
                .filter(e -> e.contains("in-place update. No changes"))
                .toList();
    }

    private static Shoot decode(ObjectNode node) {
        return ModelCodec.decode(node, Shoot.class).value();
    }

    @Test
    void aPendingPoolIsFrozen() {
        for (String pending : List.of("autoInPlaceUpdate", "manualInPlaceUpdate")) {
            ObjectNode old = shoot(pending);
            assertThat(frozen(old, s -> ((ObjectNode) s.at("/spec/provider/workers/0")).put("maximum", 4)))
                    .containsExactly(FROZEN);
            assertThat(frozen(
                            old,
                            s -> ((ObjectNode) s.at("/spec/kubernetes"))
                                    .putObject("kubelet")
                                    .put("maxPods", 100)))
                    .as("the effective kubelet configuration")
                    .containsExactly(FROZEN);
            assertThat(frozen(old, s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.33.3")))
                    .as("the effective Kubernetes version")
                    .containsExactly(FROZEN);
        }
    }

    @Test
    void forcedOrNotPendingOrUnchangedPassesAndTheVersionMayMoveForAPoolWithItsOwn() {
        ObjectNode old = shoot("autoInPlaceUpdate");
        assertThat(frozen(old, s -> {
                    ((ObjectNode) s.at("/spec/provider/workers/0")).put("maximum", 4);
                    ((ObjectNode) s.get("metadata"))
                            .putObject("annotations")
                            .put("gardener.cloud/operation", "force-in-place-update");
                }))
                .isEmpty();
        assertThat(frozen(shoot(null), s -> ((ObjectNode) s.at("/spec/provider/workers/0")).put("maximum", 4)))
                .isEmpty();
        assertThat(frozen(
                        old,
                        s -> ((ObjectNode) s.get("metadata"))
                                .putObject("labels")
                                .put("a", "b")))
                .isEmpty();

        ObjectNode ownVersion = shoot("autoInPlaceUpdate");
        ((ObjectNode) ownVersion.at("/spec/provider/workers/0"))
                .putObject("kubernetes")
                .put("version", "1.33.2");
        assertThat(frozen(ownVersion, s -> ((ObjectNode) s.at("/spec/kubernetes")).put("version", "1.33.3")))
                .isEmpty();
    }
}
