package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Quantity;

@Doc("KubeletConfigEvictionMinimumReclaim contains configuration for the kubelet eviction minimum reclaim.")
public record KubeletConfigEvictionMinimumReclaim(
        @Doc("MemoryAvailable is the threshold for the memory reclaim on the host server.") @ProtoTag(1) @OmitEmpty @Ptr
        Quantity memoryAvailable,

        @Doc("ImageFSAvailable is the threshold for the disk space reclaim in the imagefs filesystem "
                + "(docker images and container writable layers).")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Quantity imageFSAvailable,

        @Doc("ImageFSInodesFree is the threshold for the inodes reclaim in the imagefs filesystem.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Quantity imageFSInodesFree,

        @Doc("NodeFSAvailable is the threshold for the disk space reclaim in the nodefs filesystem (docker "
                + "volumes, logs, etc).")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Quantity nodeFSAvailable,

        @Doc("NodeFSInodesFree is the threshold for the inodes reclaim in the nodefs filesystem.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Quantity nodeFSInodesFree) {}
