package cloud.gardener.apiserver.api.k8s.eventsv1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.MicroTime;

@Doc("EventSeries contain information on series of events, i.e. thing that was/is happening continuously for some "
        + "time. How often to update the EventSeries is up to the event reporters. The default event reporter in "
        + "\"k8s.io/client-go/tools/events/event_broadcaster.go\" shows how this struct is updated on heartbeats and "
        + "can guide customized reporter implementations.")
public record EventSeries(
        @Doc("count is the number of occurrences in this series up to the last heartbeat time.") @ProtoTag(1)
        int count,

        @Doc("lastObservedTime is the time when last Event from the series was seen before last heartbeat.")
        @ProtoTag(2)
        MicroTime lastObservedTime) {}
