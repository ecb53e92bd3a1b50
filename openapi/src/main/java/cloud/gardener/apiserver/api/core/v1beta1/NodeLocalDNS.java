package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("NodeLocalDNS contains the settings of the node local DNS components running in the data plane of the "
        + "Shoot cluster.")
public record NodeLocalDNS(
        @Doc("Enabled indicates whether node local DNS is enabled or not.") @ProtoTag(1)
        boolean enabled,

        @Doc("ForceTCPToClusterDNS indicates whether the connection from the node local DNS to the cluster "
                + "DNS (Core DNS) will be forced to TCP or not. Default, if unspecified, is to enforce TCP.")
        @ProtoTag(2)
        @OmitEmpty
        Boolean forceTCPToClusterDNS,

        @Doc("ForceTCPToUpstreamDNS indicates whether the connection from the node local DNS to the "
                + "upstream DNS (infrastructure DNS) will be forced to TCP or not. Default, if unspecified, is "
                + "to enforce TCP.")
        @ProtoTag(3)
        @OmitEmpty
        Boolean forceTCPToUpstreamDNS,

        @Doc("DisableForwardToUpstreamDNS indicates whether requests from node local DNS to upstream DNS "
                + "should be disabled. Default, if unspecified, is to forward requests for external domains to "
                + "upstream DNS")
        @ProtoTag(4)
        @OmitEmpty
        Boolean disableForwardToUpstreamDNS) {}
