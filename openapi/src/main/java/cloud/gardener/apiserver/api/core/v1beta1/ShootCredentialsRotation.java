package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ShootCredentialsRotation contains information about the rotation of credentials.")
public record ShootCredentialsRotation(
        @Doc("CertificateAuthorities contains information about the certificate authority credential "
                + "rotation.")
        @OmitEmpty @Ptr CARotation certificateAuthorities,
        @Doc("SSHKeypair contains information about the ssh-keypair credential rotation.")
        @OmitEmpty @Ptr ShootSSHKeypairRotation sshKeypair,
        @Doc("Observability contains information about the observability credential rotation.")
        @OmitEmpty @Ptr ObservabilityRotation observability,
        @Doc("ServiceAccountKey contains information about the service account key credential rotation.")
        @OmitEmpty @Ptr ServiceAccountKeyRotation serviceAccountKey,
        @Doc("ETCDEncryptionKey contains information about the ETCD encryption key credential rotation.")
        @OmitEmpty @Ptr ETCDEncryptionKeyRotation etcdEncryptionKey) {
}
