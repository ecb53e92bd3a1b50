package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("AzureDisk represents an Azure Data Disk mount on the host and bind mount to the pod.")
public record AzureDiskVolumeSource(
        @Doc("diskName is the Name of the data disk in the blob storage") @ProtoTag(1)
        String diskName,

        @Doc("diskURI is the URI of data disk in the blob storage") @ProtoTag(2)
        String diskURI,

        @Doc("cachingMode is the Host Caching mode: None, Read Only, Read Write.\n\nPossible enum values:\n - "
                + "`\"None\"`\n - `\"ReadOnly\"`\n - `\"ReadWrite\"`")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String cachingMode,

        @Doc("fsType is Filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String fsType,

        @Doc("readOnly Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @ProtoTag(5)
        @OmitEmpty
        Boolean readOnly,

        @Doc("kind expected values are Shared: multiple blob disks per storage account  Dedicated: single blob "
                + "disk per storage account  Managed: azure managed data disk (only in managed availability set). "
                + "defaults to shared\n\nPossible enum values:\n - `\"Dedicated\"`\n - `\"Managed\"`\n - "
                + "`\"Shared\"`")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        String kind) {}
