package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("CoreDNS contains the settings of the Core DNS components running in the data plane of the Shoot " + "cluster.")
public record CoreDNS(
        @Doc("Autoscaling contains the settings related to autoscaling of the Core DNS components running "
                + "in the data plane of the Shoot cluster.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        CoreDNSAutoscaling autoscaling,

        @Doc("Rewriting contains the setting related to rewriting of requests, which are obviously "
                + "incorrect due to the unnecessary application of the search path.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        CoreDNSRewriting rewriting) {}
