package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("LastOperation indicates the type and the state of the last operation, along with a description "
        + "message and a progress indicator.")
public record LastOperation(
        @Doc("A human readable message indicating details about the last operation.")
        String description,
        @Doc("Last time the operation state transitioned from one to another.")
        Time lastUpdateTime,
        @Doc("The progress in percentage (0-100) of the last operation.")
        int progress,
        @Doc("Status of the last operation, one of Aborted, Processing, Succeeded, Error, Failed.")
        String state,
        @Doc("Type of the last operation, one of Create, Reconcile, Delete, Migrate, Restore.")
        String type) {
}
