package cloud.gardener.apiserver.admission.validation.core;

import static org.assertj.core.api.Assertions.assertThat;

import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ValidateForceDeletion}, case by case as Gardener's {@code #ValidateForceDeletion} tests. */
class ShootForceDeletionTest {

    private static final ShootValidator VALIDATOR = new ShootValidator(true);
    private static final String PATH = "metadata.annotations[confirmation.gardener.cloud/force-deletion]";
    private static final String NO_DELETION =
            PATH + ": Forbidden: force-deletion annotation cannot be set when Shoot " + "deletionTimestamp is nil";
    private static final String NO_CODE = PATH + ": Forbidden: force-deletion annotation cannot be set when Shoot "
            + "status does not contain one of these error codes: [ERR_CLEANUP_CLUSTER_RESOURCES "
            + "ERR_CONFIGURATION_PROBLEM ERR_INFRA_DEPENDENCIES ERR_INFRA_UNAUTHENTICATED ERR_INFRA_UNAUTHORIZED]";

    private static ObjectNode shoot(String forceDeletion, boolean deleting, String lastErrorCode) {
        ObjectNode shoot = ShootOperationsTest.shoot();
        ObjectNode meta = (ObjectNode) shoot.get("metadata");
        meta.put("resourceVersion", "1").put("uid", "u-1");
        if (forceDeletion != null) {
            meta.withObjectProperty("annotations").put("confirmation.gardener.cloud/force-deletion", forceDeletion);
        }
        if (deleting) {
            meta.put("deletionTimestamp", "2026-01-01T00:00:00Z");
        }
        if (lastErrorCode != null) {
            shoot.putObject("status")
                    .putArray("lastErrors")
                    .addObject()
                    .put("description", "d")
                    .putArray("codes")
                    .add(lastErrorCode);
        }
        return shoot;
    }

    private static List<String> update(ObjectNode shoot, ObjectNode old) {
        return VALIDATOR.validateUpdate(decode(shoot), decode(old)).stream()
                .filter(e -> PATH.equals(e.field()))
                .map(FieldError::toString)
                .toList();
    }

    private static Shoot decode(ObjectNode node) {
        return ModelCodec.decode(node, Shoot.class).value();
    }

    @Test
    void notWithoutDeletionTimestampNorWithoutAnAllowingErrorCode() {
        assertThat(update(shoot("1", false, null), shoot(null, false, null))).containsExactly(NO_DELETION, NO_CODE);
        assertThat(update(shoot("T", true, null), shoot(null, false, null))).containsExactly(NO_CODE);
        assertThat(update(shoot("T", true, "ERR_PROBLEMATIC_WEBHOOK"), shoot(null, false, null)))
                .containsExactly(NO_CODE);
    }

    @Test
    void keptOrAllowedOrNotATrueValue() {
        assertThat(update(shoot("true", true, null), shoot("true", true, null))).isEmpty();
        assertThat(update(shoot("true", true, "ERR_CONFIGURATION_PROBLEM"), shoot(null, false, null)))
                .isEmpty();
        assertThat(update(shoot("no", false, null), shoot(null, false, null))).isEmpty();
    }

    @Test
    void cannotBeRemovedOnceSet() {
        assertThat(update(shoot(null, true, null), shoot("true", false, null)))
                .containsExactly(PATH + ": Forbidden: force-deletion annotation cannot be removed once set");
        assertThat(update(shoot("false", true, null), shoot("true", false, null)))
                .hasSize(1);
    }

    @Test
    void onCreationAsAnyOtherSetting() {
        List<String> errs = VALIDATOR.validate(decode(shoot("true", false, null))).stream()
                .filter(e -> PATH.equals(e.field()))
                .map(FieldError::toString)
                .toList();
        assertThat(errs).containsExactly(NO_DELETION, NO_CODE);
    }
}
