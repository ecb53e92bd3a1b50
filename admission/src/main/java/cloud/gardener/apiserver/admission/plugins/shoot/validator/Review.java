package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * What one ShootValidator decision looks at (Gardener's {@code validationContext}).
 *
 * @param shoot              the shoot as it would be stored (the old one on DELETE)
 * @param old                the stored shoot; an empty object on CREATE, so that everything counts as changed
 * @param seed               the seed of {@code spec.seedName}, or null
 * @param secretBinding      the SecretBinding the shoot names, or null
 * @param credentialsBinding the CredentialsBinding the shoot names, or null
 * @param seedSelectorErrors a changed seed selector that no longer fits the chosen seed (reported with the rest)
 */
record Review(
        Attributes a,
        JsonNode shoot,
        JsonNode old,
        CloudProfileSpec profile,
        Project project,
        Seed seed,
        SecretBinding secretBinding,
        CredentialsBinding credentialsBinding,
        Instant now,
        List<FieldError> seedSelectorErrors) {

    String name() {
        return shoot.path("metadata").path("name").asText("");
    }

    String seedName() {
        return seedName(shoot);
    }

    String oldSeedName() {
        return seedName(old);
    }

    JsonNode spec() {
        return shoot.path("spec");
    }

    JsonNode oldSpec() {
        return old.path("spec");
    }

    boolean specChanged() {
        return !SemanticEquality.equal(spec(), oldSpec());
    }

    /** {@code spec.seedName}, or null when unset. */
    static String seedName(JsonNode shoot) {
        JsonNode n = shoot.path("spec").path("seedName");
        return n.isTextual() ? n.asText() : null;
    }

    /** {@code isShootInMigrationOrRestorePhase}. */
    boolean inMigrationOrRestore() {
        JsonNode op = shoot.path("status").path("lastOperation");
        String type = op.path("type").asText("");
        return op.isObject()
                && (("Restore".equals(type)
                                && !"Succeeded".equals(op.path("state").asText("")))
                        || "Migrate".equals(type));
    }

    String lastOperationType() {
        return shoot.path("status").path("lastOperation").path("type").asText("");
    }

    String lastOperationState() {
        return shoot.path("status").path("lastOperation").path("state").asText("");
    }
}
