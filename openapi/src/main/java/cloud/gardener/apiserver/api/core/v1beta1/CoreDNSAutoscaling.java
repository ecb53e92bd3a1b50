package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("CoreDNSAutoscaling contains the settings related to autoscaling of the Core DNS components running in "
        + "the data plane of the Shoot cluster.")
public record CoreDNSAutoscaling(
        @Doc("The mode of the autoscaling to be used for the Core DNS components running in the data plane "
                + "of the Shoot cluster. Supported values are `horizontal` and `cluster-proportional`.")
        @ProtoTag(1)
        String mode) {}
