package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.Map;

@Doc("Represents a source location of a volume to mount, managed by an external CSI driver")
public record CSIVolumeSource(
        @Doc("driver is the name of the CSI driver that handles this volume. Consult with your admin for the "
                + "correct name as registered in the cluster.")
        @ProtoTag(1)
        String driver,

        @Doc("readOnly specifies a read-only configuration for the volume. Defaults to false (read/write).")
        @ProtoTag(2)
        @OmitEmpty
        Boolean readOnly,

        @Doc("fsType to mount. Ex. \"ext4\", \"xfs\", \"ntfs\". If not provided, the empty value is passed to the "
                + "associated CSI driver which will determine the default filesystem to apply.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String fsType,

        @Doc("volumeAttributes stores driver-specific properties that are passed to the CSI driver. Consult your "
                + "driver's documentation for supported values.")
        @ProtoTag(4)
        @OmitEmpty
        Map<String, String> volumeAttributes,

        @Doc("nodePublishSecretRef is a reference to the secret object containing sensitive information to pass to "
                + "the CSI driver to complete the CSI NodePublishVolume and NodeUnpublishVolume calls. This field "
                + "is optional, and  may be empty if no secret is required. If the secret object contains more "
                + "than one secret, all secret references are passed.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        LocalObjectReference nodePublishSecretRef) {}
