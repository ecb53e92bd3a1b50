package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("SeedSettingExcessCapacityReservation controls the excess capacity reservation for shoot control planes in "
        + "the seed.")
public record SeedSettingExcessCapacityReservation(
        @Doc("Enabled controls whether the default excess capacity reservation should be enabled. When not "
                + "specified, the functionality is enabled.")
        @ProtoTag(1)
        @OmitEmpty
        Boolean enabled,

        @Doc("Configs configures excess capacity reservation deployments for shoot control planes in the seed.")
        @ProtoTag(2)
        @OmitEmpty
        List<SeedSettingExcessCapacityReservationConfig> configs) {}
