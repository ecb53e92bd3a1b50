package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.admission.validation.core.CoreRules;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentity;
import cloud.gardener.apiserver.api.security.v1alpha1.WorkloadIdentitySpec;
import cloud.gardener.apiserver.api.validation.GoQuote;
import io.vertx.core.Future;

/** Checks that a WorkloadIdentity a backup refers to targets the backup's provider type. */
public final class WorkloadIdentityTargets {

    public static final String API_VERSION = "security.gardener.cloud/v1alpha1";

    private final ObjectLookup objects;

    public WorkloadIdentityTargets(ObjectLookup objects) {
        this.objects = objects;
    }

    /** Whether an object reference's record points at a WorkloadIdentity. */
    public static boolean isWorkloadIdentity(ObjectReference ref) {
        return API_VERSION.equals(ref.apiVersion()) && "WorkloadIdentity".equals(ref.kind());
    }

    /**
     * When {@code ref} is a WorkloadIdentity, its {@code spec.targetSystem.type} must be {@code providerType};
     * else 403 with {@code messageFormat} filled with both types, Go-quoted. A missing WorkloadIdentity is an
     * internal error, as the lister's NotFound is in Gardener.
     */
    public Future<Void> checkTarget(ObjectReference ref, String providerType, Attributes a, String messageFormat) {
        if (ref == null || !isWorkloadIdentity(ref)) {
            return Future.succeededFuture();
        }
        String namespace = CoreRules.text(ref.namespace());
        String name = CoreRules.text(ref.name());
        return objects.get(WorkloadIdentity.class, GardenerResources.WORKLOAD_IDENTITIES, namespace, name)
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(ApiException.internal(
                                "workloadidentity.security.gardener.cloud \"" + name + "\" not found"));
                    }
                    WorkloadIdentitySpec spec = found.get().spec();
                    String target = spec == null || spec.targetSystem() == null
                            ? ""
                            : CoreRules.text(spec.targetSystem().type());
                    if (!target.equals(providerType)) {
                        return Rejections.forbid(
                                a, String.format(messageFormat, GoQuote.quote(providerType), GoQuote.quote(target)));
                    }
                    return Future.succeededFuture();
                });
    }
}
