package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("SeedNetworks contains CIDRs for the pod, service and node networks of a Kubernetes cluster.")
public record SeedNetworks(
        @Doc("Nodes is the CIDR of the node network. This field is immutable.") @ProtoTag(1) @OmitEmpty @Ptr
        String nodes,

        @Doc("Pods is the CIDR of the pod network. This field is immutable.") @ProtoTag(2)
        String pods,

        @Doc("Services is the CIDR of the service network. This field is immutable.") @ProtoTag(3)
        String services,

        @Doc("ShootDefaults contains the default networks CIDRs for shoots.") @ProtoTag(4) @OmitEmpty @Ptr
        ShootNetworks shootDefaults,

        @Doc("BlockCIDRs is a list of network addresses that should be blocked for shoot control plane "
                + "components running in the seed cluster.")
        @ProtoTag(5)
        @OmitEmpty
        List<String> blockCIDRs,

        @Doc("IPFamilies specifies the IP protocol versions to use for seed networking. This field is "
                + "immutable. See https://github.com/gardener/gardener/blob/master/docs/development/ipv6.md. "
                + "Defaults to [\"IPv4\"].")
        @ProtoTag(6)
        @OmitEmpty
        List<String> ipFamilies) {}
