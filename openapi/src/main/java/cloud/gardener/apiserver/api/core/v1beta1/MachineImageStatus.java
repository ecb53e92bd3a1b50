package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("MachineImageStatus contains the status of a machine image and its version classifications.")
public record MachineImageStatus(
        @Doc("Name matches the name of the MachineImage the status is represented of.") @ProtoTag(1)
        String name,

        @Doc("Versions contains the statuses of the machine image versions.") @ProtoTag(2) @OmitEmpty
        List<ExpirableVersionStatus> versions) {}
