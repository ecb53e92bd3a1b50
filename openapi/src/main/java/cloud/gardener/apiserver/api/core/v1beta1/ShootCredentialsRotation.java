package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootCredentialsRotation contains information about the rotation of credentials.")
public record ShootCredentialsRotation(
        @Doc("CertificateAuthorities contains information about the certificate authority credential " + "rotation.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        CARotation certificateAuthorities,

        @Doc("SSHKeypair contains information about the ssh-keypair credential rotation.") @ProtoTag(3) @OmitEmpty @Ptr
        ShootSSHKeypairRotation sshKeypair,

        @Doc("Observability contains information about the observability credential rotation.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        ObservabilityRotation observability,

        @Doc("ServiceAccountKey contains information about the service account key credential rotation.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        ServiceAccountKeyRotation serviceAccountKey,

        @Doc("ETCDEncryptionKey contains information about the ETCD encryption key credential rotation.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        ETCDEncryptionKeyRotation etcdEncryptionKey) {}
