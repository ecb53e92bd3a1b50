package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("BackupBucketSpec is the specification of a Backup Bucket.")
public record BackupBucketSpec(
        @Doc("Provider holds the details of cloud provider of the object store. This field is immutable.") @ProtoTag(1)
        BackupBucketProvider provider,

        @Doc("ProviderConfig is the configuration passed to BackupBucket resource.") @ProtoTag(2) @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("SeedName is the name of the Seed this BackupBucket is associated with. Mutually exclusive with "
                + "ShootRef. This field is immutable.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("CredentialsRef is reference to a resource holding the credentials used for authentication with "
                + "the object store service where the backups are stored. Supported referenced resources are "
                + "v1.Secrets and security.gardener.cloud/v1alpha1.WorkloadIdentity")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        ObjectReference credentialsRef,

        @Doc("ShootRef is the reference of the Shoot this BackupBucket is associated with. Mutually exclusive "
                + "with SeedName. This field is immutable.")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        ObjectReference shootRef) {}
