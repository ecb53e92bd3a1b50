package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;
import java.util.Map;

@Doc("SeedStatus is the status of a Seed.")
public record SeedStatus(
        @Doc("Gardener holds information about the Gardener which last acted on the Shoot.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Gardener gardener,

        @Doc("KubernetesVersion is the Kubernetes version of the seed cluster.") @ProtoTag(2) @OmitEmpty @Ptr
        String kubernetesVersion,

        @Doc("Conditions represents the latest available observations of a Seed's current state.")
        @ProtoTag(3)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("ObservedGeneration is the most recent generation observed for this Seed. It corresponds to the "
                + "Seed's generation, which is updated on mutation by the API Server.")
        @ProtoTag(4)
        @OmitEmpty
        long observedGeneration,

        @Doc("ClusterIdentity is the identity of the Seed cluster. This field is immutable.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        String clusterIdentity,

        @Doc("Capacity represents the total resources of a seed.") @ProtoTag(6) @OmitEmpty
        Map<String, Quantity> capacity,

        @Doc("Allocatable represents the resources of a seed that are available for scheduling. Defaults to "
                + "Capacity.")
        @ProtoTag(7)
        @OmitEmpty
        Map<String, Quantity> allocatable,

        @Doc("ClientCertificateExpirationTimestamp is the timestamp at which gardenlet's client certificate "
                + "expires.")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        Time clientCertificateExpirationTimestamp,

        @Doc("LastOperation holds information about the last operation on the Seed.") @ProtoTag(9) @OmitEmpty @Ptr
        LastOperation lastOperation) {}
