package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("KubeletConfigEvictionSoftGracePeriod contains grace periods for kubelet eviction thresholds.")
public record KubeletConfigEvictionSoftGracePeriod(
        @Doc("MemoryAvailable is the grace period for the MemoryAvailable eviction threshold.")
        @ProtoTag(1)
        @OmitEmpty
        @Ptr
        Duration memoryAvailable,

        @Doc("ImageFSAvailable is the grace period for the ImageFSAvailable eviction threshold.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Duration imageFSAvailable,

        @Doc("ImageFSInodesFree is the grace period for the ImageFSInodesFree eviction threshold.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        Duration imageFSInodesFree,

        @Doc("NodeFSAvailable is the grace period for the NodeFSAvailable eviction threshold.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration nodeFSAvailable,

        @Doc("NodeFSInodesFree is the grace period for the NodeFSInodesFree eviction threshold.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Duration nodeFSInodesFree) {}
