package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

@Doc("Networking defines networking parameters for the shoot cluster.")
public record Networking(
        @Doc("Type identifies the type of the networking plugin. This field is immutable.") @ProtoTag(1) @OmitEmpty @Ptr
        String type,

        @Doc("ProviderConfig is the configuration passed to network resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Pods is the CIDR of the pod network. This field is immutable.") @ProtoTag(3) @OmitEmpty @Ptr
        String pods,

        @Doc("Nodes is the CIDR of the entire node network. This field is mutable.") @ProtoTag(4) @OmitEmpty @Ptr
        String nodes,

        @Doc("Services is the CIDR of the service network. This field is immutable.") @ProtoTag(5) @OmitEmpty @Ptr
        String services,

        @Doc("IPFamilies specifies the IP protocol versions to use for shoot networking. See "
                + "https://github.com/gardener/gardener/blob/master/docs/development/ipv6.md. Defaults to "
                + "[\"IPv4\"].")
        @ProtoTag(6)
        @OmitEmpty
        List<String> ipFamilies) {}
