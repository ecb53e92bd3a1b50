package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.ProtoTag;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("SeedSettingDependencyWatchdog controls the dependency-watchdog settings for the seed.")
public record SeedSettingDependencyWatchdog(
        @Doc("Weeder controls the weeder settings for the dependency-watchdog for the seed.")
        @ProtoTag(3)
        @OmitEmpty
        @Ptr
        SeedSettingDependencyWatchdogWeeder weeder,

        @Doc("Prober controls the prober settings for the dependency-watchdog for the seed.")
        @ProtoTag(4)
        @OmitEmpty
        @Ptr
        SeedSettingDependencyWatchdogProber prober) {}
