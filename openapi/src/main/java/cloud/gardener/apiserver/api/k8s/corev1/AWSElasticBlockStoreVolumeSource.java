package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Represents a Persistent Disk resource in AWS.\n\nAn AWS EBS disk must exist before mounting to a container. "
        + "The disk must also be in the same AWS zone as the kubelet. An AWS EBS disk can only be mounted as "
        + "read/write once. AWS EBS volumes support ownership management and SELinux relabeling.")
public record AWSElasticBlockStoreVolumeSource(
        @Doc("volumeID is unique ID of the persistent disk resource in AWS (Amazon EBS volume). More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore")
        @ProtoTag(1)
        String volumeID,

        @Doc("fsType is the filesystem type of the volume that you want to mount. Tip: Ensure that the filesystem "
                + "type is supported by the host operating system. Examples: \"ext4\", \"xfs\", \"ntfs\". "
                + "Implicitly inferred to be \"ext4\" if unspecified. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore")
        @ProtoTag(2)
        @OmitEmpty
        String fsType,

        @Doc("partition is the partition in the volume that you want to mount. If omitted, the default is to mount "
                + "by volume name. Examples: For volume /dev/sda1, you specify the partition as \"1\". Similarly, "
                + "the volume partition for /dev/sda is \"0\" (or you can leave the property empty).")
        @ProtoTag(3)
        @OmitEmpty
        int partition,

        @Doc("readOnly value true will force the readOnly setting in VolumeMounts. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#awselasticblockstore")
        @ProtoTag(4)
        @OmitEmpty
        boolean readOnly) {}
