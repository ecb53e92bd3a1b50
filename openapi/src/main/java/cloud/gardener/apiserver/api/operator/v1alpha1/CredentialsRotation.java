package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.CARotation;
import cloud.gardener.apiserver.api.core.v1beta1.ETCDEncryptionKeyRotation;
import cloud.gardener.apiserver.api.core.v1beta1.ObservabilityRotation;
import cloud.gardener.apiserver.api.core.v1beta1.ServiceAccountKeyRotation;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("CredentialsRotation contains information about the rotation of credentials.")
public record CredentialsRotation(
        @Doc("CertificateAuthorities contains information about the certificate authority credential rotation.")
        @OmitEmpty
        @Ptr
        CARotation certificateAuthorities,

        @Doc("ServiceAccountKey contains information about the service account key credential rotation.")
        @OmitEmpty
        @Ptr
        ServiceAccountKeyRotation serviceAccountKey,

        @Doc("ETCDEncryptionKey contains information about the ETCD encryption key credential rotation.")
        @OmitEmpty
        @Ptr
        ETCDEncryptionKeyRotation etcdEncryptionKey,

        @Doc("Observability contains information about the observability credential rotation.") @OmitEmpty @Ptr
        ObservabilityRotation observability,

        @Doc("WorkloadIdentityKey contains information about the workload identity key credential rotation.")
        @OmitEmpty
        @Ptr
        WorkloadIdentityKeyRotation workloadIdentityKey) {}
