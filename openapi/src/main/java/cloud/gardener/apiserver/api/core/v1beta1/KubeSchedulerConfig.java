package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("KubeSchedulerConfig contains configuration settings for the kube-scheduler.")
public record KubeSchedulerConfig(
        @ProtoTag(1) @Inline KubernetesConfig kubernetesConfig,

        @Doc("KubeMaxPDVols is not respected anymore by kube-scheduler. The maximum number of attached "
                + "volumes is configured by the CSI driver. More information can be found at "
                + "https://kubernetes.io/docs/concepts/storage/storage-limits/#custom-limits.\n\nDeprecated: "
                + "This field is deprecated. Using this field will be forbidden starting from Kubernetes 1.35.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String kubeMaxPDVols,

        @Doc("Profile configures the scheduling profile for the cluster. If not specified, the used profile "
                + "is \"balanced\" (provides the default kube-scheduler behavior).")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String profile) {}
