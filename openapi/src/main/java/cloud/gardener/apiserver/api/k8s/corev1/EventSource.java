package cloud.gardener.apiserver.api.k8s.corev1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("EventSource contains information for an event.")
public record EventSource(
        @Doc("Component from which the event is generated.") @ProtoTag(1) @OmitEmpty
        String component,

        @Doc("Node name on which the event is generated.") @ProtoTag(2) @OmitEmpty
        String host) {}
