package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("ControllerResourceLifecycle defines the lifecycle of a controller resource.")
public record ControllerResourceLifecycle(
        @Doc("Reconcile defines the strategy during reconciliation.") @ProtoTag(1) @OmitEmpty @Ptr
        String reconcile,

        @Doc("Delete defines the strategy during deletion.") @ProtoTag(2) @OmitEmpty @Ptr
        String delete,

        @Doc("Migrate defines the strategy during migration.") @ProtoTag(3) @OmitEmpty @Ptr
        String migrate) {}
