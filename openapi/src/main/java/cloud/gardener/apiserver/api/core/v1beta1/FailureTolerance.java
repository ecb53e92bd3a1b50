package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("FailureTolerance describes information about failure tolerance level of a highly available resource.")
public record FailureTolerance(
        @Doc("Type specifies the type of failure that the highly available resource can tolerate") @ProtoTag(1)
        String type) {}
