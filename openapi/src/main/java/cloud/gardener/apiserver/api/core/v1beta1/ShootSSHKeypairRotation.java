package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("ShootSSHKeypairRotation contains information about the ssh-keypair credential rotation.")
public record ShootSSHKeypairRotation(
        @Doc("LastInitiationTime is the most recent time when the ssh-keypair credential rotation was " + "initiated.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Time lastInitiationTime,

        @Doc("LastCompletionTime is the most recent time when the ssh-keypair credential rotation was "
                + "successfully completed.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time lastCompletionTime) {}
