package cloud.gardener.apiserver.api.k8s.eventsv1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("EventList is a list of Event objects.")
public record EventList(
        @Inline TypeMeta typeMeta,

        @Doc("Standard list metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata")
        @ProtoTag(1)
        @OmitEmpty
        ListMeta metadata,

        @Doc("items is a list of schema objects.") @ProtoTag(2)
        List<Event> items) {}
