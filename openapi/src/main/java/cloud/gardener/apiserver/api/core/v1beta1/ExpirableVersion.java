package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;
import cloud.gardener.apiserver.api.model.values.Time;
import java.util.List;

@Doc("ExpirableVersion contains a version with associated lifecycle information.")
public record ExpirableVersion(
        @Doc("Version is the version identifier.") @ProtoTag(1)
        String version,

        @Doc("ExpirationDate defines the time at which this version expires.\n\nDeprecated: Is replaced by "
                + "Lifecycle; mutually exclusive with it.")
        @ProtoTag(2)
        @OmitEmpty
        @Ptr
        Time expirationDate,

        @Doc("Classification defines the state of a version (preview, supported, deprecated).\n\nDeprecated: Is "
                + "replaced by Lifecycle. mutually exclusive with it.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        String classification,

        @Doc("Lifecycle defines the lifecycle stages for this version. Mutually exclusive with Classification "
                + "and ExpirationDate. This can only be used when the VersionClassificationLifecycle feature gate is "
                + "enabled.")
        @ProtoTag(4)
        @OmitEmpty
        List<LifecycleStage> lifecycle) {}
