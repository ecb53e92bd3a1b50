package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Represents a StorageOS persistent volume resource.")
public record StorageOSVolumeSource(
        @Doc("volumeName is the human-readable name of the StorageOS volume.  Volume names are only unique within "
                + "a namespace.")
        @ProtoTag(1)
        @OmitEmpty
        String volumeName,

        @Doc("volumeNamespace specifies the scope of the volume within StorageOS.  If no namespace is specified "
                + "then the Pod's namespace will be used.  This allows the Kubernetes name scoping to be mirrored "
                + "within StorageOS for tighter integration. Set VolumeName to any name to override the default "
                + "behaviour. Set to \"default\" if you are not using namespaces within StorageOS. Namespaces that "
                + "do not pre-exist within StorageOS will be created.")
        @ProtoTag(2)
        @OmitEmpty
        String volumeNamespace,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". Implicitly inferred to be \"ext4\" if unspecified.")
        @ProtoTag(3)
        @OmitEmpty
        String fsType,

        @Doc("readOnly defaults to false (read/write). ReadOnly here will force the ReadOnly setting in "
                + "VolumeMounts.")
        @ProtoTag(4)
        @OmitEmpty
        boolean readOnly,

        @Doc("secretRef specifies the secret to use for obtaining the StorageOS API credentials.  If not "
                + "specified, default values will be attempted.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        LocalObjectReference secretRef) {}
