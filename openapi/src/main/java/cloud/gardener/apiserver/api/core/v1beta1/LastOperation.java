package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("LastOperation indicates the type and the state of the last operation, along with a description "
        + "message and a progress indicator.")
public record LastOperation(
        @Doc("A human readable message indicating details about the last operation.") @ProtoTag(1)
        String description,

        @Doc("Last time the operation state transitioned from one to another.") @ProtoTag(2)
        Time lastUpdateTime,

        @Doc("The progress in percentage (0-100) of the last operation.") @ProtoTag(3)
        int progress,

        @Doc("Status of the last operation, one of Aborted, Processing, Succeeded, Error, Failed.") @ProtoTag(4)
        String state,

        @Doc("Type of the last operation, one of Create, Reconcile, Delete, Migrate, Restore.") @ProtoTag(5)
        String type) {}
