package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("ETCDEncryptionKeyRotation contains information about the ETCD encryption key credential rotation.")
public record ETCDEncryptionKeyRotation(
        @Doc("Phase describes the phase of the ETCD encryption key credential rotation.") @ProtoTag(1)
        String phase,

        @Doc("LastCompletionTime is the most recent time when the ETCD encryption key credential rotation "
                + "was successfully completed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time lastCompletionTime,

        @Doc("LastInitiationTime is the most recent time when the ETCD encryption key credential rotation "
                + "was initiated.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Time lastInitiationTime,

        @Doc("LastInitiationFinishedTime is the recent time when the ETCD encryption key credential "
                + "rotation initiation was completed.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Time lastInitiationFinishedTime,

        @Doc("LastCompletionTriggeredTime is the recent time when the ETCD encryption key credential "
                + "rotation completion was triggered.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Time lastCompletionTriggeredTime,

        @Doc("AutoCompleteAfterPrepared indicates whether the current ETCD encryption key rotation should "
                + "be auto completed after the preparation phase has finished. Such rotation can be triggered by "
                + "the `rotate-etcd-encryption-key` annotation. This field is needed while we support two types "
                + "of key rotations: two-operation and single operation rotation.\n\nDeprecated: This field will "
                + "be removed in a future release. The field will be no longer needed with the removal "
                + "`rotate-etcd-encryption-key-start` & `rotate-etcd-encryption-key-complete` annotations.")
        @ProtoTag(6)
        @OmitEmpty
        Boolean autoCompleteAfterPrepared) {}
