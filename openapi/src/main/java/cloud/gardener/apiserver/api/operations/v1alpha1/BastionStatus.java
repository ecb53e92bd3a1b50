package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.Condition;
import cloud.gardener.apiserver.api.k8s.corev1.LoadBalancerIngress;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("BastionStatus holds the most recently observed status of the Bastion.")
public record BastionStatus(
        @Doc("Ingress holds the public IP and/or hostname of the bastion instance.") @ProtoTag(1) @OmitEmpty @Ptr
        LoadBalancerIngress ingress,

        @Doc("Conditions represents the latest available observations of a Bastion's current state.")
        @ProtoTag(2)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions,

        @Doc("LastHeartbeatTimestamp is the time when the bastion was last marked as not to be deleted. When this "
                + "is set, the ExpirationTimestamp is advanced as well.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Time lastHeartbeatTimestamp,

        @Doc("ExpirationTimestamp is the time after which a Bastion is supposed to be garbage collected.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Time expirationTimestamp,

        @Doc("ObservedGeneration is the most recent generation observed for this Bastion. It corresponds to the "
                + "Bastion's generation, which is updated on mutation by the API Server.")
        @ProtoTag(5)
        @OmitEmpty
        Long observedGeneration) {}
