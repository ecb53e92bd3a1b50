package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("PendingReplica contains information about a replica that is currently pending creation, update, or deletion.")
public record PendingReplica(
        @Doc("Name is the replica name.") @ProtoTag(1) String name,

        @Doc("Reason is the reason for the replica to be pending.") @ProtoTag(2)
        String reason,

        @Doc("Since is the moment in time since the replica is pending with the specified reason.") @ProtoTag(3)
        Time since,

        @Doc("Retries is the number of times the shoot operation (reconcile or delete) has been retried after "
                + "having failed. Only applicable if Reason is ShootReconciling or ShootDeleting.")
        @ProtoTag(4)
        @OmitEmpty
        Integer retries) {}
