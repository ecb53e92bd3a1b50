package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("ExpirableVersionStatus defines the current status of an expirable version.")
public record ExpirableVersionStatus(
        @Doc("Version is the version identifier.") @ProtoTag(1)
        String version,

        @Doc("Classification reflects the current state in the classification lifecycle.") @ProtoTag(2)
        String classification) {}
