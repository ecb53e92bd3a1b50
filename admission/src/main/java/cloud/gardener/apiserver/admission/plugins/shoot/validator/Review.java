package cloud.gardener.apiserver.admission.plugins.shoot.validator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.plugins.support.SemanticEquality;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.CloudProfileSpec;
import cloud.gardener.apiserver.api.core.v1beta1.LastOperation;
import cloud.gardener.apiserver.api.core.v1beta1.Project;
import cloud.gardener.apiserver.api.core.v1beta1.SecretBinding;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.Shoot;
import cloud.gardener.apiserver.api.core.v1beta1.ShootSpec;
import cloud.gardener.apiserver.api.core.v1beta1.ShootStatus;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.model.ModelCodec;
import cloud.gardener.apiserver.api.security.v1alpha1.CredentialsBinding;
import cloud.gardener.apiserver.api.validation.FieldError;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one ShootValidator decision looks at (Gardener's {@code validationContext}).
 *
 * @param shoot              the shoot as it would be stored (the old one on DELETE)
 * @param old                the stored shoot; an empty Shoot on CREATE, so that everything counts as changed
 * @param shootTree          {@code shoot} as JSON, for whole-section comparisons
 * @param oldTree            {@code old} as JSON (an empty object on CREATE)
 * @param seed               the seed of {@code spec.seedName}, or null
 * @param secretBinding      the SecretBinding the shoot names, or null
 * @param credentialsBinding the CredentialsBinding the shoot names, or null
 * @param seedSelectorErrors a changed seed selector that no longer fits the chosen seed (reported with the rest)
 */
record Review(
        Attributes a,
        Shoot shoot,
        Shoot old,
        JsonNode shootTree,
        JsonNode oldTree,
        CloudProfileSpec profile,
        Project project,
        Seed seed,
        SecretBinding secretBinding,
        CredentialsBinding credentialsBinding,
        Instant now,
        List<FieldError> seedSelectorErrors) {

    /** Go's zero ShootSpec, for a shoot without one (the empty old shoot of a CREATE). */
    static final ShootSpec EMPTY_SPEC = ModelCodec.decode(JsonNodeFactory.instance.objectNode(), ShootSpec.class)
            .value();

    private static final ObjectMeta EMPTY_METADATA = ModelCodec.decode(
                    JsonNodeFactory.instance.objectNode(), ObjectMeta.class)
            .value();

    String name() {
        return CoreRules.text(metadata(shoot).name());
    }

    String seedName() {
        return spec().seedName();
    }

    String oldSeedName() {
        return oldSpec().seedName();
    }

    ShootSpec spec() {
        return spec(shoot);
    }

    ShootSpec oldSpec() {
        return spec(old);
    }

    /** A shoot's spec, Go's zero one where it has none. */
    static ShootSpec spec(Shoot shoot) {
        return shoot.spec() == null ? EMPTY_SPEC : shoot.spec();
    }

    /** A shoot's metadata, empty where it has none. */
    static ObjectMeta metadata(Shoot shoot) {
        return shoot.metadata() == null ? EMPTY_METADATA : shoot.metadata();
    }

    static Map<String, String> annotations(Shoot shoot) {
        return CoreRules.map(metadata(shoot).annotations());
    }

    /** The shoot's status, or null. */
    ShootStatus status() {
        return shoot.status();
    }

    /** Whole specs compared as {@code apiequality.Semantic.DeepEqual} does, on the trees the request holds. */
    boolean specChanged() {
        return !SemanticEquality.equal(shootTree.get("spec"), oldTree.get("spec"));
    }

    /** {@code isShootInMigrationOrRestorePhase}. */
    boolean inMigrationOrRestore() {
        LastOperation op = lastOperation();
        String type = lastOperationType();
        return op != null
                && (("Restore".equals(type) && !"Succeeded".equals(lastOperationState())) || "Migrate".equals(type));
    }

    /** {@code status.lastOperation}, or null. */
    LastOperation lastOperation() {
        return shoot.status() == null ? null : shoot.status().lastOperation();
    }

    String lastOperationType() {
        LastOperation op = lastOperation();
        return op == null ? "" : CoreRules.text(op.type());
    }

    String lastOperationState() {
        LastOperation op = lastOperation();
        return op == null ? "" : CoreRules.text(op.state());
    }
}
