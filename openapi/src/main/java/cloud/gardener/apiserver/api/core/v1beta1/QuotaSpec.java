package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.Map;

@Doc("QuotaSpec is the specification of a Quota.")
public record QuotaSpec(
        @Doc("ClusterLifetimeDays is the lifetime of a Shoot cluster in days before it will be terminated "
                + "automatically.")
        @ProtoTag(1)
        @OmitEmpty
        Integer clusterLifetimeDays,

        @Doc("Metrics is a list of resources which will be put under constraints.") @ProtoTag(2)
        Map<String, Quantity> metrics,

        @Doc("Scope is the scope of the Quota object, either 'project', 'secret' or 'workloadidentity'. This "
                + "field is immutable.")
        @ProtoTag(3)
        ObjectReference scope) {}
