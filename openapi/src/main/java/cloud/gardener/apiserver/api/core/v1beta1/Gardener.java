package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("Gardener holds the information about the Gardener version that operated a resource.")
public record Gardener(
        @Doc("ID is the container id of the Gardener which last acted on a resource.")
        String id,
        @Doc("Name is the hostname (pod name) of the Gardener which last acted on a resource.")
        String name,
        @Doc("Version is the version of the Gardener which last acted on a resource.")
        String version) {
}
