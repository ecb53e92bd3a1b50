package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("LastMaintenance holds information about a maintenance operation on the Shoot.")
public record LastMaintenance(
        @Doc("A human-readable message containing details about the operations performed in the last " + "maintenance.")
        @ProtoTag(1)
        String description,

        @Doc("TriggeredTime is the time when maintenance was triggered.") @ProtoTag(2)
        Time triggeredTime,

        @Doc("Status of the last maintenance operation, one of Processing, Succeeded, Error.") @ProtoTag(3)
        String state,

        @Doc("FailureReason holds the information about the last maintenance operation failure reason.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String failureReason) {}
