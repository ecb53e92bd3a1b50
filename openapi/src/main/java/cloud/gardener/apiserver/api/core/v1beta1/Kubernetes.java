package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Kubernetes contains the version and configuration variables for the Shoot control plane.")
public record Kubernetes(
        @Doc("ClusterAutoscaler contains the configuration flags for the Kubernetes cluster autoscaler.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        ClusterAutoscaler clusterAutoscaler,

        @Doc("KubeAPIServer contains configuration settings for the kube-apiserver.") @ProtoTag(3) @OmitEmpty @Ptr
        KubeAPIServerConfig kubeAPIServer,

        @Doc("KubeControllerManager contains configuration settings for the kube-controller-manager.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        KubeControllerManagerConfig kubeControllerManager,

        @Doc("KubeScheduler contains configuration settings for the kube-scheduler.") @ProtoTag(5) @OmitEmpty @Ptr
        KubeSchedulerConfig kubeScheduler,

        @Doc("KubeProxy contains configuration settings for the kube-proxy.") @ProtoTag(6) @OmitEmpty @Ptr
        KubeProxyConfig kubeProxy,

        @Doc("Kubelet contains configuration settings for the kubelet.") @ProtoTag(7) @OmitEmpty @Ptr
        KubeletConfig kubelet,

        @Doc("Version is the semantic Kubernetes version to use for the Shoot cluster. Defaults to the "
                + "highest supported minor and patch version given in the referenced cloud profile. The version "
                + "can be omitted completely or partially specified, e.g. `<major>.<minor>`.")
        @ProtoTag(8)
        @OmitEmpty
        String version,

        @Doc("VerticalPodAutoscaler contains the configuration flags for the Kubernetes vertical pod " + "autoscaler.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        VerticalPodAutoscaler verticalPodAutoscaler,

        @Doc("ETCD contains configuration for etcds of the shoot cluster.") @ProtoTag(11) @OmitEmpty @Ptr
        ETCD etcd) {}
