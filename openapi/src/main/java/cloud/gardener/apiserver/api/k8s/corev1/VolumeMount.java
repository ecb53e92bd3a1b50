package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("VolumeMount describes a mounting of a Volume within a container.")
public record VolumeMount(
        @Doc("This must match the Name of a Volume.") @ProtoTag(1)
        String name,

        @Doc("Mounted read-only if true, read-write otherwise (false or unspecified). Defaults to false.")
        @ProtoTag(2)
        @OmitEmpty
        boolean readOnly,

        @Doc("RecursiveReadOnly specifies whether read-only mounts should be handled recursively.\n\nIf ReadOnly "
                + "is false, this field has no meaning and must be unspecified.\n\nIf ReadOnly is true, and this "
                + "field is set to Disabled, the mount is not made recursively read-only.  If this field is set to "
                + "IfPossible, the mount is made recursively read-only, if it is supported by the container "
                + "runtime.  If this field is set to Enabled, the mount is made recursively read-only if it is "
                + "supported by the container runtime, otherwise the pod will not be started and an error will be "
                + "generated to indicate the reason.\n\nIf this field is set to IfPossible or Enabled, "
                + "MountPropagation must be set to None (or be unspecified, which defaults to None).\n\nIf this "
                + "field is not specified, it is treated as an equivalent of Disabled.")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        String recursiveReadOnly,

        @Doc("Path within the container at which the volume should be mounted.  Must not contain ':'.") @ProtoTag(3)
        String mountPath,

        @Doc("Path within the volume from which the container's volume should be mounted. Defaults to \"\" "
                + "(volume's root).")
        @ProtoTag(4)
        @OmitEmpty
        String subPath,

        @Doc("mountPropagation determines how mounts are propagated from the host to container and the other way "
                + "around. When not set, MountPropagationNone is used. This field is beta in 1.10. When "
                + "RecursiveReadOnly is set to IfPossible or to Enabled, MountPropagation must be None or "
                + "unspecified (which defaults to None).\n\nPossible enum values:\n - `\"Bidirectional\"` means "
                + "that the volume in a container will receive new mounts from the host or other containers, and "
                + "its own mounts will be propagated from the container to the host or other containers. Note that "
                + "this mode is recursively applied to all mounts in the volume (\"rshared\" in Linux "
                + "terminology).\n - `\"HostToContainer\"` means that the volume in a container will receive new "
                + "mounts from the host or other containers, but filesystems mounted inside the container won't be "
                + "propagated to the host or other containers. Note that this mode is recursively applied to all "
                + "mounts in the volume (\"rslave\" in Linux terminology).\n - `\"None\"` means that the volume in "
                + "a container will not receive new mounts from the host or other containers, and filesystems "
                + "mounted inside the container won't be propagated to the host or other containers. Note that "
                + "this mode corresponds to \"private\" in Linux terminology.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        String mountPropagation,

        @Doc("Expanded path within the volume from which the container's volume should be mounted. Behaves "
                + "similarly to SubPath but environment variable references $(VAR_NAME) are expanded using the "
                + "container's environment. Defaults to \"\" (volume's root). SubPathExpr and SubPath are mutually "
                + "exclusive.")
        @ProtoTag(6)
        @OmitEmpty
        String subPathExpr) {}
