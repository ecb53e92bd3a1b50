package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingDependencyWatchdogWeeder controls the weeder settings for the dependency-watchdog for the seed.")
public record SeedSettingDependencyWatchdogWeeder(
        @Doc("Enabled controls whether the endpoint controller(weeder) of the dependency-watchdog should be "
                + "enabled. This controller helps to alleviate the delay where control plane components remain "
                + "unavailable by finding the respective pods in CrashLoopBackoff status and restarting them once "
                + "their dependants become ready and available again.")
        @ProtoTag(1)
        boolean enabled) {}
