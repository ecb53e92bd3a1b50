package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("BackupBucketProvider holds the details of cloud provider of the object store.")
public record BackupBucketProvider(
        @Doc("Type is the type of provider.")
        String type,
        @Doc("Region is the region of the bucket.")
        String region) {
}
