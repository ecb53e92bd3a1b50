package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.LocalObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import com.fasterxml.jackson.databind.JsonNode;

@Doc("Backup contains the object store configuration for backups for the virtual garden etcd.")
public record Backup(
        @Doc("Provider is a provider name. This field is immutable.")
        String provider,

        @Doc("BucketName is the name of the backup bucket. If not provided, gardener-operator attempts to manage a "
                + "new bucket. In this case, the cloud provider credentials provided in the SecretRef must have "
                + "enough privileges for creating and deleting buckets.")
        @OmitEmpty
        @Ptr
        String bucketName,

        @Doc("ProviderConfig is the provider-specific configuration passed to BackupBucket resource.") @OmitEmpty @Ptr
        JsonNode providerConfig,

        @Doc("Region is a region name. If undefined, the provider region is used. This field is immutable.")
        @OmitEmpty
        @Ptr
        String region,

        @Doc("SecretRef is a reference to a Secret object containing the cloud provider credentials for the object "
                + "store where backups should be stored. It should have enough privileges to manipulate the "
                + "objects as well as buckets.")
        LocalObjectReference secretRef) {}
