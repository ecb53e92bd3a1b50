package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("Represents an empty directory for a pod. Empty directory volumes support ownership management and SELinux "
        + "relabeling.")
public record EmptyDirVolumeSource(
        @Doc("medium represents what type of storage medium should back this directory. The default is \"\" which "
                + "means to use the node's default medium. Must be an empty string (default) or Memory. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#emptydir")
        @ProtoTag(1)
        @OmitEmpty
        String medium,

        @Doc("sizeLimit is the total amount of local storage required for this EmptyDir volume. The size limit is "
                + "also applicable for memory medium. The maximum usage on memory medium EmptyDir would be the "
                + "minimum value between the SizeLimit specified here and the sum of memory limits of all "
                + "containers in a pod. The default is nil which means that the limit is undefined. More info: "
                + "https://kubernetes.io/docs/concepts/storage/volumes#emptydir")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Quantity sizeLimit) {}
