package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("HighAvailability specifies the configuration settings for high availability for a resource. Typical "
        + "usages could be to configure HA for shoot control plane or for seed system components.")
public record HighAvailability(
        @Doc("FailureTolerance holds information about failure tolerance level of a highly available " + "resource.")
        @ProtoTag(1)
        FailureTolerance failureTolerance) {}
