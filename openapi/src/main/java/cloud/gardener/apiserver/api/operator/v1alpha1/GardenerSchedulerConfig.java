package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;

@Doc("GardenerSchedulerConfig contains configuration settings for the gardener-scheduler.")
public record GardenerSchedulerConfig(
        @Inline KubernetesConfig kubernetesConfig,

        @Doc("Strategy is the candidate determination strategy that defines how seeds for shoots that do not "
                + "specify a seed explicitly are determined. Must be one of \"SameRegion\" or \"MinimalDistance\". "
                + "Defaults to \"SameRegion\".")
        @OmitEmpty
        @Ptr
        String strategy,

        @Doc("LogLevel is the configured log level for the gardener-scheduler. Must be one of [info,debug,error]. "
                + "Defaults to info.")
        @OmitEmpty
        @Ptr
        String logLevel) {}
