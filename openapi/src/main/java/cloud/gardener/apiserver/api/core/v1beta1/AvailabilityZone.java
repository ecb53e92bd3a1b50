package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("AvailabilityZone is an availability zone.")
public record AvailabilityZone(
        @Doc("Name is an availability zone name.") @ProtoTag(1)
        String name,

        @Doc("UnavailableMachineTypes is a list of machine type names that are not availability in this zone.")
        @ProtoTag(2)
        @OmitEmpty
        List<String> unavailableMachineTypes,

        @Doc("UnavailableVolumeTypes is a list of volume type names that are not availability in this zone.")
        @ProtoTag(3)
        @OmitEmpty
        List<String> unavailableVolumeTypes) {}
