package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("Machine contains information about the machine type and image.")
public record Machine(
        @Doc("Type is the machine type of the worker group.") @ProtoTag(1)
        String type,

        @Doc("Image holds information about the machine image to use for all nodes of this pool. It will "
                + "default to the latest version of the first image stated in the referenced CloudProfile if no "
                + "value has been provided.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        ShootMachineImage image,

        @Doc("Architecture is CPU architecture of machines in this worker pool.") @ProtoTag(3) @OmitEmpty @Ptr
        String architecture) {}
