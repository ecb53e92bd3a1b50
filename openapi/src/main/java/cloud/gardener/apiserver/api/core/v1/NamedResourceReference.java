package cloud.gardener.apiserver.api.core.v1;

import cloud.gardener.apiserver.api.k8s.autoscalingv1.CrossVersionObjectReference;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("NamedResourceReference is a named reference to a resource.")
public record NamedResourceReference(
        @Doc("Name of the resource reference.") @ProtoTag(1) String name,

        @Doc("ResourceRef is a reference to a resource.") @ProtoTag(2)
        CrossVersionObjectReference resourceRef) {}
