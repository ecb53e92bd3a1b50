package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Represents a Fibre Channel volume. Fibre Channel volumes can only be mounted as read/write once. Fibre "
        + "Channel volumes support ownership management and SELinux relabeling.")
public record FCVolumeSource(
        @Doc("targetWWNs is Optional: FC target worldwide names (WWNs)") @ProtoTag(1) @OmitEmpty @ListType("atomic")
        List<String> targetWWNs,

        @Doc("lun is Optional: FC target lun number") @ProtoTag(2) @OmitEmpty
        Integer lun,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(3)
        @OmitEmpty
        String fsType,

        @Doc("readOnly is Optional: Defaults to false (read/write). ReadOnly here will force the ReadOnly setting "
                + "in VolumeMounts.")
        @ProtoTag(4)
        @OmitEmpty
        boolean readOnly,

        @Doc("wwids Optional: FC volume world wide identifiers (wwids) Either wwids or combination of targetWWNs "
                + "and lun must be set, but not both simultaneously.")
        @ProtoTag(5)
        @OmitEmpty
        @ListType("atomic")
        List<String> wwids) {}
