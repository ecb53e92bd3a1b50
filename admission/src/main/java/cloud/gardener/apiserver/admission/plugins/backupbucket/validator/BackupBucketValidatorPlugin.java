package cloud.gardener.apiserver.admission.plugins.backupbucket.validator;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.BasePlugin;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Operation;
import cloud.gardener.apiserver.admission.PluginContext;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.ValidatingPlugin;
import cloud.gardener.apiserver.admission.plugins.support.RequestChecks;
import cloud.gardener.apiserver.admission.plugins.support.WorkloadIdentityTargets;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucket;
import cloud.gardener.apiserver.api.core.v1beta1.BackupBucketSpec;
import cloud.gardener.apiserver.api.resource.StandardResources;
import io.vertx.core.Future;

/** Gardener's BackupBucketValidator: a WorkloadIdentity used as credentials must target the bucket's provider. */
public final class BackupBucketValidatorPlugin extends BasePlugin implements ValidatingPlugin {

    public static final String NAME = "BackupBucketValidator";

    private final ObjectLookup objects;
    private final WorkloadIdentityTargets workloadIdentities;

    public BackupBucketValidatorPlugin(PluginContext context) {
        super(NAME, Operation.CREATE, Operation.UPDATE);
        this.objects = context.objects();
        this.workloadIdentities = new WorkloadIdentityTargets(objects);
    }

    @Override
    public Future<Void> validate(Attributes a) {
        if (!RequestChecks.isKind(a, StandardResources.CORE, "BackupBucket") || !RequestChecks.isMainResource(a)) {
            return Future.succeededFuture();
        }
        if (!objects.ready()) {
            return Rejections.notReady(a);
        }
        BackupBucketSpec spec = a.object(BackupBucket.class).spec();
        if (spec == null) {
            return Future.succeededFuture();
        }
        return workloadIdentities.checkTarget(
                spec.credentialsRef(),
                spec.provider() == null ? "" : CoreRules.text(spec.provider().type()),
                a,
                "BackupBucket using backup of type %s cannot use WorkloadIdentity of type %s");
    }
}
