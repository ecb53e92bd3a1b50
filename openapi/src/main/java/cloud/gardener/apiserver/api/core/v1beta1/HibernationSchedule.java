package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("HibernationSchedule determines the hibernation schedule of a Shoot. A Shoot will be regularly "
        + "hibernated at each start time and will be woken up at each end time. Start or End can be omitted, "
        + "though at least one of each has to be specified.")
public record HibernationSchedule(
        @Doc("Start is a Cron spec at which time a Shoot will be hibernated.") @ProtoTag(1) @OmitEmpty @Ptr
        String start,

        @Doc("End is a Cron spec at which time a Shoot will be woken up.") @ProtoTag(2) @OmitEmpty @Ptr
        String end,

        @Doc("Location is the time location in which both start and shall be evaluated.") @ProtoTag(3) @OmitEmpty @Ptr
        String location) {}
