package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;

@Doc("ExpirableVersionStatus defines the current status of an expirable version.")
public record ExpirableVersionStatus(
        @Doc("Version is the version identifier.")
        String version,
        @Doc("Classification reflects the current state in the classification lifecycle.")
        String classification) {
}
