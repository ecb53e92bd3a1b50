package cloud.gardener.apiserver.admission.plugins.seed.validator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.SeedUsage;
import cloud.gardener.apiserver.admission.plugins.support.WorkloadIdentityTargets;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.resource.StandardResources;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;

/**
 * Gardener's SeedValidator: a seed in use by shoots cannot be deleted, lose zones, change its internal
 * domain or drop default domains in use; the self-hosted-shoot label stays; a WorkloadIdentity used for
 * backup must target the backup provider.
 */
public final class SeedValidatorPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "SeedValidator";
    static final String SELF_HOSTED_LABEL = "seed.gardener.cloud/self-hosted-shoot-cluster";

    private final ObjectLookup objects;
    private final SeedUsage usage;
    private final WorkloadIdentityTargets workloadIdentities;

    public SeedValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
        this.usage = new SeedUsage(objects);
        this.workloadIdentities = new WorkloadIdentityTargets(objects);
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "Seed") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        return switch (a.operation()) {
            case CREATE -> checkBackupCredentials(a);
            case UPDATE -> validateUpdate(a);
            case DELETE ->
                usage.seedInUse(a.name())
                        .compose(used -> used
                                ? Rejections.forbid(
                                        a, "cannot delete seed " + a.name() + " since it is still used by shoot(s)")
                                : Future.succeededFuture());
            default -> Future.succeededFuture();
        };
    }

    private Future<Void> validateUpdate(Attributes a) {
        if (a.oldObject().path("metadata").path("labels").has(SELF_HOSTED_LABEL)
                && !a.object().path("metadata").path("labels").has(SELF_HOSTED_LABEL)) {
            return Rejections.forbid(a, "label \"" + SELF_HOSTED_LABEL + "\" cannot be removed from a Seed");
        }
        JsonNode oldSpec = a.oldObject().path("spec");
        JsonNode newSpec = a.object().path("spec");
        String seedName = JsonTrees.text(a.object(), "metadata", "name");
        return usage.checkZoneRemoval(oldSpec, newSpec, seedName, "Seed")
                .compose(v -> usage.checkInternalDomainChange(oldSpec, newSpec, seedName, "Seed"))
                .compose(v -> usage.checkDefaultDomainsChange(oldSpec, newSpec, seedName, "Seed"))
                .compose(v -> checkBackupCredentials(a));
    }

    private Future<Void> checkBackupCredentials(Attributes a) {
        JsonNode backup = a.object().path("spec").path("backup");
        if (backup.isMissingNode() || backup.isNull()) {
            return Future.succeededFuture();
        }
        String provider = JsonTrees.text(backup, "provider");
        return workloadIdentities.checkTarget(
                backup.path("credentialsRef"),
                provider,
                a,
                "seed using backup of type %s cannot use WorkloadIdentity of type %s");
    }
}
