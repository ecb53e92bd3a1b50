package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("MaintenanceAutoUpdate contains information about which constraints should be automatically updated.")
public record MaintenanceAutoUpdate(
        @Doc("KubernetesVersion indicates whether the patch Kubernetes version may be automatically updated "
                + "(default: true).")
        @ProtoTag(1)
        boolean kubernetesVersion,

        @Doc("MachineImageVersion indicates whether the machine image version may be automatically updated "
                + "(default: true).")
        @ProtoTag(2)
        @OmitEmpty
        Boolean machineImageVersion) {}
