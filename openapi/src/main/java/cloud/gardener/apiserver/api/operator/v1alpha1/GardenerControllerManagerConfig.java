package cloud.gardener.apiserver.api.operator.v1alpha1;

import cloud.gardener.apiserver.api.core.v1beta1.KubernetesConfig;
import cloud.gardener.apiserver.api.model.Doc;
import cloud.gardener.apiserver.api.model.Inline;
import cloud.gardener.apiserver.api.model.OmitEmpty;
import cloud.gardener.apiserver.api.model.Ptr;
import java.util.List;

@Doc("GardenerControllerManagerConfig contains configuration settings for the gardener-controller-manager.")
public record GardenerControllerManagerConfig(
        @Inline KubernetesConfig kubernetesConfig,

        @Doc("DefaultProjectQuotas is the default configuration matching projects are set up with if a quota is "
                + "not already specified.")
        @OmitEmpty
        List<ProjectQuotaConfiguration> defaultProjectQuotas,

        @Doc("LogLevel is the configured log level for the gardener-controller-manager. Must be one of "
                + "[info,debug,error]. Defaults to info.")
        @OmitEmpty
        @Ptr
        String logLevel) {}
