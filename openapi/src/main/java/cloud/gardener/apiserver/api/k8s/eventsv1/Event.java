package cloud.gardener.apiserver.api.k8s.eventsv1;

import cloud.gardener.apiserver.api.k8s.corev1.EventSource;
import cloud.gardener.apiserver.api.k8s.corev1.ObjectReference;
import cloud.gardener.apiserver.api.k8s.metav1.ObjectMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.MicroTime;
import cloud.gardener.apiserver.api.model.values.Time;

@Doc("Event is a report of an event somewhere in the cluster. It generally denotes some state change in the system. "
        + "Events have a limited retention time and triggers and messages may evolve with time.  Event consumers "
        + "should not rely on the timing of an event with a given Reason reflecting a consistent underlying trigger, "
        + "or the continued existence of events with that Reason.  Events should be treated as informative, "
        + "best-effort, supplemental data.")
public record Event(
        @Inline TypeMeta typeMeta,

        @Doc("Standard object's metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ObjectMeta metadata,

        @Doc("eventTime is the time when this Event was first observed. It is required.") @ProtoTag(2)
        MicroTime eventTime,

        @Doc("series is data about the Event series this event represents or nil if it's a singleton Event.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        EventSeries series,

        @Doc("reportingController is the name of the controller that emitted this Event, e.g. "
                + "`kubernetes.io/kubelet`. This field cannot be empty for new Events.")
        @ProtoTag(4)
        @OmitEmpty
        String reportingController,

        @Doc("reportingInstance is the ID of the controller instance, e.g. `kubelet-xyzf`. This field cannot be empty "
                + "for new Events and it can have at most 128 characters.")
        @ProtoTag(5)
        @OmitEmpty
        String reportingInstance,

        @Doc("action is what action was taken/failed regarding to the regarding object. It is machine-readable. This "
                + "field cannot be empty for new Events and it can have at most 128 characters.")
        @ProtoTag(6)
        @OmitEmpty
        String action,

        @Doc("reason is why the action was taken. It is human-readable. This field cannot be empty for new Events and "
                + "it can have at most 128 characters.")
        @ProtoTag(7)
        @OmitEmpty
        String reason,

        @Doc("regarding contains the object this Event is about. In most cases it's an Object reporting controller "
                + "implements, e.g. ReplicaSetController implements ReplicaSets and this event is emitted because it "
                + "acts on some changes in a ReplicaSet object.")
        @ProtoTag(8)
        @OmitEmpty
        ObjectReference regarding,

        @Doc("related is the optional secondary object for more complex actions. E.g. when regarding object triggers "
                + "a creation or deletion of related object.")
        @ProtoTag(9)
        @OmitEmpty
        @Ptr
        ObjectReference related,

        @Doc("note is a human-readable description of the status of this operation. Maximal length of the note is "
                + "1kB, but libraries should be prepared to handle values up to 64kB.")
        @ProtoTag(10)
        @OmitEmpty
        String note,

        @Doc("type is the type of this event (Normal, Warning), new types could be added in the future. It is "
                + "machine-readable. This field cannot be empty for new Events.")
        @ProtoTag(11)
        @OmitEmpty
        String type,

        @Doc("deprecatedSource is the deprecated field assuring backward compatibility with core.v1 Event type.")
        @ProtoTag(12)
        @OmitEmpty
        EventSource deprecatedSource,

        @Doc("deprecatedFirstTimestamp is the deprecated field assuring backward compatibility with core.v1 Event "
                + "type.")
        @ProtoTag(13)
        @OmitEmpty
        Time deprecatedFirstTimestamp,

        @Doc("deprecatedLastTimestamp is the deprecated field assuring backward compatibility with core.v1 Event "
                + "type.")
        @ProtoTag(14)
        @OmitEmpty
        Time deprecatedLastTimestamp,

        @Doc("deprecatedCount is the deprecated field assuring backward compatibility with core.v1 Event type.")
        @ProtoTag(15)
        @OmitEmpty
        int deprecatedCount) {}
