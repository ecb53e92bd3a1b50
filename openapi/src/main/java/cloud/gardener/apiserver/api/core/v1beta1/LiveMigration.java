package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Patch;
import cloud.gardener.apiserver.api.model.ProtoTag;
import java.util.List;

@Doc("LiveMigration contains information about an ongoing live migration of the Shoot control plane.")
public record LiveMigration(
        @Doc("Conditions represents the progress of the live migration, one condition per migration step.")
        @ProtoTag(1)
        @OmitEmpty
        @Patch(key = "type")
        List<Condition> conditions) {}
