package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("BackupEntrySpec is the specification of a Backup Entry.")
public record BackupEntrySpec(
        @Doc("BucketName is the name of backup bucket for this Backup Entry.") @ProtoTag(1)
        String bucketName,

        @Doc("SeedName is the name of the Seed this BackupEntry is associated with. Mutually exclusive with "
                + "ShootRef.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String seedName,

        @Doc("ShootRef is the reference of the Shoot this BackupBucket is associated with. Mutually exclusive "
                + "with SeedName. This field is immutable.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        ObjectReference shootRef) {}
