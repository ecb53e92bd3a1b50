package cloud.gardener.apiserver.api.core.v1beta1;

import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.ProtoTag;

@Doc("SeedSettingDependencyWatchdogProber controls the prober settings for the dependency-watchdog for the seed.")
public record SeedSettingDependencyWatchdogProber(
        @Doc("Enabled controls whether the probe controller(prober) of the dependency-watchdog should be "
                + "enabled. This controller scales down the kube-controller-manager, machine-controller-manager and "
                + "cluster-autoscaler of shoot clusters in case their respective kube-apiserver is not reachable via "
                + "its external ingress in order to avoid melt-down situations.")
        @ProtoTag(1)
        boolean enabled) {}
