package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("BackupEntryStatus holds the most recently observed status of the Backup Entry.")
public record BackupEntryStatus(
        @Doc("LastOperation holds information about the last operation on the BackupEntry.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        LastOperation lastOperation,

        @Doc("LastError holds information about the last occurred error during an operation.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        LastError lastError,

        @Doc("ObservedGeneration is the most recent generation observed for this BackupEntry. It corresponds to "
                + "the BackupEntry's generation, which is updated on mutation by the API Server.")
        @ProtoTag(3)
        @OmitEmpty
        long observedGeneration,

        @Doc("SeedName is the name of the seed to which this BackupEntry is currently scheduled. This field is "
                + "populated at the beginning of a create/reconcile operation. It is used when moving the "
                + "BackupEntry between seeds.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("MigrationStartTime is the time when a migration to a different seed was initiated.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Time migrationStartTime) {}
