package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.values.MicroTime;

@Doc("EventSeries contain information on series of events, i.e. thing that was/is happening continuously for some "
        + "time.")
public record EventSeries(
        @Doc("Number of occurrences in this series up to the last heartbeat time") @ProtoTag(1) @OmitEmpty
        int count,

        @Doc("Time of the last occurrence observed") @ProtoTag(2) @OmitEmpty
        MicroTime lastObservedTime) {}
