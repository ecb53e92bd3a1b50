package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("MaintenanceCredentialsAutoRotation contains information about which credentials should be "
        + "automatically rotated.")
public record MaintenanceCredentialsAutoRotation(
        @Doc("Observability configures the automatic rotation for the observability credentials.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        MaintenanceRotationConfig observability,

        @Doc("SSHKeypair configures the automatic rotation for the ssh keypair for worker nodes.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        MaintenanceRotationConfig sshKeypair,

        @Doc("ETCDEncryptionKey configures the automatic rotation for the etcd encryption key.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        MaintenanceRotationConfig etcdEncryptionKey) {}
