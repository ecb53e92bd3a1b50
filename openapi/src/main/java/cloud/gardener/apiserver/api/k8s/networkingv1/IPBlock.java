package cloud.gardener.apiserver.api.k8s.networkingv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("IPBlock describes a particular CIDR (Ex. \"192.168.1.0/24\",\"2001:db8::/64\") that is allowed to the pods "
        + "matched by a NetworkPolicySpec's podSelector. The except entry describes CIDRs that should not be "
        + "included within this rule.")
public record IPBlock(
        @Doc("cidr is a string representing the IPBlock Valid examples are \"192.168.1.0/24\" or \"2001:db8::/64\"")
        @ProtoTag(1)
        String cidr,

        @Doc("except is a slice of CIDRs that should not be included within an IPBlock Valid examples are "
                + "\"192.168.1.0/24\" or \"2001:db8::/64\" Except values will be rejected if they are outside the "
                + "cidr range")
        @ProtoTag(2)
        @OmitEmpty
        @ListType("atomic")
        List<String> except) {}
