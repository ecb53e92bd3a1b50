package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;
import java.util.Map;

@Doc("Region contains certain properties of a region.")
public record Region(
        @Doc("Name is a region name.") @ProtoTag(1) String name,

        @Doc("Zones is a list of availability zones in this region.") @ProtoTag(2) @OmitEmpty @Patch(key = "name")
        List<AvailabilityZone> zones,

        @Doc("Labels is an optional set of key-value pairs that contain certain administrator-controlled labels "
                + "for this region. It can be used by Gardener administrators/operators to provide additional "
                + "information about a region, e.g. wrt quality, reliability, etc.")
        @ProtoTag(3)
        @OmitEmpty
        Map<String, String> labels,

        @Doc("AccessRestrictions describe a list of access restrictions that can be used for Shoots using this "
                + "region.")
        @ProtoTag(4)
        @OmitEmpty
        List<AccessRestriction> accessRestrictions) {}
