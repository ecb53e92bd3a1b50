package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingZoneSelection controls whether shoot control plane zone placement is derived from the shoot's "
        + "worker pool zones rather than randomly selected from seed zones.")
public record SeedSettingZoneSelection(
        @Doc("Mode controls the zone selection behavior. \"Prefer\" tries to match worker pool zones to seed "
                + "zones, falling back to random selection on mismatch. \"Enforce\" requires worker pool zones to be "
                + "present in the seed's zone list; scheduling fails otherwise.")
        @ProtoTag(1)
        String mode) {}
