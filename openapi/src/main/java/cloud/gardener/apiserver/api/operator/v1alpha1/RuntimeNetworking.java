package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import java.util.List;

@Doc("RuntimeNetworking defines the networking configuration of the runtime cluster.")
public record RuntimeNetworking(
        @Doc("IPFamilies specifies the IP protocol versions to use for the runtime cluster's networking. This "
                + "field is immutable. Defaults to [\"IPv4\"].")
        @OmitEmpty
        List<String> ipFamilies,

        @Doc("Nodes are the CIDRs of the node network. Elements can be appended to this list, but not removed.")
        @OmitEmpty
        List<String> nodes,

        @Doc("Pods are the CIDRs of the pod network. Elements can be appended to this list, but not removed.")
        List<String> pods,

        @Doc("Services are the CIDRs of the service network. Elements can be appended to this list, but not "
                + "removed.")
        List<String> services,

        @Doc("BlockCIDRs is a list of network addresses that should be blocked.") @OmitEmpty
        List<String> blockCIDRs) {}
