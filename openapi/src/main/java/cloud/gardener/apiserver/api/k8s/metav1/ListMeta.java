package cloud.gardener.apiserver.api.k8s.metav1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.JsonName;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ListMeta describes metadata that synthetic resources must have, including lists and various status objects.")
public record ListMeta(
        @Doc("Deprecated: selfLink is a legacy read-only field that is no longer populated by the system.")
        @ProtoTag(1)
        @OmitEmpty
        String selfLink,

        @Doc("String that identifies the server's internal version of this object that can be used by clients to "
                + "determine when objects have changed.")
        @ProtoTag(2)
        @OmitEmpty
        String resourceVersion,

        @Doc("continue may be set if the user set a limit on the number of items returned, and indicates that the "
                + "server has more data available.")
        @ProtoTag(3)
        @OmitEmpty
        @JsonName("continue")
        String continueToken,

        @Doc("remainingItemCount is the number of subsequent items in the list which are not included in this list "
                + "response.")
        @ProtoTag(4)
        @OmitEmpty
        Long remainingItemCount) {}
