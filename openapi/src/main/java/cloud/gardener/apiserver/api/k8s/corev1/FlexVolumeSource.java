package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.Map;

@Doc("FlexVolume represents a generic volume resource that is provisioned/attached using an exec based plugin.")
public record FlexVolumeSource(
        @Doc("driver is the name of the driver to use for this volume.") @ProtoTag(1)
        String driver,

        @Doc("fsType is the filesystem type to mount. Must be a filesystem type supported by the host operating "
                + "system. Ex. \"ext4\", \"xfs\", \"ntfs\". The default filesystem depends on FlexVolume script.")
        @ProtoTag(2)
        @OmitEmpty
        String fsType,

        @Doc("secretRef is Optional: secretRef is reference to the secret object containing sensitive information "
                + "to pass to the plugin scripts. This may be empty if no secret object is specified. If the "
                + "secret object contains more than one secret, all secrets are passed to the plugin scripts.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        LocalObjectReference secretRef,

        @Doc("readOnly is Optional: defaults to false (read/write). ReadOnly here will force the ReadOnly setting "
                + "in VolumeMounts.")
        @ProtoTag(4)
        @OmitEmpty
        boolean readOnly,

        @Doc("options is Optional: this field holds extra command options if any.") @ProtoTag(5) @OmitEmpty
        Map<String, String> options) {}
