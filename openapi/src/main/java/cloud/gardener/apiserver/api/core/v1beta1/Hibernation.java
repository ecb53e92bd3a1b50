package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("Hibernation contains information whether the Shoot is suspended or not.")
public record Hibernation(
        @Doc("Enabled specifies whether the Shoot needs to be hibernated or not. If it is true, the Shoot's "
                + "desired state is to be hibernated. If it is false or nil, the Shoot's desired state is to be "
                + "awakened.")
        @ProtoTag(1)
        @OmitEmpty
        Boolean enabled,

        @Doc("Schedules determine the hibernation schedules.") @ProtoTag(2) @OmitEmpty
        List<HibernationSchedule> schedules) {}
