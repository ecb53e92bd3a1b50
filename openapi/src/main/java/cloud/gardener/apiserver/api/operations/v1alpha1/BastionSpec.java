package cloud.gardener.apiserver.api.operations.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("BastionSpec is the specification of a Bastion.")
public record BastionSpec(
        @Doc("ShootRef defines the target shoot for a Bastion. The name field of the ShootRef is immutable.")
        @ProtoTag(1)
        LocalObjectReference shootRef,

        @Doc("SeedName is the name of the seed to which this Bastion is currently scheduled. This field is "
                + "populated at the beginning of a create/reconcile operation.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("ProviderType is cloud provider used by the referenced Shoot.") @ProtoTag(3) @OmitEmpty @Ptr
        String providerType,

        @Doc("SSHPublicKey is the user's public key. This field is immutable.") @ProtoTag(4)
        String sshPublicKey,

        @Doc("Ingress controls from where the created bastion host should be reachable.") @ProtoTag(5)
        List<BastionIngressPolicy> ingress) {}
