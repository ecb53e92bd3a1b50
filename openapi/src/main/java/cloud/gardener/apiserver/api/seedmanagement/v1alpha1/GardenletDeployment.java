package cloud.gardener.apiserver.api.seedmanagement.v1alpha1;

import cloud.gardener.apiserver.api.k8s.corev1.EnvVar;
import cloud.gardener.apiserver.api.k8s.corev1.ResourceRequirements;
import cloud.gardener.apiserver.api.k8s.corev1.Toleration;
import cloud.gardener.apiserver.api.k8s.corev1.Volume;
import cloud.gardener.apiserver.api.k8s.corev1.VolumeMount;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;
import java.util.Map;

@Doc("GardenletDeployment specifies certain gardenlet deployment parameters, such as the number of replicas, the "
        + "image, etc.")
public record GardenletDeployment(
        @Doc("ReplicaCount is the number of gardenlet replicas. Defaults to 2.") @ProtoTag(1) @OmitEmpty
        Integer replicaCount,

        @Doc("RevisionHistoryLimit is the number of old gardenlet ReplicaSets to retain to allow rollback. "
                + "Defaults to 2.")
        @ProtoTag(2)
        @OmitEmpty
        Integer revisionHistoryLimit,

        @Doc("ServiceAccountName is the name of the ServiceAccount to use to run gardenlet pods.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String serviceAccountName,

        @Doc("Image is the gardenlet container image.") @ProtoTag(4) @OmitEmpty @Ptr
        Image image,

        @Doc("Resources are the compute resources required by the gardenlet container.") @ProtoTag(5) @OmitEmpty @Ptr
        ResourceRequirements resources,

        @Doc("PodLabels are the labels on gardenlet pods.") @ProtoTag(6) @OmitEmpty
        Map<String, String> podLabels,

        @Doc("PodAnnotations are the annotations on gardenlet pods.") @ProtoTag(7) @OmitEmpty
        Map<String, String> podAnnotations,

        @Doc("AdditionalVolumes is the list of additional volumes that should be mounted by gardenlet containers.")
        @ProtoTag(8)
        @OmitEmpty
        List<Volume> additionalVolumes,

        @Doc("AdditionalVolumeMounts is the list of additional pod volumes to mount into the gardenlet container's "
                + "filesystem.")
        @ProtoTag(9)
        @OmitEmpty
        List<VolumeMount> additionalVolumeMounts,

        @Doc("Env is the list of environment variables to set in the gardenlet container.") @ProtoTag(10) @OmitEmpty
        List<EnvVar> env,

        @Doc("Tolerations are the tolerations to be applied to gardenlet pods.") @ProtoTag(11) @OmitEmpty
        List<Toleration> tolerations,

        @Doc("EnableHealthProbes specifies whether the Kubernetes liveness and readiness probes are added to the "
                + "gardenlet deployment. Defaults to true.")
        @ProtoTag(12)
        @OmitEmpty
        Boolean enableHealthProbes) {}
