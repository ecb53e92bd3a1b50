package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SystemComponents contains the settings of system components in the control or data plane of the Shoot "
        + "cluster.")
public record SystemComponents(
        @Doc("CoreDNS contains the settings of the Core DNS components running in the data plane of the "
                + "Shoot cluster.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        CoreDNS coreDNS,

        @Doc("NodeLocalDNS contains the settings of the node local DNS components running in the data plane "
                + "of the Shoot cluster.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        NodeLocalDNS nodeLocalDNS) {}
