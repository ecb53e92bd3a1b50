package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("Event is a report of an event somewhere in the cluster.  Events have a limited retention time and triggers "
        + "and messages may evolve with time.  Event consumers should not rely on the timing of an event with a given "
        + "Reason reflecting a consistent underlying trigger, or the continued existence of events with that Reason.  "
        + "Events should be treated as informative, best-effort, supplemental data.")
public record Event(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        ObjectMeta metadata,

        @Doc("The object that this event is about.") @ProtoTag(2)
        ObjectReference involvedObject,

        @Doc("This should be a short, machine understandable string that gives the reason for the transition into "
                + "the object's current status.")
        @ProtoTag(3)
        @OmitEmpty
        String reason,

        @Doc("A human-readable description of the status of this operation.") @ProtoTag(4) @OmitEmpty
        String message,

        @Doc("The component reporting this event. Should be a short machine understandable string.")
        @ProtoTag(5)
        @OmitEmpty
        EventSource source,

        @Doc("The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)")
        @ProtoTag(6)
        @OmitEmpty
        Time firstTimestamp,

        @Doc("The time at which the most recent occurrence of this event was recorded.") @ProtoTag(7) @OmitEmpty
        Time lastTimestamp,

        @Doc("The number of times this event has occurred.") @ProtoTag(8) @OmitEmpty
        int count,

        @Doc("Type of this event (Normal, Warning), new types could be added in the future") @ProtoTag(9) @OmitEmpty
        String type,

        @Doc("Time when this Event was first observed.") @ProtoTag(10) @OmitEmpty
        MicroTime eventTime,

        @Doc("Data about the Event series this event represents or nil if it's a singleton Event.")
        @ProtoTag(11)
        @OmitEmpty
        @Ptr
        EventSeries series,

        @Doc("What action was taken/failed regarding to the Regarding object.") @ProtoTag(12) @OmitEmpty
        String action,

        @Doc("Optional secondary object for more complex actions.") @ProtoTag(13) @OmitEmpty @Ptr
        ObjectReference related,

        @Doc("Name of the controller that emitted this Event, e.g. `kubernetes.io/kubelet`.") @ProtoTag(14)
        String reportingComponent,

        @Doc("ID of the controller instance, e.g. `kubelet-xyzf`.") @ProtoTag(15)
        String reportingInstance) {}
