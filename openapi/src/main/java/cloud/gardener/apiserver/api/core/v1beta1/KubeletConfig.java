package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;
import cloud.gardener.apiserver.api.model.values.Quantity;
import java.util.List;

@Doc("KubeletConfig contains configuration settings for the kubelet.")
public record KubeletConfig(
        @ProtoTag(1) @Inline KubernetesConfig kubernetesConfig,

        @Doc("CPUCFSQuota allows you to disable/enable CPU throttling for Pods.") @ProtoTag(2) @OmitEmpty
        Boolean cpuCFSQuota,

        @Doc("CPUManagerPolicy allows to set alternative CPU management policies (default: none).")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String cpuManagerPolicy,

        @Doc("EvictionHard describes a set of eviction thresholds (e.g. memory.available<1Gi) that if met "
                + "would trigger a Pod eviction. Default:\n  memory.available:   \"100Mi/1Gi/5%\"\n  "
                + "nodefs.available:   \"5%\"\n  nodefs.inodesFree:  \"5%\"\n  imagefs.available:  \"5%\"\n  "
                + "imagefs.inodesFree: \"5%\"")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        KubeletConfigEviction evictionHard,

        @Doc("EvictionMaxPodGracePeriod describes the maximum allowed grace period (in seconds) to use when "
                + "terminating pods in response to a soft eviction threshold being met. Default: 90")
        @ProtoTag(5)
        @OmitEmpty
        Integer evictionMaxPodGracePeriod,

        @Doc("EvictionMinimumReclaim configures the amount of resources below the configured eviction "
                + "threshold that the kubelet attempts to reclaim whenever the kubelet observes resource "
                + "pressure. Default: 0 for each resource")
        @ProtoTag(6)
        @OmitEmpty
        @Ptr
        KubeletConfigEvictionMinimumReclaim evictionMinimumReclaim,

        @Doc("EvictionPressureTransitionPeriod is the duration for which the kubelet has to wait before "
                + "transitioning out of an eviction pressure condition. Default: 4m0s")
        @ProtoTag(7)
        @OmitEmpty
        @Ptr
        Duration evictionPressureTransitionPeriod,

        @Doc("EvictionSoft describes a set of eviction thresholds (e.g. memory.available<1.5Gi) that if met "
                + "over a corresponding grace period would trigger a Pod eviction. Default:\n  memory.available: "
                + "  \"200Mi/1.5Gi/10%\"\n  nodefs.available:   \"10%\"\n  nodefs.inodesFree:  \"10%\"\n  "
                + "imagefs.available:  \"10%\"\n  imagefs.inodesFree: \"10%\"")
        @ProtoTag(8)
        @OmitEmpty
        @Ptr
        KubeletConfigEviction evictionSoft,

        @Doc("EvictionSoftGracePeriod describes a set of eviction grace periods (e.g. "
                + "memory.available=1m30s) that correspond to how long a soft eviction threshold must hold "
                + "before triggering a Pod eviction. Default:\n  memory.available:   1m30s\n  nodefs.available:  "
                + " 1m30s\n  nodefs.inodesFree:  1m30s\n  imagefs.available:  1m30s\n  imagefs.inodesFree: 1m30s")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        KubeletConfigEvictionSoftGracePeriod evictionSoftGracePeriod,

        @Doc("MaxPods is the maximum number of Pods that are allowed by the Kubelet. Default: 110")
        @ProtoTag(10)
        @OmitEmpty
        Integer maxPods,

        @Doc("PodPIDsLimit is the maximum number of process IDs per pod allowed by the kubelet.")
        @ProtoTag(11)
        @OmitEmpty
        Long podPidsLimit,

        @Doc("FailSwapOn makes the Kubelet fail to start if swap is enabled on the node. (default true).")
        @ProtoTag(13)
        @OmitEmpty
        Boolean failSwapOn,

        @Doc("KubeReserved is the configuration for resources reserved for kubernetes node components "
                + "(mainly kubelet and container runtime). When updating these values, be aware that cgroup "
                + "resizes may not succeed on active worker nodes. Look for the NodeAllocatableEnforced event to "
                + "determine if the configuration was applied. Default: cpu=80m,memory=1Gi,pid=20k")
        @ProtoTag(14)
        @OmitEmpty
        @Ptr
        KubeletConfigReserved kubeReserved,

        @Doc("ImageGCHighThresholdPercent describes the percent of the disk usage which triggers image "
                + "garbage collection. Default: 50")
        @ProtoTag(16)
        @OmitEmpty
        Integer imageGCHighThresholdPercent,

        @Doc("ImageGCLowThresholdPercent describes the percent of the disk to which garbage collection "
                + "attempts to free. Default: 40")
        @ProtoTag(17)
        @OmitEmpty
        Integer imageGCLowThresholdPercent,

        @Doc("SerializeImagePulls describes whether the images are pulled one at a time. Default: true")
        @ProtoTag(18)
        @OmitEmpty
        Boolean serializeImagePulls,

        @Doc("RegistryPullQPS is the limit of registry pulls per second. The value must not be a negative "
                + "number. Setting it to 0 means no limit. Default: 5")
        @ProtoTag(19)
        @OmitEmpty
        Integer registryPullQPS,

        @Doc("RegistryBurst is the maximum size of bursty pulls, temporarily allows pulls to burst to this "
                + "number, while still not exceeding registryPullQPS. The value must not be a negative number. "
                + "Only used if registryPullQPS is greater than 0. Default: 10")
        @ProtoTag(20)
        @OmitEmpty
        Integer registryBurst,

        @Doc("SeccompDefault enables the use of `RuntimeDefault` as the default seccomp profile for all "
                + "workloads.")
        @ProtoTag(21)
        @OmitEmpty
        Boolean seccompDefault,

        @Doc("A quantity defines the maximum size of the container log file before it is rotated. For "
                + "example: \"5Mi\" or \"256Ki\". Default: 100Mi")
        @ProtoTag(22)
        @OmitEmpty
        @Ptr
        Quantity containerLogMaxSize,

        @Doc("Maximum number of container log files that can be present for a container.") @ProtoTag(23) @OmitEmpty
        Integer containerLogMaxFiles,

        @Doc("ProtectKernelDefaults ensures that the kernel tunables are equal to the kubelet defaults. "
                + "Defaults to true.")
        @ProtoTag(24)
        @OmitEmpty
        Boolean protectKernelDefaults,

        @Doc("StreamingConnectionIdleTimeout is the maximum time a streaming connection can be idle before "
                + "the connection is automatically closed. This field cannot be set lower than \"30s\" or "
                + "greater than \"4h\". Default: \"5m\".")
        @ProtoTag(25)
        @OmitEmpty
        @Ptr
        Duration streamingConnectionIdleTimeout,

        @Doc("MemorySwap configures swap memory available to container workloads.") @ProtoTag(26) @OmitEmpty @Ptr
        MemorySwapConfiguration memorySwap,

        @Doc("MaxParallelImagePulls describes the maximum number of image pulls in parallel. The value must "
                + "be a positive number. This field cannot be set if SerializeImagePulls (pull one image at a "
                + "time) is set to true. Setting it to nil means no limit. Default: nil")
        @ProtoTag(27)
        @OmitEmpty
        Integer maxParallelImagePulls,

        @Doc("ImageMinimumGCAge is the minimum age of an unused image before it can be garbage collected. "
                + "Default: 2m0s")
        @ProtoTag(28)
        @OmitEmpty
        @Ptr
        Duration imageMinimumGCAge,

        @Doc("ImageMaximumGCAge is the maximum age of an unused image before it can be garbage collected. "
                + "Default: 0s")
        @ProtoTag(29)
        @OmitEmpty
        @Ptr
        Duration imageMaximumGCAge,

        @Doc("SingleProcessOOMKill, if true, will prevent the `memory.oom.group` flag from being set for "
                + "container cgroups in cgroups v2. This causes processes in the container to be OOM killed "
                + "individually instead of as a group. It means that if true, the behavior aligns with the "
                + "behavior of cgroups v1.")
        @ProtoTag(30)
        @OmitEmpty
        Boolean singleProcessOOMKill,

        @Doc("ImagePullCredentialsVerificationPolicy determines how credentials should be verified when "
                + "pulling images that already exist on the node. It corresponds to the kubelet's "
                + "`imagePullCredentialsVerificationPolicy` field and is only effective for Kubernetes versions "
                + ">= 1.35. May be one of {\"NeverVerify\", \"NeverVerifyPreloadedImages\", "
                + "\"NeverVerifyAllowlistedImages\", \"AlwaysVerify\"}. Defaults to "
                + "\"NeverVerifyPreloadedImages\" (the kubelet default).")
        @ProtoTag(31)
        @OmitEmpty
        @Ptr
        String imagePullCredentialsVerificationPolicy,

        @Doc("PreloadedImagesVerificationAllowlist specifies a list of images that are exempted from "
                + "credential re-verification for the \"NeverVerifyAllowlistedImages\" "
                + "ImagePullCredentialsVerificationPolicy. The list accepts a full path segment wildcard suffix "
                + "\"/*\". Only image specs without an image tag or digest must be used. It corresponds to the "
                + "kubelet's `preloadedImagesVerificationAllowlist` field and is only effective for Kubernetes "
                + "versions >= 1.35.")
        @ProtoTag(32)
        @OmitEmpty
        List<String> preloadedImagesVerificationAllowlist) {}
