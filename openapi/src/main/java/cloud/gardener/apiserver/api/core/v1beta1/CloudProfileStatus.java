package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("CloudProfileStatus contains the status of the cloud profile.")
public record CloudProfileStatus(
        @Doc("Kubernetes contains the status information for kubernetes.")
        @OmitEmpty @Ptr KubernetesStatus kubernetes,
        @Doc("MachineImages contains the statuses of the machine image versions.")
        @OmitEmpty List<MachineImageStatus> machineImages) {
}
