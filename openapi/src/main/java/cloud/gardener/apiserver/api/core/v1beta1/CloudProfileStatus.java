package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("CloudProfileStatus contains the status of the cloud profile.")
public record CloudProfileStatus(
        @Doc("Kubernetes contains the status information for kubernetes.") @ProtoTag(1) @OmitEmpty @Ptr
        KubernetesStatus kubernetes,

        @Doc("MachineImages contains the statuses of the machine image versions.") @ProtoTag(2) @OmitEmpty
        List<MachineImageStatus> machineImages) {}
