package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ListType;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("Represents an ISCSI disk. ISCSI volumes can only be mounted as read/write once. ISCSI volumes support "
        + "ownership management and SELinux relabeling.")
public record ISCSIVolumeSource(
        @Doc("targetPortal is iSCSI Target Portal. The Portal is either an IP or ip_addr:port if the port is other "
                + "than default (typically TCP ports 860 and 3260).")
        @ProtoTag(1)
        String targetPortal,

        @Doc("iqn is the target iSCSI Qualified Name.") @ProtoTag(2)
        String iqn,

        @Doc("lun represents iSCSI Target Lun number.") @ProtoTag(3)
        int lun,

        @Doc("iscsiInterface is the interface Name that uses an iSCSI transport. Defaults to 'default' (tcp).")
        @ProtoTag(4)
        @OmitEmpty
        String iscsiInterface,

        @Doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem "
                + "type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". "
                + "Implicitly inferred to be \"ext4\" if unspecified. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#iscsi")
        @ProtoTag(5)
        @OmitEmpty
        String fsType,

        @Doc("readOnly here will force the ReadOnly setting in VolumeMounts. Defaults to false.")
        @ProtoTag(6)
        @OmitEmpty
        boolean readOnly,

        @Doc("portals is the iSCSI Target Portal List. The portal is either an IP or ip_addr:port if the port is "
                + "other than default (typically TCP ports 860 and 3260).")
        @ProtoTag(7)
        @OmitEmpty
        @ListType("atomic")
        List<String> portals,

        @Doc("chapAuthDiscovery defines whether support iSCSI Discovery CHAP authentication") @ProtoTag(8) @OmitEmpty
        boolean chapAuthDiscovery,

        @Doc("chapAuthSession defines whether support iSCSI Session CHAP authentication") @ProtoTag(11) @OmitEmpty
        boolean chapAuthSession,

        @Doc("secretRef is the CHAP Secret for iSCSI target and initiator authentication") @ProtoTag(10) @OmitEmpty @Ptr
        LocalObjectReference secretRef,

        @Doc("initiatorName is the custom iSCSI Initiator Name. If initiatorName is specified with iscsiInterface "
                + "simultaneously, new iSCSI interface <target portal>:<volume name> will be created for the "
                + "connection.")
        @ProtoTag(12)
        @OmitEmpty
        @Ptr
        String initiatorName) {}
