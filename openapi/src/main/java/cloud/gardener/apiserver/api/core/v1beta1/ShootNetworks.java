package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootNetworks contains the default networks CIDRs for shoots.")
public record ShootNetworks(
        @Doc("Pods is the CIDR of the pod network.") @ProtoTag(1) @OmitEmpty @Ptr
        String pods,

        @Doc("Services is the CIDR of the service network.") @ProtoTag(2) @OmitEmpty @Ptr
        String services) {}
