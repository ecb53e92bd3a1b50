package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("Gardener holds the information about the Gardener version that operated a resource.")
public record Gardener(
        @Doc("ID is the container id of the Gardener which last acted on a resource.") @ProtoTag(1)
        String id,

        @Doc("Name is the hostname (pod name) of the Gardener which last acted on a resource.") @ProtoTag(2)
        String name,

        @Doc("Version is the version of the Gardener which last acted on a resource.") @ProtoTag(3)
        String version) {}
