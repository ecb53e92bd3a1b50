package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("BackupEntry holds details about shoot backup.")
public record BackupEntry(
        @Inline TypeMeta typeMeta,
        @Doc("Standard object metadata.") @ProtoTag(1) ObjectMeta metadata,

        @Doc("Spec contains the specification of the Backup Entry.") @ProtoTag(2) @OmitEmpty
        BackupEntrySpec spec,

        @Doc("Status contains the most recently observed status of the Backup Entry.") @ProtoTag(3) @OmitEmpty
        BackupEntryStatus status) {}
