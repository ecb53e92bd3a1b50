package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("NetworkingStatus contains information about cluster networking such as CIDRs.")
public record NetworkingStatus(
        @Doc("Pods are the CIDRs of the pod network.")
        @OmitEmpty List<String> pods,
        @Doc("Nodes are the CIDRs of the node network.")
        @OmitEmpty List<String> nodes,
        @Doc("Services are the CIDRs of the service network.")
        @OmitEmpty List<String> services,
        @Doc("EgressCIDRs is a list of CIDRs used by the shoot as the source IP for egress traffic as "
                + "reported by the used Infrastructure extension controller. For certain environments the egress "
                + "IPs may not be stable in which case the extension controller may opt to not populate this "
                + "field.")
        @OmitEmpty List<String> egressCIDRs) {
}
