package cloud.gardener.apiserver.api.security.v1alpha1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ContextObject identifies the object the token is requested for.")
public record ContextObject(
        @Doc("Kind of the object the token is requested for. Valid kinds are 'Shoot', 'Seed', etc.") @ProtoTag(1)
        String kind,

        @Doc("API version of the object the token is requested for.") @ProtoTag(2)
        String apiVersion,

        @Doc("Name of the object the token is requested for.") @ProtoTag(3)
        String name,

        @Doc("Namespace of the object the token is requested for.") @ProtoTag(4) @OmitEmpty @Ptr
        String namespace,

        @Doc("UID of the object the token is requested for.") @ProtoTag(5)
        String uid) {}
