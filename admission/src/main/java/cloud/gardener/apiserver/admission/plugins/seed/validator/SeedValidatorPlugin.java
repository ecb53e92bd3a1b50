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
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.Backup;
import cloud.gardener.apiserver.api.core.v1beta1.Seed;
import cloud.gardener.apiserver.api.core.v1beta1.SeedSpec;
import cloud.gardener.apiserver.api.resource.StandardResources;
import io.vertx.core.Future;
import java.util.Map;

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
    /** For deletes: a Shoot created on the Seed a moment ago counts, though the cache may not show it yet. */
    private final SeedUsage usageNow;

    private final WorkloadIdentityTargets workloadIdentities;

    public SeedValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE, Operation.DELETE);
        this.objects = context.objects();
        this.usage = new SeedUsage(objects);
        this.usageNow = new SeedUsage(objects.consistent());
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
                usageNow.seedInUse(a.name())
                        .compose(used -> used
                                ? Rejections.forbid(
                                        a, "cannot delete seed " + a.name() + " since it is still used by shoot(s)")
                                : Future.succeededFuture());
            default -> Future.succeededFuture();
        };
    }

    private Future<Void> validateUpdate(Attributes a) {
        Seed seed = a.object(Seed.class);
        Seed oldSeed = a.oldObject(Seed.class);
        if (labels(oldSeed).containsKey(SELF_HOSTED_LABEL) && !labels(seed).containsKey(SELF_HOSTED_LABEL)) {
            return Rejections.forbid(a, "label \"" + SELF_HOSTED_LABEL + "\" cannot be removed from a Seed");
        }
        SeedSpec oldSpec = oldSeed.spec();
        SeedSpec newSpec = seed.spec();
        String seedName =
                seed.metadata() == null ? "" : CoreRules.text(seed.metadata().name());
        return usage.checkZoneRemoval(oldSpec, newSpec, seedName, "Seed")
                .compose(v -> usage.checkInternalDomainChange(oldSpec, newSpec, seedName, "Seed"))
                .compose(v -> usage.checkDefaultDomainsChange(oldSpec, newSpec, seedName, "Seed"))
                .compose(v -> checkBackupCredentials(a));
    }

    private static Map<String, String> labels(Seed seed) {
        return seed.metadata() == null
                ? Map.of()
                : CoreRules.map(seed.metadata().labels());
    }

    private Future<Void> checkBackupCredentials(Attributes a) {
        SeedSpec spec = a.object(Seed.class).spec();
        Backup backup = spec == null ? null : spec.backup();
        if (backup == null) {
            return Future.succeededFuture();
        }
        return workloadIdentities.checkTarget(
                backup.credentialsRef(),
                CoreRules.text(backup.provider()),
                a,
                "seed using backup of type %s cannot use WorkloadIdentity of type %s");
    }
}
