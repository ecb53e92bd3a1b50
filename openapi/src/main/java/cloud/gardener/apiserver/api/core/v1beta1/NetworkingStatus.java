package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("NetworkingStatus contains information about cluster networking such as CIDRs.")
public record NetworkingStatus(
        @Doc("Pods are the CIDRs of the pod network.") @ProtoTag(1) @OmitEmpty
        List<String> pods,

        @Doc("Nodes are the CIDRs of the node network.") @ProtoTag(2) @OmitEmpty
        List<String> nodes,

        @Doc("Services are the CIDRs of the service network.") @ProtoTag(3) @OmitEmpty
        List<String> services,

        @Doc("EgressCIDRs is a list of CIDRs used by the shoot as the source IP for egress traffic as "
                + "reported by the used Infrastructure extension controller. For certain environments the egress "
                + "IPs may not be stable in which case the extension controller may opt to not populate this "
                + "field.")
        @ProtoTag(4)
        @OmitEmpty
        List<String> egressCIDRs) {}
