package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("BackupBucket holds details about backup bucket")
public record BackupBucket(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.") @ProtoTag(1) ObjectMeta metadata,

        @Doc("Specification of the Backup Bucket.") @ProtoTag(2)
        BackupBucketSpec spec,

        @Doc("Most recently observed status of the Backup Bucket.") @ProtoTag(3)
        BackupBucketStatus status) {}
