package cloud.gardener.apiserver.admission.plugins.support;

import cloud.gardener.apiserver.admission.Attributes;
import cloud.gardener.apiserver.admission.ObjectLookup;
import cloud.gardener.apiserver.admission.Rejections;
import cloud.gardener.apiserver.api.json.JsonTrees;
import cloud.gardener.apiserver.api.meta.ApiException;
import cloud.gardener.apiserver.api.validation.GoQuote;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Future;

/** Checks that a WorkloadIdentity a backup refers to targets the backup's provider type. */
public final class WorkloadIdentityTargets {

    public static final String API_VERSION = "security.gardener.cloud/v1alpha1";

    private final ObjectLookup objects;

    public WorkloadIdentityTargets(ObjectLookup objects) {
        this.objects = objects;
    }

    /** Whether an object reference points at a WorkloadIdentity. */
    public static boolean isWorkloadIdentity(JsonNode ref) {
        return API_VERSION.equals(JsonTrees.text(ref, "apiVersion"))
                && "WorkloadIdentity".equals(JsonTrees.text(ref, "kind"));
    }

    /**
     * When {@code ref} is a WorkloadIdentity, its {@code spec.targetSystem.type} must be {@code providerType};
     * else 403 with {@code messageFormat} filled with both types, Go-quoted. A missing WorkloadIdentity is an
     * internal error, as the lister's NotFound is in Gardener.
     */
    public Future<Void> checkTarget(JsonNode ref, String providerType, Attributes a, String messageFormat) {
        if (ref == null || ref.isMissingNode() || ref.isNull() || !isWorkloadIdentity(ref)) {
            return Future.succeededFuture();
        }
        String namespace = JsonTrees.text(ref, "namespace");
        String name = JsonTrees.text(ref, "name");
        return objects.get(GardenerResources.WORKLOAD_IDENTITIES, namespace, name)
                .compose(found -> {
                    if (found.isEmpty()) {
                        return Future.failedFuture(ApiException.internal(
                                "workloadidentity.security.gardener.cloud \"" + name + "\" not found"));
                    }
                    String target = JsonTrees.text(found.get(), "spec", "targetSystem", "type");
                    if (!target.equals(providerType)) {
                        return Rejections.forbid(
                                a, String.format(messageFormat, GoQuote.quote(providerType), GoQuote.quote(target)));
                    }
                    return Future.succeededFuture();
                });
    }
}
