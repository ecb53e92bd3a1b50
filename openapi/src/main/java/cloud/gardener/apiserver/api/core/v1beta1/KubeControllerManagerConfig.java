package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Duration;

@Doc("KubeControllerManagerConfig contains configuration settings for the kube-controller-manager.")
public record KubeControllerManagerConfig(
        @ProtoTag(1) @Inline KubernetesConfig kubernetesConfig,

        @Doc("HorizontalPodAutoscalerConfig contains horizontal pod autoscaler configuration settings for "
                + "the kube-controller-manager.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        HorizontalPodAutoscalerConfig horizontalPodAutoscaler,

        @Doc("NodeCIDRMaskSize defines the mask size for node cidr in cluster (default is 24). This field "
                + "is immutable.")
        @ProtoTag(3)
        @OmitEmpty
        Integer nodeCIDRMaskSize,

        @Doc("PodEvictionTimeout defines the grace period for deleting pods on failed nodes. Defaults to "
                + "2m.\n\nDeprecated: The corresponding kube-controller-manager flag `--pod-eviction-timeout` is "
                + "deprecated in favor of the kube-apiserver flags `--default-not-ready-toleration-seconds` and "
                + "`--default-unreachable-toleration-seconds`. The `--pod-eviction-timeout` flag does not have "
                + "effect when the taint based eviction is enabled. The taint based eviction is beta (enabled by "
                + "default) since Kubernetes 1.13 and GA since Kubernetes 1.18. Hence, instead of setting this "
                + "field, set the `spec.kubernetes.kubeAPIServer.defaultNotReadyTolerationSeconds` and "
                + "`spec.kubernetes.kubeAPIServer.defaultUnreachableTolerationSeconds`. Setting this field is "
                + "forbidden starting from Kubernetes 1.33.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        Duration podEvictionTimeout,

        @Doc("NodeMonitorGracePeriod defines the grace period before an unresponsive node is marked " + "unhealthy.")
        @ProtoTag(5)
        @OmitEmpty
        @Ptr
        Duration nodeMonitorGracePeriod,

        @Doc("NodeCIDRMaskSizeIPv6 defines the mask size for node cidr in cluster (default is 64). This "
                + "field is immutable.")
        @ProtoTag(6)
        @OmitEmpty
        Integer nodeCIDRMaskSizeIPv6) {}
