package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;

@Doc("BackupBucket holds details about backup bucket")
public record BackupBucket(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.")
        ObjectMeta metadata,
        @Doc("Specification of the Backup Bucket.")
        BackupBucketSpec spec,
        @Doc("Most recently observed status of the Backup Bucket.")
        BackupBucketStatus status) {
}
