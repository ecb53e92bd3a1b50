package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.k8s.corev1.Taint;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.IntOrString;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

@Doc("Worker is the base definition of a worker group.")
public record Worker(
        @Doc("Annotations is a map of key/value pairs for annotations for all the `Node` objects in this "
                + "worker pool.")
        @ProtoTag(1)
        @OmitEmpty
        Map<String, String> annotations,

        @Doc("CABundle is a certificate bundle which will be installed onto every machine of this worker " + "pool.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        String caBundle,

        @Doc("CRI contains configurations of CRI support of every machine in the worker pool. Defaults to a "
                + "CRI with name `containerd`.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        CRI cri,

        @Doc("Kubernetes contains configuration for Kubernetes components related to this worker pool.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        WorkerKubernetes kubernetes,

        @Doc("Labels is a map of key/value pairs for labels for all the `Node` objects in this worker pool.")
        @ProtoTag(5)
        @OmitEmpty
        Map<String, String> labels,

        @Doc("Name is the name of the worker group.") @ProtoTag(6)
        String name,

        @Doc("Machine contains information about the machine type and image.") @ProtoTag(7)
        Machine machine,

        @Doc("Maximum is the maximum number of machines to create. This value is divided by the number of "
                + "configured zones for a fair distribution.")
        @ProtoTag(8)
        int maximum,

        @Doc("Minimum is the minimum number of machines to create. This value is divided by the number of "
                + "configured zones for a fair distribution.")
        @ProtoTag(9)
        int minimum,

        @Doc("MaxSurge is maximum number of machines that are created during an update. This value is "
                + "divided by the number of configured zones for a fair distribution. Defaults to 0 in case of "
                + "an in-place update. Defaults to 1 in case of a rolling update.")
        @ProtoTag(10)
        @OmitEmpty
        @Ptr
        IntOrString maxSurge,

        @Doc("MaxUnavailable is the maximum number of machines that can be unavailable during an update. "
                + "This value is divided by the number of configured zones for a fair distribution. Defaults to "
                + "1 in case of an in-place update. Defaults to 0 in case of a rolling update.")
        @ProtoTag(11)
        @OmitEmpty
        @Ptr
        IntOrString maxUnavailable,

        @Doc("ProviderConfig is the provider-specific configuration for this worker pool.")
        @ProtoTag(12)
        @OmitEmpty
        @Ptr
        JsonNode providerConfig,

        @Doc("Taints is a list of taints for all the `Node` objects in this worker pool.") @ProtoTag(13) @OmitEmpty
        List<Taint> taints,

        @Doc("Volume contains information about the volume type and size.") @ProtoTag(14) @OmitEmpty @Ptr
        Volume volume,

        @Doc("DataVolumes contains a list of additional worker volumes.") @ProtoTag(15) @OmitEmpty
        List<DataVolume> dataVolumes,

        @Doc("KubeletDataVolumeName contains the name of a dataVolume that should be used for storing "
                + "kubelet state.")
        @ProtoTag(16)
        @OmitEmpty
        @Ptr
        String kubeletDataVolumeName,

        @Doc("Zones is a list of availability zones that are used to evenly distribute this worker pool. "
                + "Optional as not every provider may support availability zones.")
        @ProtoTag(17)
        @OmitEmpty
        List<String> zones,

        @Doc("SystemComponents contains configuration for system components related to this worker pool")
        @ProtoTag(18)
        @OmitEmpty
        @Ptr
        WorkerSystemComponents systemComponents,

        @Doc("MachineControllerManagerSettings contains configurations for different worker-pools. Eg. "
                + "MachineDrainTimeout, MachineHealthTimeout.")
        @ProtoTag(19)
        @OmitEmpty
        @Ptr
        MachineControllerManagerSettings machineControllerManager,

        @Doc("Sysctls is a map of kernel settings to apply on all machines in this worker pool.")
        @ProtoTag(20)
        @OmitEmpty
        Map<String, String> sysctls,

        @Doc("ClusterAutoscaler contains the cluster autoscaler configurations for the worker pool.")
        @ProtoTag(21)
        @OmitEmpty
        @Ptr
        ClusterAutoscalerOptions clusterAutoscaler,

        @Doc("Priority (or weight) is the importance by which this worker group will be scaled by cluster "
                + "autoscaling.")
        @ProtoTag(22)
        @OmitEmpty
        Integer priority,

        @Doc("UpdateStrategy specifies the machine update strategy for the worker pool.") @ProtoTag(23) @OmitEmpty @Ptr
        String updateStrategy,

        @Doc("ControlPlane specifies that the shoot cluster control plane components should be running in "
                + "this worker pool. This is only relevant for self-hosted shoot clusters.")
        @ProtoTag(24)
        @OmitEmpty
        @Ptr
        WorkerControlPlane controlPlane) {}
