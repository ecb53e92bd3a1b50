package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ScaleIOVolumeSource represents a persistent ScaleIO volume")
public record ScaleIOVolumeSource(
        @Doc("gateway is the host address of the ScaleIO API Gateway.") @ProtoTag(1)
        String gateway,

        @Doc("system is the name of the storage system as configured in ScaleIO.") @ProtoTag(2)
        String system,

        @Doc("secretRef references to the secret for ScaleIO user and other sensitive information. If this is not "
                + "provided, Login operation will fail.")
        @ProtoTag(3)
        @Ptr
        LocalObjectReference secretRef,

        @Doc("sslEnabled Flag enable/disable SSL communication with Gateway, default false") @ProtoTag(4) @OmitEmpty
        boolean sslEnabled,

        @Doc("protectionDomain is the name of the ScaleIO Protection Domain for the configured storage.")
        @ProtoTag(5)
        @OmitEmpty
        String protectionDomain,

        @Doc("storagePool is the ScaleIO Storage Pool associated with the protection domain.") @ProtoTag(6) @OmitEmpty
        String storagePool,

        @Doc("storageMode indicates whether the storage for a volume should be ThickProvisioned or "
                + "ThinProvisioned. Default is ThinProvisioned.")
        @ProtoTag(7)
        @OmitEmpty
        String storageMode,

        @Doc("volumeName is the name of a volume already created in the ScaleIO system that is associated with "
                + "this volume source.")
        @ProtoTag(8)
        @OmitEmpty
        String volumeName,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Default is \"xfs\".")
        @ProtoTag(9)
        @OmitEmpty
        String fsType,

        @Doc("readOnly Defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @ProtoTag(10)
        @OmitEmpty
        boolean readOnly) {}
