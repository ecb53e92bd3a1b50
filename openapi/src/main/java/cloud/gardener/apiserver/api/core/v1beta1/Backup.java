package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("Backup contains the object store configuration for backups for shoot (currently only etcd).")
public record Backup(
        @Doc("Provider is a provider name. This field is immutable.") @ProtoTag(1)
        String provider,

        @Doc("ProviderConfig is the configuration passed to BackupBucket resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Region is a region name. This field is immutable.") @ProtoTag(3) @OmitEmpty @Ptr
        String region,

        @Doc("CredentialsRef is reference to a resource holding the credentials used for authentication "
                + "with the object store service where the backups are stored. Supported referenced resources "
                + "are v1.Secrets and security.gardener.cloud/v1alpha1.WorkloadIdentity")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        ObjectReference credentialsRef) {}
