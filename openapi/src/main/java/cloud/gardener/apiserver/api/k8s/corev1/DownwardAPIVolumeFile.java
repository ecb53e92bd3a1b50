package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("DownwardAPIVolumeFile represents information to create the file containing the pod field")
public record DownwardAPIVolumeFile(
        @Doc("Required: Path is  the relative path name of the file to be created. Must not be absolute or contain "
                + "the '..' path. Must be utf-8 encoded. The first item of the relative path must not start with "
                + "'..'")
        @ProtoTag(1)
        String path,

        @Doc("Required: Selects a field of the pod: only annotations, labels, name, namespace and uid are "
                + "supported.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        ObjectFieldSelector fieldRef,

        @Doc("Selects a resource of the container: only resources limits and requests (limits.cpu, limits.memory, "
                + "requests.cpu and requests.memory) are currently supported.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        ResourceFieldSelector resourceFieldRef,

        @Doc("Optional: mode bits used to set permissions on this file, must be an octal value between 0000 and "
                + "0777 or a decimal value between 0 and 511. YAML accepts both octal and decimal values, JSON "
                + "requires decimal values for mode bits. If not specified, the volume defaultMode will be used. "
                + "This might be in conflict with other options that affect the file mode, like fsGroup, and the "
                + "result can be other mode bits set.")
        @ProtoTag(4)
        @OmitEmpty
        Integer mode) {}
