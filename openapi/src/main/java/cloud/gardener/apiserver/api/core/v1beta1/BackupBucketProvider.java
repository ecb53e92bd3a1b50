package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("BackupBucketProvider holds the details of cloud provider of the object store.")
public record BackupBucketProvider(
        @Doc("Type is the type of provider.") @ProtoTag(1) String type,

        @Doc("Region is the region of the bucket.") @ProtoTag(2)
        String region) {}
