package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.k8s.metav1.ListMeta;
import cloud.gardener.apiserver.api.k8s.metav1.TypeMeta;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("EventList is a list of events.")
public record EventList(
        @Inline TypeMeta typeMeta,

        @Doc("Standard list metadata. More info: "
                + "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds")
        @ProtoTag(1)
        @OmitEmpty
        ListMeta metadata,

        @Doc("List of events") @ProtoTag(2) List<Event> items) {}
