package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("KubeletConfigEviction contains kubelet eviction thresholds supporting either a resource.Quantity or a "
        + "percentage based value.")
public record KubeletConfigEviction(
        @Doc("MemoryAvailable is the threshold for the free memory on the host server.") @ProtoTag(1) @OmitEmpty @Ptr
        String memoryAvailable,

        @Doc("ImageFSAvailable is the threshold for the free disk space in the imagefs filesystem (docker "
                + "images and container writable layers).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String imageFSAvailable,

        @Doc("ImageFSInodesFree is the threshold for the available inodes in the imagefs filesystem.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String imageFSInodesFree,

        @Doc("NodeFSAvailable is the threshold for the free disk space in the nodefs filesystem (docker "
                + "volumes, logs, etc).")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        String nodeFSAvailable,

        @Doc("NodeFSInodesFree is the threshold for the available inodes in the nodefs filesystem.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        String nodeFSInodesFree) {}
