package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("ResourceQuotaStatus defines the enforced hard limits and observed use.")
public record ResourceQuotaStatus(
        @Doc("Hard is the set of enforced hard limits for each named resource. More info: "
                + "https://kubernetes.io/docs/concepts/policy/resource-quotas/")
        @ProtoTag(1)
        @OmitEmpty
        Map<String, Quantity> hard,

        @Doc("Used is the current observed total usage of the resource in the namespace.") @ProtoTag(2) @OmitEmpty
        Map<String, Quantity> used) {}
